#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <thread>

namespace ampwb::cli {

/// Turns Ctrl-C / SIGTERM into a clean stop: while it lives, each such signal prints
/// `notice` to stderr and calls `stop` on the watcher's own thread (not in the signal
/// handler), so `stop` may lock, log and wait.
class InterruptWatcher {
public:
    InterruptWatcher(std::string notice, std::function<void()> stop);
    ~InterruptWatcher();

    InterruptWatcher(const InterruptWatcher&) = delete;
    InterruptWatcher& operator=(const InterruptWatcher&) = delete;

private:
    std::atomic<bool> done{false};
    std::thread thread;
};

} // namespace ampwb::cli
