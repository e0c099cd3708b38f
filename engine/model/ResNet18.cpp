#include "model/ResNet18.h"

#include "amp/AutocastGuard.h"
#include "model/ModulePrecisions.h"
#include "model/SmallMapConvolution.h"
#include "system/EngineError.h"
#include "system/NamedScope.h"

#include <torch/nn/functional/activation.h>
#include <torch/nn/functional/pooling.h>
#include <torch/nn/init.h>

#include <optional>
#include <type_traits>

namespace F = torch::nn::functional;

namespace ampwb {
namespace {

torch::nn::Conv2d convolution(int64_t in, int64_t out, int64_t kernel, int64_t stride, int64_t padding)
{
    return torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, kernel).stride(stride).padding(padding).bias(false));
}

torch::nn::Sequential stage(const std::string& name, int64_t in, int64_t out, int64_t stride)
{
    return torch::nn::Sequential(BasicBlock(in, out, stride, name + ".0"), BasicBlock(out, out, 1, name + ".1"));
}

/// The autocast region the module at `parent` + `name` computes in under `precisions` (none without them),
/// and its input as the region takes it: cast to fp32 where autocast is off, as `x.float()` in Python.
class PrecisionRegion {
public:
    PrecisionRegion(const ModulePrecisions* precisions, const std::string& parent, const char* name,
                    bool isBatchNorm = false)
    {
        if (!precisions)
            return;
        const std::string path = !name ? parent : parent.empty() ? std::string(name) : parent + "." + name;
        const std::optional<c10::ScalarType> type = precisions->typeOf(path, isBatchNorm);
        region.emplace(precisions->device(), type);
        castUp = !type;
    }

    torch::Tensor input(const torch::Tensor& x) const
    {
        return castUp && x.is_floating_point() && x.scalar_type() != torch::kFloat ? x.to(torch::kFloat) : x;
    }

private:
    std::optional<AutocastGuard> region;
    bool castUp = false;
};

/// `module->forward(input)` inside the NamedScope of `parent` + `name` and its precision region.
template <typename Module>
torch::Tensor inScope(const ModulePrecisions* precisions, const std::string& parent, const char* name, Module& module,
                      const torch::Tensor& input)
{
    const NamedScope scope(parent, name);
    const PrecisionRegion region(precisions, parent, name, std::is_same_v<Module, torch::nn::BatchNorm2d>);
    return module->forward(region.input(input));
}

/// A block's 3×3 convolution inside the NamedScope of `parent` + `name` and its precision region (convolve:
/// the small-map path).
torch::Tensor inScope(const ModulePrecisions* precisions, const std::string& parent, const char* name,
                      torch::nn::Conv2d& conv, const torch::Tensor& input)
{
    const NamedScope scope(parent, name);
    const PrecisionRegion region(precisions, parent, name);
    return convolve(*conv, region.input(input));
}

} // namespace

BasicBlockImpl::BasicBlockImpl(int64_t inChannels, int64_t outChannels, int64_t stride, std::string path)
    : path(std::move(path))
{
    conv1 = register_module("conv1", convolution(inChannels, outChannels, 3, stride, 1));
    bn1 = register_module("bn1", torch::nn::BatchNorm2d(outChannels));
    conv2 = register_module("conv2", convolution(outChannels, outChannels, 3, 1, 1));
    bn2 = register_module("bn2", torch::nn::BatchNorm2d(outChannels));
    if (stride != 1 || inChannels != outChannels) {
        downsample = register_module("downsample",
                                     torch::nn::Sequential(convolution(inChannels, outChannels, 1, stride, 0),
                                                           torch::nn::BatchNorm2d(outChannels)));
    }
}

torch::Tensor BasicBlockImpl::forward(torch::Tensor x)
{
    const NamedScope block(path, nullptr);
    const PrecisionRegion blockRegion(precisions.get(), path, nullptr);
    x = blockRegion.input(x);
    const auto relu = [this](const torch::Tensor& in) {
        const NamedScope scope(path, "relu");
        return F::relu(in, F::ReLUFuncOptions(true));
    };
    torch::Tensor identity = x;
    if (downsample) {
        const NamedScope scope(path, "downsample");
        const PrecisionRegion region(precisions.get(), path, "downsample");
        const std::string downsamplePath = precisions ? path + ".downsample" : std::string();
        const PrecisionRegion convRegion(precisions.get(), downsamplePath, "0");
        auto* conv = downsample->ptr(0)->as<torch::nn::Conv2dImpl>();
        torch::Tensor shortcut = convolve(*conv, convRegion.input(region.input(x)));
        const PrecisionRegion normRegion(precisions.get(), downsamplePath, "1", true);
        identity = downsample->ptr(1)->as<torch::nn::BatchNorm2dImpl>()->forward(normRegion.input(shortcut));
    }
    const ModulePrecisions* own = precisions.get();
    torch::Tensor out = relu(inScope(own, path, "bn1", bn1, inScope(own, path, "conv1", conv1, x)));
    out = inScope(own, path, "bn2", bn2, inScope(own, path, "conv2", conv2, out));
    out += identity;
    return relu(out);
}

void BasicBlockImpl::setModulePrecisions(std::shared_ptr<const ModulePrecisions> modulePrecisions)
{
    precisions = std::move(modulePrecisions);
}

ResNet18Impl::ResNet18Impl(int64_t numClasses)
    : classCount(numClasses)
{
    conv1 = register_module("conv1", convolution(3, 64, 7, 2, 3));
    bn1 = register_module("bn1", torch::nn::BatchNorm2d(64));
    layer1 = register_module("layer1", stage("layer1", 64, 64, 1));
    layer2 = register_module("layer2", stage("layer2", 64, 128, 2));
    layer3 = register_module("layer3", stage("layer3", 128, 256, 2));
    layer4 = register_module("layer4", stage("layer4", 256, 512, 2));
    fc = register_module("fc", torch::nn::Linear(512, numClasses));

    for (auto& module : modules(/*include_self=*/false)) {
        if (auto* conv = module->as<torch::nn::Conv2d>()) {
            torch::nn::init::kaiming_normal_(conv->weight, 0.0, torch::kFanOut, torch::kReLU);
        } else if (auto* norm = module->as<torch::nn::BatchNorm2d>()) {
            torch::nn::init::ones_(norm->weight);
            torch::nn::init::zeros_(norm->bias);
        }
    }
}

torch::Tensor ResNet18Impl::forward(torch::Tensor x)
{
    const ModulePrecisions* own = precisions.get();
    x = inScope(own, {}, "bn1", bn1, inScope(own, {}, "conv1", conv1, x));
    {
        const NamedScope scope({}, "relu");
        x = F::relu(x, F::ReLUFuncOptions(true));
    }
    {
        const NamedScope scope({}, "maxpool");
        x = F::max_pool2d(x, F::MaxPool2dFuncOptions(3).stride(2).padding(1));
    }
    const auto inStage = [own](const char* name, torch::nn::Sequential& stage, const torch::Tensor& input) {
        const PrecisionRegion region(own, {}, name);
        return stage->forward(region.input(input));
    };
    x = inStage("layer4", layer4, inStage("layer3", layer3, inStage("layer2", layer2, inStage("layer1", layer1, x))));
    {
        const NamedScope scope({}, "avgpool");
        x = torch::flatten(F::adaptive_avg_pool2d(x, F::AdaptiveAvgPool2dFuncOptions(1)), 1);
    }
    return inScope(own, {}, "fc", fc, x);
}

void ResNet18Impl::setModulePrecisions(std::shared_ptr<const ModulePrecisions> modulePrecisions)
{
    if (modulePrecisions) {
        std::vector<std::string> paths;
        for (const auto& named : named_modules("", /*include_self=*/false))
            paths.push_back(named.key());
        if (const std::vector<std::string> unknown = modulePrecisions->unknownPaths(paths); !unknown.empty()) {
            std::string list;
            for (const std::string& path : unknown)
                list += (list.empty() ? "\"" : ", \"") + path + "\"";
            throw EngineError(EngineMessage(EngineMessage::Code::PolicyUnknownModules, {list}));
        }
    }
    precisions = std::move(modulePrecisions);
    for (torch::nn::Sequential* stage : {&layer1, &layer2, &layer3, &layer4})
        for (const auto& block : (*stage)->children())
            block->as<BasicBlockImpl>()->setModulePrecisions(precisions);
}

void ResNet18Impl::replaceHead(int64_t classes)
{
    classCount = classes;
    fc = replace_module("fc", torch::nn::Linear(512, classes));
}

void ResNet18Impl::freezeBackbone()
{
    backboneFrozen = true;
    for (auto& parameter : backboneParameters())
        parameter.set_requires_grad(false);
    train(is_training());
}

std::vector<torch::Tensor> ResNet18Impl::headParameters() const
{
    return fc->parameters();
}

std::vector<torch::Tensor> ResNet18Impl::backboneParameters() const
{
    std::vector<torch::Tensor> backbone;
    for (const auto& item : named_parameters()) {
        if (item.key().rfind("fc.", 0) != 0)
            backbone.push_back(item.value());
    }
    return backbone;
}

void ResNet18Impl::train(bool on)
{
    torch::nn::Module::train(on);
    if (!backboneFrozen)
        return;
    for (auto& module : modules(/*include_self=*/false)) {
        if (module->as<torch::nn::BatchNorm2d>())
            module->eval();
    }
}

} // namespace ampwb
