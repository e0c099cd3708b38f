#include "training/TrainingMetrics.h"

namespace ampwb {

std::string toString(RunState state)
{
    switch (state) {
    case RunState::Running: return "running";
    case RunState::Finished: return "finished";
    case RunState::Stopped: return "stopped";
    case RunState::Failed: return "failed";
    }
    return "running";
}

} // namespace ampwb
