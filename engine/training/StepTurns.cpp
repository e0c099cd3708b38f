#include "training/StepTurns.h"

#include <stdexcept>

namespace ampwb {

StepTurns::StepTurns(int seats)
    : present(static_cast<size_t>(seats), true)
{
    if (seats < 1)
        throw std::invalid_argument("StepTurns needs at least one seat");
}

void StepTurns::take(int seat)
{
    std::unique_lock lock(mutex);
    turnChanged.wait(lock, [&] { return turn == seat; });
}

void StepTurns::pass(int seat)
{
    std::lock_guard lock(mutex);
    if (turn == seat)
        handOn(seat);
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
    turnChanged.notify_all();
}

StepTurns::Turn::Turn(StepTurns* turns, int seat)
    : turns(turns)
    , seat(seat)
{
    if (turns)
        turns->take(seat);
}

StepTurns::Turn::~Turn()
{
    if (turns)
        turns->pass(seat);
}

} // namespace ampwb
