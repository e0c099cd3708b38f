#pragma once

#include "data/Dataset.h"

#include <memory>

namespace ampwb {

/// One rank's share of a pass over the first `limit` images of a dataset: the images rank,
/// rank + worldSize, rank + 2 × worldSize, … below the limit. The ranks' shares together hold
/// each of those images exactly once (no padding), so counts summed over the ranks equal one
/// process's pass.
class DatasetShard : public Dataset {
public:
    DatasetShard(std::shared_ptr<const Dataset> dataset, int64_t limit, int rank, int worldSize);

    int64_t size() const override;
    int64_t label(int64_t index) const override;
    torch::Tensor image(int64_t index) const override;
    torch::Tensor transformedImage(int64_t index, const ImageTransform& transform, uint64_t seed) const override;
    const std::vector<std::string>& classNames() const override;
    std::string sampleName(int64_t index) const override;

private:
    int64_t original(int64_t index) const { return rank + index * worldSize; }

    std::shared_ptr<const Dataset> dataset;
    int64_t limit;
    int rank;
    int worldSize;
};

} // namespace ampwb
