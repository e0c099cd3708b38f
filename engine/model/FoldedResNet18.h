#pragma once

#include "model/ResNet18.h"

#include <torch/types.h>

#include <optional>
#include <vector>

namespace ampwb {

/// A convolution whose weight and bias absorb the eval-mode batch norm after it.
struct FoldedConvolution {
    torch::Tensor weight;          ///< [out, in, k, k]
    torch::Tensor bias;            ///< [out]
    torch::Tensor prepackedWeight; ///< `weight` in oneDNN's blocked layout (empty unless prepacked)
    int64_t stride = 1;
    int64_t padding = 0;
    torch::Tensor operator()(const torch::Tensor& input) const;
};

/// A BasicBlock with folded batch norms: relu(second(relu(first(x))) + shortcut(x)),
/// where the shortcut is the identity when absent.
struct FoldedBlock {
    FoldedConvolution first;
    FoldedConvolution second;
    std::optional<FoldedConvolution> shortcut;
};

/// ResNet-18 for inference: computes what the ResNet18 it was made from computes in
/// eval mode, with every batch norm (eps 1e-5, running statistics) folded into the
/// convolution before it. Also the layer list the ONNX exporter writes.
class FoldedResNet18 {
public:
    explicit FoldedResNet18(const ResNet18Impl& model);

    /// Logits [N, classes] for normalised images [N, 3, H, W] of the weights' dtype.
    torch::Tensor forward(const torch::Tensor& images) const;
    /// A copy with weights of `dtype`, convolution weights channels-last when asked.
    FoldedResNet18 converted(c10::ScalarType dtype, bool channelsLast) const;
    /// A copy of an fp32 network whose convolution weights are reordered once into oneDNN's
    /// blocked layout; its forward() keeps activations in that layout from the first
    /// convolution to the pooling, as torch.jit.optimize_for_inference does, instead of
    /// reordering weights on every call. Needs libtorch with oneDNN (at::hasMKLDNN()).
    FoldedResNet18 prepackedForOneDnn() const;

    const FoldedConvolution& stem() const { return stemConvolution; }
    const std::vector<FoldedBlock>& blocks() const { return residualBlocks; }
    const torch::Tensor& classifierWeight() const { return fcWeight; } ///< [classes, 512]
    const torch::Tensor& classifierBias() const { return fcBias; }     ///< [classes]
    int64_t classCount() const { return fcWeight.size(0); }

private:
    FoldedResNet18() = default;

    FoldedConvolution stemConvolution;
    std::vector<FoldedBlock> residualBlocks;
    torch::Tensor fcWeight;
    torch::Tensor fcBias;
    bool prepacked = false;
};

} // namespace ampwb
