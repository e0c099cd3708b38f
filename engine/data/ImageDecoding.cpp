#include "data/ImageDecoding.h"

#include "data/ImageHeader.h"
#include "data/JpegRegion.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>

namespace ampwb {
namespace {

/// Refuses an image whose size its header does not tell (readImageSize), before any decoder sees it: OpenCV
/// decodes more formats (TIFF, JPEG 2000, OpenEXR, Radiance HDR, PAM, PFM, Sun raster), but a small file of
/// those can declare gigapixels that only decoding would reveal, and some of their decoders copy the bytes
/// to a temporary file they may leave behind.
void refuseUncheckedFormat(const std::optional<ImageSize>& size, const std::string& name)
{
    if (!size)
        throw DataError(EngineMessage(EngineMessage::Code::ImageFormatNotRead, {name}));
}

/// Refuses an image before decoding when its format is not one whose header is read, or when it declares more
/// than `maxPixels` pixels.
void refuseBeforeDecoding(const std::optional<ImageSize>& size, int64_t maxPixels, const std::string& name)
{
    refuseUncheckedFormat(size, name);
    if (size->pixels() > maxPixels)
        throw ImageTooLargeError(EngineMessage(EngineMessage::Code::ImageTooManyPixels,
                                               {name, std::to_string(size->width), std::to_string(size->height),
                                                std::to_string(maxPixels / 1'000'000)}));
}

/// The whole content of an image file, refused before reading when it is missing, empty
/// or declares too many pixels (so memory stays bounded).
std::string readImageFile(const std::string& path)
{
    std::error_code error;
    const auto bytes = std::filesystem::file_size(path, error);
    if (error)
        throw DataError(EngineMessage(EngineMessage::Code::ImageCannotReadBecause, {path, error.message()}));
    if (bytes == 0)
        throw DataError(EngineMessage(EngineMessage::Code::ImageEmptyFile, {path}));
    refuseBeforeDecoding(readImageSize(path), kMaxImagePixels, path);

    std::ifstream in(path, std::ios::binary);
    std::string content(bytes, '\0');
    if (!in.read(content.data(), static_cast<std::streamsize>(bytes)))
        throw DataError(EngineMessage(EngineMessage::Code::ImageCannotRead, {path}));
    return content;
}

/// Refuses bytes no decoder should be given: empty, too many bytes or declared pixels, or a
/// truncated JPEG (libjpeg fills a cut-off JPEG with gray and only warns; PIL refuses it, and
/// so do we).
void refuseUndecodable(const char* data, size_t size, const std::string& name, int64_t maxPixels)
{
    if (size == 0)
        throw DataError(EngineMessage(EngineMessage::Code::ImageEmpty, {name}));
    if (size > static_cast<size_t>(std::numeric_limits<int>::max()))
        throw ImageTooLargeError(EngineMessage(EngineMessage::Code::ImageTooManyBytes, {name, std::to_string(size)}));
    refuseBeforeDecoding(readImageSize(data, size), maxPixels, name);
    if (isTruncatedJpeg(data, size))
        throw DataError(EngineMessage(EngineMessage::Code::ImageTruncatedJpeg, {name}));
}

/// Decodes bytes that passed refuseUndecodable to 8-bit BGR with OpenCV's `flags` (IMREAD_COLOR
/// or a reduced variant, both of which apply EXIF orientation and convert palette/alpha/16-bit).
cv::Mat decodeBgr(const char* data, size_t size, const std::string& name, int flags)
{
    cv::Mat decoded;
    try {
        const cv::Mat encoded(1, static_cast<int>(size), CV_8UC1, const_cast<char*>(data));
        decoded = cv::imdecode(encoded, flags);
    } catch (const cv::Exception&) {
        // OpenCV's text names its own source files and assertions: nothing a user can act on.
        throw DataError(EngineMessage(EngineMessage::Code::ImageNotDecoded, {name}));
    }
    if (decoded.empty())
        throw DataError(EngineMessage(EngineMessage::Code::FileNotAnImage, {name}));
    return decoded;
}

enum class ChannelOrder { Rgb, Bgr };

/// RGB [3, H, W] from an 8-bit three-channel picture: one pass that splits the interleaved
/// channels straight into the tensor's planes (reversing BGR on the way).
torch::Tensor channelsFirst(const cv::Mat& picture, ChannelOrder order)
{
    auto chw = torch::empty({3, picture.rows, picture.cols}, torch::kUInt8);
    uint8_t* data = chw.data_ptr<uint8_t>();
    const size_t planeSize = static_cast<size_t>(picture.rows) * static_cast<size_t>(picture.cols);
    cv::Mat planes[3];
    for (int channel = 0; channel < 3; ++channel) {
        const int plane = order == ChannelOrder::Bgr ? 2 - channel : channel;
        planes[channel] = cv::Mat(picture.rows, picture.cols, CV_8UC1, data + plane * planeSize);
    }
    cv::split(picture, planes);
    return chw;
}

/// `cut` resized to side × side: area averaging when shrinking, bilinear otherwise.
cv::Mat resizedSquare(const cv::Mat& cut, int64_t side)
{
    const cv::Size target(static_cast<int>(side), static_cast<int>(side));
    const bool shrinking = cut.cols >= target.width && cut.rows >= target.height;
    cv::Mat resized;
    cv::resize(cut, resized, target, 0, 0, shrinking ? cv::INTER_AREA : cv::INTER_LINEAR);
    return resized;
}

int reducedReadFlag(int reduction)
{
    switch (reduction) {
    case 8: return cv::IMREAD_REDUCED_COLOR_8;
    case 4: return cv::IMREAD_REDUCED_COLOR_4;
    case 2: return cv::IMREAD_REDUCED_COLOR_2;
    default: return cv::IMREAD_COLOR;
    }
}

/// libjpeg's size for an image side decoded at 1/reduction: rounded up.
bool isReducedSize(const cv::Mat& decoded, int64_t height, int64_t width, int reduction)
{
    return decoded.rows == (height + reduction - 1) / reduction && decoded.cols == (width + reduction - 1) / reduction;
}

} // namespace

bool isImageFileName(const std::string& path)
{
    std::string extension = std::filesystem::path(path).extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return extension == ".jpg" || extension == ".jpeg" || extension == ".png" || extension == ".bmp"
        || extension == ".webp";
}

torch::Tensor decodeImageFile(const std::string& path)
{
    const std::string content = readImageFile(path);
    return decodeImageBytes(content.data(), content.size(), path);
}

torch::Tensor decodeImageBytes(const char* data, size_t size, const std::string& name, int64_t maxPixels)
{
    refuseUndecodable(data, size, name, maxPixels);
    return channelsFirst(decodeBgr(data, size, name, cv::IMREAD_COLOR), ChannelOrder::Bgr);
}

torch::Tensor decodeRegionResized(const std::string& path,
                                  const std::function<ImageRegion(int64_t height, int64_t width)>& chooseRegion,
                                  int64_t side)
{
    const std::string content = readImageFile(path);
    refuseUndecodable(content.data(), content.size(), path, kMaxImagePixels);
    if (const auto region = decodeJpegRegion(content.data(), content.size(), chooseRegion, side))
        return channelsFirst(resizedSquare(*region, side), ChannelOrder::Rgb);

    const auto decode = [&](int reduction) {
        return decodeBgr(content.data(), content.size(), path, reducedReadFlag(reduction));
    };
    int64_t height = 0, width = 0;
    ImageRegion region;
    int reduction = 1;
    const auto plan = [&](int64_t planHeight, int64_t planWidth, bool reduce) {
        height = planHeight;
        width = planWidth;
        region = chooseRegion(height, width);
        reduction = reduce ? jpegReduction(region, side) : 1;
    };

    cv::Mat decoded;
    int decodedAt = 1;
    const auto declared = readImageSize(content.data(), content.size());
    if (declared && isJpeg(content.data(), content.size())) {
        // Planned on the size the header declares, before decoding anything.
        plan(declared->height, declared->width, true);
        decodedAt = reduction;
        decoded = decode(decodedAt);
        if (!isReducedSize(decoded, height, width, decodedAt)) {
            if (isReducedSize(decoded, width, height, decodedAt)) {
                // EXIF orientation turned the image a quarter: plan again on the turned size.
                plan(declared->width, declared->height, true);
            } else { // the header's size was not the image's: decode it whole
                decodedAt = 1;
                decoded = decode(decodedAt);
                plan(decoded.rows, decoded.cols, false);
            }
            if (reduction < decodedAt) {
                decodedAt = reduction;
                decoded = decode(decodedAt);
            }
        }
    } else {
        decoded = decode(1);
        plan(decoded.rows, decoded.cols, false);
    }

    const cv::Mat cut = decoded(scaledRegion(region, decodedAt, decoded.rows, decoded.cols));
    return channelsFirst(resizedSquare(cut, side), ChannelOrder::Bgr);
}

} // namespace ampwb
