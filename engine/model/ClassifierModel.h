#pragma once

#include "model/ModelCard.h"
#include "model/ResNet18.h"

#include <string>

namespace ampwb {

/// A ResNet-18 ready to classify with: its weights, its class names and
/// preprocessing, and a line saying where it came from.
struct ClassifierModel {
    ResNet18 network{nullptr};
    ModelCard card;
    std::string description; ///< e.g. "torchvision ImageNet weights (…/resnet18-f37072fd.pth)"
    std::string file;        ///< the file the weights were read from
};

} // namespace ampwb
