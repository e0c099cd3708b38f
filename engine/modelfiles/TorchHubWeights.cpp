#include "modelfiles/TorchHubWeights.h"

#include "system/EngineError.h"

#include <cstdlib>
#include <filesystem>

namespace ampwb {
namespace {

std::string environment(const char* name)
{
    const char* value = std::getenv(name);
    return value ? value : "";
}

} // namespace

std::vector<std::string> torchHubCheckpointDirectories()
{
    std::vector<std::string> directories;
    if (const std::string torchHome = environment("TORCH_HOME"); !torchHome.empty())
        directories.push_back(torchHome + "/hub/checkpoints");
    if (const std::string cacheHome = environment("XDG_CACHE_HOME"); !cacheHome.empty())
        directories.push_back(cacheHome + "/torch/hub/checkpoints");
    if (const std::string home = environment("HOME"); !home.empty())
        directories.push_back(home + "/.cache/torch/hub/checkpoints");
    return directories;
}

std::optional<std::string> findTorchvisionResNet18Weights()
{
    for (const std::string& directory : torchHubCheckpointDirectories()) {
        const std::filesystem::path candidate = std::filesystem::path(directory) / kTorchvisionResNet18FileName;
        std::error_code error;
        if (std::filesystem::is_regular_file(candidate, error))
            return candidate.string();
    }
    return std::nullopt;
}

std::string torchvisionResNet18DownloadPath()
{
    const std::vector<std::string> directories = torchHubCheckpointDirectories();
    if (directories.empty())
        throw EngineError(EngineMessage(EngineMessage::Code::NoTorchHubFolder));
    return directories.front() + "/" + kTorchvisionResNet18FileName;
}

} // namespace ampwb
