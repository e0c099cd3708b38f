#pragma once

#include "model/ModelCard.h"
#include "model/ResNet18.h"
#include "system/EngineMessage.h"

#include <optional>
#include <string>

namespace ampwb {

/// A ResNet-18 ready to classify with: its weights, its class names and
/// preprocessing, and a line saying where it came from.
struct ClassifierModel {
    ResNet18 network{nullptr};
    ModelCard card;
    /// Where it came from, e.g. "torchvision ResNet-18 ImageNet weights (…/resnet18-f37072fd.pth)"; none for a
    /// model made in memory.
    std::optional<EngineMessage> description;
    std::string file; ///< the file the weights were read from
};

} // namespace ampwb
