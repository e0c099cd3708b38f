#include "model/ConvolutionGradientsApart.h"

#include "amp/AutocastGuard.h"
#include "amp/AutocastWeightCopies.h"

#include <ATen/SequenceNumber.h>
#include <ATen/core/LegacyTypeDispatch.h>
#include <torch/autograd.h>

#include <array>
#include <vector>

namespace ampwb {

namespace {

std::vector<int64_t> pair(const torch::ExpandingArray<2>& values)
{
    return {(*values)[0], (*values)[1]};
}

} // namespace

ConvolutionPartRange::ConvolutionPartRange(const char* name, std::initializer_list<torch::Tensor> tensors, bool forward)
    : range(at::RecordScope::FUNCTION)
{
    if (!range.isActive())
        return;
    const std::vector<c10::IValue> inputs(tensors.begin(), tensors.end());
    if (forward)
        range.before(name, c10::ArrayRef<const c10::IValue>(inputs.data(), inputs.size()),
                     static_cast<int64_t>(at::sequence_number::peek()));
    else
        range.before(name, c10::ArrayRef<const c10::IValue>(inputs.data(), inputs.size()));
}

bool operatorsAreRecorded()
{
    const at::RecordFunction probe(at::RecordScope::FUNCTION);
    return probe.isActive();
}

/// The autograd function of convolutionWithGradientsApart (its backward function's name is this type's).
struct ConvolutionGradientsApart : torch::autograd::Function<ConvolutionGradientsApart> {
    static torch::Tensor forward(torch::autograd::AutogradContext* context, const torch::Tensor& input,
                                 const torch::Tensor& weight, std::vector<int64_t> stride, std::vector<int64_t> padding,
                                 std::vector<int64_t> dilation, int64_t groups)
    {
        const at::AutoDispatchBelowADInplaceOrView belowAutograd;
        context->save_for_backward({input, weight});
        context->saved_data["stride"] = stride;
        context->saved_data["padding"] = padding;
        context->saved_data["dilation"] = dilation;
        context->saved_data["groups"] = groups;
        return at::convolution(input, weight, {}, stride, padding, dilation, false, {0, 0}, groups);
    }

    static torch::autograd::variable_list backward(torch::autograd::AutogradContext* context,
                                                   torch::autograd::variable_list gradOutputs)
    {
        const torch::autograd::variable_list saved = context->get_saved_variables();
        const torch::Tensor& input = saved[0];
        const torch::Tensor& weight = saved[1];
        const std::vector<int64_t> stride = context->saved_data["stride"].toIntVector();
        const std::vector<int64_t> padding = context->saved_data["padding"].toIntVector();
        const std::vector<int64_t> dilation = context->saved_data["dilation"].toIntVector();
        const int64_t groups = context->saved_data["groups"].toInt();
        const auto convolutionBackward = [&](std::array<bool, 3> mask) {
            return at::convolution_backward(gradOutputs[0], input, weight, std::nullopt, stride, padding, dilation,
                                            false, {0, 0}, groups, mask);
        };
        torch::Tensor gradInput, gradWeight;
        if (context->needs_input_grad(0)) {
            const ConvolutionPartRange range(kConvolutionInputGradientName, {gradOutputs[0], weight});
            gradInput = std::get<0>(convolutionBackward({true, false, false}));
        }
        if (context->needs_input_grad(1)) {
            const ConvolutionPartRange range(kConvolutionWeightGradientName, {gradOutputs[0], input});
            gradWeight = std::get<1>(convolutionBackward({false, true, false}));
        }
        return {gradInput, gradWeight, torch::Tensor(), torch::Tensor(), torch::Tensor(), torch::Tensor()};
    }
};

const torch::ExpandingArray<2>* fixedZeroPadding(const torch::nn::Conv2dImpl& conv)
{
    const auto* padding = std::get_if<torch::ExpandingArray<2>>(&conv.options.padding());
    return padding && std::get_if<torch::enumtype::kZeros>(&conv.options.padding_mode()) ? padding : nullptr;
}

torch::Tensor convolutionWithGradientsApart(torch::nn::Conv2dImpl& conv, const torch::Tensor& input)
{
    const auto& options = conv.options;
    const auto* padding = fixedZeroPadding(conv);
    if (!padding || options.bias())
        return conv.forward(input); // "same", "valid", reflection, a bias: not needed by ResNet-18
    // The casts autocast would make for the convolution; then the range whose sequence number the
    // backward function takes.
    const std::optional<c10::ScalarType> autocast = AutocastGuard::activeType(input.device().type());
    const bool casts = autocast && input.is_floating_point();
    const torch::Tensor castInput = casts ? input.to(*autocast) : input;
    const torch::Tensor castWeight = casts ? autocastWeight(conv.weight, *autocast) : conv.weight;
    const ConvolutionPartRange range(kConvolutionForwardName, {castInput, castWeight}, true);
    return ConvolutionGradientsApart::apply(castInput, castWeight, pair(options.stride()), pair(*padding),
                                            pair(options.dilation()), options.groups());
}

} // namespace ampwb
