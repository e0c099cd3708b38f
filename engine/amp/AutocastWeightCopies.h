#pragma once

#include <c10/util/BFloat16.h>
#include <torch/types.h>

#include <unordered_map>

namespace ampwb {

/// The bf16 copies of float32 weights that a training step under CPU autocast takes in place of
/// autocast's casts. Autocast casts every weight anew in each step (a pass over all 45 MB of
/// ResNet-18's float32 weights, and 22 MB written); here a weight's copy is made at its first use and
/// then rewritten by the optimizer in the pass in which it updates the weight (OnePassSgd), so a step
/// reads its weights' bf16 values ready. The values are those autocast's cast gives (bf16 rounded to
/// nearest even), so the step's results are bit for bit the same. A copy counts only while it holds
/// its weight's values: after the weight changes in place in any other way (loading a checkpoint,
/// libtorch's SGD step), which raises the weight's version, it is made again at the next use.
class AutocastWeightCopies {
public:
    /// The copy of `weight` (a dense float32 CPU tensor) holding its current values, in its layout,
    /// made now if there is none or it is out of date; undefined for any other tensor.
    torch::Tensor copyOf(const torch::Tensor& weight);

    /// Where the optimizer writes `weight`'s new values as bf16, in `weight`'s memory order, while it
    /// updates it; nullptr when `weight` has no copy (it was never used under autocast).
    c10::BFloat16* destinationFor(const torch::Tensor& weight);
    /// Records that `weight`'s copy now holds its values (after the optimizer wrote both).
    void written(const torch::Tensor& weight);

    /// Makes `copies` the ones autocastWeight() takes on this thread while it lives.
    class InUse {
    public:
        explicit InUse(AutocastWeightCopies& copies);
        ~InUse();
        InUse(const InUse&) = delete;
        InUse& operator=(const InUse&) = delete;

    private:
        AutocastWeightCopies* previous;
    };

private:
    struct Copy {
        torch::Tensor weight; ///< kept so that its TensorImpl, the key, is not reused
        torch::Tensor values;
        int64_t weightVersion = -1;
        const void* weightData = nullptr; ///< a weight given new memory (set_data) needs a new copy
    };
    std::unordered_map<const c10::TensorImpl*, Copy> copies;
};

/// `weight` cast to `type` for an operator under autocast, differentiable to `weight` (its gradient
/// reaches `weight` as float32, as through autocast's cast): the copy of the AutocastWeightCopies in
/// use on this thread when `type` is bf16 and one is in use, else weight.to(type).
torch::Tensor autocastWeight(const torch::Tensor& weight, c10::ScalarType type);

} // namespace ampwb
