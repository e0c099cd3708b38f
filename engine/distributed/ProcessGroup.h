#pragma once

#include "distributed/Rendezvous.h"

#include <torch/csrc/distributed/c10d/ProcessGroup.hpp>

#include <chrono>

namespace ampwb {

/// A data-parallel group on c10d's Gloo backend, formed exactly as PyTorch's
/// init_process_group("gloo") forms its default group, so that Python torch.distributed
/// ranks and workbench ranks can be members of one group.
class ProcessGroup {
public:
    /// Joins the group: rank 0 hosts the rendezvous store at MASTER_ADDR:MASTER_PORT (torchrun's agent
    /// hosts it instead when it says so), and every rank waits there until all have arrived.
    /// `timeout` bounds each of these waits and every later collective. Throws DistributedError, within
    /// about the timeout (twice the timeout and 3 s at most), when the port is taken, the address cannot be
    /// reached, what listens there never answers or a rank never arrives. A store on a loopback MASTER_ADDR
    /// listens on that address alone; otherwise on every interface, as PyTorch's does.
    ProcessGroup(const Rendezvous& rendezvous, std::chrono::milliseconds timeout);

    int rank() const { return rendezvous.rank; }
    int worldSize() const { return rendezvous.worldSize; }
    /// The rank among the group's processes on this machine: the GPU it trains on there.
    int localRank() const { return rendezvous.localRank; }
    /// The c10d process group that runs the collectives.
    const c10::intrusive_ptr<c10d::ProcessGroup>& collectives() const { return group; }
    /// The group's store (init_process_group's keys' prefix), for what the ranks tell each other outside collectives.
    const c10::intrusive_ptr<c10d::Store>& store() const { return keys; }

private:
    Rendezvous rendezvous;
    c10::intrusive_ptr<c10d::ProcessGroup> group;
    c10::intrusive_ptr<c10d::Store> keys;
};

/// Whether this process writes and reports the run: a process training alone (no group), or rank 0 of its group.
inline bool leadsTheRun(const ProcessGroup* group)
{
    return !group || group->rank() == 0;
}

} // namespace ampwb
