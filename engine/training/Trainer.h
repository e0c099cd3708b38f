#pragma once

#include "run/TrainingConfig.h"
#include "run/TrainingMetrics.h"
#include "training/ObserverList.h"
#include "training/TrainingJob.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>

namespace ampwb {

class ProcessGroup;
class StepTurns;

/// Trains a ResNet-18 as a TrainingConfig says, writing the run folder as it goes and
/// telling observers about every step and epoch. `run()` blocks: call it on a worker
/// thread. `requestStop()` and `setPaused()` may be called from any thread and take
/// effect before the next step.
class Trainer : public TrainingJob {
public:
    /// A new run in `config.runsDirectory`, or, when `resumeDirectory` is given, the
    /// continuation of the stopped run there from its checkpoint (`config` then only
    /// supplies epochs and max steps, which may extend the run).
    explicit Trainer(TrainingConfig config, std::string resumeDirectory = {});

    /// Observers are called on the training thread; they must outlive `run()`.
    void addObserver(TrainingObserver* observer) override;

    /// Trains until the epochs or max steps are done, or until stopped. Never throws:
    /// bad data, a full disk, NaN losses or out-of-memory end the run with
    /// RunState::Failed and a message; the last checkpoint stays loadable.
    RunSummary run();
    /// run() for whoever holds the trainer as a TrainingJob: the summary goes to the observers.
    void runJob() override;

    /// Works (setup, each step, each validation) only on `seat`'s turn, and leaves its seat
    /// when run() returns. Call before run(); `turns` must outlive run().
    void takeTurns(StepTurns& turns, int seat);

    /// Trains as one rank of a data-parallel group (call before run(); not for resuming): every rank reads
    /// its shard of each epoch and the gradients are averaged over the group (DistributedDataParallel);
    /// rank 0 alone evaluates and writes the run folder and checkpoint. `group` must outlive run().
    void joinGroup(std::shared_ptr<ProcessGroup> group) override;

    /// The run ends, stopped, before its next step (in a data-parallel group every rank stops after the next one).
    void requestStop() override;
    /// Paused, the run waits before its next step until it is resumed or stopped. In a data-parallel
    /// group the whole group pauses, after the next step, until this rank resumes.
    void setPaused(bool paused) override;
    bool isPaused() const { return paused; }

    /// A run name made of `prefix` and the local time now: "<prefix>-<YYYYmmdd-HHMMSS>".
    static std::string timestampedRunName(const std::string& prefix);

private:
    class Session;

    /// The name of a run whose config names none: "<precision>-<YYYYmmdd-HHMMSS>".
    static std::string defaultRunName(const TrainingConfig& config);
    /// Blocks while paused; returns false when a stop was requested.
    bool waitWhilePaused();
    /// Blocks until a pause, resume or stop is asked, or for `longest`.
    void waitForPauseOrStop(std::chrono::milliseconds longest);

    TrainingConfig config;
    std::string resumeDirectory;
    ObserverList observers;
    StepTurns* turns = nullptr;
    int seat = 0;
    std::shared_ptr<ProcessGroup> group;
    std::atomic<bool> stopRequested{false};
    std::atomic<bool> paused{false};
    std::mutex pauseMutex;
    std::condition_variable pauseChanged;
};

} // namespace ampwb
