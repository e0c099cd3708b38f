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
    /// All three on maps of at most 2×2 (layer4 at 28, 32 and 64 px, layer3 at 28 and 32 px), where every
    /// input position reaches every output position through one tap: forward and input gradient are each
    /// one matrix product of whole maps against the weight's taps arranged by position pair, the weight
    /// gradient one product per tap over the pairs it joins. No product meets padding, where oneDNN's
    /// kernels spend the work of all nine taps at every position (16 of 36 tap products are real on a 2×2
    /// map, 1 of 9 on a 1×1). The only products the path takes in FP32, and there only onto one position.
    WholeMaps,
};

/// The kinds of CPU the small-map path tells apart: where it pays was measured on each.
enum class SmallMapCpu { WithoutAmx, WithAmx };

/// This machine's kind (AMX-BF16 among the flags of /proc/cpuinfo or not).
SmallMapCpu thisCpu();

/// Whether `conv` on `input` takes the small-map path (convolve) on `cpu`: a training step
/// (gradients recorded) of a 3×3 convolution (padding 1, no bias, one group) that is, under CPU bf16
/// autocast, on a map of at most 2×2 (layer3 and layer4 at 28 and 32 px, layer4 at 64 px), or in FP32
/// onto one output position from such a map (layer4 at 28 and 32 px); or, under autocast only, with at
/// least 256 input channels and an output map of at most 7×7 positions (layer3 and layer4 at 28 and 64
/// px, layer4 at 224 px), and with AMX also with at least 128 output channels and an output map of at
/// most 4×4 (layer2 at 28 px, layer3.0.conv1 at 28 and 64 px), without AMX also at stride 2 onto an
/// output map of at most 8×8 (layer2.0.conv1 and layer3.0.conv1 at 28 and 64 px, where the weight gradient
/// was measured faster). There, oneDNN's kernels spend work on padding, and its bf16
/// weight-gradient kernel is slower than one matrix product, often slower than FP32's
/// (docs/BENCHMARKS.md).
bool takesSmallMapPath(const torch::nn::Conv2dImpl& conv, const torch::Tensor& input, SmallMapCpu cpu = thisCpu());

/// The products the small-map path computes by matrix product for `conv` on `input` on `cpu`:
/// WholeMaps on every CPU on maps of at most 2×2; else All with AMX when the output map has at most
/// 2×2 positions (layer3.0.conv1 at 28 px, layer4.0.conv1 at 64 px), where oneDNN's AMX forward and
/// input-gradient kernels were measured slower than the matrix product (docs/BENCHMARKS.md); else
/// WeightGradient (not measured faster without AMX).
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
/// `conv.forward(input)`. Under LibtorchConvolutionsOnly only the last two.
torch::Tensor convolve(torch::nn::Conv2dImpl& conv, const torch::Tensor& input);

/// While alive, convolve() on this thread takes no path of its own: every convolution is libtorch's,
/// with autocast's own weight casts (a run without TunedPath::SmallMapConvolutions). Nests.
class LibtorchConvolutionsOnly {
public:
    explicit LibtorchConvolutionsOnly(bool active);
    ~LibtorchConvolutionsOnly();
    LibtorchConvolutionsOnly(const LibtorchConvolutionsOnly&) = delete;
    LibtorchConvolutionsOnly& operator=(const LibtorchConvolutionsOnly&) = delete;

private:
    bool previous;
};

} // namespace ampwb
