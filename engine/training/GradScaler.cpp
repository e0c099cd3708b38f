#include "training/GradScaler.h"

#include <ATen/Functions.h>

#include <cmath>
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

    // Like PyTorch: the reciprocal is taken in double, then applied in fp32.
    const auto inverse = static_cast<float>(1.0 / static_cast<double>(static_cast<float>(state.scale)));
    const torch::Device device = grads.front().device();
    if (device.is_cuda()) {
        auto foundInf = torch::zeros({1}, torch::TensorOptions().dtype(torch::kFloat).device(device));
        auto inverseTensor = torch::full({1}, inverse, torch::TensorOptions().dtype(torch::kFloat).device(device));
        at::_amp_foreach_non_finite_check_and_unscale_(grads, foundInf, inverseTensor);
        overflowFound = foundInf.item<float>() != 0.0f;
        return;
    }
    torch::NoGradGuard noGrad;
    auto allFinite = torch::ones({}, torch::kBool);
    for (auto& grad : grads) {
        grad.mul_(inverse);
        allFinite = allFinite.logical_and(torch::isfinite(grad).all());
    }
    overflowFound = !allFinite.item<bool>();
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
    // The scale lives in fp32, as PyTorch's scale tensor does.
    if (foundInf) {
        state.scale = static_cast<float>(state.scale * opts.backoffFactor);
        state.growthTracker = 0;
        return;
    }
    const int64_t successful = state.growthTracker + 1;
    if (successful == opts.growthInterval) {
        const auto grown = static_cast<float>(state.scale * opts.growthFactor);
        if (std::isfinite(grown))
            state.scale = grown;
        state.growthTracker = 0;
    } else {
        state.growthTracker = successful;
    }
}

} // namespace ampwb
