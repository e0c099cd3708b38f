#pragma once

#include <string>

namespace ampwb {

/// Operator threads of each data loader worker (as PyTorch's DataLoader sets in its workers).
constexpr int kLoaderWorkerThreads = 1;

/// How many threads libtorch's operators use, chosen once when a program starts.
/// Training, evaluation and classification use one intra-op thread per physical core the process may
/// run on; each data loader worker uses kLoaderWorkerThreads, so the workers never start operator thread teams of their
/// own that compete with the training step's.
struct ThreadPolicy {
    int intraOpThreads = 1;
    /// Why that many: "one per physical core", "from OMP_NUM_THREADS" or "from --threads".
    std::string chosenBy;
};

/// Physical cores this process may run on: the CPUs in its affinity mask, the hardware threads of
/// one core counted once (Linux's topology files), at most the CPU quota of its control group.
int physicalCoresAvailable();

/// The policy for `requestedThreads` (0: not requested): the request, else OMP_NUM_THREADS when
/// set to a whole number, else physicalCoresAvailable().
ThreadPolicy chooseThreadPolicy(int requestedThreads = 0);

/// Makes `policy.intraOpThreads` libtorch's intra-op thread count for this thread and for every
/// thread that starts using libtorch afterwards (the window's engine thread, classification workers).
void applyThreadPolicy(const ThreadPolicy& policy);

/// The policy applied last in this process (libtorch's own default until applyThreadPolicy is called).
ThreadPolicy currentThreadPolicy();

/// Makes libtorch's operators on the calling thread use `threads` threads, leaving every other
/// thread's count as it is (for data loader workers).
void useIntraOpThreadsOnThisThread(int threads);

} // namespace ampwb
