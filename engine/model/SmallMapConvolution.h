#pragma once

#include <torch/nn/modules/conv.h>

namespace ampwb {

/// What libtorch's profiling hooks call the small-map convolution's forward (the X-ray counts it as
/// convolution forward) and its backward function, whose input and weight gradients each run in a
/// ConvolutionPartRange (ConvolutionGradientsApart.h).
inline constexpr const char* kSmallMapConvolutionName = "ampwb::small_map_convolution";
inline constexpr const char* kSmallMapConvolutionBackwardName = "torch::autograd::CppNode<ampwb::SmallMapConvolution>";

/// Which of the small-map path's three products are matrix products of the input's 3×3 patches
/// (channels last, zeros outside the map); the others are oneDNN's, as under autocast.
enum class PatchProducts {
    /// The weight gradient only: forward and input gradient are bit for bit autocast's.
    WeightGradient,
    /// Forward, input gradient and weight gradient.
    All,
    /// All three onto an output map of one position, each one matrix product of the whole input map
    /// (at most 2×2) and the weight's taps that reach it: the other taps see only padding, so their
    /// products are zeros (8 of 9 taps on a 1×1 map, 5 of 9 from a 2×2 map at stride 2). The only
    /// products the path takes in FP32.
    OnePosition,
};

/// The kinds of CPU the small-map path tells apart: where it pays was measured on each.
enum class SmallMapCpu { WithoutAmx, WithAmx };

/// This machine's kind (AMX-BF16 among the flags of /proc/cpuinfo or not).
SmallMapCpu thisCpu();

/// Whether `conv` on `input` takes the small-map path (convolve) on `cpu`: a training step
/// (gradients recorded) of a 3×3 convolution (padding 1, no bias, one group) that is, in FP32 or under
/// CPU bf16 autocast, onto one output position from a map of at most 2×2 (layer4 at 28 and 32 px),
/// where oneDNN's kernels spend the work of all nine taps; or, under autocast only, with at least 256
/// input channels and an output map of at most 7×7 positions (layer3 and layer4 at 28 and 64 px,
/// layer4 at 224 px), and with AMX also with at least 128 output channels and an output map of at
/// most 4×4 (layer2 at 28 px, layer3.0.conv1 at 28 and 64 px). There, oneDNN's bf16 weight-gradient
/// kernel is slower than one matrix product, often slower than FP32's (docs/BENCHMARKS.md).
bool takesSmallMapPath(const torch::nn::Conv2dImpl& conv, const torch::Tensor& input, SmallMapCpu cpu = thisCpu());

/// The products the small-map path computes by matrix product for `conv` on `input` on `cpu`:
/// OnePosition on every CPU when the output map is one position (layer4 at 28 and 32 px); else All
/// with AMX when the output map has at most 2×2 positions (layer3 at 28 px, layer4 at 64 px), where
/// oneDNN's AMX forward and input-gradient kernels are 2–11× slower than the matrix product
/// (docs/BENCHMARKS.md); else WeightGradient (not measured faster without AMX).
PatchProducts patchProductsFor(const torch::nn::Conv2dImpl& conv, const torch::Tensor& input,
                               SmallMapCpu cpu = thisCpu());

/// The small-map path itself, on any CPU: under CPU bf16 autocast the convolution autocast would run
/// (bf16 input and weight, a bf16 output), else the float32 one, with `products` computed as one
/// matrix product each over the input's 3×3 patches and the rest by oneDNN. The numerics are
/// oneDNN's (under autocast bf16 operands, fp32 sums, a bf16 result) summed in another order: a
/// matrix product's result differs by up to one rounding of its precision. The weight's bf16 copy is
/// made inside, so its gradient reaches the float32 weight as float32 in the weight's layout, written
/// once (the values autocast's cast would give). `conv` must be 3×3, padding 1, no bias.
torch::Tensor smallMapConvolution(torch::nn::Conv2dImpl& conv, const torch::Tensor& input,
                                  PatchProducts products = PatchProducts::WeightGradient);

/// smallMapConvolution with patchProductsFor where takesSmallMapPath; else, while an X-ray profile
/// records this step, convolutionWithGradientsApart (the same bits, its gradients timed apart); else
/// `conv.forward(input)`.
torch::Tensor convolve(torch::nn::Conv2dImpl& conv, const torch::Tensor& input);

} // namespace ampwb
