#include "TrainingEventQueue.h"

void TrainingEventQueue::push(TrainingEvent event)
{
    std::lock_guard lock(mutex);
    pending.push_back(std::move(event));
}

void TrainingEventQueue::finish()
{
    std::lock_guard lock(mutex);
    finished = true;
}

TrainingEventQueue::Batch TrainingEventQueue::takeAll()
{
    std::lock_guard lock(mutex);
    Batch batch;
    batch.events.swap(pending);
    batch.workFinished = finished;
    return batch;
}

void TrainingEventQueue::reset()
{
    std::lock_guard lock(mutex);
    pending.clear();
    finished = false;
}
