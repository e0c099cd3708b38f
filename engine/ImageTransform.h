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
    int64_t imageSize = 224;  ///< side of the square the model sees
    bool training = false;    ///< random augmentation (train) or deterministic (eval)
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

private:
    torch::Tensor trainSmall(torch::Tensor image, uint64_t seed) const;
    torch::Tensor trainLarge(const torch::Tensor& image, uint64_t seed) const;
    torch::Tensor normalize(const torch::Tensor& image) const;

    TransformOptions opts;
    torch::Tensor meanTensor;
    torch::Tensor inverseStdTensor;
};

} // namespace ampwb
