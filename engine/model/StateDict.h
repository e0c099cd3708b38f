#pragma once

#include <torch/types.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ampwb {

/// A model's named parameters and buffers, in the order the model lists them.
using StateDict = std::vector<std::pair<std::string, torch::Tensor>>;

/// The `version` each module records in a state dict's `_metadata`, by module path
/// ("" for the root): what `torch.nn.Module.state_dict()` stores beside the tensors.
using ModuleVersions = std::vector<std::pair<std::string, int64_t>>;

} // namespace ampwb
