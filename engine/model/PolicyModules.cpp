#include "model/PolicyModules.h"

#include "model/ResNet18.h"

#include <torch/nn/modules/batchnorm.h>
#include <torch/nn/modules/container/sequential.h>

#include <algorithm>

namespace ampwb {

const std::vector<PolicyModule>& resNet18PolicyModules()
{
    static const std::vector<PolicyModule> modules = [] {
        const ResNet18 model(1); // the head's width does not change the paths
        const auto named = model->named_modules("", /*include_self=*/false);
        std::vector<PolicyModule> found;
        for (const auto& module : named) {
            const std::string& path = module.key();
            const size_t dot = path.rfind('.');
            const auto* parent = dot == std::string::npos ? nullptr : named.find(path.substr(0, dot));
            const bool insideSequential = parent && (*parent)->as<torch::nn::SequentialImpl>();
            const bool ownsParameters = !module.value()->parameters(/*recurse=*/false).empty();
            // A Sequential whose children own parameters (a shortcut's downsample) is timed as one; a stage
            // (layer1…) is one of blocks, timed in their own modules.
            bool sequentialOfLayers = false;
            if (module.value()->as<torch::nn::SequentialImpl>())
                for (const auto& child : module.value()->children())
                    sequentialOfLayers |= !child->parameters(/*recurse=*/false).empty();
            found.push_back({path, module.value()->as<torch::nn::BatchNorm2d>() != nullptr,
                             sequentialOfLayers || (ownsParameters && !insideSequential)});
        }
        return found;
    }();
    return modules;
}

const PolicyModule* findPolicyModule(const std::string& path)
{
    const auto& modules = resNet18PolicyModules();
    const auto found = std::find_if(modules.begin(), modules.end(),
                                    [&path](const PolicyModule& module) { return module.path == path; });
    return found != modules.end() ? &*found : nullptr;
}

std::string moduleFeeding(const std::string& scope)
{
    if (scope == "relu" || scope == "maxpool")
        return "bn1";
    if (scope == "avgpool") {
        const auto& modules = resNet18PolicyModules();
        const auto last = std::find_if(modules.rbegin(), modules.rend(), [](const PolicyModule& module) {
            return module.isBatchNorm && module.timedAlone;
        });
        return last != modules.rend() ? last->path : std::string();
    }
    const std::string relu = ".relu";
    if (scope.size() > relu.size() && scope.compare(scope.size() - relu.size(), relu.size(), relu) == 0) {
        const std::string firstNorm = scope.substr(0, scope.size() - relu.size()) + ".bn1";
        return findPolicyModule(firstNorm) ? firstNorm : std::string();
    }
    const std::string secondNorm = scope + ".bn2";
    return findPolicyModule(secondNorm) ? secondNorm : std::string();
}

} // namespace ampwb
