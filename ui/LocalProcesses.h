#pragma once

#include <chrono>

/// How the window trains data-parallel on this machine (Configuration ▸ Run): its engine thread is rank 0
/// and it starts amp-workbench-cli for ranks 1…processes−1.
struct LocalProcesses {
    int processes = 1; ///< 1: train in this process alone
    /// How long the ranks wait for each other (to form the group, in each collective) before the run ends
    /// with a message naming the lost rank; pauses do not count.
    std::chrono::seconds groupTimeout{120};
};
