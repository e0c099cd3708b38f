#pragma once

#include <torch/types.h>

#include <string>

namespace ampwb {

/// Reads an image file of any format OpenCV decodes (JPEG, PNG, BMP, WebP, …),
/// applies its EXIF orientation, drops alpha and returns RGB as uint8 [3, H, W]
/// (grayscale replicated to three channels). Throws DataError naming the file
/// when it is missing, empty, not a decodable image, or declares more than
/// `kMaxImagePixels` pixels (refused before decoding, so memory stays bounded).
torch::Tensor decodeImageFile(const std::string& path);

/// The largest image decodeImageFile accepts: 100 megapixels (300 MB decoded).
inline constexpr int64_t kMaxImagePixels = 100'000'000;

/// Whether the file name has an extension ImageFolder datasets accept (.jpg .jpeg .png .bmp .webp).
bool isImageFileName(const std::string& path);

} // namespace ampwb
