#pragma once

#include <torch/csrc/distributed/c10d/ProcessGroup.hpp>
#include <torch/nn/module.h>

#include <memory>

namespace c10d {
class Reducer;
}

namespace ampwb {

/// PyTorch's DistributedDataParallel for a module that every rank of a group trains, wire-compatible
/// with it: a Python rank that wraps the same architecture in torch.nn.parallel.DistributedDataParallel
/// (default settings) runs the same collectives in the same order, and its parameters stay bit-identical.
class DistributedDataParallel {
public:
    /// Checks that every rank's parameters have rank 0's shapes and types, copies rank 0's parameters and
    /// buffers to every rank, and hooks the averaging of gradients into backward (c10d's Reducer, in
    /// DDP's buckets: one bucket until the first backward has shown the order gradients arrive in, then
    /// 25 MiB buckets with a first one of 1 MiB).
    DistributedDataParallel(std::shared_ptr<torch::nn::Module> module, c10::intrusive_ptr<c10d::ProcessGroup> group);
    ~DistributedDataParallel();
    DistributedDataParallel(const DistributedDataParallel&) = delete;
    DistributedDataParallel& operator=(const DistributedDataParallel&) = delete;

    /// Call right before each training forward: rebuilds the buckets after the first backward and copies
    /// rank 0's buffers (batch-norm running statistics) to every rank.
    void beforeForward();
    /// Copies rank 0's buffers to every rank, as beforeForward() does; before validating, since each
    /// rank's last training forward updated its own batch-norm statistics.
    void copyBuffersFromRankZero();
    /// Call after each training forward, before its backward: the coming backward averages the
    /// gradients over the group.
    void afterForward();

private:
    std::shared_ptr<torch::nn::Module> module;
    c10::intrusive_ptr<c10d::ProcessGroup> group;
    std::unique_ptr<c10d::Reducer> reducer;
};

} // namespace ampwb
