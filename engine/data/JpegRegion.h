#pragma once

#include "data/ImageTransform.h"

#include <opencv2/core/mat.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>

namespace ampwb {

/// Decodes only the part of a JPEG that `chooseRegion` picks for the image's height and width,
/// with libjpeg-turbo: scanlines above the region are skipped without inverse DCT or colour
/// conversion, those below are never read, and only the block columns the region spans are
/// converted. The region is decoded at ½, ¼ or ⅛ scale when it is at least 2, 4 or 8 times
/// `side` across (libjpeg's DCT scaling), exactly as a whole decode at that scale would give
/// those pixels. Returns the region as 8-bit RGB (rows × columns × 3) at that scale.
///
/// Returns nothing, having decoded nothing visible, when this path does not apply and the
/// caller should decode the whole image instead: not a JPEG, an EXIF orientation other than
/// "upright" (or EXIF data that cannot be read), CMYK or other colour spaces, or data libjpeg
/// rejects (the whole decode then reports the error). `chooseRegion` is called at most once.
/// Refusing truncated, empty or oversized files stays the caller's job.
std::optional<cv::Mat> decodeJpegRegion(const char* data, size_t size,
                                        const std::function<ImageRegion(int64_t height, int64_t width)>& chooseRegion,
                                        int64_t side);

/// The largest JPEG scale-down (1, 2, 4 or 8) that still leaves `side` pixels across `region`.
int jpegReduction(const ImageRegion& region, int64_t side);

/// `region` of the full-size picture, mapped onto the same picture decoded at 1/reduction
/// (`rows` × `columns`): libjpeg's pixel i covers full-size pixels reduction·i … reduction·i +
/// reduction − 1. Never empty and never outside the smaller picture.
cv::Rect scaledRegion(const ImageRegion& region, int reduction, int rows, int columns);

} // namespace ampwb
