#pragma once

#include <memory>

namespace ampwb {

class ProcessGroup;
class TrainingObserver;

/// A piece of training work (one run, a comparison of runs, …) that a front end starts on a
/// worker thread and steers from another: what the GUI's controller holds whatever it runs.
/// Every run the job trains tells the observers how it goes, its RunSummary last.
class TrainingJob {
public:
    virtual ~TrainingJob() = default;

    /// Adds an observer; call before runJob(). Observers are called on the job's training
    /// threads, one call at a time, and must outlive runJob().
    virtual void addObserver(TrainingObserver* observer) = 0;
    /// Trains as one rank of a data-parallel group; call before runJob(). `group` must outlive runJob().
    virtual void joinGroup(std::shared_ptr<ProcessGroup> group) = 0;
    /// Does the whole job and returns when it has ended (finished, stopped or failed); blocks,
    /// so call it on a worker thread. Its outcome reaches the observers: a run that fails ends
    /// with a failed RunSummary. Throws only for what no run can report, such as a folder that
    /// cannot be made.
    virtual void runJob() = 0;
    /// Asks the job to stop after its current step; may be called from any thread.
    virtual void requestStop() = 0;
    /// Holds the job before its next step, or lets it go on; may be called from any thread.
    virtual void setPaused(bool paused) = 0;
};

} // namespace ampwb
