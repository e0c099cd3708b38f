#include "model/ResNet18StateDict.h"

#include "model/ModelFileError.h"

#include <torch/nn/modules/batchnorm.h>

#include <map>
#include <sstream>

namespace ampwb {
namespace {

std::string shapeText(const torch::Tensor& tensor)
{
    std::ostringstream text;
    text << tensor.sizes();
    return text.str();
}

bool typesFit(const torch::Tensor& expected, const torch::Tensor& given)
{
    return expected.is_floating_point() ? given.is_floating_point() : !given.is_floating_point() && !given.is_complex();
}

int64_t classCountOf(const std::map<std::string, torch::Tensor>& tensors)
{
    const auto head = tensors.find("fc.weight");
    if (head == tensors.end() || head->second.dim() != 2 || head->second.size(0) < 1)
        return 1000; // the comparison below then names what is wrong
    return head->second.size(0);
}

} // namespace

StateDict stateDictOf(const ResNet18Impl& model)
{
    StateDict stateDict;
    for (const auto& module : model.named_modules()) {
        const std::string prefix = module.key().empty() ? "" : module.key() + ".";
        for (const auto& parameter : module.value()->named_parameters(/*recurse=*/false))
            stateDict.emplace_back(prefix + parameter.key(), parameter.value());
        for (const auto& buffer : module.value()->named_buffers(/*recurse=*/false))
            stateDict.emplace_back(prefix + buffer.key(), buffer.value());
    }
    return stateDict;
}

ModuleVersions moduleVersionsOf(const ResNet18Impl& model)
{
    ModuleVersions versions;
    for (const auto& module : model.named_modules())
        versions.emplace_back(module.key(), module.value()->as<torch::nn::BatchNorm2d>() ? 2 : 1);
    return versions;
}

ResNet18 resNet18FromStateDict(const StateDict& stateDict, const std::string& source)
{
    std::map<std::string, torch::Tensor> given(stateDict.begin(), stateDict.end());
    ResNet18 model(classCountOf(given));
    const EngineMessage firstEntry = stateDict.empty() ? EngineMessage(EngineMessage::Code::StateDictEmpty)
                                                       : EngineMessage(EngineMessage::Code::StateDictFirstEntry,
                                                                       {stateDict.front().first});
    torch::NoGradGuard noGrad;
    for (auto& [name, target] : stateDictOf(*model)) {
        const auto found = given.find(name);
        if (found == given.end())
            throw ModelFileError(EngineMessage(EngineMessage::Code::StateDictMissingEntry, {source, name, firstEntry}));
        const torch::Tensor& tensor = found->second;
        if (tensor.sizes() != target.sizes())
            throw ModelFileError(EngineMessage(EngineMessage::Code::StateDictShape,
                                               {source, name, shapeText(tensor), shapeText(target)}));
        if (!typesFit(target, tensor))
            throw ModelFileError(
                EngineMessage(EngineMessage::Code::StateDictType, {source, name, c10::toString(tensor.scalar_type()),
                                                                   c10::toString(target.scalar_type())}));
        target.copy_(tensor);
        given.erase(found);
    }
    for (const auto& entry : stateDict) {
        if (given.count(entry.first))
            throw ModelFileError(EngineMessage(EngineMessage::Code::StateDictUnexpectedEntry, {source, entry.first}));
    }
    return model;
}

} // namespace ampwb
