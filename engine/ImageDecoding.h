#pragma once

#include <torch/types.h>

#include <string>

namespace ampwb {

/// Reads an image file of any format OpenCV decodes (JPEG, PNG, BMP, WebP, …),
/// applies its EXIF orientation, drops alpha and returns RGB as uint8 [3, H, W]
/// (grayscale replicated to three channels). Throws DataError naming the file
/// when it is missing, empty or not a decodable image.
torch::Tensor decodeImageFile(const std::string& path);

/// Whether the file name has an extension ImageFolder datasets accept (.jpg .jpeg .png .bmp .webp).
bool isImageFileName(const std::string& path);

} // namespace ampwb
