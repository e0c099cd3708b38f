#pragma once

#include <optional>
#include <string>
#include <vector>

namespace ampwb {

/// The file name torchvision gives its ImageNet ResNet-18 weights (ResNet18_Weights.IMAGENET1K_V1).
inline constexpr const char* kTorchvisionResNet18FileName = "resnet18-f37072fd.pth";

/// Where torch.hub keeps downloaded weights, in the order searched:
/// $TORCH_HOME/hub/checkpoints, $XDG_CACHE_HOME/torch/hub/checkpoints and
/// ~/.cache/torch/hub/checkpoints (those whose variable is set).
std::vector<std::string> torchHubCheckpointDirectories();

/// The torchvision ImageNet ResNet-18 file in the torch hub cache, when one is there.
std::optional<std::string> findTorchvisionResNet18Weights();

/// Where torch.hub would download the torchvision ImageNet ResNet-18 file: in the first of
/// torchHubCheckpointDirectories(). Throws std::runtime_error when none is known (no HOME).
std::string torchvisionResNet18DownloadPath();

} // namespace ampwb
