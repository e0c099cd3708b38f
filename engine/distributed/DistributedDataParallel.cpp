#include "distributed/DistributedDataParallel.h"

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

} // namespace

DistributedDataParallel::DistributedDataParallel(std::shared_ptr<torch::nn::Module> trained,
                                                 c10::intrusive_ptr<c10d::ProcessGroup> processGroup)
    : module(std::move(trained))
    , group(std::move(processGroup))
{
    const auto parameters = trainedParameters(*module);
    c10d::verify_params_across_processes(group, parameters, c10::nullopt);

    auto states = detached(module->parameters());
    const auto buffers = detached(module->buffers());
    states.insert(states.end(), buffers.begin(), buffers.end());
    c10d::broadcast_coalesced(group, states, broadcastBucketBytes, 0);

    const std::vector<bool> sparseGradients(parameters.size(), false);
    auto [bucketIndices, bucketLimits] =
        c10d::compute_bucket_assignment_by_size(parameters, {std::numeric_limits<int64_t>::max()}, sparseGradients);
    // Gradients arrive roughly in the reverse order of the parameters.
    std::reverse(bucketIndices.begin(), bucketIndices.end());
    std::reverse(bucketLimits.begin(), bucketLimits.end());
    reducer = std::make_unique<c10d::Reducer>(parameters, std::move(bucketIndices), std::move(bucketLimits), group,
                                              sparseGradients, bucketBytes, /*find_unused_parameters=*/false,
                                              /*gradient_as_bucket_view=*/false,
                                              std::unordered_map<size_t, std::string>{}, firstBucketBytes);
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
