#include "ImageTransform.h"

#include "Random.h"

#include <torch/nn/functional/padding.h>
#include <torch/nn/functional/upsampling.h>

#include <cmath>

namespace F = torch::nn::functional;

namespace ampwb {

torch::Tensor resizeTo(const torch::Tensor& image, int64_t height, int64_t width)
{
    if (image.size(1) == height && image.size(2) == width)
        return image;
    auto input = image.to(torch::kFloat).unsqueeze(0);
    const bool shrinking = height < image.size(1) || width < image.size(2);
    auto resized = F::interpolate(input, F::InterpolateFuncOptions()
                                             .size(std::vector<int64_t>{height, width})
                                             .mode(torch::kBilinear)
                                             .align_corners(false)
                                             .antialias(shrinking));
    return resized.squeeze(0).round_().clamp_(0, 255).to(torch::kUInt8);
}

torch::Tensor resizeShortSide(const torch::Tensor& image, int64_t size)
{
    const int64_t height = image.size(1);
    const int64_t width = image.size(2);
    if (std::min(height, width) == size)
        return image;
    if (height <= width)
        return resizeTo(image, size, static_cast<int64_t>(static_cast<double>(size) * width / height));
    return resizeTo(image, static_cast<int64_t>(static_cast<double>(size) * height / width), size);
}

torch::Tensor centerCrop(const torch::Tensor& image, int64_t size)
{
    torch::Tensor source = image;
    const int64_t height = source.size(1);
    const int64_t width = source.size(2);
    if (height < size || width < size) {
        const int64_t padTop = std::max<int64_t>(0, (size - height) / 2);
        const int64_t padLeft = std::max<int64_t>(0, (size - width) / 2);
        const int64_t padBottom = std::max<int64_t>(0, (size - height + 1) / 2);
        const int64_t padRight = std::max<int64_t>(0, (size - width + 1) / 2);
        source = F::pad(source, F::PadFuncOptions({padLeft, padRight, padTop, padBottom}));
    }
    // Python's round(), as torchvision uses: halves go to the even neighbour.
    const auto top = static_cast<int64_t>(std::nearbyint((source.size(1) - size) / 2.0));
    const auto left = static_cast<int64_t>(std::nearbyint((source.size(2) - size) / 2.0));
    return source.narrow(1, top, size).narrow(2, left, size);
}

ImageTransform::ImageTransform(TransformOptions options)
    : opts(options)
{
    meanTensor = torch::tensor({opts.mean[0], opts.mean[1], opts.mean[2]}).view({3, 1, 1}) * 255.0f;
    inverseStdTensor = 1.0f / (torch::tensor({opts.std[0], opts.std[1], opts.std[2]}).view({3, 1, 1}) * 255.0f);
}

int64_t ImageTransform::evalResizeSize(int64_t imageSize)
{
    return imageSize > 64 ? static_cast<int64_t>(std::lround(imageSize * 256.0 / 224.0)) : imageSize;
}

torch::Tensor ImageTransform::operator()(const torch::Tensor& image, uint64_t seed) const
{
    torch::Tensor cropped;
    if (!opts.training)
        cropped = centerCrop(resizeShortSide(image, evalResizeSize(opts.imageSize)), opts.imageSize);
    else if (opts.imageSize <= 64)
        cropped = trainSmall(image, seed);
    else
        cropped = trainLarge(image, seed);
    return normalize(cropped);
}

torch::Tensor ImageTransform::trainSmall(torch::Tensor image, uint64_t seed) const
{
    const int64_t size = opts.imageSize;
    image = centerCrop(resizeShortSide(image, size), size);
    const int64_t padding = size / 8;
    SplitMix64 random(seed);
    const auto top = static_cast<int64_t>(random.below(static_cast<uint64_t>(2 * padding + 1)));
    const auto left = static_cast<int64_t>(random.below(static_cast<uint64_t>(2 * padding + 1)));
    const bool flip = random.uniform() < 0.5;
    // Crop from the zero-padded image without materialising the padding.
    auto out = torch::zeros({image.size(0), size, size}, torch::kUInt8);
    const int64_t srcTop = std::max<int64_t>(0, top - padding);
    const int64_t dstTop = std::max<int64_t>(0, padding - top);
    const int64_t srcLeft = std::max<int64_t>(0, left - padding);
    const int64_t dstLeft = std::max<int64_t>(0, padding - left);
    const int64_t rows = size - std::abs(top - padding);
    const int64_t cols = size - std::abs(left - padding);
    out.narrow(1, dstTop, rows).narrow(2, dstLeft, cols).copy_(image.narrow(1, srcTop, rows).narrow(2, srcLeft, cols));
    return flip ? out.flip({2}) : out;
}

torch::Tensor ImageTransform::trainLarge(const torch::Tensor& image, uint64_t seed) const
{
    const int64_t height = image.size(1);
    const int64_t width = image.size(2);
    const double area = static_cast<double>(height * width);
    SplitMix64 random(seed);
    int64_t cropHeight = 0, cropWidth = 0, top = 0, left = 0;
    bool found = false;
    for (int attempt = 0; attempt < 10 && !found; ++attempt) {
        const double targetArea = area * (0.08 + random.uniform() * (1.0 - 0.08));
        const double logRatio = std::log(3.0 / 4.0) + random.uniform() * (std::log(4.0 / 3.0) - std::log(3.0 / 4.0));
        const double ratio = std::exp(logRatio);
        const auto w = static_cast<int64_t>(std::lround(std::sqrt(targetArea * ratio)));
        const auto h = static_cast<int64_t>(std::lround(std::sqrt(targetArea / ratio)));
        if (w > 0 && h > 0 && w <= width && h <= height) {
            cropWidth = w;
            cropHeight = h;
            top = static_cast<int64_t>(random.below(static_cast<uint64_t>(height - h + 1)));
            left = static_cast<int64_t>(random.below(static_cast<uint64_t>(width - w + 1)));
            found = true;
        }
    }
    if (!found) { // torchvision's fallback: central crop clamped to the ratio range
        const double inRatio = static_cast<double>(width) / height;
        if (inRatio < 3.0 / 4.0) {
            cropWidth = width;
            cropHeight = std::lround(cropWidth / (3.0 / 4.0));
        } else if (inRatio > 4.0 / 3.0) {
            cropHeight = height;
            cropWidth = std::lround(cropHeight * (4.0 / 3.0));
        } else {
            cropWidth = width;
            cropHeight = height;
        }
        top = (height - cropHeight) / 2;
        left = (width - cropWidth) / 2;
    }
    const bool flip = random.uniform() < 0.5;
    auto crop = resizeTo(image.narrow(1, top, cropHeight).narrow(2, left, cropWidth), opts.imageSize, opts.imageSize);
    return flip ? crop.flip({2}) : crop;
}

torch::Tensor ImageTransform::normalize(const torch::Tensor& image) const
{
    auto rgb = image.size(0) == 1 ? image.expand({3, image.size(1), image.size(2)}) : image;
    return (rgb.to(torch::kFloat) - meanTensor) * inverseStdTensor;
}

} // namespace ampwb
