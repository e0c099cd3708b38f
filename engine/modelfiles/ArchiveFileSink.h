#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace ampwb {

/// Receives the bytes of libtorch's zip archive writers (OutputArchive::save_to,
/// PyTorchStreamWriter) and writes them to a file. A failed write (e.g. a full disk) is
/// never reported back to libtorch: its 1.13 stream writer throws again from its
/// destructor after one, which ends the process. finish() reports it instead.
class ArchiveFileSink {
public:
    /// Creates or truncates `path`; throws std::runtime_error when it cannot be opened.
    explicit ArchiveFileSink(const std::string& path);
    ~ArchiveFileSink();
    ArchiveFileSink(const ArchiveFileSink&) = delete;
    ArchiveFileSink& operator=(const ArchiveFileSink&) = delete;

    /// The writer function to hand to libtorch; it always claims every byte was taken.
    std::function<size_t(const void*, size_t)> writer();

    /// Closes the file; throws std::runtime_error with the first write error, if any.
    void finish();

private:
    void write(const void* data, size_t size);

    std::string path;
    int fd = -1;
    int firstError = 0;
};

} // namespace ampwb
