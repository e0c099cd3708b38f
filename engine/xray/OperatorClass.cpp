#include "xray/OperatorClass.h"

#include "model/ConvolutionGradientsApart.h"
#include "model/SmallMapConvolution.h"

#include <array>
#include <utility>

namespace ampwb {

namespace {

struct ClassNames {
    OperatorClass kind;
    const char* key;
    const char* name;
};

constexpr std::array<ClassNames, kOperatorClassCount> kClasses{{
    {OperatorClass::ConvolutionForward, "conv_forward", "convolution forward"},
    {OperatorClass::ConvolutionInputGradient, "conv_input_gradient", "convolution input gradient"},
    {OperatorClass::ConvolutionWeightGradient, "conv_weight_gradient", "convolution weight gradient"},
    {OperatorClass::ConvolutionBackward, "conv_backward", "convolution backward (both gradients, not timed apart)"},
    {OperatorClass::BatchNorm, "batch_norm", "batch norm"},
    {OperatorClass::Relu, "relu", "ReLU"},
    {OperatorClass::Add, "add", "add (residual)"},
    {OperatorClass::Pooling, "pooling", "pooling"},
    {OperatorClass::Linear, "linear", "linear (fc)"},
    {OperatorClass::Loss, "loss", "loss"},
    {OperatorClass::Optimizer, "optimizer", "optimizer"},
    {OperatorClass::Cast, "cast", "casts"},
    {OperatorClass::Other, "other", "other"},
}};

/// Operator and backward-function names (without "aten::") and their class.
const std::array<std::pair<const char*, OperatorClass>, 35> kNamedOperators{{
    {"conv2d", OperatorClass::ConvolutionForward},
    {"convolution", OperatorClass::ConvolutionForward},
    {"_convolution", OperatorClass::ConvolutionForward},
    {"mkldnn_convolution", OperatorClass::ConvolutionForward},
    {"cudnn_convolution", OperatorClass::ConvolutionForward},
    {"convolution_backward", OperatorClass::ConvolutionBackward},
    {"ConvolutionBackward0", OperatorClass::ConvolutionBackward},
    {kConvolutionForwardName, OperatorClass::ConvolutionForward},
    {kSmallMapConvolutionName, OperatorClass::ConvolutionForward},
    {kConvolutionInputGradientName, OperatorClass::ConvolutionInputGradient},
    {kConvolutionWeightGradientName, OperatorClass::ConvolutionWeightGradient},
    {"batch_norm", OperatorClass::BatchNorm},
    {"_batch_norm_impl_index", OperatorClass::BatchNorm},
    {"native_batch_norm", OperatorClass::BatchNorm},
    {"cudnn_batch_norm", OperatorClass::BatchNorm},
    {"native_batch_norm_backward", OperatorClass::BatchNorm},
    {"NativeBatchNormBackward0", OperatorClass::BatchNorm},
    {"CudnnBatchNormBackward0", OperatorClass::BatchNorm},
    {"relu", OperatorClass::Relu},
    {"relu_", OperatorClass::Relu},
    {"threshold_backward", OperatorClass::Relu},
    {"ReluBackward0", OperatorClass::Relu},
    {"add", OperatorClass::Add},
    {"add_", OperatorClass::Add},
    {"AddBackward0", OperatorClass::Add},
    {"max_pool2d", OperatorClass::Pooling},
    {"max_pool2d_with_indices", OperatorClass::Pooling},
    {"max_pool2d_with_indices_backward", OperatorClass::Pooling},
    {"MaxPool2DWithIndicesBackward0", OperatorClass::Pooling},
    {"adaptive_avg_pool2d", OperatorClass::Pooling},
    {"_adaptive_avg_pool2d", OperatorClass::Pooling},
    {"_adaptive_avg_pool2d_backward", OperatorClass::Pooling},
    {"linear", OperatorClass::Linear},
    {"addmm", OperatorClass::Linear},
    {"AddmmBackward0", OperatorClass::Linear},
}};

const std::array<const char*, 10> kLossOperators{
    {"cross_entropy_loss", "log_softmax", "_log_softmax", "NllLossBackward0", "_log_softmax_backward_data", "nll_loss",
     "nll_loss_nd", "nll_loss_forward", "nll_loss_backward", "LogSoftmaxBackward0"}};

std::string withoutNamespace(const std::string& name)
{
    const std::string prefix = "aten::";
    return name.compare(0, prefix.size(), prefix) == 0 ? name.substr(prefix.size()) : name;
}

} // namespace

std::string operatorClassKey(OperatorClass kind)
{
    return kClasses[static_cast<size_t>(kind)].key;
}

std::optional<OperatorClass> operatorClassFromKey(const std::string& key)
{
    for (const ClassNames& entry : kClasses)
        if (key == entry.key)
            return entry.kind;
    return std::nullopt;
}

std::string operatorClassName(OperatorClass kind)
{
    return kClasses[static_cast<size_t>(kind)].name;
}

std::optional<OperatorClass> classByName(const std::string& name)
{
    const std::string bare = withoutNamespace(name);
    for (const auto& [operatorName, kind] : kNamedOperators)
        if (bare == operatorName)
            return kind;
    for (const char* loss : kLossOperators)
        if (bare == loss)
            return OperatorClass::Loss;
    return std::nullopt;
}

bool isConvolution(OperatorClass kind)
{
    return kind == OperatorClass::ConvolutionForward || kind == OperatorClass::ConvolutionInputGradient
        || kind == OperatorClass::ConvolutionWeightGradient || kind == OperatorClass::ConvolutionBackward;
}

bool isFloatingDtype(const std::string& dtype)
{
    return dtype == "float32" || dtype == "bfloat16" || dtype == "float16" || dtype == "float64";
}

bool isCast(const std::string& name, const std::string& inputDtypes, const std::string& outputDtype)
{
    if (name == "ToCopyBackward0")
        return true;
    if (name != "aten::to" && name != "aten::_to_copy")
        return false;
    const std::string input = inputDtypes.substr(0, inputDtypes.find(','));
    return isFloatingDtype(input) && isFloatingDtype(outputDtype) && input != outputDtype;
}

} // namespace ampwb
