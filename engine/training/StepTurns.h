#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace ampwb {

/// Lets trainers on separate threads work in turn, one step each (A, B, A, B, …), so that whatever
/// else the machine does falls on all runs alike. The work of every turn runs on one thread that the
/// turns own, carrying the caller's libtorch state (grad mode, autocast keys, RecordFunction
/// callbacks) there and back, so that it behaves as if it ran on the caller: all runs' operators then
/// share one OpenMP team. With a team on each trainer's thread the teams outnumber the cores, and
/// libgomp then makes its threads sleep at every barrier instead of spinning (an interleaved
/// comparison's steps took about 1,000 context switches each, against 50 one after the other).
class StepTurns {
public:
    /// Seats 0 … seats−1; seat 0 has the first turn.
    explicit StepTurns(int seats);
    ~StepTurns();
    StepTurns(const StepTurns&) = delete;
    StepTurns& operator=(const StepTurns&) = delete;

    /// Waits for `seat`'s turn (or until every other seat has left), runs `work` on the turns'
    /// thread, hands the turn on and returns; rethrows what `work` threw. Call from the seat's thread.
    void work(int seat, const std::function<void()>& work);
    /// `seat` takes no more turns; passes the turn on if it held it.
    void leave(int seat);

private:
    void handOn(int seat);
    void serve();

    std::mutex mutex;
    std::condition_variable changed;
    std::vector<bool> present;
    int turn = 0;
    const std::function<void()>* job = nullptr; ///< the turn's work, until the turns' thread has run it
    bool closing = false;
    std::thread worker;
};

} // namespace ampwb
