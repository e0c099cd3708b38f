#pragma once

#include "model/ResNet18.h"
#include "modelfiles/CheckpointArchive.h"
#include "training/GradScaler.h"

#include <torch/optim/sgd.h>

#include <stdexcept>
#include <string>

namespace ampwb {

/// Running sums of the epoch in progress, so a resumed epoch reports the same figures.
struct EpochProgress {
    double lossSum = 0.0;
    int64_t correct = 0;
    int64_t images = 0;
    int64_t steps = 0;
    int64_t skippedSteps = 0;
    double seconds = 0.0;
};

/// Where training stands: the position the next step starts from.
struct TrainingProgress {
    int64_t epoch = 0;      ///< 0-based epoch in progress
    int64_t nextBatch = 0;  ///< batch of that epoch to run next
    int64_t globalStep = 0; ///< optimizer steps taken so far
    double trainSeconds = 0.0;
    int64_t nonFiniteLosses = 0;
    int64_t skippedSteps = 0;
    EpochProgress currentEpoch;
};

class MasterWeights;

/// Saves model weights (fp32: the masters of weights stored reduced, where `masters` is given), optimizer
/// momentum, scaler state and progress atomically: a crash while writing leaves the previous checkpoint intact.
void saveCheckpoint(const std::string& path, ResNet18& model, torch::optim::SGD& optimizer, const GradScaler& scaler,
                    const TrainingProgress& progress, const MasterWeights* masters = nullptr);

/// Restores what saveCheckpoint wrote into an already built model/optimizer/scaler.
TrainingProgress loadCheckpoint(const std::string& path, ResNet18& model, torch::optim::SGD& optimizer,
                                GradScaler& scaler);

} // namespace ampwb
