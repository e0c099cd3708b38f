#pragma once

#include "run/TrainingMetrics.h"

#include <mutex>
#include <vector>

namespace ampwb {

/// The observers of a job, itself an observer: each report it receives goes to every observer
/// added to it, in the order they were added, one report at a time (reports may come from
/// several training threads).
class ObserverList : public TrainingObserver {
public:
    /// Adds an observer; it must outlive the reports.
    void add(TrainingObserver* observer);

    void runStarted(const RunStarted& started) override;
    void stepFinished(const StepMetrics& step) override;
    void epochFinished(const EpochMetrics& epoch) override;
    void runFinished(const RunSummary& summary) override;

private:
    template <typename Report>
    void notify(void (TrainingObserver::*report)(const Report&), const Report& value);

    std::mutex mutex;
    std::vector<TrainingObserver*> observers;
};

} // namespace ampwb
