#include "training/ObserverList.h"

namespace ampwb {

template <typename Report>
void ObserverList::notify(void (TrainingObserver::*report)(const Report&), const Report& value)
{
    std::lock_guard lock(mutex);
    for (TrainingObserver* observer : observers)
        (observer->*report)(value);
}

void ObserverList::add(TrainingObserver* observer)
{
    std::lock_guard lock(mutex);
    observers.push_back(observer);
}

void ObserverList::runStarted(const RunStarted& started)
{
    notify(&TrainingObserver::runStarted, started);
}

void ObserverList::stepFinished(const StepMetrics& step)
{
    notify(&TrainingObserver::stepFinished, step);
}

void ObserverList::epochFinished(const EpochMetrics& epoch)
{
    notify(&TrainingObserver::epochFinished, epoch);
}

void ObserverList::runFinished(const RunSummary& summary)
{
    notify(&TrainingObserver::runFinished, summary);
}

} // namespace ampwb
