#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace ampwb {

/// Width and height of an image as its file header declares them.
struct ImageSize {
    int64_t width = 0;
    int64_t height = 0;
    int64_t pixels() const { return width * height; }
};

/// Reads the declared size from a PNG, JPEG, BMP or WebP header without decoding
/// the pixels; nullopt for other formats or an unreadable header.
std::optional<ImageSize> readImageSize(const std::string& path);

} // namespace ampwb
