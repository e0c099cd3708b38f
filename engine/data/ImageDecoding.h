#pragma once

#include "data/Dataset.h"
#include "data/ImageTransform.h"

#include <torch/types.h>

#include <cstddef>
#include <functional>
#include <string>

namespace ampwb {

/// Reads a JPEG, PNG, BMP, WebP or PBM/PGM/PPM image file (the formats whose header readImageSize
/// reads: others are refused unread, as their size cannot be checked before decoding),
/// applies its EXIF orientation, drops alpha and returns RGB as uint8 [3, H, W]
/// (grayscale replicated to three channels). Throws DataError naming the file
/// when it is missing, empty, of another format or not a decodable image, and ImageTooLargeError
/// when it declares more than `kMaxImagePixels` pixels (refused before decoding, so memory
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

/// Decodes the region of an image file that `chooseRegion` picks for the image's height and
/// width (EXIF orientation applied) and resizes it to side × side (area averaging when
/// shrinking, bilinear otherwise), as RGB uint8 [3, side, side]. An upright JPEG is decoded
/// only where the region lies (decodeJpegRegion); other images are decoded whole. A JPEG whose region is at
/// least 2, 4 or 8 times `side` across is decoded at ½, ¼ or ⅛ scale (libjpeg's DCT scaling)
/// and the region mapped onto the smaller image, so most of its pixels are never decoded;
/// the result is then close to, not equal to, cutting the full image (within one pixel of the
/// smaller image: libjpeg pads partial blocks at the stored right and bottom edges, which EXIF
/// orientation may turn to the left or top). `chooseRegion` may be called twice (when the
/// orientation turns the image, or libjpeg stops on damaged data inside the region and the
/// whole image is decoded instead). Errors as decodeImageFile.
torch::Tensor decodeRegionResized(const std::string& path,
                                  const std::function<ImageRegion(int64_t height, int64_t width)>& chooseRegion,
                                  int64_t side);

/// An image declares more pixels than the decoder accepts.
class ImageTooLargeError : public DataError {
public:
    using DataError::DataError;
};

/// Whether the file name has an extension ImageFolder datasets accept (.jpg .jpeg .png .bmp .webp).
bool isImageFileName(const std::string& path);

} // namespace ampwb
