#include "training/MasterWeights.h"

#include "model/ModulePrecisions.h"

#include <torch/nn/modules/batchnorm.h>

namespace ampwb {

MasterWeights::MasterWeights(ResNet18& model, const ModulePrecisions& precisions)
{
    const torch::NoGradGuard noGrad;
    for (const auto& module : model->named_modules("", /*include_self=*/false)) {
        if (module.value()->as<torch::nn::BatchNorm2d>())
            continue; // its running statistics and their parameters want fp32
        const std::optional<c10::ScalarType> type = precisions.typeOf(module.key());
        if (!type)
            continue;
        for (torch::Tensor& parameter : module.value()->parameters(/*recurse=*/false)) {
            if (parameter.scalar_type() != torch::kFloat)
                continue;
            torch::Tensor master = parameter.detach().clone();
            parameter.set_data(parameter.detach().to(*type));
            stored.push_back({parameter, std::move(master)});
        }
    }
}

int64_t MasterWeights::storedValues() const
{
    int64_t values = 0;
    for (const Stored& each : stored)
        values += each.master.numel();
    return values;
}

torch::Tensor MasterWeights::masterOf(const torch::Tensor& parameter) const
{
    for (const Stored& each : stored)
        if (each.parameter.unsafeGetTensorImpl() == parameter.unsafeGetTensorImpl())
            return each.master;
    return parameter;
}

std::vector<torch::Tensor> MasterWeights::forOptimizer(const std::vector<torch::Tensor>& parameters) const
{
    std::vector<torch::Tensor> stepped;
    stepped.reserve(parameters.size());
    for (const torch::Tensor& parameter : parameters)
        stepped.push_back(masterOf(parameter));
    return stepped;
}

void MasterWeights::gradientsToMasters()
{
    const torch::NoGradGuard noGrad;
    for (Stored& each : stored) {
        const torch::Tensor& gradient = each.parameter.grad();
        torch::Tensor& masterGradient = each.master.mutable_grad();
        if (!gradient.defined())
            masterGradient.reset();
        else if (masterGradient.defined())
            masterGradient.copy_(gradient);
        else
            masterGradient = gradient.to(torch::kFloat);
    }
}

void MasterWeights::mastersToModel()
{
    const torch::NoGradGuard noGrad;
    for (Stored& each : stored)
        each.parameter.copy_(each.master);
}

MasterWeights::Fp32Model::Fp32Model(MasterWeights* masters)
    : masters(masters)
{
    if (!masters)
        return;
    for (Stored& each : masters->stored) {
        reducedValues.push_back(each.parameter.data());
        each.parameter.set_data(each.master);
    }
}

MasterWeights::Fp32Model::~Fp32Model()
{
    if (!masters)
        return;
    const torch::NoGradGuard noGrad;
    for (size_t index = 0; index < reducedValues.size(); ++index) {
        Stored& each = masters->stored[index];
        // A checkpoint's load gives the parameter the file's tensor; one that did not fit changed nothing.
        const bool loaded = !each.parameter.is_alias_of(each.master) && each.parameter.sizes() == each.master.sizes()
                         && each.parameter.scalar_type() == torch::kFloat;
        if (loaded) {
            each.master.copy_(each.parameter);
            reducedValues[index].copy_(each.master);
        }
        each.parameter.set_data(reducedValues[index]);
    }
}

} // namespace ampwb
