// Fuzz target: decoding an image file and the eval preprocessing that follows, and decoding
// only a training crop's region of it (libjpeg-turbo directly for upright JPEGs).
#include "FuzzInput.h"

#include "data/Dataset.h"
#include "data/ImageDecoding.h"
#include "data/ImageTransform.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string path = writeFuzzInput(data, size, ".img");
    static const ampwb::ImageTransform transform({64, false, ampwb::kImageNetMean, ampwb::kImageNetStd});
    static const ampwb::ImageTransform training({64, true, ampwb::kImageNetMean, ampwb::kImageNetStd});
    try {
        const torch::Tensor image = ampwb::decodeImageFile(path);
        const torch::Tensor input = transform(image, 0);
        if (input.size(0) != 3 || input.size(1) != 64 || input.size(2) != 64)
            __builtin_trap();
    } catch (const ampwb::DataError&) {
    }
    try {
        const torch::Tensor crop = ampwb::decodeRegionResized(
            path, [size](int64_t height, int64_t width) { return training.randomCrop(height, width, size).region; },
            64);
        if (crop.size(0) != 3 || crop.size(1) != 64 || crop.size(2) != 64)
            __builtin_trap();
    } catch (const ampwb::DataError&) {
    }
    return 0;
}
