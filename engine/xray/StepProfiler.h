#pragma once

#include "run/Precision.h"
#include "run/TrainingMetrics.h"
#include "xray/OperatorProfile.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace ampwb {

class OperatorRecording;

/// Which steps of a run to profile: `first` to `last`, counted over the run as steps.csv counts them.
struct StepRange {
    int64_t first = 0;
    int64_t last = 0;
};

/// A profile just taken: where it was written and its tables, or why it could not be written.
struct ProfileTaken {
    Precision precision = Precision::Fp32;
    std::string runDirectory;
    std::string profileDirectory; ///< empty when the run has no folder (a rank other than 0) or writing failed
    OperatorProfile profile;
    std::string error; ///< why the files could not be written; empty when they were
};

/// Records the operators of chosen training steps of every run it observes (through OperatorRecording,
/// where each run's steps run) and writes each profile into its run's folder (profileDirectory()).
/// The runs of a job differ by precision.
/// Either a fixed range of steps (`train --profile-steps A:B`) or, on request from any thread, the
/// next steps of the runs in progress (the window's Profile button). Outside the profiled steps it
/// costs nothing but a check per step. A profile that cannot be written never ends the run.
class StepProfiler : public TrainingObserver {
public:
    /// Called on the training thread once a profile has been written (or has failed to be).
    using Listener = std::function<void(const ProfileTaken&)>;

    explicit StepProfiler(std::optional<StepRange> range = std::nullopt, Listener listener = {});
    ~StepProfiler() override;

    /// Each run of the observed job, in progress or still to start, profiles its next `steps` steps
    /// (a run not yet started: from its second step); may be called from any thread. A run that is
    /// profiling finishes its range first. Use one profiler per job.
    void profileNextSteps(int64_t steps);

    void runStarted(const RunStarted& started) override;
    void stepFinished(const StepMetrics& step) override;
    void runFinished(const RunSummary& summary) override;

private:
    struct RunProfile;
    RunProfile& runOf(Precision precision);
    void startRecording(RunProfile& run, int64_t first, int64_t last);
    void finishRecording(RunProfile& run);

    std::optional<StepRange> range;
    Listener listener;
    std::atomic<int64_t> requestedSteps{0};
    std::atomic<int64_t> requestNumber{0};
    std::mutex mutex;
    std::map<Precision, std::unique_ptr<RunProfile>> runs;
};

} // namespace ampwb
