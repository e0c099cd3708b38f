#pragma once

#include <ATen/record_function.h>
#include <torch/nn/modules/conv.h>

#include <initializer_list>

namespace ampwb {

/// What libtorch's profiling hooks call the parts of a convolution the X-ray times apart: the
/// forward of a convolution computed below autograd (its range carries the autograd sequence number
/// that its backward function gets), and the two halves of its backward.
inline constexpr const char* kConvolutionForwardName = "ampwb::convolution";
inline constexpr const char* kConvolutionInputGradientName = "ampwb::convolution_input_gradient";
inline constexpr const char* kConvolutionWeightGradientName = "ampwb::convolution_weight_gradient";

/// A range named `name` for libtorch's profiling hooks around one part of a convolution, with the
/// tensors it works on; a check and nothing more when nothing records. Forward ranges pass
/// `forward` so that the range carries the sequence number the next autograd function will take.
class ConvolutionPartRange {
public:
    ConvolutionPartRange(const char* name, std::initializer_list<torch::Tensor> tensors, bool forward = false);
    ConvolutionPartRange(const ConvolutionPartRange&) = delete;
    ConvolutionPartRange& operator=(const ConvolutionPartRange&) = delete;

private:
    at::RecordFunction range;
};

/// Whether libtorch's profiling hooks record operators on this thread now (an X-ray profile is
/// being taken of this step).
bool operatorsAreRecorded();

/// The padding of `conv` when it is zeros of a fixed size (ResNet-18's); nullptr for "same", "valid" or
/// another padding mode.
const torch::ExpandingArray<2>* fixedZeroPadding(const torch::nn::Conv2dImpl& conv);

/// `conv.forward(input)` (under autocast too: the same casts first) whose backward computes the input
/// gradient and the weight gradient in two calls of libtorch's convolution backward, each in its
/// ConvolutionPartRange, so that a profile times them apart. The kernels are the ones
/// `conv.forward`'s backward runs, one call each instead of one for both: the same bits. A
/// convolution with a bias or another padding than zeros of fixed size is `conv.forward(input)`.
torch::Tensor convolutionWithGradientsApart(torch::nn::Conv2dImpl& conv, const torch::Tensor& input);

} // namespace ampwb
