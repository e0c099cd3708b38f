#pragma once

#include "distributed/Rendezvous.h"

#include <chrono>
#include <string>
#include <sys/types.h>
#include <vector>

namespace ampwb {

/// How a rank's process ended.
struct RankExit {
    int status = 0;       ///< its exit status, or 128 + the signal that ended it
    int signal = 0;       ///< that signal; 0 when it exited
    bool overdue = false; ///< it was still running when its time was up, and was ended
};

/// Ranks 1…N−1 of a data-parallel group on this machine, started as child processes the way
/// `torchrun --standalone --nproc-per-node N` starts its workers; the calling process is rank 0 and
/// hosts the group's store on a free port of 127.0.0.1.
class LocalRanks {
public:
    /// Starts `program` with `arguments` N−1 times with RANK, WORLD_SIZE, LOCAL_RANK, MASTER_ADDR and
    /// MASTER_PORT set, and OMP_NUM_THREADS (unless set) to `threadsPerRank`. Throws DistributedError
    /// when no port is free or a process cannot be started (those already started are ended).
    LocalRanks(int worldSize, const std::string& program, const std::vector<std::string>& arguments,
               int threadsPerRank);
    /// Ends the ranks still running (SIGTERM, SIGKILL after five seconds) and reaps them.
    ~LocalRanks();

    LocalRanks(const LocalRanks&) = delete;
    LocalRanks& operator=(const LocalRanks&) = delete;

    /// Where rank 0 (this process) meets the others.
    const Rendezvous& rendezvous() const { return zero; }
    /// Waits up to `patience` for ranks 1…N−1 to end, then ends those still running (SIGTERM, SIGKILL
    /// after five seconds); how each ended, rank 1 first.
    std::vector<RankExit> wait(std::chrono::milliseconds patience);

private:
    /// Ends the ranks still running; how each ended (those that had ended already: not overdue).
    std::vector<RankExit> end();

    Rendezvous zero;
    std::vector<pid_t> children;
};

/// What a launcher says of how rank `rank` ended ("rank 1 was ended by signal 9 (Killed)"); empty when it
/// finished or was stopped (exit status 0 or 130).
std::string describeRankExit(int rank, const RankExit& exit);

/// Operator threads for each of `processes` ranks on this machine: the physical cores shared out, at least one.
int threadsPerLocalRank(int processes);

/// This program's own path and its arguments (from /proc/self), without `option` and the value
/// that follows it (or `option=VALUE`): what a launcher passes on to the ranks it starts.
std::vector<std::string> ownArgumentsWithout(const std::string& option);
std::string ownProgram();

} // namespace ampwb
