#pragma once

#include <optional>
#include <string>

namespace ampwb {

/// The kinds of work a training step's time is divided into in the X-ray.
enum class OperatorClass {
    ConvolutionForward,
    /// A convolution's gradient with respect to its input (what backward passes on to the layer below).
    ConvolutionInputGradient,
    /// A convolution's gradient with respect to its weight (and bias).
    ConvolutionWeightGradient,
    /// A convolution's input and weight gradients in one operator (aten::convolution_backward, as
    /// autograd calls it): in profiles of an older version, whose steps did not time them apart.
    ConvolutionBackward,
    BatchNorm,
    Relu,
    Add,
    Pooling,
    Linear,
    Loss,
    Optimizer,
    Cast, ///< a dtype conversion (autocast's casts and their backward)
    Other,
};

inline constexpr int kOperatorClassCount = static_cast<int>(OperatorClass::Other) + 1;

/// Short stable name, as in the CSV files: "conv_forward", "conv_input_gradient", "conv_weight_gradient",
/// "conv_backward", "batch_norm", "relu", "add",
/// "pooling", "linear", "loss", "optimizer", "cast", "other".
std::string operatorClassKey(OperatorClass kind);
/// The class of a key written by operatorClassKey(); nullopt for anything else.
std::optional<OperatorClass> operatorClassFromKey(const std::string& key);
/// English name for tables: "convolution forward", "batch norm", …
std::string operatorClassName(OperatorClass kind);

/// The class an ATen operator or autograd backward function belongs to by its name alone
/// ("aten::mkldnn_convolution", "ConvolutionBackward0", "aten::native_batch_norm", …); nullopt
/// for names that say nothing (allocation, views, copies), which take their caller's class.
/// Casts are told by their dtypes, not their name (see isCast).
std::optional<OperatorClass> classByName(const std::string& name);

/// Whether `kind` is a convolution's work (forward, either gradient, or both gradients together).
bool isConvolution(OperatorClass kind);

/// Whether a dtype name (dtypeName) is a floating-point one: float32, bfloat16, float16, float64.
bool isFloatingDtype(const std::string& dtype);

/// Whether an operator converts between floating-point dtypes (what autocast's casts do): aten::to /
/// aten::_to_copy from one of float32, bfloat16, float16, float64 to another, or autograd's
/// ToCopyBackward0. Integer conversions (sizes, counts) are not casts.
bool isCast(const std::string& name, const std::string& inputDtypes, const std::string& outputDtype);

} // namespace ampwb
