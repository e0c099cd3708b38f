#pragma once

#include "run/GradScalerOptions.h"

#include <torch/optim/optimizer.h>
#include <torch/types.h>

#include <cstdint>

namespace ampwb {

/// What a scaler must remember across a checkpoint.
struct GradScalerState {
    double scale = 65536.0;
    int64_t growthTracker = 0;
};

/// Dynamic loss scaling with the semantics of PyTorch's `torch.amp.GradScaler`:
/// the loss is multiplied by the scale before backward; gradients are unscaled
/// (once per step, before clipping) and checked for inf/NaN; an optimizer step
/// with non-finite gradients is skipped; `update()` halves the scale after an
/// overflow and doubles it after `growthInterval` clean steps in a row.
/// Works on CPU and CUDA through the ops `torch.amp.GradScaler` calls on either.
class GradScaler {
public:
    explicit GradScaler(GradScalerOptions options = {});

    /// loss × scale (the loss itself when disabled).
    torch::Tensor scaleLoss(const torch::Tensor& loss) const;
    /// Divides every gradient of the optimizer by the scale and records whether any
    /// was inf/NaN. Calling it again before `update()` does nothing.
    void unscale(torch::optim::Optimizer& optimizer);
    /// Unscales if not done yet, then steps the optimizer unless an overflow was
    /// found. Returns false when the step was skipped.
    bool step(torch::optim::Optimizer& optimizer);
    /// Adjusts the scale from the overflow seen since the last update.
    void update();
    /// The update rule alone, given whether this step overflowed.
    void update(bool foundInf);

    bool isEnabled() const { return opts.enabled; }
    /// The current loss scale (1 when disabled).
    double scale() const { return opts.enabled ? state.scale : 1.0; }
    int64_t growthTracker() const { return state.growthTracker; }
    const GradScalerOptions& options() const { return opts; }

    GradScalerState saveState() const { return state; }
    void loadState(const GradScalerState& saved)
    {
        state = saved;
        unscaled = false;
        overflowFound = false;
    }

private:
    GradScalerOptions opts;
    GradScalerState state;
    bool unscaled = false;
    bool overflowFound = false;
};

} // namespace ampwb
