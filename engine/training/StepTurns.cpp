#include "training/StepTurns.h"

#include <ATen/ThreadLocalState.h>

#include <algorithm>
#include <exception>
#include <optional>
#include <stdexcept>

namespace ampwb {

StepTurns::StepTurns(int seats)
    : present(static_cast<size_t>(std::max(seats, 0)), true)
{
    if (seats < 1)
        throw std::invalid_argument("StepTurns needs at least one seat");
    worker = std::thread([this] { serve(); });
}

StepTurns::~StepTurns()
{
    {
        std::lock_guard lock(mutex);
        closing = true;
    }
    changed.notify_all();
    worker.join();
}

void StepTurns::work(int seat, const std::function<void()>& work)
{
    // The caller's libtorch state goes with the work, and what the work leaves of it comes back.
    const at::ThreadLocalState callerState;
    std::optional<at::ThreadLocalState> stateAfter;
    std::exception_ptr error;
    const std::function<void()> onTurnsThread = [&] {
        const at::ThreadLocalStateGuard asTheCaller(callerState);
        try {
            work();
        } catch (...) {
            error = std::current_exception();
        }
        stateAfter.emplace();
    };
    {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return turn == seat; });
        job = &onTurnsThread;
        changed.notify_all();
        changed.wait(lock, [&] { return job == nullptr; });
        handOn(seat);
    }
    if (stateAfter)
        at::ThreadLocalState::setThreadLocalState(*stateAfter);
    if (error)
        std::rethrow_exception(error);
}

void StepTurns::serve()
{
    std::unique_lock lock(mutex);
    for (;;) {
        changed.wait(lock, [&] { return job != nullptr || closing; });
        if (!job)
            return;
        lock.unlock();
        (*job)();
        lock.lock();
        job = nullptr;
        changed.notify_all();
    }
}

void StepTurns::leave(int seat)
{
    std::lock_guard lock(mutex);
    present.at(static_cast<size_t>(seat)) = false;
    if (turn == seat)
        handOn(seat);
}

void StepTurns::handOn(int seat)
{
    const int seats = static_cast<int>(present.size());
    for (int offset = 1; offset <= seats; ++offset) {
        const int next = (seat + offset) % seats;
        if (present[static_cast<size_t>(next)]) {
            turn = next;
            break;
        }
    }
    changed.notify_all();
}

} // namespace ampwb
