#include "model/SmallMapConvolution.h"

#include "model/ConvolutionGradientsApart.h"

#include "training/AutocastGuard.h"

#include <ATen/core/LegacyTypeDispatch.h>
#include <torch/autograd.h>

namespace ampwb {

namespace {

constexpr int64_t kMinimumInputChannels = 256;
constexpr int64_t kMaximumOutputPositions = 7 * 7;

bool both(const torch::ExpandingArray<2>& pair, int64_t value)
{
    return (*pair)[0] == value && (*pair)[1] == value;
}

/// The weight gradient of a 3×3, padding-1 convolution as one matrix product: each output
/// position's 3×3×C input patch (channels last, zeros outside the map) against the output gradient.
torch::Tensor patchWeightGradient(const torch::Tensor& input, const torch::Tensor& gradOutput, int64_t stride)
{
    const int64_t n = input.size(0), channels = input.size(1);
    const int64_t filters = gradOutput.size(1), outHeight = gradOutput.size(2), outWidth = gradOutput.size(3);
    const torch::Tensor padded = at::constant_pad_nd(input.permute({0, 2, 3, 1}), {0, 0, 1, 1, 1, 1}).contiguous();
    const int64_t rowStride = padded.stride(1), columnStride = padded.stride(2);
    const torch::Tensor patches = padded
                                      .as_strided({n, outHeight, outWidth, 3, 3, channels},
                                                  {padded.stride(0), rowStride * stride, columnStride * stride,
                                                   rowStride, columnStride, 1})
                                      .reshape({n * outHeight * outWidth, 9 * channels});
    const torch::Tensor gradient = gradOutput.permute({0, 2, 3, 1}).reshape({n * outHeight * outWidth, filters});
    return at::mm(gradient.t(), patches).view({filters, 3, 3, channels}).permute({0, 3, 1, 2});
}

} // namespace

/// The autograd function of the small-map path (its backward function's name is this type's).
struct SmallMapConvolution : torch::autograd::Function<SmallMapConvolution> {
    static torch::Tensor forward(torch::autograd::AutogradContext* context, const torch::Tensor& input,
                                 const torch::Tensor& weight, int64_t stride)
    {
        // Below autograd, the convolution carries no sequence number of its own: the X-ray gives
        // the backward function the module of kSmallMapConvolutionName's range, whose number it has.
        const at::AutoDispatchBelowADInplaceOrView belowAutograd;
        context->save_for_backward({input, weight});
        context->saved_data["stride"] = stride;
        return at::convolution(input, weight, {}, {stride, stride}, {1, 1}, {1, 1}, false, {0, 0}, 1);
    }

    static torch::autograd::variable_list backward(torch::autograd::AutogradContext* context,
                                                   torch::autograd::variable_list gradOutputs)
    {
        const torch::autograd::variable_list saved = context->get_saved_variables();
        const torch::Tensor& input = saved[0];
        const torch::Tensor& weight = saved[1];
        const int64_t stride = context->saved_data["stride"].toInt();
        const torch::Tensor& gradOutput = gradOutputs[0];
        torch::Tensor gradInput, gradWeight;
        if (context->needs_input_grad(0)) {
            const ConvolutionPartRange range(kConvolutionInputGradientName, {gradOutput, weight});
            gradInput = std::get<0>(at::convolution_backward(gradOutput, input, weight, c10::nullopt, {stride, stride},
                                                             {1, 1}, {1, 1}, false, {0, 0}, 1, {true, false, false}));
        }
        // In the weight's own layout: autograd would otherwise copy the float32 gradient into it.
        if (context->needs_input_grad(1)) {
            const ConvolutionPartRange range(kConvolutionWeightGradientName, {gradOutput, input});
            gradWeight = patchWeightGradient(input, gradOutput, stride).contiguous(weight.suggest_memory_format());
        }
        return {gradInput, gradWeight, torch::Tensor()};
    }
};

bool takesSmallMapPath(const torch::nn::Conv2dImpl& conv, const torch::Tensor& input)
{
    const auto& options = conv.options;
    const auto* padding = c10::get_if<torch::ExpandingArray<2>>(&options.padding());
    if (!input.device().is_cpu() || input.dim() != 4 || !torch::GradMode::is_enabled() || !conv.weight.requires_grad()
        || AutocastGuard::activeType(c10::DeviceType::CPU) != at::kBFloat16 || !both(options.kernel_size(), 3)
        || !padding || !both(*padding, 1) || !both(options.dilation(), 1) || options.groups() != 1 || options.bias()
        || (*options.stride())[0] != (*options.stride())[1] || options.in_channels() < kMinimumInputChannels)
        return false;
    const int64_t stride = (*options.stride())[0];
    const int64_t outHeight = (input.size(2) - 1) / stride + 1, outWidth = (input.size(3) - 1) / stride + 1;
    return outHeight * outWidth <= kMaximumOutputPositions;
}

torch::Tensor smallMapConvolution(torch::nn::Conv2dImpl& conv, const torch::Tensor& input)
{
    // The casts autocast makes; then the range whose sequence number the backward function takes.
    const torch::Tensor input16 = input.to(at::kBFloat16), weight16 = conv.weight.to(at::kBFloat16);
    const ConvolutionPartRange range(kSmallMapConvolutionName, {input16, weight16}, true);
    return SmallMapConvolution::apply(input16, weight16, (*conv.options.stride())[0]);
}

torch::Tensor convolve(torch::nn::Conv2dImpl& conv, const torch::Tensor& input)
{
    if (takesSmallMapPath(conv, input))
        return smallMapConvolution(conv, input);
    if (torch::GradMode::is_enabled() && conv.weight.requires_grad() && operatorsAreRecorded())
        return convolutionWithGradientsApart(conv, input);
    return conv.forward(input);
}

} // namespace ampwb
