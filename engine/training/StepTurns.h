#pragma once

#include <condition_variable>
#include <mutex>
#include <vector>

namespace ampwb {

/// Lets trainers on separate threads work in turn, one step each (A, B, A, B, …), so that
/// whatever else the machine does falls on all runs alike. A trainer holds the turn while it
/// works (setup, a step, validation) and passes it on afterwards; once a trainer leaves, the
/// others go on without it. All methods may be called from any thread.
class StepTurns {
public:
    /// Seats 0 … seats−1; seat 0 has the first turn.
    explicit StepTurns(int seats);

    /// Blocks until it is `seat`'s turn (or every other seat has left).
    void take(int seat);
    /// Hands the turn to the next seat still present.
    void pass(int seat);
    /// `seat` takes no more turns; passes the turn on if it held it.
    void leave(int seat);

    /// Holds `seat`'s turn for its lifetime; does nothing without turns.
    class Turn {
    public:
        Turn(StepTurns* turns, int seat);
        ~Turn();
        Turn(const Turn&) = delete;
        Turn& operator=(const Turn&) = delete;

    private:
        StepTurns* turns;
        int seat;
    };

private:
    void handOn(int seat);

    std::mutex mutex;
    std::condition_variable turnChanged;
    std::vector<bool> present;
    int turn = 0;
};

} // namespace ampwb
