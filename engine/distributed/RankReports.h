#pragma once

#include "run/TrainingMetrics.h"

#include <torch/csrc/distributed/c10d/Store.hpp>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace ampwb {

/// Every rank's step figures, for rank 0 to record, through the group's store and never through a
/// collective: a rank publishes each step's figures with one store write; rank 0 takes those that have
/// arrived without waiting for the others (one key lookup per other rank and step), so a slow rank or a
/// plain PyTorch rank, which publishes none, never holds up a step. `run` keeps the keys of the runs
/// of one group apart (a comparison's FP32 and AMP runs).
class RankReports {
public:
    RankReports(c10::intrusive_ptr<c10d::Store> store, std::string run, int worldSize, int64_t firstStep);

    /// Publishes this rank's figures for its step.
    void publish(const RankStep& figures);
    /// Rank 0: the figures the other ranks have published since the last call, each rank's in step
    /// order, without waiting.
    std::vector<RankStep> arrived();
    /// Rank 0, at the run's end: arrived() until each rank that has reported at least once has reported
    /// `lastStep`, or `patience` has passed.
    std::vector<RankStep> remaining(int64_t lastStep, std::chrono::milliseconds patience);

private:
    std::string keyOf(int rank, int64_t step) const;

    c10::intrusive_ptr<c10d::Store> store;
    std::string run;
    std::vector<int64_t> nextStep; ///< of each rank: the next step rank 0 expects its figures for
    int64_t firstStep;
};

} // namespace ampwb
