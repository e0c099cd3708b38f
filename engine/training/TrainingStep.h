#pragma once

#include "model/ResNet18.h"
#include "training/StepHooks.h"

#include <c10/core/Device.h>
#include <c10/core/ScalarType.h>
#include <torch/optim/optimizer.h>
#include <torch/types.h>

#include <cstdint>
#include <optional>

namespace ampwb {

class AutocastWeightCopies;
class GradScaler;
class MasterWeights;
struct Batch;

/// How a TrainingStep runs: where, in what precision, with what clipping and which convolutions.
struct StepSettings {
    c10::Device device{c10::DeviceType::CPU};
    std::optional<c10::ScalarType> autocast; ///< the type AMP's autocast casts to (none: FP32)
    double clipGradNorm = 0.0;               ///< the gradients' largest norm (0: not clipped)
    bool stockConvolutions = false;          ///< libtorch's convolutions only, not SmallMapConvolution's
    bool channelsLast = false;               ///< the images in channels-last memory order
};

/// A step's forward: the model's output and the loss.
struct StepForward {
    torch::Tensor logits;
    torch::Tensor loss;
};

/// What one training step did.
struct StepOutcome {
    double loss = 0.0;      ///< the batch's mean loss (may be inf or NaN)
    double lossScale = 1.0; ///< the loss scale the step used (1 without loss scaling)
    bool stepped = false;   ///< false when the optimizer step was skipped (overflow, or a non-finite loss)
    int64_t correct = 0;    ///< the batch's images the model classified right (before the step)
    double seconds = 0.0;   ///< the step's time, forward to optimizer (on CUDA the GPU's)
    /// The step's forward, alive while the step is recorded (the memory its record reads counts it).
    StepForward forward;
};

/// One step of PyTorch's AMP training loop, as its write-up has it:
///
///     optimizer.zero_grad(); with autocast(): out = model(x); loss = crit(out, y)
///     scaler.scale(loss).backward(); scaler.unscale_(opt); scaler.step(opt); scaler.update()
///
/// In FP32 the same loop, without autocast and with a scaler that scales nothing. Each phase opens
/// its profiler scope (xray/StepScopes.h), the step is timed, and the hooks act at its points.
class TrainingStep {
public:
    /// A step of `model` with `optimizer` and `scaler`, the optimizer writing AMP's `autocastCopies`; where a
    /// policy stores weights reduced, the optimizer steps `masterWeights` (else nullptr). The references and
    /// the pointer must outlive it.
    TrainingStep(ResNet18 model, torch::optim::Optimizer& optimizer, GradScaler& scaler,
                 AutocastWeightCopies& autocastCopies, StepSettings settings, StepHooks hooks,
                 MasterWeights* masterWeights = nullptr);

    /// `batch` on the step's device, in the step's memory order: the loop's `x.to(device)`.
    Batch toDevice(const Batch& batch) const;
    /// Trains on `images` and `labels` (on the step's device) for one step.
    StepOutcome run(const torch::Tensor& images, const torch::Tensor& labels);

private:
    void zeroGrad();
    StepForward autocastForward(const torch::Tensor& images, const torch::Tensor& labels);
    void scaledBackward(const torch::Tensor& loss);
    /// Unscales and clips (where the run clips), steps unless the gradients overflowed, updates the
    /// scale. Returns whether the optimizer stepped.
    bool unscaleStepUpdate(bool finiteLoss);

    ResNet18 model;
    torch::optim::Optimizer& optimizer;
    GradScaler& scaler;
    AutocastWeightCopies& autocastCopies;
    StepSettings settings;
    StepHooks hooks;
    MasterWeights* masterWeights;
};

} // namespace ampwb
