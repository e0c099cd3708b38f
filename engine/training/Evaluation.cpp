#include "training/Evaluation.h"

#include "amp/AutocastGuard.h"
#include "data/DataLoader.h"
#include "data/DatasetShard.h"
#include "distributed/ProcessGroup.h"

#include <torch/nn/functional/loss.h>

namespace ampwb {
namespace {

/// A non-owning view of the dataset for the loader.
std::shared_ptr<const Dataset> borrow(const Dataset& dataset)
{
    return std::shared_ptr<const Dataset>(&dataset, [](const Dataset*) {});
}

} // namespace

Evaluation evaluate(ResNet18& model, const Dataset& whole, int64_t imageSize, int64_t batchSize, int workers,
                    int64_t limit, c10::Device device, std::optional<c10::ScalarType> autocast, bool channelsLast,
                    const ProcessGroup* group)
{
    const bool sharded = group && group->worldSize() > 1;
    const std::shared_ptr<const Dataset> shard =
        sharded ? std::make_shared<DatasetShard>(borrow(whole), limit, group->rank(), group->worldSize()) : nullptr;
    const Dataset& dataset = sharded ? *shard : whole;
    if (sharded)
        limit = 0; // the shard holds this rank's part of the first `limit` images
    LoaderOptions options;
    options.batchSize = batchSize;
    options.workers = workers;
    options.shuffle = false;
    options.dropLast = false;
    DataLoader loader(borrow(dataset), ImageTransform({imageSize, false, kImageNetMean, kImageNetStd}), options);
    loader.startEpoch(0);

    model->eval();
    torch::NoGradGuard noGrad;
    const int64_t k = std::min<int64_t>(5, model->numClasses());
    const int64_t wanted = limit > 0 ? std::min(limit, dataset.size()) : dataset.size();
    double lossSum = 0.0;
    int64_t top1 = 0;
    int64_t top5 = 0;
    int64_t seen = 0;
    while (seen < wanted) {
        auto batch = loader.next();
        if (!batch)
            break;
        const int64_t take = std::min<int64_t>(batch->labels.size(0), wanted - seen);
        torch::Tensor images = batch->images.narrow(0, 0, take).to(device);
        if (channelsLast)
            images = images.contiguous(torch::MemoryFormat::ChannelsLast);
        const torch::Tensor labels = batch->labels.narrow(0, 0, take).to(device);
        torch::Tensor logits;
        {
            AutocastGuard autocastRegion(device, autocast.has_value(), autocast.value_or(c10::kFloat));
            logits = model->forward(images);
        }
        logits = logits.to(torch::kFloat);
        lossSum += torch::nn::functional::cross_entropy(
                       logits, labels, torch::nn::functional::CrossEntropyFuncOptions().reduction(torch::kSum))
                       .item<double>();
        const torch::Tensor best = std::get<1>(logits.topk(k, 1));
        const torch::Tensor hits = best.eq(labels.unsqueeze(1));
        top1 += hits.select(1, 0).sum().item<int64_t>();
        top5 += hits.any(1).sum().item<int64_t>();
        seen += take;
    }
    if (sharded) {
        // Counts up to 2^53 are exact in doubles.
        std::vector<torch::Tensor> sums{
            torch::tensor({lossSum, double(top1), double(top5), double(seen)}, torch::kFloat64)};
        group->collectives()->allreduce(sums)->wait();
        const auto summed = sums.front().accessor<double, 1>();
        lossSum = summed[0];
        top1 = static_cast<int64_t>(summed[1]);
        top5 = static_cast<int64_t>(summed[2]);
        seen = static_cast<int64_t>(summed[3]);
    }
    Evaluation result;
    result.images = seen;
    result.unreadableImages = loader.unreadableImages();
    if (seen > 0) {
        result.loss = lossSum / static_cast<double>(seen);
        result.top1 = static_cast<double>(top1) / static_cast<double>(seen);
        result.top5 = static_cast<double>(top5) / static_cast<double>(seen);
    }
    return result;
}

} // namespace ampwb
