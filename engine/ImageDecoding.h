#pragma once

#include "Dataset.h"

#include <torch/types.h>

#include <cstddef>
#include <string>

namespace ampwb {

/// Reads an image file of any format OpenCV decodes (JPEG, PNG, BMP, WebP, …),
/// applies its EXIF orientation, drops alpha and returns RGB as uint8 [3, H, W]
/// (grayscale replicated to three channels). Throws DataError naming the file
/// when it is missing, empty or not a decodable image, and ImageTooLargeError when it
/// declares more than `kMaxImagePixels` pixels (refused before decoding, so memory
/// stays bounded).
torch::Tensor decodeImageFile(const std::string& path);

/// The largest image decodeImageFile accepts: 100 megapixels (300 MB decoded).
inline constexpr int64_t kMaxImagePixels = 100'000'000;

/// Decodes the bytes of an image file held in memory exactly as decodeImageFile decodes
/// the file (EXIF orientation, alpha, grayscale). `name` stands for the image in
/// messages. Images declaring more than `maxPixels` pixels are refused before decoding
/// with ImageTooLargeError; anything else that is not a decodable image with DataError.
torch::Tensor decodeImageBytes(const char* data, size_t size, const std::string& name,
                               int64_t maxPixels = kMaxImagePixels);

/// An image declares more pixels than the decoder accepts.
class ImageTooLargeError : public DataError {
public:
    using DataError::DataError;
};

/// Whether the file name has an extension ImageFolder datasets accept (.jpg .jpeg .png .bmp .webp).
bool isImageFileName(const std::string& path);

} // namespace ampwb
