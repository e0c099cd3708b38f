#pragma once

#include <string>
#include <vector>

namespace ampwb::cli {

/// `amp-workbench-cli classify`: classifies image files with a run's checkpoint, a
/// .pth state dict or torchvision's ImageNet weights. Returns the exit code: 0 when
/// every image was classified, 1 when the model or any image could not be read,
/// 2 for a usage mistake.
int runClassify(const std::vector<std::string>& arguments);

} // namespace ampwb::cli
