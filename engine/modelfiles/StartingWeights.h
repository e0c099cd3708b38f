#pragma once

#include "model/ResNet18.h"
#include "run/WeightsOrigin.h"

#include <cstdint>
#include <string>

namespace ampwb {

/// A network to fine-tune and where its weights came from.
struct StartingModel {
    ResNet18 network{nullptr};
    WeightsOrigin origin;
};

/// Whether `source` names torchvision's ImageNet weights: "imagenet" (or "torchvision", as `classify` says).
bool namesImageNetWeights(const std::string& source);

/// The ResNet-18 that `source` names, on the CPU in training mode: torchvision's ImageNet file in
/// the torch hub cache, a `.pth` state dict in torchvision's format, a run folder or its
/// checkpoint.pt (see loadClassifierModel), with the file's SHA-256, its image size and ImageNet's
/// normalisation. Throws ModelFileError or CheckpointError naming the file and the problem (for a
/// file of another architecture, the first key that does not fit ResNet-18).
StartingModel loadStartingModel(const std::string& source);

/// Gives the network a head for `classCount` classes: a file's head for another class count is
/// replaced (ResNet18Impl::replaceHead, from torch's current seed); a matching one is kept
/// unless `alwaysNew` (the data's classes are other ones than the file's, in the same number).
void fitHead(StartingModel& start, int64_t classCount, bool alwaysNew = false);

} // namespace ampwb
