#include "distributed/DistributedDataParallel.h"

#include "distributed/DistributedError.h"

#include <torch/csrc/distributed/c10d/comm.hpp>
#include <torch/csrc/distributed/c10d/reducer.hpp>

#include <algorithm>
#include <limits>

namespace ampwb {

namespace {

/// DDP's sizes: the broadcast buffer for parameters and buffers, and the gradient buckets.
constexpr size_t broadcastBucketBytes = 250 * 1024 * 1024;
constexpr int64_t bucketBytes = 25 * 1024 * 1024;
constexpr int64_t firstBucketBytes = 1024 * 1024;

std::vector<torch::Tensor> trainedParameters(const torch::nn::Module& module)
{
    std::vector<torch::Tensor> parameters;
    for (const auto& parameter : module.parameters())
        if (parameter.requires_grad())
            parameters.push_back(parameter);
    return parameters;
}

std::vector<torch::Tensor> detached(const std::vector<torch::Tensor>& tensors)
{
    std::vector<torch::Tensor> result;
    result.reserve(tensors.size());
    for (const auto& tensor : tensors)
        result.push_back(tensor.detach());
    return result;
}

/// The ranks failed to agree on their parameters: a rank whose model differs stops there (c10d names the
/// parameter) and the others lose it. The usual cause is a plain PyTorch rank in PyTorch's layout.
std::string differentModelsMessage(const std::exception& error)
{
    return std::string("The ranks could not agree on the model's parameters: each rank's must have rank 0's "
                       "shapes and memory layout. The workbench trains in the channels_last layout unless "
                       "started with --contiguous (the window: channels_last unticked); plain PyTorch ranks "
                       "keep the contiguous one unless they convert their model "
                       "(model.to(memory_format=torch.channels_last)). (")
         + errorReason(error) + ")";
}

} // namespace

DistributedDataParallel::DistributedDataParallel(std::shared_ptr<torch::nn::Module> trained,
                                                 c10::intrusive_ptr<c10d::ProcessGroup> processGroup)
    : module(std::move(trained))
    , group(std::move(processGroup))
{
    const auto parameters = trainedParameters(*module);
    auto states = detached(module->parameters());
    const auto buffers = detached(module->buffers());
    states.insert(states.end(), buffers.begin(), buffers.end());
    try {
        c10d::verify_params_across_processes(group, parameters, std::nullopt);
        c10d::broadcast_coalesced(group, states, broadcastBucketBytes, 0);
    } catch (const std::exception& error) {
        throw DistributedError(differentModelsMessage(error));
    }

    const std::vector<bool> sparseGradients(parameters.size(), false);
    auto bucketIndices = std::get<0>(
        c10d::compute_bucket_assignment_by_size(parameters, {std::numeric_limits<int64_t>::max()}, sparseGradients));
    // Gradients arrive roughly in the reverse order of the parameters.
    std::reverse(bucketIndices.begin(), bucketIndices.end());
    reducer = std::make_unique<c10d::Reducer>(parameters, std::move(bucketIndices), group, sparseGradients, bucketBytes,
                                              /*find_unused_parameters=*/false, /*gradient_as_bucket_view=*/false,
                                              std::unordered_map<size_t, std::string>{}, firstBucketBytes,
                                              /*skip_all_reduce_unused_params=*/false, /*use_python_reducer=*/false,
                                              /*bucket_bytes_cap_list=*/std::vector<int64_t>{});
}

DistributedDataParallel::~DistributedDataParallel() = default;

void DistributedDataParallel::beforeForward()
{
    reducer->prepare_for_forward();
    reducer->rebuild_buckets();
    copyBuffersFromRankZero();
}

void DistributedDataParallel::copyBuffersFromRankZero()
{
    const auto buffers = detached(module->buffers());
    if (!buffers.empty()) {
        torch::NoGradGuard noGrad;
        c10d::broadcast_coalesced(group, buffers, broadcastBucketBytes, 0);
    }
}

void DistributedDataParallel::afterForward()
{
    reducer->prepare_for_backward({});
}

} // namespace ampwb
