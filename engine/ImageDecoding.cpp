#include "ImageDecoding.h"

#include "Dataset.h"
#include "ImageHeader.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <filesystem>

namespace ampwb {

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
    if (const auto size = readImageSize(path); size && size->pixels() > kMaxImagePixels)
        throw DataError("The image " + path + " is too large (" + std::to_string(size->width) + "×"
                        + std::to_string(size->height) + " pixels; the limit is "
                        + std::to_string(kMaxImagePixels / 1'000'000) + " megapixels).");

    // IMREAD_COLOR applies EXIF orientation and converts palette/alpha/16-bit to 8-bit BGR.
    cv::Mat decoded;
    try {
        decoded = cv::imread(path, cv::IMREAD_COLOR);
    } catch (const cv::Exception& exception) {
        throw DataError("The image " + path + " could not be decoded: " + exception.what());
    }
    if (decoded.empty())
        throw DataError("The file " + path + " is not an image OpenCV can decode (corrupt or unsupported).");
    cv::Mat rgb;
    cv::cvtColor(decoded, rgb, cv::COLOR_BGR2RGB);
    auto hwc = torch::from_blob(rgb.data, {rgb.rows, rgb.cols, 3}, torch::kUInt8);
    return hwc.permute({2, 0, 1}).contiguous();
}

} // namespace ampwb
