#pragma once

#include <torch/optim/sgd.h>

namespace ampwb {

class AutocastWeightCopies;

/// What libtorch's profiling hooks call one parameter's one-pass update (the X-ray counts it, in the
/// step's optimizer phase, as optimizer work).
inline constexpr const char* kOnePassSgdUpdateName = "ampwb::one_pass_sgd_update";

/// libtorch's SGD (momentum, dampening, weight decay, Nesterov) with each parameter's update done in
/// one pass over its memory: weight, gradient and momentum are read once and weight and momentum
/// written once, where SGD's four tensor operations pass over them four times and allocate a
/// weight-sized temporary. The arithmetic is SGD's, operation for operation and rounding for rounding
/// (a fused multiply-add wherever ATen's AVX2/AVX512 kernels use one, two roundings where ATen runs its
/// plain kernels), so the results are bit for bit torch.optim.SGD's; the state (momentum buffers) and
/// its serialisation are SGD's own. Falls back to SGD's step when a parameter is not a dense float32
/// CPU tensor in the memory order of its gradient and momentum, or a loss closure is given.
class OnePassSgd : public torch::optim::SGD {
public:
    using torch::optim::SGD::SGD;

    torch::Tensor step(LossClosure closure = nullptr) override;

    /// Whether step() updates `weight` (one of this optimizer's parameters, with a gradient) in one
    /// pass: it, its gradient and its momentum buffer (once there is one) are dense float32 CPU
    /// tensors in the same memory order (equal strides but for dimensions of size 1). step() takes
    /// SGD's own path when any parameter is not.
    bool updatesInOnePass(const torch::Tensor& weight) const;

    /// Has step() also write each updated weight's bf16 copy in `copies` (where the weight has one,
    /// AutocastWeightCopies), in the pass that updates the weight; `copies` must outlive the steps.
    /// nullptr: no copies (the default).
    void writeAutocastCopies(AutocastWeightCopies* copies) { autocastCopies = copies; }

private:
    torch::Tensor momentumBufferOf(const torch::Tensor& weight) const;

    AutocastWeightCopies* autocastCopies = nullptr;
};

} // namespace ampwb
