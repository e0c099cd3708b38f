#pragma once

#include "run/TrainingConfig.h"

#include <torch/csrc/distributed/c10d/Store.hpp>

namespace ampwb {

/// The ranks of a data-parallel group must train with the same settings (precision, batch size, data,
/// image size, seed, optimiser, …; not the run's name, device, loader workers or runs folder). Each
/// workbench rank publishes its settings in the group's store before the group's first collective and
/// compares them with every other workbench rank's after it; a plain PyTorch rank publishes none and is
/// not compared. Every rank sees the same difference, so all of them stop before training starts.
void publishSettings(const TrainingConfig& config, c10d::Store& store, int rank);

/// Throws DistributedError naming the first setting in which another workbench rank differs from this one.
void checkSameSettings(const TrainingConfig& config, c10d::Store& store, int rank, int worldSize);

} // namespace ampwb
