#pragma once

#include <ATen/record_function.h>
#include <torch/types.h>

#include <memory>

namespace ampwb {

/// How a training step's gradient averaging went: how long the all-reduces ran and how long backward
/// waited for them after computing its last gradient.
struct AllReduceTimes {
    int count = 0;             ///< all-reduces that ran in the step
    double milliseconds = 0.0; ///< time during which at least one ran ("gloo:all_reduce", as c10d records it)
    /// From backward's last gradient to its return, the Reducer's wait for the averaged gradients: the
    /// communication that backward did not hide.
    double exposedMilliseconds = 0.0;
};

/// Times the all-reduces of this process's training steps. The all-reduces are timed as the backend
/// runs them, through a RecordFunction callback on the thread that launches them (the one calling
/// backward, where DistributedDataParallel's Reducer launches them); the exposed part through an
/// autograd final callback queued ahead of the Reducer's. One clock per process at a time.
class AllReduceClock {
public:
    AllReduceClock();
    ~AllReduceClock();
    AllReduceClock(const AllReduceClock&) = delete;
    AllReduceClock& operator=(const AllReduceClock&) = delete;

    /// Starts a step's timing, forgetting the last step's. `output` is the step's forward output (it must
    /// require grad); call before its backward.
    void startStep(const torch::Tensor& output);
    /// Call when backward has returned: the step's all-reduces have completed.
    void backwardReturned();
    /// The step's times, once backward has returned.
    AllReduceTimes stepTimes() const;

    struct State;

private:
    std::shared_ptr<State> state;
    at::CallbackHandle handle = 0;
};

} // namespace ampwb
