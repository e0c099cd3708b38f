#include "training/RunSpeed.h"

#include "run/TrainingMetrics.h"
#include "system/MeasurementNoise.h"
#include "training/Checkpoint.h"

#include <algorithm>

namespace ampwb {
namespace {

int64_t warmupStepsOf(int64_t steps)
{
    return std::clamp<int64_t>(steps / 10, steps > 1 ? 1 : 0, 20);
}

} // namespace

RunSpeed::RunSpeed(int64_t firstStep, int64_t lastStep)
    : firstStep(firstStep)
    , warmupSteps(warmupStepsOf(lastStep - firstStep + 1))
{
}

void RunSpeed::addStep(int64_t step, int64_t images, double seconds)
{
    stepMilliseconds.push_back(seconds * 1000.0);
    if (step - firstStep + 1 > warmupSteps) {
        steadyImages += static_cast<double>(images);
        steadySeconds += seconds;
        steadyStepSeconds.push_back(seconds);
    }
}

void RunSpeed::addCompleteEpoch(double seconds)
{
    completeEpochSeconds.push_back(seconds);
}

void RunSpeed::fillSummary(RunSummary& summary, const TrainingProgress& progress, int64_t stepsPerEpoch) const
{
    summary.medianStepMilliseconds = median(stepMilliseconds);
    summary.imagesPerSecond = steadySeconds > 0.0 ? steadyImages / steadySeconds : 0.0;
    summary.imagesPerSecondError = relativeStandardError(steadyStepSeconds);
    if (!completeEpochSeconds.empty()) {
        summary.epochSeconds = median(completeEpochSeconds);
        summary.epochSecondsProjected = false;
    } else if (progress.globalStep > 0) {
        summary.epochSeconds = progress.trainSeconds / static_cast<double>(progress.globalStep) * stepsPerEpoch;
        summary.epochSecondsProjected = true;
    }
}

} // namespace ampwb
