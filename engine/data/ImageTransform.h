#pragma once

#include <torch/types.h>

#include <array>
#include <cstdint>

namespace ampwb {

/// ImageNet normalisation constants used by torchvision's pretrained models.
inline constexpr std::array<float, 3> kImageNetMean{0.485f, 0.456f, 0.406f};
inline constexpr std::array<float, 3> kImageNetStd{0.229f, 0.224f, 0.225f};

/// Settings of a torchvision-equivalent preprocessing pipeline.
struct TransformOptions {
    int64_t imageSize = 224; ///< side of the square the model sees
    bool training = false;   ///< random augmentation (train) or deterministic (eval)
    std::array<float, 3> mean = kImageNetMean;
    std::array<float, 3> std = kImageNetStd;
};

/// Resizes uint8 or float [C, H, W] so its shorter side is `size` (torchvision's
/// `Resize(int)`: long side = int(size * long / short)), bilinear with antialiasing
/// when shrinking as PIL does; the result is rounded back to uint8 like a PIL image.
torch::Tensor resizeShortSide(const torch::Tensor& image, int64_t size);
/// Resizes uint8 [C, H, W] to exactly [C, height, width], as `resizeShortSide` does.
torch::Tensor resizeTo(const torch::Tensor& image, int64_t height, int64_t width);
/// torchvision's `CenterCrop(size)` (pads with zeros when the image is smaller).
torch::Tensor centerCrop(const torch::Tensor& image, int64_t size);

/// A rectangle of an image, in pixels from its top-left corner.
struct ImageRegion {
    int64_t top = 0;
    int64_t left = 0;
    int64_t height = 0;
    int64_t width = 0;
};

/// What RandomResizedCrop + RandomHorizontalFlip pick for one sample.
struct RandomCrop {
    ImageRegion region; ///< cut out, then resized to S × S
    bool flip = false;  ///< mirrored left to right after resizing
};

/// torchvision-equivalent transforms from a uint8 [C, H, W] image (C = 1 or 3) to a
/// normalised float [3, S, S] tensor. Grayscale is replicated to three channels.
///  - eval: Resize(S) (or Resize(S·256/224) when S > 64) + CenterCrop(S);
///  - train, S ≤ 64: Resize(S) + pad S/8 + RandomCrop(S) + RandomHorizontalFlip;
///  - train, S > 64: RandomResizedCrop(S, scale 0.08–1, ratio 3/4–4/3) + RandomHorizontalFlip.
/// Random choices come from `seed` alone, so a sample's augmentation is reproducible.
class ImageTransform {
public:
    explicit ImageTransform(TransformOptions options);
    torch::Tensor operator()(const torch::Tensor& image, uint64_t seed) const;
    const TransformOptions& options() const { return opts; }
    /// The eval resize target for an output size S.
    static int64_t evalResizeSize(int64_t imageSize);

    /// Whether this is the training transform that starts with RandomResizedCrop (S > 64),
    /// whose crop can be chosen from the image's size alone, before its pixels are decoded.
    bool cropsRandomRegions() const { return opts.training && opts.imageSize > 64; }
    /// The region and flip RandomResizedCrop(S, scale 0.08–1, ratio 3/4–4/3) + RandomHorizontalFlip
    /// pick for an image of height × width pixels and `seed` (torchvision's sampling rule:
    /// ten tries, then a central crop clamped to the ratio range).
    RandomCrop randomCrop(int64_t height, int64_t width, uint64_t seed) const;
    /// Finishes a sample already cut out and resized to uint8 [C, S, S] (C = 1 or 3): mirrors
    /// it when `flip` is set and normalises it to float [3, S, S], in one pass.
    torch::Tensor finishCrop(const torch::Tensor& crop, bool flip) const;

private:
    torch::Tensor trainSmall(torch::Tensor image, uint64_t seed) const;
    torch::Tensor trainLarge(const torch::Tensor& image, uint64_t seed) const;

    TransformOptions opts;
    std::array<float, 3> scaledMean;       ///< 255 · mean
    std::array<float, 3> inverseScaledStd; ///< 1 / (255 · std)
};

} // namespace ampwb
