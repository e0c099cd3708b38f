#include "modelfiles/WeightsDownload.h"

#include "system/AtomicFile.h"
#include "system/ErrorText.h"
#include "system/Sha256.h"
#include "system/VersionReport.h"

#include <curl/curl.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <memory>
#include <mutex>

namespace fs = std::filesystem;

namespace ampwb {
namespace {

constexpr long kConnectTimeoutSeconds = 30;
constexpr long kMaxRedirects = 10;
constexpr int kLongestStallSetting = 3600;
constexpr auto kProgressInterval = std::chrono::milliseconds(200);

/// The names the messages use for the file being fetched.
struct Target {
    std::string url;
    std::string folder;
    std::string fileName;
};

std::string megabytes(int64_t bytes)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f MB", static_cast<double>(bytes) / (1024.0 * 1024.0));
    return text;
}

/// kStalledSeconds, or AMPWB_DOWNLOAD_STALL_SECONDS when a test sets it (1 to 3600).
int stalledSeconds()
{
    const char* setting = std::getenv("AMPWB_DOWNLOAD_STALL_SECONDS");
    if (!setting || *setting == '\0')
        return kStalledSeconds;
    char* end = nullptr;
    const long seconds = std::strtol(setting, &end, 10);
    return *end == '\0' && seconds >= 1 && seconds <= kLongestStallSetting ? static_cast<int>(seconds)
                                                                           : kStalledSeconds;
}

EngineMessage browserAdvice(const Target& target)
{
    return EngineMessage(EngineMessage::Code::DownloadInBrowser, {target.folder, target.fileName});
}

EngineMessage writeFailure(const Target& target, int error)
{
    if (error == ENOSPC || error == EDQUOT)
        return EngineMessage(EngineMessage::Code::DownloadDiskFull, {target.folder, target.fileName});
    return EngineMessage(EngineMessage::Code::DownloadCannotWrite,
                         {target.fileName, target.folder, std::strerror(error)});
}

/// What the download has received, and the progress callback's say in whether it goes on.
class Transfer {
public:
    Transfer(std::FILE* file, const std::function<bool(const DownloadProgress&)>& progress)
        : file(file)
        , progress(progress)
    {
    }

    /// curl's write callback: keeps and hashes the bytes; 0 (curl fails the transfer) when they cannot be written.
    static size_t receive(char* data, size_t size, size_t count, void* self)
    {
        Transfer& transfer = *static_cast<Transfer*>(self);
        const size_t bytes = size * count;
        if (transfer.state.receivedBytes + static_cast<int64_t>(bytes) > kLargestWeightsDownloadBytes) {
            transfer.tooLarge = true;
            return 0;
        }
        errno = 0;
        if (std::fwrite(data, 1, bytes, transfer.file) != bytes) {
            transfer.writeError = errno != 0 ? errno : EIO;
            return 0;
        }
        transfer.sha256.update({data, bytes});
        transfer.state.receivedBytes += static_cast<int64_t>(bytes);
        return bytes;
    }

    /// curl's progress callback: non-zero (curl aborts the transfer) when the caller cancels.
    static int onProgress(void* self, curl_off_t totalBytes, curl_off_t, curl_off_t, curl_off_t)
    {
        Transfer& transfer = *static_cast<Transfer*>(self);
        transfer.state.totalBytes = totalBytes > 0 ? totalBytes : -1;
        return transfer.tell(false) ? 0 : 1;
    }

    /// Passes the progress on when it is due (always when `finished`); false once the caller cancelled.
    bool tell(bool finished)
    {
        if (!progress || cancelled)
            return !cancelled;
        const auto now = std::chrono::steady_clock::now();
        if (!finished && told && now - lastTold < kProgressInterval)
            return true;
        told = true;
        lastTold = now;
        cancelled = !progress(state);
        return !cancelled;
    }

    std::FILE* file;
    Sha256 sha256;
    DownloadProgress state;
    int writeError = 0;
    bool cancelled = false;
    bool tooLarge = false; ///< it went past kLargestWeightsDownloadBytes

private:
    const std::function<bool(const DownloadProgress&)>& progress;
    bool told = false;
    std::chrono::steady_clock::time_point lastTold;
};

void initialiseCurl()
{
    static std::once_flag once;
    std::call_once(once, [] {
        if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
            throw WeightsDownloadError(EngineMessage(EngineMessage::Code::CurlNotInitialised));
    });
}

WeightsDownloadError cancellation(const Target& target)
{
    return WeightsDownloadError(EngineMessage(EngineMessage::Code::DownloadCancelled, {target.url}), true);
}

WeightsDownloadError transferFailure(const Target& target, CURL* curl, CURLcode code, const char* detail,
                                     const Transfer& transfer)
{
    if (code == CURLE_ABORTED_BY_CALLBACK && transfer.cancelled)
        return cancellation(target);
    if (code == CURLE_WRITE_ERROR && transfer.writeError != 0)
        return WeightsDownloadError(writeFailure(target, transfer.writeError));
    if ((code == CURLE_WRITE_ERROR && transfer.tooLarge) || code == CURLE_FILESIZE_EXCEEDED) {
        const std::string limit = megabytes(kLargestWeightsDownloadBytes);
        return WeightsDownloadError(EngineMessage(code == CURLE_FILESIZE_EXCEEDED
                                                      ? EngineMessage::Code::DownloadAnnouncedTooLarge
                                                      : EngineMessage::Code::DownloadWentTooLarge,
                                                  {limit, target.url, browserAdvice(target)}));
    }
    if (code == CURLE_OPERATION_TIMEDOUT) {
        curl_off_t connected = 0;
        curl_easy_getinfo(curl, CURLINFO_CONNECT_TIME_T, &connected);
        if (connected > 0)
            return WeightsDownloadError(
                EngineMessage(EngineMessage::Code::DownloadStalled,
                              {target.url, std::to_string(stalledSeconds()), megabytes(transfer.state.receivedBytes),
                               browserAdvice(target)}));
    }
    const std::string reason = detail[0] != '\0' ? detail : curl_easy_strerror(code);
    if (code == CURLE_HTTP_RETURNED_ERROR) {
        long status = 0;
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
        return WeightsDownloadError(EngineMessage(EngineMessage::Code::DownloadHttpStatus,
                                                  {std::to_string(status), target.url, browserAdvice(target)}));
    }
    if (code == CURLE_COULDNT_RESOLVE_HOST || code == CURLE_COULDNT_RESOLVE_PROXY || code == CURLE_COULDNT_CONNECT)
        return WeightsDownloadError(
            EngineMessage(EngineMessage::Code::DownloadCannotConnect, {target.url, reason, browserAdvice(target)}));
    const std::string received = megabytes(transfer.state.receivedBytes);
    if (transfer.state.receivedBytes > 0 && transfer.state.totalBytes > 0)
        return WeightsDownloadError(
            EngineMessage(EngineMessage::Code::DownloadBrokeOffOf,
                          {target.url, received, megabytes(transfer.state.totalBytes), reason, browserAdvice(target)}));
    if (transfer.state.receivedBytes > 0)
        return WeightsDownloadError(EngineMessage(EngineMessage::Code::DownloadBrokeOff,
                                                  {target.url, received, reason, browserAdvice(target)}));
    return WeightsDownloadError(
        EngineMessage(EngineMessage::Code::DownloadFailed, {target.url, reason, browserAdvice(target)}));
}

/// Downloads target.url into `temporary`, hashing as the bytes arrive, and checks the digest against `hashPrefix`.
void download(const Target& target, const std::string& hashPrefix, const std::string& temporary,
              const std::function<bool(const DownloadProgress&)>& progress)
{
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(temporary.c_str(), "wb"), &std::fclose);
    if (!file)
        throw WeightsDownloadError(writeFailure(target, errno));
    Transfer transfer(file.get(), progress);

    const std::unique_ptr<CURL, void (*)(CURL*)> curl(curl_easy_init(), &curl_easy_cleanup);
    if (!curl)
        throw WeightsDownloadError(EngineMessage(EngineMessage::Code::CurlCannotStart, {target.url}));
    const std::string userAgent = "amp-workbench/" + workbenchVersion();
    char detail[CURL_ERROR_SIZE] = "";
    CURL* handle = curl.get();
    curl_easy_setopt(handle, CURLOPT_URL, target.url.c_str());
    curl_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(handle, CURLOPT_MAXREDIRS, kMaxRedirects);
    curl_easy_setopt(handle, CURLOPT_FAILONERROR, 1L);
    curl_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(handle, CURLOPT_CONNECTTIMEOUT, kConnectTimeoutSeconds);
    curl_easy_setopt(handle, CURLOPT_LOW_SPEED_LIMIT, static_cast<long>(kStalledBytesPerSecond));
    curl_easy_setopt(handle, CURLOPT_LOW_SPEED_TIME, static_cast<long>(stalledSeconds()));
    // Refuses a length announced over the limit at once; receive() counts when there is none.
    curl_easy_setopt(handle, CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(kLargestWeightsDownloadBytes));
    curl_easy_setopt(handle, CURLOPT_USERAGENT, userAgent.c_str());
    curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, detail);
    curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, &Transfer::receive);
    curl_easy_setopt(handle, CURLOPT_WRITEDATA, &transfer);
    curl_easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, &Transfer::onProgress);
    curl_easy_setopt(handle, CURLOPT_XFERINFODATA, &transfer);

    const CURLcode code = curl_easy_perform(handle);
    if (code != CURLE_OK)
        throw transferFailure(target, handle, code, detail, transfer);
    if (transfer.state.totalBytes < 0)
        transfer.state.totalBytes = transfer.state.receivedBytes;
    if (!transfer.tell(true))
        throw cancellation(target);
    const int closed = std::fclose(file.release());
    if (closed != 0)
        throw WeightsDownloadError(writeFailure(target, errno));

    const std::string digest = transfer.sha256.hexDigest();
    if (digest.compare(0, hashPrefix.size(), hashPrefix) != 0)
        throw WeightsDownloadError(
            EngineMessage(EngineMessage::Code::DownloadWrongHash, {target.url, digest, hashPrefix, target.fileName}));
}

bool holdsExpectedFile(const std::string& path, const std::string& hashPrefix)
{
    std::error_code error;
    if (!fs::is_regular_file(path, error))
        return false;
    try {
        return sha256OfFile(path).compare(0, hashPrefix.size(), hashPrefix) == 0;
    } catch (const std::runtime_error&) {
        return false;
    }
}

} // namespace

std::string hashPrefixOfFileName(const std::string& fileName)
{
    const auto isHexDigit = [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); };
    for (size_t dash = fileName.find('-'); dash != std::string::npos; dash = fileName.find('-', dash + 1)) {
        size_t end = dash + 1;
        while (end < fileName.size() && isHexDigit(fileName[end]))
            ++end;
        if (end < fileName.size() && fileName[end] == '.')
            return fileName.substr(dash + 1, end - dash - 1);
    }
    return {};
}

FetchOutcome fetchWeights(const std::string& url, const std::string& destination,
                          const std::function<bool(const DownloadProgress&)>& progress)
{
    std::error_code error;
    const fs::path absolute = fs::absolute(destination, error);
    const fs::path path = error ? fs::path(destination) : absolute;
    const Target target{url, path.parent_path().string(), path.filename().string()};
    const std::string hashPrefix = hashPrefixOfFileName(target.fileName);
    if (holdsExpectedFile(destination, hashPrefix))
        return FetchOutcome::AlreadyThere;

    fs::create_directories(target.folder, error);
    if (error)
        throw WeightsDownloadError(EngineMessage(EngineMessage::Code::WeightsFolderNotCreated,
                                                 {target.folder, target.fileName, error.message()}));
    initialiseCurl();

    // writeFileAtomically reports any failure as its own std::runtime_error; the download's
    // failure, with its advice and its cancellation flag, is the one to pass on.
    std::exception_ptr downloadFailure;
    try {
        writeFileAtomically(destination, [&](const std::string& temporary) {
            try {
                download(target, hashPrefix, temporary, progress);
            } catch (...) {
                downloadFailure = std::current_exception();
                throw;
            }
        });
    } catch (const std::runtime_error& failure) {
        if (downloadFailure)
            std::rethrow_exception(downloadFailure);
        throw WeightsDownloadError(messageOf(failure));
    }
    return FetchOutcome::Downloaded;
}

} // namespace ampwb
