#include "amp/AutocastWeightCopies.h"

#include <torch/autograd.h>

#include <utility>

namespace ampwb {

namespace {

thread_local AutocastWeightCopies* copiesInUse = nullptr;

bool isDenseFloatOnCpu(const torch::Tensor& tensor)
{
    return tensor.defined() && tensor.layout() == torch::kStrided && tensor.device().is_cpu()
        && tensor.scalar_type() == torch::kFloat && tensor.is_non_overlapping_and_dense();
}

/// Whether `copy` has `weight`'s shape and memory order (so the optimizer can write it element by element).
bool sameLayout(const torch::Tensor& copy, const torch::Tensor& weight)
{
    return copy.defined() && copy.sizes() == weight.sizes() && copy.strides() == weight.strides();
}

/// A weight's ready copy as autocast's cast of it: the copy's values forward, the gradient cast back
/// to float32 backward (what autocast's cast, `_to_copy`, does in each direction).
struct CopiedCast : torch::autograd::Function<CopiedCast> {
    static torch::Tensor forward(torch::autograd::AutogradContext*, const torch::Tensor& /*weight*/,
                                 const torch::Tensor& copy)
    {
        return copy;
    }

    static torch::autograd::variable_list backward(torch::autograd::AutogradContext*,
                                                   torch::autograd::variable_list gradOutputs)
    {
        return {gradOutputs[0].to(torch::kFloat), torch::Tensor()};
    }
};

} // namespace

torch::Tensor AutocastWeightCopies::copyOf(const torch::Tensor& weight)
{
    if (!isDenseFloatOnCpu(weight))
        return {};
    Copy& copy = copies[weight.unsafeGetTensorImpl()];
    const bool current = sameLayout(copy.values, weight)
                      && copy.weightVersion == static_cast<int64_t>(weight._version())
                      && copy.weightData == weight.data_ptr();
    if (!current) {
        const torch::NoGradGuard noGrad;
        copy.weight = weight;
        copy.values = weight.to(torch::kBFloat16);
        copy.weightVersion = static_cast<int64_t>(weight._version());
        copy.weightData = weight.data_ptr();
    }
    return copy.values;
}

c10::BFloat16* AutocastWeightCopies::destinationFor(const torch::Tensor& weight)
{
    const auto found = copies.find(weight.unsafeGetTensorImpl());
    if (found == copies.end() || !sameLayout(found->second.values, weight))
        return nullptr;
    return found->second.values.data_ptr<c10::BFloat16>();
}

void AutocastWeightCopies::written(const torch::Tensor& weight)
{
    const auto found = copies.find(weight.unsafeGetTensorImpl());
    if (found != copies.end()) {
        found->second.weightVersion = static_cast<int64_t>(weight._version());
        found->second.weightData = weight.data_ptr();
    }
}

AutocastWeightCopies::InUse::InUse(AutocastWeightCopies& copies)
    : previous(std::exchange(copiesInUse, &copies))
{
}

AutocastWeightCopies::InUse::~InUse()
{
    copiesInUse = previous;
}

torch::Tensor autocastWeight(const torch::Tensor& weight, c10::ScalarType type)
{
    if (copiesInUse && type == torch::kBFloat16) {
        const torch::Tensor copy = copiesInUse->copyOf(weight);
        if (copy.defined())
            return CopiedCast::apply(weight, copy);
    }
    return weight.to(type);
}

} // namespace ampwb
