#include "distributed/AllReduceClock.h"

#include <torch/csrc/autograd/engine.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <vector>

namespace ampwb {

using Clock = std::chrono::steady_clock;

struct AllReduceClock::State {
    std::mutex mutex;
    /// Each all-reduce of the step: when the backend started running it and when it completed, once it has.
    std::vector<std::pair<Clock::time_point, Clock::time_point>> ranges;
    std::vector<bool> completed;
    Clock::time_point lastGradient; ///< when backward had computed every gradient
    Clock::time_point returned;     ///< when backward returned
};

namespace {

/// The running clock. Gloo starts and completes an all-reduce's range on its own threads (the callback
/// goes with the range, which the launching thread created; a thread-local variable would not), so the
/// callbacks find the clock here.
std::mutex runningMutex;
std::shared_ptr<AllReduceClock::State> running;

std::shared_ptr<AllReduceClock::State> runningClock()
{
    std::lock_guard<std::mutex> lock(runningMutex);
    return running;
}

/// What an all-reduce's range carries from its start to its completion.
struct Started : at::ObserverContext {
    std::shared_ptr<AllReduceClock::State> state;
    size_t index = 0;
};

bool isAllReduce(const at::RecordFunction& function)
{
    const char* name = function.name();
    return std::strcmp(name, "gloo:all_reduce") == 0 || std::strcmp(name, "nccl:all_reduce") == 0;
}

std::unique_ptr<at::ObserverContext> allReduceStarted(const at::RecordFunction& function)
{
    if (!isAllReduce(function))
        return nullptr;
    auto started = std::make_unique<Started>();
    started->state = runningClock();
    if (!started->state)
        return nullptr;
    const Clock::time_point now = Clock::now();
    std::lock_guard<std::mutex> lock(started->state->mutex);
    started->index = started->state->ranges.size();
    started->state->ranges.emplace_back(now, now);
    started->state->completed.push_back(false);
    return started;
}

void allReduceCompleted(const at::RecordFunction&, at::ObserverContext* context)
{
    auto* started = static_cast<Started*>(context);
    if (!started)
        return;
    const Clock::time_point now = Clock::now();
    std::lock_guard<std::mutex> lock(started->state->mutex);
    if (started->index < started->state->ranges.size()) { // not forgotten by a new step meanwhile
        started->state->ranges[started->index].second = now;
        started->state->completed[started->index] = true;
    }
}

double millisecondsBetween(Clock::time_point from, Clock::time_point to)
{
    return std::chrono::duration<double, std::milli>(to - from).count();
}

} // namespace

AllReduceClock::AllReduceClock()
    : state(std::make_shared<State>())
{
    {
        std::lock_guard<std::mutex> lock(runningMutex);
        if (running)
            throw std::logic_error("another clock already times this process's all-reduces");
        running = state;
    }
    handle = at::addThreadLocalCallback(
        at::RecordFunctionCallback(allReduceStarted, allReduceCompleted).scopes({at::RecordScope::USER_SCOPE}));
}

AllReduceClock::~AllReduceClock()
{
    at::removeCallback(handle);
    std::lock_guard<std::mutex> lock(runningMutex);
    running.reset();
}

void AllReduceClock::startStep(const torch::Tensor& output)
{
    {
        std::lock_guard<std::mutex> lock(state->mutex);
        state->ranges.clear();
        state->completed.clear();
        state->lastGradient = state->returned = Clock::time_point();
    }
    // Backward reaches the output's hook first; the callback it queues runs when every gradient is
    // computed, before the one the Reducer queues later to wait for the all-reduces.
    const std::weak_ptr<State> clock = state;
    output.register_hook([clock](const torch::Tensor&) {
        torch::autograd::Engine::get_default_engine().queue_callback([clock] {
            if (const auto state = clock.lock()) {
                std::lock_guard<std::mutex> lock(state->mutex);
                state->lastGradient = Clock::now();
            }
        });
    });
}

void AllReduceClock::backwardReturned()
{
    std::lock_guard<std::mutex> lock(state->mutex);
    state->returned = Clock::now();
}

AllReduceTimes AllReduceClock::stepTimes() const
{
    std::lock_guard<std::mutex> lock(state->mutex);
    AllReduceTimes times;
    if (state->lastGradient != Clock::time_point() && state->returned > state->lastGradient)
        times.exposedMilliseconds = millisecondsBetween(state->lastGradient, state->returned);
    // Gloo completes an all-reduce's future before it ends its range: one that the returned backward
    // waited for may not have ended yet, and ended at the latest when backward returned.
    std::vector<std::pair<Clock::time_point, Clock::time_point>> ranges;
    for (size_t i = 0; i < state->ranges.size(); ++i) {
        if (state->completed[i])
            ranges.push_back(state->ranges[i]);
        else if (state->returned != Clock::time_point())
            ranges.emplace_back(state->ranges[i].first, std::max(state->ranges[i].first, state->returned));
    }
    times.count = static_cast<int>(ranges.size());
    std::sort(ranges.begin(), ranges.end());
    Clock::time_point coveredUntil; // the union of the ranges: the time during which one ran
    for (const auto& [start, completion] : ranges) {
        const Clock::time_point from = std::max(start, coveredUntil);
        if (completion > from)
            times.milliseconds += millisecondsBetween(from, completion);
        coveredUntil = std::max(coveredUntil, completion);
    }
    return times;
}

} // namespace ampwb
