#include "model/SmallMapConvolution.h"

#include "model/ConvolutionGradientsApart.h"

#include "amp/AutocastGuard.h"
#include "amp/AutocastWeightCopies.h"
#include "system/DeviceInfo.h"

#include <ATen/core/LegacyTypeDispatch.h>
#include <torch/autograd.h>

#include <utility>

namespace ampwb {

namespace {

// Where the path pays, as measured per CPU kind (docs/BENCHMARKS.md).
constexpr int64_t kMinimumInputChannels = 256;            // every CPU
constexpr int64_t kMaximumOutputPositions = 7 * 7;        // every CPU
constexpr int64_t kAmxMinimumOutputChannels = 128;        // with AMX, also: layer2 to layer4 …
constexpr int64_t kAmxMaximumOutputPositions = 4 * 4;     // … on maps of at most 4×4
constexpr int64_t kAllByPatchesPositions = 2 * 2;         // with AMX
constexpr int64_t kStridedMaximumOutputPositions = 8 * 8; // without AMX: the x.0.conv1 at 28 and 64 px

bool both(const torch::ExpandingArray<2>& pair, int64_t value)
{
    return (*pair)[0] == value && (*pair)[1] == value;
}

/// Output map side of a 3×3, padding-1 convolution with `stride` on a map of `side`.
int64_t outputSide(int64_t side, int64_t stride)
{
    return (side - 1) / stride + 1;
}

/// Whether every input position of `input` reaches every output position of a 3×3, padding-1
/// convolution with `stride` through one tap: maps of at most 2×2 (at stride 1 onto a map of the
/// same size, at stride 2 onto one position).
bool onWholeMaps(const torch::Tensor& input)
{
    return input.size(2) <= 2 && input.size(3) <= 2;
}

/// Whether the convolution maps `input` onto one output position.
bool ontoOnePosition(const torch::Tensor& input, int64_t stride)
{
    return outputSide(input.size(2), stride) == 1 && outputSide(input.size(3), stride) == 1;
}

/// Each output position's 3×3×C input patch in a row (channels last, zeros outside the map):
/// [N·OH·OW, 9·C].
torch::Tensor patchMatrix(const torch::Tensor& input, int64_t stride)
{
    const int64_t n = input.size(0), channels = input.size(1);
    const int64_t outHeight = outputSide(input.size(2), stride), outWidth = outputSide(input.size(3), stride);
    const torch::Tensor padded = at::constant_pad_nd(input.permute({0, 2, 3, 1}), {0, 0, 1, 1, 1, 1}).contiguous();
    const int64_t rowStride = padded.stride(1), columnStride = padded.stride(2);
    return padded
        .as_strided({n, outHeight, outWidth, 3, 3, channels},
                    {padded.stride(0), rowStride * stride, columnStride * stride, rowStride, columnStride, 1})
        .reshape({n * outHeight * outWidth, 9 * channels});
}

/// The weight's taps of `rows` × `columns` from tap (`first`, `first`) as the partner of patches of
/// that size: [F, rows·columns·C], each filter's taps channels last.
torch::Tensor tapMatrix(const torch::Tensor& weight, int64_t first, int64_t rows, int64_t columns)
{
    return weight.slice(2, first, first + rows)
        .slice(3, first, first + columns)
        .permute({0, 2, 3, 1})
        .reshape({weight.size(0), -1});
}

/// A weight gradient in the float32 `weight`'s layout, written in one pass from `product`, the
/// gradient of tapMatrix(weight, first, rows, columns) (in bf16 a bf16 result, as autocast's); zeros
/// for the taps outside it.
torch::Tensor tapGradient(const torch::Tensor& product, const torch::Tensor& weight, int64_t first, int64_t rows,
                          int64_t columns)
{
    const bool everyTap = rows == 3 && columns == 3;
    torch::Tensor gradient = everyTap ? at::empty_like(weight) : at::zeros_like(weight);
    gradient.slice(2, first, first + rows)
        .slice(3, first, first + columns)
        .copy_(product.view({weight.size(0), rows, columns, weight.size(1)}).permute({0, 3, 1, 2}));
    return gradient;
}

/// Rows of map positions, channels last ([N·H·W, C] or [N, H·W·C]), as an [N, C, H, W] tensor in
/// `format`: channels last as they are, else written out (on 1×1 maps `contiguous()` would take
/// either layout's strides as its own).
torch::Tensor asMaps(const torch::Tensor& rows, int64_t channels, int64_t height, int64_t width,
                     at::MemoryFormat format)
{
    const torch::Tensor maps = rows.view({-1, height, width, channels}).permute({0, 3, 1, 2});
    if (format == at::MemoryFormat::ChannelsLast)
        return maps;
    return at::empty(maps.sizes(), maps.options(), format).copy_(maps);
}

/// The layout libtorch's CPU convolution gives its output and input gradient: channels last where
/// the input or the weight is.
at::MemoryFormat convolutionLayout(const torch::Tensor& input, const torch::Tensor& weight)
{
    const bool channelsLast = input.suggest_memory_format() == at::MemoryFormat::ChannelsLast
                           || weight.suggest_memory_format() == at::MemoryFormat::ChannelsLast;
    return channelsLast ? at::MemoryFormat::ChannelsLast : at::MemoryFormat::Contiguous;
}

/// An output-shaped tensor [N, F, OH, OW] as rows of positions, [N·OH·OW, F].
torch::Tensor positionRows(const torch::Tensor& output)
{
    return output.permute({0, 2, 3, 1}).reshape({-1, output.size(1)});
}

/// The forward as one matrix product of the patches and the weight, in the convolution's layout.
torch::Tensor patchForward(const torch::Tensor& input, const torch::Tensor& weight, int64_t stride)
{
    const int64_t outHeight = outputSide(input.size(2), stride), outWidth = outputSide(input.size(3), stride);
    const torch::Tensor rows = at::mm(patchMatrix(input, stride), tapMatrix(weight, 0, 3, 3).t());
    return asMaps(rows, weight.size(0), outHeight, outWidth, convolutionLayout(input, weight));
}

/// The input gradient as one matrix product: the output gradient, spread back onto the input's map
/// (zeros between its positions when strided), against the weight turned by 180° — a convolution's
/// input gradient is the convolution of its output gradient with the turned weight.
torch::Tensor patchInputGradient(const torch::Tensor& input, const torch::Tensor& weight,
                                 const torch::Tensor& gradOutput, int64_t stride)
{
    const int64_t n = input.size(0), channels = input.size(1), height = input.size(2), width = input.size(3);
    const int64_t filters = weight.size(0), outHeight = gradOutput.size(2), outWidth = gradOutput.size(3);
    torch::Tensor spread = gradOutput;
    if (stride > 1) {
        spread = at::zeros({n, filters, height, width}, gradOutput.options());
        spread.slice(2, 0, stride * (outHeight - 1) + 1, stride)
            .slice(3, 0, stride * (outWidth - 1) + 1, stride)
            .copy_(gradOutput);
    }
    const torch::Tensor turned = weight.flip({2, 3}).permute({2, 3, 0, 1}).reshape({9 * filters, channels});
    return asMaps(at::mm(patchMatrix(spread, 1), turned), channels, height, width, convolutionLayout(input, weight));
}

/// The weight gradient as one matrix product of the output gradient and the patches (a bf16 result,
/// as autocast's), written as float32 into the float32 `weight`'s layout in one pass: the gradient
/// autograd would otherwise get in bf16, cast to float32 and, in another layout, copy once more.
torch::Tensor patchWeightGradient(const torch::Tensor& input, const torch::Tensor& weight,
                                  const torch::Tensor& gradOutput, int64_t stride)
{
    return tapGradient(at::mm(positionRows(gradOutput).t(), patchMatrix(input, stride)), weight, 0, 3, 3);
}

/// Each image's whole map in a row, channels last: [N, H·W·C].
torch::Tensor mapRows(const torch::Tensor& maps)
{
    return maps.permute({0, 2, 3, 1}).reshape({maps.size(0), -1});
}

/// The weight as the partner of whole maps (onWholeMaps): [OH·OW·F, H·W·C], whose block for the output
/// position p, counted from the last, and the input position q is the tap q − stride·p + (1, 1) ([F, C]).
/// One strided view of the taps gives every block and one copy lays them out; the output positions come
/// last to first because strides cannot be negative (reversedPositions turns the small maps round).
torch::Tensor reversedMapMatrix(const torch::Tensor& weight, int64_t height, int64_t width, int64_t stride)
{
    const int64_t outHeight = outputSide(height, stride), outWidth = outputSide(width, stride);
    const torch::Tensor taps = weight.permute({0, 2, 3, 1}).contiguous(); // [F, 3, 3, C]
    const int64_t filterStride = taps.stride(0), rowStride = taps.stride(1), columnStride = taps.stride(2);
    // Tap row of input row qy for the reversed output row r = OH − 1 − py: qy + stride·r + 1 − stride·(OH − 1).
    const int64_t firstTap = (1 - stride * (outHeight - 1)) * rowStride + (1 - stride * (outWidth - 1)) * columnStride;
    return taps
        .as_strided({outHeight, outWidth, taps.size(0), height, width, taps.size(3)},
                    {stride * rowStride, stride * columnStride, filterStride, rowStride, columnStride, 1},
                    taps.storage_offset() + firstTap)
        .contiguous()
        .view({outHeight * outWidth * taps.size(0), height * width * taps.size(3)});
}

/// `maps` with its positions last to first; `rowDimension` is that of the map's rows (1 for [N, H, W, C],
/// 2 for [N, C, H, W]), the columns' follows it.
torch::Tensor reversedPositions(const torch::Tensor& maps, int64_t rowDimension)
{
    if (maps.size(rowDimension) == 1 && maps.size(rowDimension + 1) == 1)
        return maps;
    return maps.flip({rowDimension, rowDimension + 1});
}

/// The forward on whole maps: one matrix product of each image's map and `matrix`, the weight's
/// reversedMapMatrix.
torch::Tensor wholeMapForward(const torch::Tensor& input, const torch::Tensor& weight, const torch::Tensor& matrix,
                              int64_t stride)
{
    const int64_t height = input.size(2), width = input.size(3);
    const int64_t outHeight = outputSide(height, stride), outWidth = outputSide(width, stride);
    const torch::Tensor reversed = at::mm(mapRows(input), matrix.t());
    const torch::Tensor rows = reversedPositions(reversed.view({-1, outHeight, outWidth, weight.size(0)}), 1);
    return asMaps(rows, weight.size(0), outHeight, outWidth, convolutionLayout(input, weight));
}

/// The input gradient on whole maps: one matrix product of each image's output gradient and `matrix`,
/// the forward's.
torch::Tensor wholeMapInputGradient(const torch::Tensor& input, const torch::Tensor& weight,
                                    const torch::Tensor& gradOutput, const torch::Tensor& matrix)
{
    const torch::Tensor rows = at::mm(mapRows(reversedPositions(gradOutput, 2)), matrix);
    return asMaps(rows, input.size(1), input.size(2), input.size(3), convolutionLayout(input, weight));
}

/// The weight gradient on whole maps, one matrix product per tap over the (output, input) position
/// pairs it joins, so that each tap's sum is rounded once, as autocast's (a bf16 result); zeros for
/// the taps that see only padding. Onto one position every tap joins one pair, and one product of the
/// output gradient and the whole map gives them all (tapGradient).
torch::Tensor wholeMapWeightGradient(const torch::Tensor& input, const torch::Tensor& weight,
                                     const torch::Tensor& gradOutput, int64_t stride)
{
    const int64_t height = input.size(2), width = input.size(3);
    if (ontoOnePosition(input, stride))
        return tapGradient(at::mm(positionRows(gradOutput).t(), mapRows(input)), weight, 1, height, width);
    const torch::Tensor outputs = gradOutput.permute({0, 2, 3, 1}); // [N, OH, OW, F]
    const torch::Tensor inputs = input.permute({0, 2, 3, 1});       // [N, H, W, C]
    // Output positions [first, last) whose input position stride·p + tap − 1 lies on a map of `side`.
    const auto joined = [stride](int64_t tap, int64_t side, int64_t outSide) {
        int64_t first = 0;
        while (first < outSide && stride * first + tap - 1 < 0)
            ++first;
        int64_t last = first;
        while (last < outSide && stride * last + tap - 1 < side)
            ++last;
        return std::pair{first, last};
    };
    // On a 2×2 map at stride 1 every tap joins some pair, and each is written below.
    const bool everyTap = height == 2 && width == 2 && stride == 1;
    torch::Tensor gradient = everyTap ? at::empty_like(weight) : at::zeros_like(weight);
    for (int64_t row = 0; row < 3; ++row) {
        const auto [top, bottom] = joined(row, height, outputs.size(1));
        for (int64_t column = 0; column < 3; ++column) {
            const auto [left, right] = joined(column, width, outputs.size(2));
            if (top == bottom || left == right)
                continue;
            const torch::Tensor outputRows =
                outputs.slice(1, top, bottom).slice(2, left, right).reshape({-1, outputs.size(3)});
            const torch::Tensor inputRows = inputs.slice(1, stride * top + row - 1, stride * (bottom - 1) + row, stride)
                                                .slice(2, stride * left + column - 1, stride * (right - 1) + column,
                                                       stride)
                                                .reshape({-1, inputs.size(3)});
            gradient.select(3, column).select(2, row).copy_(at::mm(outputRows.t(), inputRows));
        }
    }
    return gradient;
}

} // namespace

/// The autograd function of the small-map path (its backward function's name is this type's).
struct SmallMapConvolution : torch::autograd::Function<SmallMapConvolution> {
    /// `weight` is the float32 parameter: the function makes autocast's bf16 copy of it itself (when
    /// `input` is bf16), so that the weight gradient it returns is float32 already (no cast after it
    /// in the backward).
    static torch::Tensor forward(torch::autograd::AutogradContext* context, const torch::Tensor& input,
                                 const torch::Tensor& weight, int64_t stride, PatchProducts products)
    {
        // Below autograd, the convolution carries no sequence number of its own: the X-ray gives
        // the backward function the module of kSmallMapConvolutionName's range, whose number it has.
        const at::AutoDispatchBelowADInplaceOrView belowAutograd;
        const torch::Tensor castWeight = autocastWeight(weight, input.scalar_type());
        context->save_for_backward({input, weight});
        context->saved_data["castWeight"] = castWeight;
        context->saved_data["stride"] = stride;
        context->saved_data["products"] = static_cast<int64_t>(products);
        switch (products) {
        case PatchProducts::WholeMaps: {
            // Kept for the input gradient: laying it out again costs as much as its product.
            const torch::Tensor matrix = reversedMapMatrix(castWeight, input.size(2), input.size(3), stride);
            context->saved_data["mapMatrix"] = matrix;
            return wholeMapForward(input, castWeight, matrix, stride);
        }
        case PatchProducts::All: return patchForward(input, castWeight, stride);
        case PatchProducts::WeightGradient: break;
        }
        return at::convolution(input, castWeight, {}, {stride, stride}, {1, 1}, {1, 1}, false, {0, 0}, 1);
    }

    static torch::autograd::variable_list backward(torch::autograd::AutogradContext* context,
                                                   torch::autograd::variable_list gradOutputs)
    {
        const torch::autograd::variable_list saved = context->get_saved_variables();
        const torch::Tensor& input = saved[0];
        const torch::Tensor& weight = saved[1];
        const torch::Tensor castWeight = context->saved_data["castWeight"].toTensor();
        const int64_t stride = context->saved_data["stride"].toInt();
        const auto products = static_cast<PatchProducts>(context->saved_data["products"].toInt());
        const torch::Tensor& gradOutput = gradOutputs[0];
        torch::Tensor gradInput, gradWeight;
        if (context->needs_input_grad(0)) {
            const ConvolutionPartRange range(kConvolutionInputGradientName, {gradOutput, castWeight});
            if (products == PatchProducts::WholeMaps)
                gradInput = wholeMapInputGradient(input, castWeight, gradOutput,
                                                  context->saved_data["mapMatrix"].toTensor());
            else if (products == PatchProducts::All)
                gradInput = patchInputGradient(input, castWeight, gradOutput, stride);
            else
                gradInput = std::get<0>(at::convolution_backward(gradOutput, input, castWeight, std::nullopt,
                                                                 {stride, stride}, {1, 1}, {1, 1}, false, {0, 0}, 1,
                                                                 {true, false, false}));
        }
        if (context->needs_input_grad(1)) {
            const ConvolutionPartRange range(kConvolutionWeightGradientName, {gradOutput, input});
            gradWeight = products == PatchProducts::WholeMaps
                           ? wholeMapWeightGradient(input, weight, gradOutput, stride)
                           : patchWeightGradient(input, weight, gradOutput, stride);
        }
        return {gradInput, gradWeight, torch::Tensor(), torch::Tensor()};
    }
};

SmallMapCpu thisCpu()
{
    static const SmallMapCpu cpu = probeDevices().cpuHasAmxBf16 ? SmallMapCpu::WithAmx : SmallMapCpu::WithoutAmx;
    return cpu;
}

bool takesSmallMapPath(const torch::nn::Conv2dImpl& conv, const torch::Tensor& input, SmallMapCpu cpu)
{
    const auto& options = conv.options;
    const auto* padding = std::get_if<torch::ExpandingArray<2>>(&options.padding());
    if (!input.device().is_cpu() || input.dim() != 4 || !torch::GradMode::is_enabled() || !conv.weight.requires_grad()
        || !both(options.kernel_size(), 3) || !padding || !both(*padding, 1) || !both(options.dilation(), 1)
        || options.groups() != 1 || options.bias() || (*options.stride())[0] != (*options.stride())[1])
        return false;
    const int64_t stride = (*options.stride())[0];
    if (AutocastGuard::activeType(c10::DeviceType::CPU) != at::kBFloat16)
        return input.scalar_type() == at::kFloat && conv.weight.scalar_type() == at::kFloat && onWholeMaps(input)
            && ontoOnePosition(input, stride);
    const int64_t positions = outputSide(input.size(2), stride) * outputSide(input.size(3), stride);
    const bool wide = options.in_channels() >= kMinimumInputChannels && positions <= kMaximumOutputPositions;
    const bool small = options.out_channels() >= kAmxMinimumOutputChannels && positions <= kAmxMaximumOutputPositions;
    const bool strided = stride == 2 && positions <= kStridedMaximumOutputPositions;
    return onWholeMaps(input) || wide || (cpu == SmallMapCpu::WithAmx ? small : strided);
}

PatchProducts patchProductsFor(const torch::nn::Conv2dImpl& conv, const torch::Tensor& input, SmallMapCpu cpu)
{
    const int64_t stride = (*conv.options.stride())[0];
    if (onWholeMaps(input))
        return PatchProducts::WholeMaps;
    const int64_t positions = outputSide(input.size(2), stride) * outputSide(input.size(3), stride);
    return cpu == SmallMapCpu::WithAmx && positions <= kAllByPatchesPositions ? PatchProducts::All
                                                                              : PatchProducts::WeightGradient;
}

torch::Tensor smallMapConvolution(torch::nn::Conv2dImpl& conv, const torch::Tensor& input, PatchProducts products)
{
    // Under autocast, the input's cast autocast makes (the weight's is the function's); then the
    // range whose sequence number the backward function takes.
    const bool autocast = AutocastGuard::activeType(c10::DeviceType::CPU) == at::kBFloat16;
    const torch::Tensor castInput = autocast ? input.to(at::kBFloat16) : input;
    const ConvolutionPartRange range(kSmallMapConvolutionName, {castInput, conv.weight}, true);
    return SmallMapConvolution::apply(castInput, conv.weight, (*conv.options.stride())[0], products);
}

namespace {

thread_local bool libtorchConvolutionsOnly = false;

} // namespace

LibtorchConvolutionsOnly::LibtorchConvolutionsOnly(bool active)
    : previous(std::exchange(libtorchConvolutionsOnly, libtorchConvolutionsOnly || active))
{
}

LibtorchConvolutionsOnly::~LibtorchConvolutionsOnly()
{
    libtorchConvolutionsOnly = previous;
}

torch::Tensor convolve(torch::nn::Conv2dImpl& conv, const torch::Tensor& input)
{
    if (libtorchConvolutionsOnly) {
        if (torch::GradMode::is_enabled() && conv.weight.requires_grad() && operatorsAreRecorded())
            return convolutionWithGradientsApart(conv, input);
        return conv.forward(input);
    }
    if (takesSmallMapPath(conv, input))
        return smallMapConvolution(conv, input, patchProductsFor(conv, input));
    if (torch::GradMode::is_enabled() && conv.weight.requires_grad() && operatorsAreRecorded())
        return convolutionWithGradientsApart(conv, input);
    const auto& options = conv.options;
    const auto* padding = fixedZeroPadding(conv);
    if (!input.device().is_cpu() || AutocastGuard::activeType(c10::DeviceType::CPU) != at::kBFloat16 || !padding)
        return conv.forward(input);
    // conv.forward's convolution, its weight cast as autocastWeight gives it (autocast casts the rest).
    return at::conv2d(input, autocastWeight(conv.weight, at::kBFloat16), conv.bias, *options.stride(), **padding,
                      *options.dilation(), options.groups());
}

} // namespace ampwb
