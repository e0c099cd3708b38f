#include "training/GradScaler.h"

#include <ATen/Functions.h>

#include <vector>

namespace ampwb {

GradScaler::GradScaler(GradScalerOptions options)
    : opts(options)
{
    state.scale = opts.initScale;
}

torch::Tensor GradScaler::scaleLoss(const torch::Tensor& loss) const
{
    if (!opts.enabled)
        return loss;
    return loss * static_cast<float>(state.scale);
}

void GradScaler::unscale(torch::optim::Optimizer& optimizer)
{
    if (!opts.enabled || unscaled)
        return;
    unscaled = true;

    std::vector<torch::Tensor> grads;
    for (const auto& group : optimizer.param_groups()) {
        for (const auto& parameter : group.params()) {
            if (parameter.grad().defined())
                grads.push_back(parameter.grad());
        }
    }
    if (grads.empty()) {
        overflowFound = false;
        return;
    }

    // Like PyTorch: the reciprocal is taken in double, then applied in fp32, by the op GradScaler calls.
    const auto inverse = static_cast<float>(1.0 / static_cast<double>(static_cast<float>(state.scale)));
    const auto options = torch::TensorOptions().dtype(torch::kFloat).device(grads.front().device());
    auto foundInf = torch::zeros({1}, options);
    at::_amp_foreach_non_finite_check_and_unscale_(grads, foundInf, torch::full({1}, inverse, options));
    overflowFound = foundInf.item<float>() != 0.0f;
}

bool GradScaler::step(torch::optim::Optimizer& optimizer)
{
    if (!opts.enabled) {
        optimizer.step();
        return true;
    }
    unscale(optimizer);
    if (overflowFound)
        return false;
    optimizer.step();
    return true;
}

void GradScaler::update()
{
    if (!opts.enabled)
        return;
    update(overflowFound);
}

void GradScaler::update(bool foundInf)
{
    unscaled = false;
    overflowFound = false;
    if (!opts.enabled)
        return;
    // The scale lives in an fp32 tensor and the tracker in an int32 one, as PyTorch's do, updated by the same op.
    auto scaleTensor = torch::full({1}, static_cast<float>(state.scale), torch::kFloat);
    auto tracker = torch::full({1}, static_cast<int32_t>(state.growthTracker), torch::kInt);
    at::_amp_update_scale_(scaleTensor, tracker, torch::full({1}, foundInf ? 1.0f : 0.0f, torch::kFloat),
                           opts.growthFactor, opts.backoffFactor, opts.growthInterval);
    state.scale = scaleTensor.item<float>();
    state.growthTracker = tracker.item<int32_t>();
}

} // namespace ampwb
