#include "data/ImageTransform.h"

#include "data/Random.h"

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
    for (size_t c = 0; c < 3; ++c) {
        scaledMean[c] = opts.mean[c] * 255.0f;
        inverseScaledStd[c] = 1.0f / (opts.std[c] * 255.0f);
    }
}

int64_t ImageTransform::evalResizeSize(int64_t imageSize)
{
    return imageSize > 64 ? static_cast<int64_t>(std::lround(imageSize * 256.0 / 224.0)) : imageSize;
}

torch::Tensor ImageTransform::operator()(const torch::Tensor& image, uint64_t seed) const
{
    if (!opts.training)
        return finishCrop(centerCrop(resizeShortSide(image, evalResizeSize(opts.imageSize)), opts.imageSize), false);
    if (opts.imageSize <= 64)
        return trainSmall(image, seed);
    return trainLarge(image, seed);
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
    return finishCrop(out, flip);
}

RandomCrop ImageTransform::randomCrop(int64_t height, int64_t width, uint64_t seed) const
{
    const double area = static_cast<double>(height * width);
    SplitMix64 random(seed);
    RandomCrop crop;
    ImageRegion& region = crop.region;
    bool found = false;
    for (int attempt = 0; attempt < 10 && !found; ++attempt) {
        const double targetArea = area * (0.08 + random.uniform() * (1.0 - 0.08));
        const double logRatio = std::log(3.0 / 4.0) + random.uniform() * (std::log(4.0 / 3.0) - std::log(3.0 / 4.0));
        const double ratio = std::exp(logRatio);
        const auto w = static_cast<int64_t>(std::lround(std::sqrt(targetArea * ratio)));
        const auto h = static_cast<int64_t>(std::lround(std::sqrt(targetArea / ratio)));
        if (w > 0 && h > 0 && w <= width && h <= height) {
            region.width = w;
            region.height = h;
            region.top = static_cast<int64_t>(random.below(static_cast<uint64_t>(height - h + 1)));
            region.left = static_cast<int64_t>(random.below(static_cast<uint64_t>(width - w + 1)));
            found = true;
        }
    }
    if (!found) { // torchvision's fallback: central crop clamped to the ratio range
        const double inRatio = static_cast<double>(width) / height;
        if (inRatio < 3.0 / 4.0) {
            region.width = width;
            region.height = std::lround(region.width / (3.0 / 4.0));
        } else if (inRatio > 4.0 / 3.0) {
            region.height = height;
            region.width = std::lround(region.height * (4.0 / 3.0));
        } else {
            region.width = width;
            region.height = height;
        }
        region.top = (height - region.height) / 2;
        region.left = (width - region.width) / 2;
    }
    crop.flip = random.uniform() < 0.5;
    return crop;
}

torch::Tensor ImageTransform::trainLarge(const torch::Tensor& image, uint64_t seed) const
{
    const RandomCrop crop = randomCrop(image.size(1), image.size(2), seed);
    const ImageRegion& r = crop.region;
    const auto cut = image.narrow(1, r.top, r.height).narrow(2, r.left, r.width);
    return finishCrop(resizeTo(cut, opts.imageSize, opts.imageSize), crop.flip);
}

torch::Tensor ImageTransform::finishCrop(const torch::Tensor& crop, bool flip) const
{
    TORCH_CHECK(crop.scalar_type() == torch::kUInt8 && crop.dim() == 3 && (crop.size(0) == 1 || crop.size(0) == 3),
                "ImageTransform expects a uint8 [1 or 3, H, W] image, not ", crop.sizes(), " ", crop.scalar_type());
    // One pass from the bytes to the normalised floats: (p − 255·mean) · 1 / (255·std).
    const torch::Tensor pixels = crop.contiguous();
    const int64_t height = pixels.size(1);
    const int64_t width = pixels.size(2);
    auto out = torch::empty({3, height, width}, torch::kFloat);
    const uint8_t* in = pixels.data_ptr<uint8_t>();
    float* next = out.data_ptr<float>();
    for (int64_t c = 0; c < 3; ++c) {
        const float mean = scaledMean[static_cast<size_t>(c)];
        const float scale = inverseScaledStd[static_cast<size_t>(c)];
        const uint8_t* plane = in + (pixels.size(0) == 1 ? 0 : c) * height * width;
        for (int64_t y = 0; y < height; ++y, next += width) {
            const uint8_t* row = plane + y * width;
            if (flip)
                for (int64_t x = 0; x < width; ++x)
                    next[x] = (static_cast<float>(row[width - 1 - x]) - mean) * scale;
            else
                for (int64_t x = 0; x < width; ++x)
                    next[x] = (static_cast<float>(row[x]) - mean) * scale;
        }
    }
    return out;
}

} // namespace ampwb
