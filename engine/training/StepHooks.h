#pragma once

#include <torch/types.h>

#include <functional>

namespace ampwb {

/// What other concerns do at the points of a training step (TrainingStep): a data-parallel group's
/// synchronisation and all-reduce timing, the gradients' statistics. A hook left as it is does nothing.
struct StepHooks {
    /// Under autocast, just before the model's forward.
    std::function<void()> beforeForward = [] {};
    /// Just after the model's forward, given its output, before the loss.
    std::function<void(const torch::Tensor& logits)> afterForward = [](const torch::Tensor&) {};
    /// Once the scaled loss's backward has returned, still in the backward's profiler scope.
    std::function<void()> afterBackward = [] {};
    /// Once the loss is read, before the optimizer's phase, given the loss scale the gradients still carry.
    /// Returns the seconds it took, which the step's time leaves out.
    std::function<double(double lossScale)> gradientsReady = [](double) { return 0.0; };
};

} // namespace ampwb
