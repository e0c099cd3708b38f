#pragma once

#include "TrainingEvent.h"

#include <mutex>

/// The buffer between the training thread (which pushes) and the GUI thread (which
/// takes everything at once on a timer).
class TrainingEventQueue {
public:
    struct Batch {
        TrainingEvents events;
        bool workFinished = false; ///< the training thread has pushed its last event
    };

    void push(TrainingEvent event);
    /// Marks the end of the work; called last by the training thread.
    void finish();
    /// Takes every event pushed so far.
    Batch takeAll();
    /// Empties the queue for a new piece of work.
    void reset();

private:
    std::mutex mutex;
    TrainingEvents pending;
    bool finished = false;
};
