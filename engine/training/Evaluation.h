#pragma once

#include "data/Dataset.h"
#include "model/ResNet18.h"

#include <c10/core/ScalarType.h>

#include <optional>

namespace ampwb {

class ProcessGroup;

/// Validation figures: mean cross-entropy and top-1 / top-5 accuracy as fractions.
struct Evaluation {
    double loss = 0.0;
    double top1 = 0.0;
    double top5 = 0.0;
    int64_t images = 0;
    std::vector<std::string> unreadableImages; ///< validation images that could not be read
};

/// Evaluates `model` on (the first `limit` images of, when limit > 0) `dataset` with
/// the eval transform, in eval mode without gradients, under autocast to `autocast` when given.
/// Leaves the model in eval mode. With a data-parallel `group`, each rank evaluates its
/// DatasetShard and the sums are all-reduced, so every rank gets the figures of one whole
/// pass (the unreadable images are this rank's); every rank of the group must call it.
Evaluation evaluate(ResNet18& model, const Dataset& dataset, int64_t imageSize, int64_t batchSize, int workers,
                    int64_t limit, c10::Device device, std::optional<c10::ScalarType> autocast, bool channelsLast,
                    const ProcessGroup* group = nullptr);

} // namespace ampwb
