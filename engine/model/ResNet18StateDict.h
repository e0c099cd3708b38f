#pragma once

#include "model/ResNet18.h"
#include "model/StateDict.h"

#include <string>

namespace ampwb {

/// The model's tensors under torchvision's names and in torchvision's order (each
/// module's parameters, then its buffers, modules in tree order). The tensors are
/// the model's own, not copies.
StateDict stateDictOf(const ResNet18Impl& model);

/// The `_metadata` versions torchvision's modules record (BatchNorm 2, the others 1).
ModuleVersions moduleVersionsOf(const ResNet18Impl& model);

/// A ResNet-18 holding the weights of a `torchvision.models.resnet18(num_classes=N)`
/// state dict; N comes from `fc.weight`. `source` names the file in messages. Throws
/// ModelFileError naming the first missing, mismatched (shape or type) or unexpected key.
ResNet18 resNet18FromStateDict(const StateDict& stateDict, const std::string& source);

} // namespace ampwb
