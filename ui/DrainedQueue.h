#pragma once

#include <QTimer>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <iterator>
#include <limits>
#include <mutex>
#include <utility>
#include <vector>

/// The buffer between worker threads and the GUI thread: workers push values under a lock,
/// and while work is under way a GUI timer hands what arrived since the previous tick to
/// `deliver`, in the order it was pushed (values pushed ahead first). Create, start and
/// destroy it on the GUI thread.
template <typename Value>
class DrainedQueue {
public:
    /// Called on the GUI thread with the values taken at a tick (never none).
    using Delivery = std::function<void(std::vector<Value> values)>;
    /// Called on the GUI thread after the last delivery of the work, the timer stopped.
    using Finished = std::function<void()>;

    /// How often the timer drains unless setInterval() says otherwise: often enough for lists to
    /// fill smoothly, seldom enough for the GUI thread to stay responsive.
    static constexpr int kIntervalMilliseconds = 40;

    /// Drains every kIntervalMilliseconds, at most `maximumPerTick` values pushed with push() at a time.
    explicit DrainedQueue(Delivery deliver, Finished finished = {},
                          size_t maximumPerTick = std::numeric_limits<size_t>::max())
        : deliver(std::move(deliver))
        , finished(std::move(finished))
        , maximumPerTick(maximumPerTick)
    {
        timer.setInterval(kIntervalMilliseconds);
        QObject::connect(&timer, &QTimer::timeout, &timer, [this] { drain(); });
    }

    /// Drains every `milliseconds` from the next tick on.
    void setInterval(int milliseconds) { timer.setInterval(milliseconds); }

    /// Work is under way: the timer runs (again) until finish() and the last delivery.
    void start()
    {
        {
            const std::lock_guard lock(mutex);
            workFinished = false;
        }
        if (!timer.isActive())
            timer.start();
    }

    /// Adds a value; any thread.
    void push(Value value)
    {
        const std::lock_guard lock(mutex);
        pending.push_back(std::move(value));
    }

    /// Adds a value that the next tick delivers ahead of those added with push(), whatever
    /// the per-tick limit; any thread.
    void pushAhead(Value value)
    {
        const std::lock_guard lock(mutex);
        ahead.push_back(std::move(value));
    }

    /// The work has pushed its last value (until the next start()); any thread.
    void finish()
    {
        const std::lock_guard lock(mutex);
        workFinished = true;
    }

    /// Whether the timer runs: work is under way or its values are still being delivered.
    bool isDraining() const { return timer.isActive(); }

private:
    void drain()
    {
        std::vector<Value> arrived;
        bool done = false;
        {
            const std::lock_guard lock(mutex);
            arrived.swap(ahead);
            const auto end = pending.begin() + static_cast<std::ptrdiff_t>(std::min(pending.size(), maximumPerTick));
            arrived.insert(arrived.end(), std::make_move_iterator(pending.begin()), std::make_move_iterator(end));
            pending.erase(pending.begin(), end);
            done = workFinished && pending.empty();
        }
        // Stopped first: what is delivered may start new work, and with it the timer.
        if (done)
            timer.stop();
        if (!arrived.empty())
            deliver(std::move(arrived));
        if (done && finished)
            finished();
    }

    Delivery deliver;
    Finished finished;
    size_t maximumPerTick;
    std::mutex mutex;
    std::vector<Value> ahead; ///< pushed with pushAhead(): all delivered at the next tick
    std::vector<Value> pending;
    bool workFinished = false;
    QTimer timer;
};
