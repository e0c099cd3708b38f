#pragma once

#include "model/ResNet18.h"

#include <string>

namespace ampwb {

/// The model of a run's checkpoint.pt (see saveCheckpoint), without the optimizer and
/// progress a resumed run needs: a ResNet-18 with the checkpoint's head size and weights.
/// Throws CheckpointError naming the problem.
ResNet18 loadCheckpointWeights(const std::string& path);

} // namespace ampwb
