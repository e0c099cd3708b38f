#pragma once

#include "run/TrainingConfig.h"

namespace ampwb {

/// Learning rate at a 0-based optimizer step: linear warm-up over `warmupEpochs`,
/// then the configured schedule (constant, step or cosine).
double learningRateAt(const TrainingConfig& config, int64_t step, int64_t stepsPerEpoch);

} // namespace ampwb
