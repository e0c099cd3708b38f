#pragma once

#include "data/Dataset.h"
#include "data/ImageTransform.h"

#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace ampwb {

/// One collated batch: images float [B, 3, S, S], labels int64 [B].
struct Batch {
    torch::Tensor images;
    torch::Tensor labels;
    int64_t index = 0; ///< position of the batch within its epoch
};

/// How a DataLoader reads an epoch.
struct LoaderOptions {
    int64_t batchSize = 128;
    int workers = 2;         ///< 0: batches are made on the calling thread
    int prefetchBatches = 4; ///< bounded queue depth (batches made ahead of the consumer)
    bool shuffle = true;
    bool dropLast = true;
    uint64_t seed = 0;
    bool pinMemory = false; ///< page-locked batches, for asynchronous copies to CUDA
    /// A data-parallel rank reads only its shard of each epoch's order (rankShard).
    int rank = 0;
    int worldSize = 1;
};

/// Worker threads turn sample indices into transformed, collated batches and hand
/// them over in order through a bounded queue. The sample order and every random
/// augmentation depend only on (seed, epoch, position), never on thread timing or
/// worker count, so two runs with the same seed see identical batches.
/// An image that cannot be read (DataError) is recorded and replaced by the next
/// sample in the epoch's order, so training goes on past corrupt files.
class DataLoader {
public:
    DataLoader(std::shared_ptr<const Dataset> dataset, ImageTransform transform, LoaderOptions options);
    ~DataLoader();
    DataLoader(const DataLoader&) = delete;
    DataLoader& operator=(const DataLoader&) = delete;

    /// Starts producing `epoch`'s batches from batch `fromBatch` on (for resuming).
    void startEpoch(int64_t epoch, int64_t fromBatch = 0);
    /// The next batch of the epoch (blocks until it is ready); nullopt at the end.
    /// Rethrows a worker's exception (e.g. DataError for an unreadable file).
    std::optional<Batch> next();
    int64_t batchesPerEpoch() const;
    /// Milliseconds the consumer spent waiting for data in `next()` since the epoch started.
    double waitedMilliseconds() const { return waitedMs; }
    /// The sample order of an epoch (a permutation when shuffling); a rank's shard of it in a data-parallel group.
    std::vector<int64_t> epochOrder(int64_t epoch) const;
    /// Why each unreadable sample met so far failed (one message per sample, naming the file).
    std::vector<std::string> unreadableImages() const;

private:
    Batch makeBatch(int64_t batchIndex) const;
    /// A float [count, 3, S, S] tensor for a batch's images: one made for an earlier batch
    /// that nothing refers to any more (no batch, view or autograd graph), or else a new one,
    /// so the loader does not fault in megabytes of fresh memory for every batch.
    torch::Tensor batchImages(int64_t count) const;
    /// The transformed image and label for an epoch position, skipping unreadable samples.
    std::pair<torch::Tensor, int64_t> readSample(int64_t position) const;
    void workerLoop(int workerIndex);
    void stopWorkers();

    std::shared_ptr<const Dataset> dataset;
    ImageTransform transform;
    LoaderOptions opts;

    int64_t epoch = 0;
    std::vector<int64_t> order;
    int64_t firstBatch = 0;
    int64_t nextToDeliver = 0;
    int64_t endBatch = 0;
    double waitedMs = 0.0;

    std::mutex mutex;
    std::condition_variable readyChanged;
    std::condition_variable spaceChanged;
    std::map<int64_t, Batch> ready;
    std::exception_ptr failure;
    int64_t failedBatch = -1;
    bool stopping = false;
    std::vector<std::thread> threads;

    mutable std::mutex storeMutex;
    mutable std::vector<torch::Tensor> imageStore; ///< batch image tensors kept for reuse

    mutable std::mutex unreadableMutex;
    mutable std::map<int64_t, std::string> unreadable;
};

} // namespace ampwb
