#pragma once

#include "model/StateDict.h"

#include <torch/types.h>

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace ampwb {

/// Reads a state dict as `torch.save(model.state_dict(), path)` writes it (a zip archive
/// holding a pickled OrderedDict or dict of tensors), e.g. torchvision's
/// `resnet18-f37072fd.pth`. Tensors come back on the CPU with their saved dtypes.
/// Throws ModelFileError naming the file and the problem for anything else.
StateDict readStateDictFile(const std::string& path);

/// The bytes of a record of a torch.save archive ("data/0", …); throws PickleError when
/// the archive has no such record.
using RecordReader = std::function<std::string(const std::string& record)>;

/// Reads the state dict that torch.save's data.pkl describes, taking tensor data from
/// `readRecord`. The strict core of readStateDictFile: anything but a dict of tensors
/// built by torch._utils._rebuild_tensor_v2 from typed storages throws PickleError.
StateDict stateDictFromPickle(const std::string& pickle, const RecordReader& readRecord);

/// Writes `stateDict` in `torch.save`'s format (an OrderedDict with `_metadata`), so that
/// `torch.load` + `load_state_dict(..., strict=True)` accept it. Atomic: a failure leaves
/// any existing file untouched. Throws ModelFileError.
void writeStateDictFile(const std::string& path, const StateDict& stateDict, const ModuleVersions& versions);

} // namespace ampwb
