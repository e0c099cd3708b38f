#include "training/TrainingStep.h"

#include "amp/AutocastGuard.h"
#include "amp/AutocastWeightCopies.h"
#include "data/DataLoader.h"
#include "model/SmallMapConvolution.h"
#include "system/CudaSupport.h"
#include "system/NamedScope.h"
#include "training/GradScaler.h"
#include "training/MasterWeights.h"
#include "xray/StepScopes.h"

#include <torch/nn/functional/loss.h>
#include <torch/nn/utils/clip_grad.h>

#include <chrono>
#include <cmath>
#include <utility>

namespace ampwb {
namespace {

/// A step's time from its construction: on CUDA the GPU's, between two CUDA events.
class StepClock {
public:
    explicit StepClock(c10::Device device)
        : device(device)
    {
        synchronizeDevice(device);
        start = Clock::now();
        if (device.is_cuda())
            startCudaTimer(device);
    }

    double seconds() const
    {
        return device.is_cuda() ? cudaTimerMilliseconds(device) / 1000.0
                                : std::chrono::duration<double>(Clock::now() - start).count();
    }

private:
    using Clock = std::chrono::steady_clock;
    c10::Device device;
    Clock::time_point start;
};

} // namespace

TrainingStep::TrainingStep(ResNet18 model, torch::optim::Optimizer& optimizer, GradScaler& scaler,
                           AutocastWeightCopies& autocastCopies, StepSettings settings, StepHooks hooks,
                           MasterWeights* masterWeights)
    : model(std::move(model))
    , optimizer(optimizer)
    , scaler(scaler)
    , autocastCopies(autocastCopies)
    , settings(std::move(settings))
    , hooks(std::move(hooks))
    , masterWeights(masterWeights)
{
}

Batch TrainingStep::toDevice(const Batch& batch) const
{
    const bool cuda = settings.device.is_cuda();
    Batch onDevice = batch;
    onDevice.images = batch.images.to(settings.device, /*non_blocking=*/cuda);
    if (settings.channelsLast)
        onDevice.images = onDevice.images.contiguous(torch::MemoryFormat::ChannelsLast);
    onDevice.labels = batch.labels.to(settings.device, /*non_blocking=*/cuda);
    return onDevice;
}

StepOutcome TrainingStep::run(const torch::Tensor& images, const torch::Tensor& labels)
{
    StepOutcome outcome;
    outcome.lossScale = scaler.scale();
    const StepClock clock(settings.device);
    const NamedScope stepScope(stepscope::kTrainingStep); // the X-ray's profile counts what runs inside
    zeroGrad();
    outcome.forward = autocastForward(images, labels);
    const auto& [logits, loss] = outcome.forward;
    scaledBackward(loss);
    outcome.loss = loss.item<double>();
    const double untimedSeconds = hooks.gradientsReady(outcome.lossScale);
    outcome.stepped = unscaleStepUpdate(std::isfinite(outcome.loss));
    outcome.correct = logits.argmax(1).eq(labels).sum().item<int64_t>();
    outcome.seconds = clock.seconds() - untimedSeconds;
    return outcome;
}

void TrainingStep::zeroGrad()
{
    for (auto& parameter : model->parameters())
        parameter.mutable_grad().reset();
}

StepForward TrainingStep::autocastForward(const torch::Tensor& images, const torch::Tensor& labels)
{
    const NamedScope forwardScope(stepscope::kForward);
    const AutocastGuard autocastRegion(settings.device, settings.autocast.has_value(),
                                       settings.autocast.value_or(c10::kFloat));
    const AutocastWeightCopies::InUse copies(autocastCopies);
    const LibtorchConvolutionsOnly stockConvolutions(settings.stockConvolutions);
    StepForward forward;
    hooks.beforeForward();
    forward.logits = model->forward(images);
    hooks.afterForward(forward.logits);
    const NamedScope lossScope(stepscope::kLoss);
    forward.loss = torch::nn::functional::cross_entropy(forward.logits, labels);
    return forward;
}

void TrainingStep::scaledBackward(const torch::Tensor& loss)
{
    const NamedScope backwardScope(stepscope::kBackward);
    scaler.scaleLoss(loss).backward();
    hooks.afterBackward();
}

bool TrainingStep::unscaleStepUpdate(bool finiteLoss)
{
    const NamedScope optimizerScope(stepscope::kOptimizer);
    if (masterWeights)
        masterWeights->gradientsToMasters();
    if (settings.clipGradNorm > 0.0) {
        scaler.unscale(optimizer);             // clip the true gradients, not the scaled ones
        std::vector<torch::Tensor> parameters; // the optimizer's: the masters where weights are stored reduced
        for (const auto& group : optimizer.param_groups())
            parameters.insert(parameters.end(), group.params().begin(), group.params().end());
        torch::nn::utils::clip_grad_norm_(parameters, settings.clipGradNorm);
    }
    bool stepped = false;
    if (!scaler.isEnabled()) {
        // Without loss scaling nothing checks the gradients: a non-finite loss's are not stepped with.
        if (finiteLoss)
            optimizer.step();
        stepped = finiteLoss;
    } else {
        stepped = scaler.step(optimizer);
        scaler.update();
    }
    if (stepped && masterWeights)
        masterWeights->mastersToModel();
    return stepped;
}

} // namespace ampwb
