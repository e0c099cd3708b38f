#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>

namespace ampwb {

/// Width and height of an image as its file header declares them.
struct ImageSize {
    int64_t width = 0;
    int64_t height = 0;
    /// width × height, saturating at the largest int64_t for headers that declare absurd sizes.
    int64_t pixels() const
    {
        constexpr int64_t largest = std::numeric_limits<int64_t>::max();
        return width > 0 && height > 0 && width > largest / height ? largest : width * height;
    }
};

/// Reads the declared size from a PNG, JPEG, BMP, WebP or PNM (PBM, PGM, PPM) header without decoding
/// the pixels; nullopt for other formats or an unreadable header.
std::optional<ImageSize> readImageSize(const std::string& path);
/// The same, for the bytes of an image file held in memory.
std::optional<ImageSize> readImageSize(const char* data, size_t size);

/// Whether the bytes start with JPEG's start-of-image marker.
bool isJpeg(const char* data, size_t size);

/// Whether the bytes are a JPEG cut off before its end-of-image marker (a partial
/// download or copy): no EOI follows the first scan. False for other formats.
bool isTruncatedJpeg(const char* data, size_t size);

} // namespace ampwb
