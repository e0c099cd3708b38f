#include "data/JpegRegion.h"

#include "data/ImageHeader.h"

#include <algorithm>
#include <cmath>
#include <csetjmp>
#include <cstdio> // jpeglib.h needs FILE
#include <cstring>

#include <jpeglib.h>

namespace ampwb {
namespace {

/// libjpeg reports a fatal error by calling error_exit, which must not return: it jumps back
/// to the guarded step that called into libjpeg. Each step below holds only trivially
/// destructible locals, so the jump skips no destructor.
struct ErrorJump {
    jpeg_error_mgr manager;
    std::jmp_buf step;
};

[[noreturn]] void jumpBack(j_common_ptr info)
{
    std::longjmp(reinterpret_cast<ErrorJump*>(info->err)->step, 1);
}

void stayQuiet(j_common_ptr) {} // warnings (corrupt data libjpeg can decode) are not printed

bool readHeader(jpeg_decompress_struct& info, ErrorJump& errors, const unsigned char* data, unsigned long size)
{
    if (setjmp(errors.step))
        return false;
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, size);
    jpeg_save_markers(&info, JPEG_APP0 + 1, 0xFFFF);
    return jpeg_read_header(&info, TRUE) == JPEG_HEADER_OK;
}

/// Starts decompressing at 1/reduction and narrows the output to the block columns that hold
/// [*left, *left + *width); on return the two name the columns each output row holds (libjpeg
/// widens them to block edges, or to the whole row where the region is as wide).
bool startColumns(jpeg_decompress_struct& info, ErrorJump& errors, int reduction, JDIMENSION* left, JDIMENSION* width)
{
    if (setjmp(errors.step))
        return false;
    info.scale_num = 1;
    info.scale_denom = static_cast<unsigned int>(reduction);
    info.out_color_space = JCS_EXT_RGB;
    jpeg_start_decompress(&info);
    if (*width < info.output_width)
        jpeg_crop_scanline(&info, left, width);
    else
        *left = 0;
    *width = info.output_width;
    return true;
}

bool readRows(jpeg_decompress_struct& info, ErrorJump& errors, JDIMENSION top, JDIMENSION rows, unsigned char* out,
              size_t stride)
{
    if (setjmp(errors.step))
        return false;
    if (top > 0 && jpeg_skip_scanlines(&info, top) != top)
        return false;
    for (JDIMENSION row = 0; row < rows;) {
        JSAMPROW line = out + row * stride;
        const JDIMENSION read = jpeg_read_scanlines(&info, &line, 1);
        if (read == 0)
            return false;
        row += read;
    }
    jpeg_abort_decompress(&info); // the rows below the region are never decoded
    return true;
}

uint32_t readUnsigned(const unsigned char* p, int bytes, bool bigEndian)
{
    uint32_t value = 0;
    for (int i = 0; i < bytes; ++i)
        value |= static_cast<uint32_t>(p[bigEndian ? i : bytes - 1 - i]) << (8 * (bytes - 1 - i));
    return value;
}

/// The Orientation (tag 0x0112) of an Exif block's first image directory: 1 where it has none,
/// nothing where the block cannot be read.
std::optional<int> exifOrientation(const unsigned char* exif, size_t size)
{
    const unsigned char* tiff = exif + 6; // after "Exif\0\0"
    const size_t length = size - 6;
    if (length < 8 || (std::memcmp(tiff, "II", 2) != 0 && std::memcmp(tiff, "MM", 2) != 0))
        return std::nullopt;
    const bool bigEndian = tiff[0] == 'M';
    const uint32_t directory = readUnsigned(tiff + 4, 4, bigEndian);
    if (directory > length - 2)
        return std::nullopt;
    const uint32_t entries = readUnsigned(tiff + directory, 2, bigEndian);
    if (entries > (length - directory - 2) / 12)
        return std::nullopt;
    for (uint32_t i = 0; i < entries; ++i) {
        const unsigned char* entry = tiff + directory + 2 + 12 * i;
        if (readUnsigned(entry, 2, bigEndian) == 0x0112)
            return static_cast<int>(readUnsigned(entry + 8, 2, bigEndian));
    }
    return 1;
}

/// Whether the saved markers say the picture is stored upright: no Exif block, or one Exif
/// block whose orientation is 1.
bool storedUpright(const jpeg_decompress_struct& info)
{
    int exifBlocks = 0;
    bool upright = true;
    for (jpeg_saved_marker_ptr marker = info.marker_list; marker; marker = marker->next) {
        if (marker->marker != JPEG_APP0 + 1 || marker->data_length < 6 || std::memcmp(marker->data, "Exif\0\0", 6) != 0)
            continue;
        ++exifBlocks;
        upright = exifOrientation(marker->data, marker->data_length) == 1;
    }
    return exifBlocks <= 1 && upright;
}

bool convertsToRgb(const jpeg_decompress_struct& info)
{
    return (info.jpeg_color_space == JCS_YCbCr && info.num_components == 3)
        || (info.jpeg_color_space == JCS_RGB && info.num_components == 3)
        || (info.jpeg_color_space == JCS_GRAYSCALE && info.num_components == 1);
}

/// Frees libjpeg's state however the decode ends (readHeader creates it; destroying state that
/// was never created is a no-op).
struct Decompressor {
    jpeg_decompress_struct info{};
    ErrorJump errors{};
    Decompressor()
    {
        info.err = jpeg_std_error(&errors.manager);
        errors.manager.error_exit = jumpBack;
        errors.manager.output_message = stayQuiet;
    }
    ~Decompressor() { jpeg_destroy_decompress(&info); }
    Decompressor(const Decompressor&) = delete;
    Decompressor& operator=(const Decompressor&) = delete;
};

} // namespace

int jpegReduction(const ImageRegion& region, int64_t side)
{
    for (int reduction : {8, 4, 2})
        if (region.height >= reduction * side && region.width >= reduction * side)
            return reduction;
    return 1;
}

cv::Rect scaledRegion(const ImageRegion& region, int reduction, int rows, int columns)
{
    const auto edge = [reduction](int64_t position, int limit) {
        return std::clamp(static_cast<int>(std::lround(static_cast<double>(position) / reduction)), 0, limit);
    };
    const int top = edge(region.top, rows - 1);
    const int left = edge(region.left, columns - 1);
    const int bottom = std::max(top + 1, edge(region.top + region.height, rows));
    const int right = std::max(left + 1, edge(region.left + region.width, columns));
    return {left, top, right - left, bottom - top};
}

std::optional<cv::Mat> decodeJpegRegion(const char* data, size_t size,
                                        const std::function<ImageRegion(int64_t height, int64_t width)>& chooseRegion,
                                        int64_t side)
{
    if (!isJpeg(data, size))
        return std::nullopt;
    Decompressor jpeg;
    if (!readHeader(jpeg.info, jpeg.errors, reinterpret_cast<const unsigned char*>(data),
                    static_cast<unsigned long>(size))
        || !storedUpright(jpeg.info) || !convertsToRgb(jpeg.info))
        return std::nullopt;

    const ImageRegion region = chooseRegion(jpeg.info.image_height, jpeg.info.image_width);
    const int reduction = jpegReduction(region, side);
    // The output size libjpeg gives at 1/reduction: each side rounded up.
    const int rows = static_cast<int>((jpeg.info.image_height + reduction - 1) / reduction);
    const int columns = static_cast<int>((jpeg.info.image_width + reduction - 1) / reduction);
    const cv::Rect wanted = scaledRegion(region, reduction, rows, columns);

    // One column more on each side: libjpeg's smooth chroma upsampling repeats the edge column
    // of what it decodes, and a neighbour keeps the region's own edges as a whole decode has them.
    JDIMENSION left = static_cast<JDIMENSION>(std::max(0, wanted.x - 1));
    JDIMENSION width = static_cast<JDIMENSION>(std::min(columns, wanted.x + wanted.width + 1)) - left;
    if (!startColumns(jpeg.info, jpeg.errors, reduction, &left, &width)
        || jpeg.info.output_height != static_cast<JDIMENSION>(rows))
        return std::nullopt;
    cv::Mat band(wanted.height, static_cast<int>(width), CV_8UC3);
    if (!readRows(jpeg.info, jpeg.errors, static_cast<JDIMENSION>(wanted.y), static_cast<JDIMENSION>(wanted.height),
                  band.data, band.step))
        return std::nullopt;
    return band(cv::Rect(wanted.x - static_cast<int>(left), 0, wanted.width, wanted.height));
}

} // namespace ampwb
