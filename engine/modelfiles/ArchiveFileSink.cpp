#include "modelfiles/ArchiveFileSink.h"

#include "system/EngineError.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace ampwb {

ArchiveFileSink::ArchiveFileSink(const std::string& path)
    : path(path)
    , fd(::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644))
{
    if (fd < 0)
        throw EngineError(EngineMessage(EngineMessage::Code::CannotCreateBecause, {path, std::strerror(errno)}));
}

ArchiveFileSink::~ArchiveFileSink()
{
    if (fd >= 0)
        ::close(fd);
}

std::function<size_t(const void*, size_t)> ArchiveFileSink::writer()
{
    return [this](const void* data, size_t size) {
        write(data, size);
        return size;
    };
}

void ArchiveFileSink::write(const void* data, size_t size)
{
    const char* bytes = static_cast<const char*>(data);
    while (size > 0 && firstError == 0) {
        const ssize_t written = ::write(fd, bytes, size);
        if (written < 0 && errno == EINTR)
            continue;
        if (written <= 0) {
            firstError = written < 0 ? errno : ENOSPC;
            return;
        }
        bytes += written;
        size -= static_cast<size_t>(written);
    }
}

void ArchiveFileSink::finish()
{
    const int result = ::close(fd);
    fd = -1;
    if (firstError == 0 && result != 0)
        firstError = errno;
    if (firstError != 0)
        throw EngineError(EngineMessage(EngineMessage::Code::CannotWriteBecause, {path, std::strerror(firstError)}));
}

} // namespace ampwb
