#include "system/AtomicFile.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

namespace fs = std::filesystem;

namespace ampwb {
namespace {

void syncPath(const std::string& path, bool directory)
{
    const int fd = ::open(path.c_str(), directory ? O_RDONLY | O_DIRECTORY : O_RDONLY);
    if (fd < 0)
        throw std::runtime_error("Cannot open " + path + ": " + std::strerror(errno));
    const int result = ::fsync(fd);
    const int error = errno;
    ::close(fd);
    if (result != 0 && !directory)
        throw std::runtime_error("Cannot flush " + path + " to disk: " + std::strerror(error));
}

/// Advice when the disk holding `path` has (almost) no room left, else empty.
std::string fullDiskAdvice(const std::string& path)
{
    constexpr std::uintmax_t kNearlyFull = 1 << 20;
    const fs::path parent = fs::path(path).parent_path();
    std::error_code error;
    const fs::space_info space = fs::space(parent.empty() ? fs::path(".") : parent, error);
    if (error || space.available >= kNearlyFull)
        return {};
    return ". The disk holding " + parent.string() + " is full; the previous " + fs::path(path).filename().string()
         + " is kept. Free some space, then resume.";
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

} // namespace

void requireReplaceable(const std::string& path)
{
    std::error_code error;
    const fs::file_status status = fs::status(path, error);
    if (!fs::exists(status) || fs::is_regular_file(status))
        return;
    const char* kind = fs::is_directory(status)                                   ? "a folder"
                     : fs::is_character_file(status) || fs::is_block_file(status) ? "a device"
                     : fs::is_fifo(status)                                        ? "a pipe"
                     : fs::is_socket(status)                                      ? "a socket"
                                                                                  : "a special file";
    throw std::runtime_error(path + " is " + kind + ", not a file: it is not replaced. Choose a file name.");
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
        const std::string advice = fullDiskAdvice(path);
        std::error_code ignored;
        fs::remove(temporary, ignored);
        throw std::runtime_error("Could not write " + path + ": " + error.what() + advice);
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
            throw std::runtime_error(std::string("write failed: ") + std::strerror(errno));
    });
}

std::string readTextFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw std::runtime_error("Cannot read " + path + ".");
    std::ostringstream content;
    content << in.rdbuf();
    return content.str();
}

} // namespace ampwb
