#pragma once

#include <torch/nn/module.h>
#include <torch/nn/modules/batchnorm.h>
#include <torch/nn/modules/container/sequential.h>
#include <torch/nn/modules/conv.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/pimpl.h>

#include <memory>
#include <string>
#include <vector>

namespace ampwb {

class ModulePrecisions;

/// torchvision's BasicBlock: two 3x3 convolutions with batch norm and an identity
/// (or 1x1 conv + BN "downsample") shortcut. Submodule names equal torchvision's.
class BasicBlockImpl : public torch::nn::Module {
public:
    /// `path` is the block's state-dict path in the model ("layer1.0"): its forward names its
    /// submodules' operators by it for libtorch's profiling hooks (ModuleScope).
    BasicBlockImpl(int64_t inChannels, int64_t outChannels, int64_t stride, std::string path = {});
    torch::Tensor forward(torch::Tensor x);
    /// The precisions the block's modules compute in (ResNet18Impl::setModulePrecisions).
    void setModulePrecisions(std::shared_ptr<const ModulePrecisions> precisions);

private:
    std::string path;
    std::shared_ptr<const ModulePrecisions> precisions;
    torch::nn::Conv2d conv1{nullptr};
    torch::nn::BatchNorm2d bn1{nullptr};
    torch::nn::Conv2d conv2{nullptr};
    torch::nn::BatchNorm2d bn2{nullptr};
    torch::nn::Sequential downsample{nullptr};
};
TORCH_MODULE(BasicBlock);

/// ResNet-18 whose state dict has exactly the names, shapes and dtypes of
/// `torchvision.models.resnet18(num_classes=...)`, initialised as torchvision does
/// (Kaiming-normal fan-out convolutions, unit BN weights, default Linear head).
class ResNet18Impl : public torch::nn::Module {
public:
    explicit ResNet18Impl(int64_t numClasses = 1000);
    /// Logits for a batch of normalised images [N, 3, H, W] (any H, W >= 1).
    torch::Tensor forward(torch::Tensor x);
    int64_t numClasses() const { return classCount; }

    /// Replaces the head by a new Linear(512, classes), initialised as torchvision initialises a
    /// fresh `nn.Linear` (from torch's current random seed), on the CPU: fine-tuning for other classes.
    void replaceHead(int64_t classes);
    /// Trains the head alone: the other parameters stop requiring gradients, and every batch norm
    /// stays in eval mode (its running statistics as loaded), also after train().
    void freezeBackbone();
    bool isBackboneFrozen() const { return backboneFrozen; }
    /// The head's parameters (fc.weight, fc.bias).
    std::vector<torch::Tensor> headParameters() const;
    /// Every parameter but the head's, in the model's order.
    std::vector<torch::Tensor> backboneParameters() const;
    /// Module::train, keeping a frozen backbone's batch norms in eval mode.
    void train(bool on = true) override;
    /// Each module then computes in the autocast region `precisions` gives it, inside whatever region the
    /// caller opened (nullptr: no regions of its own, as without a policy). Throws EngineError
    /// naming the paths the policy gives that are no module of this model.
    void setModulePrecisions(std::shared_ptr<const ModulePrecisions> precisions);
    const ModulePrecisions* modulePrecisions() const { return precisions.get(); }

private:
    std::shared_ptr<const ModulePrecisions> precisions;
    int64_t classCount;
    bool backboneFrozen = false;
    torch::nn::Conv2d conv1{nullptr};
    torch::nn::BatchNorm2d bn1{nullptr};
    torch::nn::Sequential layer1{nullptr}, layer2{nullptr}, layer3{nullptr}, layer4{nullptr};
    torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(ResNet18);

} // namespace ampwb
