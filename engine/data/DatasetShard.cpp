#include "data/DatasetShard.h"

#include <algorithm>

namespace ampwb {

DatasetShard::DatasetShard(std::shared_ptr<const Dataset> whole, int64_t first, int shardRank, int ranks)
    : dataset(std::move(whole))
    , limit(first > 0 ? std::min(first, dataset->size()) : dataset->size())
    , rank(shardRank)
    , worldSize(ranks)
{
}

int64_t DatasetShard::size() const
{
    return limit > rank ? (limit - rank + worldSize - 1) / worldSize : 0;
}

int64_t DatasetShard::label(int64_t index) const
{
    return dataset->label(original(index));
}

torch::Tensor DatasetShard::image(int64_t index) const
{
    return dataset->image(original(index));
}

torch::Tensor DatasetShard::transformedImage(int64_t index, const ImageTransform& transform, uint64_t seed) const
{
    return dataset->transformedImage(original(index), transform, seed);
}

const std::vector<std::string>& DatasetShard::classNames() const
{
    return dataset->classNames();
}

std::string DatasetShard::sampleName(int64_t index) const
{
    return dataset->sampleName(original(index));
}

} // namespace ampwb
