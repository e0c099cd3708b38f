#include "model/FoldedResNet18.h"

#include "model/ResNet18StateDict.h"

#include <ATen/ops/mkldnn_reorder_conv2d_weight.h>

#include <array>
#include <map>

namespace ampwb {
namespace {

constexpr double kBatchNormEpsilon = 1e-5;

using NamedTensors = std::map<std::string, torch::Tensor>;

FoldedConvolution fold(const NamedTensors& tensors, const std::string& convolution, const std::string& norm,
                       int64_t stride)
{
    const torch::Tensor weight = tensors.at(convolution + ".weight").to(torch::kDouble);
    const torch::Tensor scale = tensors.at(norm + ".weight").to(torch::kDouble)
                              / (tensors.at(norm + ".running_var").to(torch::kDouble) + kBatchNormEpsilon).sqrt();
    FoldedConvolution folded;
    folded.weight = (weight * scale.view({-1, 1, 1, 1})).to(torch::kFloat);
    folded.bias = (tensors.at(norm + ".bias").to(torch::kDouble)
                   - tensors.at(norm + ".running_mean").to(torch::kDouble) * scale)
                      .to(torch::kFloat);
    folded.stride = stride;
    folded.padding = weight.size(2) / 2;
    return folded;
}

FoldedConvolution convertedConvolution(const FoldedConvolution& convolution, c10::ScalarType dtype, bool channelsLast)
{
    FoldedConvolution result = convolution;
    result.weight = convolution.weight.to(dtype).contiguous(channelsLast ? at::MemoryFormat::ChannelsLast
                                                                         : at::MemoryFormat::Contiguous);
    result.bias = convolution.bias.to(dtype);
    return result;
}

FoldedConvolution prepackedConvolution(const FoldedConvolution& convolution)
{
    const std::array<int64_t, 2> padding{convolution.padding, convolution.padding};
    const std::array<int64_t, 2> stride{convolution.stride, convolution.stride};
    const std::array<int64_t, 2> dilation{1, 1};
    FoldedConvolution result = convolution;
    result.prepackedWeight = at::mkldnn_reorder_conv2d_weight(convolution.weight.contiguous().to_mkldnn(), padding,
                                                              stride, dilation);
    return result;
}

} // namespace

torch::Tensor FoldedConvolution::operator()(const torch::Tensor& input) const
{
    return torch::conv2d(input, prepackedWeight.defined() ? prepackedWeight : weight, bias, stride, padding);
}

FoldedResNet18::FoldedResNet18(const ResNet18Impl& model)
{
    torch::NoGradGuard noGrad;
    const StateDict stateDict = stateDictOf(model);
    const NamedTensors tensors(stateDict.begin(), stateDict.end());
    stemConvolution = fold(tensors, "conv1", "bn1", 2);
    for (int stage = 1; stage <= 4; ++stage) {
        for (int index = 0; index < 2; ++index) {
            const std::string block = "layer" + std::to_string(stage) + "." + std::to_string(index);
            const int64_t stride = stage > 1 && index == 0 ? 2 : 1;
            FoldedBlock folded{fold(tensors, block + ".conv1", block + ".bn1", stride),
                               fold(tensors, block + ".conv2", block + ".bn2", 1), std::nullopt};
            if (tensors.count(block + ".downsample.0.weight"))
                folded.shortcut = fold(tensors, block + ".downsample.0", block + ".downsample.1", stride);
            residualBlocks.push_back(std::move(folded));
        }
    }
    fcWeight = tensors.at("fc.weight").detach().clone();
    fcBias = tensors.at("fc.bias").detach().clone();
}

FoldedResNet18 FoldedResNet18::converted(c10::ScalarType dtype, bool channelsLast) const
{
    FoldedResNet18 result;
    result.stemConvolution = convertedConvolution(stemConvolution, dtype, channelsLast);
    for (const FoldedBlock& block : residualBlocks) {
        FoldedBlock copy{convertedConvolution(block.first, dtype, channelsLast),
                         convertedConvolution(block.second, dtype, channelsLast), std::nullopt};
        if (block.shortcut)
            copy.shortcut = convertedConvolution(*block.shortcut, dtype, channelsLast);
        result.residualBlocks.push_back(std::move(copy));
    }
    result.fcWeight = fcWeight.to(dtype);
    result.fcBias = fcBias.to(dtype);
    return result;
}

FoldedResNet18 FoldedResNet18::prepackedForOneDnn() const
{
    TORCH_CHECK(fcWeight.scalar_type() == torch::kFloat, "oneDNN prepacking is for fp32 weights");
    FoldedResNet18 result = *this;
    result.stemConvolution = prepackedConvolution(stemConvolution);
    for (FoldedBlock& block : result.residualBlocks) {
        block.first = prepackedConvolution(block.first);
        block.second = prepackedConvolution(block.second);
        if (block.shortcut)
            block.shortcut = prepackedConvolution(*block.shortcut);
    }
    result.prepacked = true;
    return result;
}

torch::Tensor FoldedResNet18::forward(const torch::Tensor& images) const
{
    torch::Tensor x = stemConvolution(prepacked ? images.contiguous().to_mkldnn() : images).relu_();
    x = torch::max_pool2d(x, 3, 2, 1);
    for (const FoldedBlock& block : residualBlocks) {
        torch::Tensor shortcut = block.shortcut ? (*block.shortcut)(x) : x;
        torch::Tensor out = block.second(block.first(x).relu_());
        x = out.add_(shortcut).relu_();
    }
    x = torch::adaptive_avg_pool2d(x, {1, 1});
    if (prepacked)
        x = x.to_dense();
    return torch::linear(x.flatten(1), fcWeight, fcBias);
}

} // namespace ampwb
