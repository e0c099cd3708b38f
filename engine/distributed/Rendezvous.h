#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace ampwb {

/// Where a process meets the other ranks of its data-parallel group, and which rank it is:
/// what torchrun (or a launcher of the same kind) puts in the environment.
struct Rendezvous {
    int rank = 0;
    int worldSize = 1;
    int localRank = 0; ///< the rank among the processes on this machine
    std::string masterAddress = "127.0.0.1";
    uint16_t masterPort = 29500;
    /// Set under torchrun: its agent hosts the store (every rank is a client) and the keys of this
    /// attempt live under "/worker/attempt_<restart count>".
    std::optional<int> agentStoreAttempt;
};

/// The rendezvous described by RANK, WORLD_SIZE, LOCAL_RANK (default 0), MASTER_ADDR and MASTER_PORT,
/// as PyTorch's env:// reads them; nullopt when neither RANK nor WORLD_SIZE is set (one process).
/// Throws DistributedError naming a variable that is missing or out of range.
std::optional<Rendezvous> rendezvousFromEnvironment();

} // namespace ampwb
