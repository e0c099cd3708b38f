#include "system/AtomicFile.h"

#include "system/ErrorText.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace fs = std::filesystem;

namespace ampwb {
namespace {

void syncPath(const std::string& path, bool directory)
{
    const int fd = ::open(path.c_str(), directory ? O_RDONLY | O_DIRECTORY : O_RDONLY);
    if (fd < 0)
        throw EngineError(EngineMessage(EngineMessage::Code::CannotOpenBecause, {path, std::strerror(errno)}));
    const int result = ::fsync(fd);
    const int error = errno;
    ::close(fd);
    if (result != 0 && !directory)
        throw EngineError(EngineMessage(EngineMessage::Code::CannotFlush, {path, std::strerror(error)}));
}

/// Why writing `path` failed: `failure`, with advice when the disk holding `path` has (almost) no room left.
EngineMessage writeFailure(const std::string& path, const std::exception& failure)
{
    constexpr std::uintmax_t kNearlyFull = 1 << 20;
    const fs::path parent = fs::path(path).parent_path();
    std::error_code error;
    const fs::space_info space = fs::space(parent.empty() ? fs::path(".") : parent, error);
    if (error || space.available >= kNearlyFull)
        return EngineMessage(EngineMessage::Code::CouldNotWrite, {path, messageOf(failure)});
    return EngineMessage(EngineMessage::Code::CouldNotWriteDiskFull,
                         {path, messageOf(failure), parent.string(), fs::path(path).filename().string()});
}

/// Where writing `path` lands: a symlink's target (the link itself stays), else `path`.
std::string writtenPath(const std::string& path)
{
    std::error_code error;
    if (!fs::is_symlink(path, error))
        return path;
    const fs::path target = fs::weakly_canonical(path, error);
    return error ? path : target.string();
}

/// What a file that is not a regular one is, in words.
EngineMessage kindOfFile(mode_t mode)
{
    using Code = EngineMessage::Code;
    return EngineMessage(S_ISDIR(mode)                    ? Code::KindFolder
                         : S_ISCHR(mode) || S_ISBLK(mode) ? Code::KindDevice
                         : S_ISFIFO(mode)                 ? Code::KindPipe
                         : S_ISSOCK(mode)                 ? Code::KindSocket
                                                          : Code::KindSpecialFile);
}

FileRefused notARegularFile(const std::string& path, mode_t mode)
{
    return FileRefused(EngineMessage(EngineMessage::Code::NotARegularFileToRead, {path, kindOfFile(mode)}));
}

FileRefused tooLarge(const std::string& path, uint64_t bytes, const ReadLimits& limits)
{
    return FileRefused(EngineMessage(EngineMessage::Code::FileTooLarge,
                                     {path, std::to_string(bytes), std::to_string(limits.maxBytes), limits.reason}));
}

/// A descriptor closed when it goes.
class OpenFile {
public:
    explicit OpenFile(int descriptor)
        : fd(descriptor)
    {
    }
    ~OpenFile()
    {
        if (fd >= 0)
            ::close(fd);
    }
    OpenFile(const OpenFile&) = delete;
    OpenFile& operator=(const OpenFile&) = delete;
    /// Hands the descriptor over: it is no longer closed here.
    int release() { return std::exchange(fd, -1); }

private:
    int fd;
};

/// The regular file at `path` opened for reading, with its size; -1 when there is nothing at `path`.
/// Anything else is refused before it is opened; it is opened with O_NONBLOCK (which a regular file
/// ignores), so that a pipe swapped in after the check does not block the open, and checked again.
int openRegularFile(const std::string& path, const ReadLimits& limits, uint64_t& size)
{
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) {
        if (errno == ENOENT || errno == ENOTDIR)
            return -1;
        throw EngineError(EngineMessage(EngineMessage::Code::CannotReadBecause, {path, std::strerror(errno)}));
    }
    if (!S_ISREG(info.st_mode))
        throw notARegularFile(path, info.st_mode);
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT)
            return -1;
        throw EngineError(EngineMessage(EngineMessage::Code::CannotReadBecause, {path, std::strerror(errno)}));
    }
    OpenFile file(fd);
    if (::fstat(fd, &info) != 0)
        throw EngineError(EngineMessage(EngineMessage::Code::CannotReadBecause, {path, std::strerror(errno)}));
    if (!S_ISREG(info.st_mode))
        throw notARegularFile(path, info.st_mode);
    size = static_cast<uint64_t>(info.st_size);
    if (size > limits.maxBytes)
        throw tooLarge(path, size, limits);
    return file.release();
}

/// Reads `fd` to its end in pieces of up to `piece.size()` bytes, handing each to `take`; refuses the file
/// when it grows past its limit while it is read.
template <typename Take>
void readPieces(int fd, const std::string& path, const ReadLimits& limits, Take&& take)
{
    std::string piece(1 << 16, '\0');
    uint64_t total = 0;
    for (;;) {
        const ssize_t got = ::read(fd, piece.data(), piece.size());
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            throw EngineError(EngineMessage(EngineMessage::Code::CannotReadBecause, {path, std::strerror(errno)}));
        if (got == 0)
            return;
        total += static_cast<uint64_t>(got);
        if (total > limits.maxBytes)
            throw tooLarge(path, total, limits);
        take(piece.data(), static_cast<size_t>(got));
    }
}

} // namespace

void requireReplaceable(const std::string& path)
{
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0 || S_ISREG(info.st_mode))
        return; // nothing there (or nothing that can be looked at): writing it will tell
    const mode_t mode = info.st_mode;
    throw EngineError(EngineMessage(EngineMessage::Code::NotAFileToReplace, {path, kindOfFile(mode)}));
}

void writeFileAtomically(const std::string& requestedPath, const std::function<void(const std::string&)>& write)
{
    requireReplaceable(requestedPath);
    const std::string path = writtenPath(requestedPath);
    const std::string temporary = path + ".partial";
    try {
        // A leftover temporary (or a link planted in its place) is removed, not written through.
        std::error_code ignored;
        fs::remove(temporary, ignored);
        write(temporary);
        syncPath(temporary, false);
        fs::rename(temporary, path);
    } catch (const std::exception& error) {
        EngineMessage failure = writeFailure(path, error);
        std::error_code ignored;
        fs::remove(temporary, ignored);
        throw EngineError(std::move(failure));
    }
    const fs::path parent = fs::path(path).parent_path();
    syncPath(parent.empty() ? "." : parent.string(), true);
}

void writeTextAtomically(const std::string& path, const std::string& text)
{
    writeFileAtomically(path, [&](const std::string& temporary) {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out << text;
        out.flush();
        if (!out)
            throw EngineError(EngineMessage(EngineMessage::Code::WriteFailed, {std::strerror(errno)}));
    });
}

std::string readTextFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw EngineError(EngineMessage(EngineMessage::Code::CannotRead, {path}));
    std::ostringstream content;
    content << in.rdbuf();
    return content.str();
}

std::optional<EngineMessage> binaryContent(const std::string& line)
{
    for (size_t at = 0; at < line.size(); ++at) {
        const auto byte = static_cast<unsigned char>(line[at]);
        if ((byte < 0x20 && byte != '\t' && byte != '\r') || byte >= 0x7f) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned>(byte));
            return EngineMessage(EngineMessage::Code::BinaryContent, {std::string(hex), std::to_string(at + 1)});
        }
    }
    return std::nullopt;
}

std::optional<std::string> readRegularFile(const std::string& path, const ReadLimits& limits)
{
    uint64_t size = 0;
    const int fd = openRegularFile(path, limits, size);
    if (fd < 0)
        return std::nullopt;
    const OpenFile file(fd);
    std::string content;
    content.reserve(static_cast<size_t>(size));
    readPieces(fd, path, limits, [&content](const char* bytes, size_t count) { content.append(bytes, count); });
    return content;
}

bool readLinesOf(const std::string& path, const ReadLimits& limits,
                 const std::function<void(const std::string& text, int64_t number)>& line)
{
    uint64_t size = 0;
    const int fd = openRegularFile(path, limits, size);
    if (fd < 0)
        return false;
    const OpenFile file(fd);
    std::string text;
    int64_t number = 1;
    const auto refuseLongLine = [&] {
        if (limits.maxLineBytes == 0 || text.size() <= limits.maxLineBytes)
            return;
        const std::string longest = std::to_string(limits.maxLineBytes);
        std::optional<EngineMessage> binary = binaryContent(text);
        throw FileRefused(
            EngineMessage(EngineMessage::Code::FileLineRefused,
                          {path, std::to_string(number),
                           binary ? EngineMessage(EngineMessage::Code::BinaryLineTooLong,
                                                  {std::move(*binary), longest, limits.reason})
                                  : EngineMessage(EngineMessage::Code::LineTooLong, {longest, limits.reason})}));
    };
    readPieces(fd, path, limits, [&](const char* bytes, size_t count) {
        const char* end = bytes + count;
        while (bytes != end) {
            const char* lineEnd = static_cast<const char*>(std::memchr(bytes, '\n', static_cast<size_t>(end - bytes)));
            text.append(bytes, lineEnd ? lineEnd : end);
            refuseLongLine();
            if (!lineEnd)
                return;
            line(text, number++);
            text.clear();
            bytes = lineEnd + 1;
        }
    });
    if (!text.empty() && !(limits.unfinishedLastLineDropped && !binaryContent(text)))
        line(text, number);
    return true;
}

} // namespace ampwb
