#pragma once

#include <cstdint>
#include <vector>

namespace ampwb {

struct RunSummary;
struct TrainingProgress;

/// How fast a run trains: its steps' times, its throughput over the steady steps (those after the
/// first, warm-up ones: allocator growth, oneDNN primitive creation) and its complete epochs' times.
class RunSpeed {
public:
    /// The speed of a run (or a resume's part of it) that takes its steps `firstStep` to `lastStep`,
    /// counted 1-based over the whole run.
    RunSpeed(int64_t firstStep = 1, int64_t lastStep = 0);

    /// Step `step`, of `images` images, took `seconds`.
    void addStep(int64_t step, int64_t images, double seconds);
    /// A complete epoch took `seconds`.
    void addCompleteEpoch(double seconds);

    /// The summary's speed figures (median step time, throughput and its error, epoch time), from the
    /// steps so far; without a complete epoch, the epoch time is projected from `progress`.
    void fillSummary(RunSummary& summary, const TrainingProgress& progress, int64_t stepsPerEpoch) const;

private:
    int64_t firstStep;
    int64_t warmupSteps;
    std::vector<double> stepMilliseconds;
    double steadyImages = 0.0;
    double steadySeconds = 0.0;
    std::vector<double> steadyStepSeconds;
    std::vector<double> completeEpochSeconds;
};

} // namespace ampwb
