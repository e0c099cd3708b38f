#pragma once

#include "model/ClassifierModel.h"

#include <string>

namespace ampwb {

/// Loads the model `model` names:
///  - "torchvision": the ImageNet weights in the torch hub cache (findTorchvisionResNet18Weights);
///  - a run folder, or a run's checkpoint.pt (its run folder supplies image size and class names);
///  - a `.pth` state dict saved by `torch.save` from `torchvision.models.resnet18(num_classes=N)`,
///    with the model card beside it (modelCardPath) when there is one.
/// Class names come from `labelsPath` when given, else the card or the run's dataset, else
/// ImageNet's for a 1,000-class head, else "class N". Throws ModelFileError or
/// CheckpointError with a message naming the file and the problem.
ClassifierModel loadClassifierModel(const std::string& model, const std::string& labelsPath = {});

} // namespace ampwb
