#pragma once

#include "distributed/LocalRanks.h"
#include "run/TrainingConfig.h"

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ampwb {

class ProcessGroup;

/// A data-parallel group on this machine around work that trains in this process as rank 0 (the window's
/// engine thread): ranks 1…N−1 are amp-workbench-cli processes started with the same settings, as
/// `amp-workbench-cli train|compare --nproc-per-node N` starts them. Construct and use it on the thread
/// that trains; destroying it ends the ranks still running.
class LocalGroup {
public:
    /// Starts `program` (amp-workbench-cli) N−1 times as `command` ("train", "compare", "train --resume DIR")
    /// with `config`'s settings and `timeout` as the group timeout, makes this thread's operators use its share of the
    /// cores, and joins the group with them. Throws DistributedError (within `timeout`) when the ranks
    /// cannot be started or do not arrive.
    LocalGroup(const TrainingConfig& config, std::vector<std::string> command, int processes,
               const std::string& program, std::chrono::seconds timeout);
    LocalGroup(const LocalGroup&) = delete;
    LocalGroup& operator=(const LocalGroup&) = delete;

    /// The group, to join a Trainer or Comparison to.
    const std::shared_ptr<ProcessGroup>& group() const { return processGroup; }
    /// Waits up to the group timeout for ranks 1…N−1 to end and ends those still running: empty when each
    /// finished or was stopped, else what ended which.
    std::string finish();

private:
    std::chrono::seconds timeout;
    std::optional<LocalRanks> ranks;
    std::shared_ptr<ProcessGroup> processGroup;
};

} // namespace ampwb
