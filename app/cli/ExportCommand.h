#pragma once

#include <string>
#include <vector>

namespace ampwb::cli {

/// `amp-workbench-cli export`: writes a model as a torchvision .pth state dict (plus its
/// model card) or as ONNX. Returns the exit code: 0 written, 1 failed, 2 usage mistake.
int runExport(const std::vector<std::string>& arguments);

} // namespace ampwb::cli
