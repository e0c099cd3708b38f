#include "data/DataLoader.h"

#include "data/Random.h"
#include "data/RankShard.h"
#include "system/ThreadPolicy.h"

#include <chrono>
#include <numeric>

namespace ampwb {

DataLoader::DataLoader(std::shared_ptr<const Dataset> dataset, ImageTransform transform, LoaderOptions options)
    : dataset(std::move(dataset))
    , transform(std::move(transform))
    , opts(options)
{
    if (opts.batchSize < 1)
        throw DataError("The batch size must be at least 1.");
    if (opts.prefetchBatches < 1 || opts.workers < 0)
        throw DataError("The loader needs a prefetch depth of at least 1 and a non-negative worker count.");
    if (this->dataset->size() < (opts.dropLast ? opts.batchSize : 1))
        throw DataError(EngineMessage(EngineMessage::Code::DatasetSmallerThanBatch,
                                      {std::to_string(this->dataset->size()), std::to_string(opts.batchSize)}));
}

DataLoader::~DataLoader()
{
    stopWorkers();
}

int64_t DataLoader::batchesPerEpoch() const
{
    const int64_t ranks = opts.worldSize;
    const int64_t size = (dataset->size() + ranks - 1) / ranks;
    return opts.dropLast ? size / opts.batchSize : (size + opts.batchSize - 1) / opts.batchSize;
}

std::vector<int64_t> DataLoader::epochOrder(int64_t forEpoch) const
{
    std::vector<int64_t> indices(static_cast<size_t>(dataset->size()));
    std::iota(indices.begin(), indices.end(), 0);
    if (opts.shuffle) {
        SplitMix64 random(mixSeed(opts.seed, static_cast<uint64_t>(forEpoch), 0x0d3e));
        for (size_t i = indices.size(); i > 1; --i)
            std::swap(indices[i - 1], indices[static_cast<size_t>(random.below(i))]);
    }
    return opts.worldSize > 1 ? rankShard(indices, opts.rank, opts.worldSize) : indices;
}

void DataLoader::stopWorkers()
{
    {
        std::lock_guard lock(mutex);
        stopping = true;
    }
    readyChanged.notify_all();
    spaceChanged.notify_all();
    for (auto& thread : threads)
        thread.join();
    threads.clear();
}

void DataLoader::startEpoch(int64_t newEpoch, int64_t fromBatch)
{
    stopWorkers();
    epoch = newEpoch;
    order = epochOrder(epoch);
    endBatch = batchesPerEpoch();
    firstBatch = std::min(fromBatch, endBatch);
    nextToDeliver = firstBatch;
    waitedMs = 0.0;
    ready.clear();
    failure = nullptr;
    failedBatch = -1;
    stopping = false;
    for (int w = 0; w < opts.workers; ++w)
        threads.emplace_back(&DataLoader::workerLoop, this, w);
}

Batch DataLoader::makeBatch(int64_t batchIndex) const
{
    const int64_t begin = batchIndex * opts.batchSize;
    const int64_t end = std::min<int64_t>(begin + opts.batchSize, static_cast<int64_t>(order.size()));
    Batch batch;
    batch.index = batchIndex;
    batch.images = batchImages(end - begin);
    batch.labels = torch::empty({end - begin}, torch::kLong);
    auto* labels = batch.labels.data_ptr<int64_t>();
    for (int64_t position = begin; position < end; ++position) {
        auto [image, label] = readSample(position);
        batch.images[position - begin].copy_(image);
        labels[position - begin] = label;
    }
    if (opts.pinMemory) {
        batch.images = batch.images.pin_memory();
        batch.labels = batch.labels.pin_memory();
    }
    return batch;
}

torch::Tensor DataLoader::batchImages(int64_t count) const
{
    std::lock_guard lock(storeMutex);
    for (const torch::Tensor& images : imageStore)
        if (images.size(0) == count && images.use_count() == 1 && images.storage().use_count() == 1)
            return images;
    const int64_t size = transform.options().imageSize;
    auto images = torch::empty({count, 3, size, size}, torch::kFloat);
    // Enough for the queue, the batches being made and two the consumer may hold.
    if (imageStore.size() < static_cast<size_t>(opts.prefetchBatches + opts.workers + 2))
        imageStore.push_back(images);
    return images;
}

std::pair<torch::Tensor, int64_t> DataLoader::readSample(int64_t position) const
{
    constexpr int64_t kMaxReplacements = 32;
    const uint64_t seed = mixSeed(opts.seed, static_cast<uint64_t>(epoch), static_cast<uint64_t>(position));
    const auto count = static_cast<int64_t>(order.size());
    for (int64_t attempt = 0; attempt <= kMaxReplacements && attempt < count; ++attempt) {
        const int64_t sample = order[static_cast<size_t>((position + attempt) % count)];
        try {
            return {dataset->transformedImage(sample, transform, seed), dataset->label(sample)};
        } catch (const DataError& error) {
            std::lock_guard lock(unreadableMutex);
            unreadable.emplace(sample, error.what());
        }
    }
    throw DataError(EngineMessage(EngineMessage::Code::TooManyUnreadableImages, {std::to_string(kMaxReplacements)}));
}

std::vector<std::string> DataLoader::unreadableImages() const
{
    std::lock_guard lock(unreadableMutex);
    std::vector<std::string> messages;
    for (const auto& entry : unreadable)
        messages.push_back(entry.second);
    return messages;
}

void DataLoader::workerLoop(int workerIndex)
{
    // One operator thread per worker, as PyTorch's DataLoader sets: the training step's team keeps the cores.
    useIntraOpThreadsOnThisThread(kLoaderWorkerThreads);
    for (int64_t b = firstBatch + workerIndex; b < endBatch; b += opts.workers) {
        {
            std::unique_lock lock(mutex);
            spaceChanged.wait(lock, [&] { return stopping || b < nextToDeliver + opts.prefetchBatches; });
            if (stopping)
                return;
        }
        try {
            Batch batch = makeBatch(b);
            std::lock_guard lock(mutex);
            ready.emplace(b, std::move(batch));
        } catch (...) {
            std::lock_guard lock(mutex);
            if (!failure || b < failedBatch) {
                failure = std::current_exception();
                failedBatch = b;
            }
        }
        readyChanged.notify_all();
    }
}

std::optional<Batch> DataLoader::next()
{
    if (nextToDeliver >= endBatch)
        return std::nullopt;
    const auto waitStart = std::chrono::steady_clock::now();
    if (opts.workers == 0) {
        Batch batch = makeBatch(nextToDeliver++);
        waitedMs += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - waitStart).count();
        return batch;
    }
    std::unique_lock lock(mutex);
    // A failure surfaces at the batch that failed, whatever order the workers finished in.
    readyChanged.wait(lock,
                      [&] { return ready.count(nextToDeliver) > 0 || (failure && failedBatch == nextToDeliver); });
    waitedMs += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - waitStart).count();
    if (ready.count(nextToDeliver) == 0)
        std::rethrow_exception(failure);
    Batch batch = std::move(ready.at(nextToDeliver));
    ready.erase(nextToDeliver);
    ++nextToDeliver;
    lock.unlock();
    spaceChanged.notify_all();
    return batch;
}

} // namespace ampwb
