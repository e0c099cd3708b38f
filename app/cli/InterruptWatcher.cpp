#include "InterruptWatcher.h"

#include <chrono>
#include <csignal>
#include <cstdio>

namespace ampwb::cli {
namespace {

std::atomic<bool> interrupted{false};

void onInterrupt(int)
{
    interrupted = true;
}

} // namespace

InterruptWatcher::InterruptWatcher(std::string notice, std::function<void()> stop)
    : thread([this, notice = std::move(notice), stop = std::move(stop)] {
        while (!done) {
            if (interrupted.exchange(false)) {
                std::fprintf(stderr, "\n%s\n", notice.c_str());
                stop();
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    })
{
    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
}

InterruptWatcher::~InterruptWatcher()
{
    done = true;
    thread.join();
}

} // namespace ampwb::cli
