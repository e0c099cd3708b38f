#include "ImageDecoding.h"

#include "ImageHeader.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>

namespace ampwb {
namespace {

void refuseTooLarge(const std::optional<ImageSize>& size, int64_t maxPixels, const std::string& name)
{
    if (size && size->pixels() > maxPixels)
        throw ImageTooLargeError("The image " + name + " is too large (" + std::to_string(size->width) + "×"
                                 + std::to_string(size->height) + " pixels; the limit is "
                                 + std::to_string(maxPixels / 1'000'000) + " megapixels).");
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
    std::error_code error;
    const auto bytes = std::filesystem::file_size(path, error);
    if (error)
        throw DataError("Cannot read the image " + path + ": " + error.message() + ".");
    if (bytes == 0)
        throw DataError("The image " + path + " is an empty file.");
    // Refused from the header before the file is read, so memory stays bounded.
    refuseTooLarge(readImageSize(path), kMaxImagePixels, path);

    std::ifstream in(path, std::ios::binary);
    std::string content(bytes, '\0');
    if (!in.read(content.data(), static_cast<std::streamsize>(bytes)))
        throw DataError("Cannot read the image " + path + ".");
    return decodeImageBytes(content.data(), content.size(), path);
}

torch::Tensor decodeImageBytes(const char* data, size_t size, const std::string& name, int64_t maxPixels)
{
    if (size == 0)
        throw DataError("The image " + name + " is empty.");
    if (size > static_cast<size_t>(std::numeric_limits<int>::max()))
        throw ImageTooLargeError("The image " + name + " is too large (" + std::to_string(size) + " bytes).");
    refuseTooLarge(readImageSize(data, size), maxPixels, name);
    // libjpeg fills a cut-off JPEG with gray and only warns; PIL refuses it, and so do we.
    if (isTruncatedJpeg(data, size))
        throw DataError("The image " + name + " is truncated (its JPEG data stops before the end of the image).");

    // IMREAD_COLOR applies EXIF orientation and converts palette/alpha/16-bit to 8-bit BGR.
    cv::Mat decoded;
    try {
        const cv::Mat encoded(1, static_cast<int>(size), CV_8UC1, const_cast<char*>(data));
        decoded = cv::imdecode(encoded, cv::IMREAD_COLOR);
    } catch (const cv::Exception& exception) {
        throw DataError("The image " + name + " could not be decoded: " + exception.what());
    }
    if (decoded.empty())
        throw DataError("The file " + name + " is not an image OpenCV can decode (corrupt or unsupported).");
    cv::Mat rgb;
    cv::cvtColor(decoded, rgb, cv::COLOR_BGR2RGB);
    auto hwc = torch::from_blob(rgb.data, {rgb.rows, rgb.cols, 3}, torch::kUInt8);
    return hwc.permute({2, 0, 1}).contiguous();
}

} // namespace ampwb
