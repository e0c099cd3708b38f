#include "data/RankShard.h"

#include <stdexcept>

namespace ampwb {

std::vector<int64_t> rankShard(const std::vector<int64_t>& epochOrder, int rank, int worldSize)
{
    if (worldSize < 1 || rank < 0 || rank >= worldSize)
        throw std::invalid_argument("rankShard: rank " + std::to_string(rank) + " is outside a world of "
                                    + std::to_string(worldSize));
    const size_t ranks = static_cast<size_t>(worldSize);
    const size_t shardSize = (epochOrder.size() + ranks - 1) / ranks;
    std::vector<int64_t> shard;
    shard.reserve(shardSize);
    if (epochOrder.empty())
        return shard;
    for (size_t position = static_cast<size_t>(rank); shard.size() < shardSize; position += ranks)
        shard.push_back(epochOrder[position % epochOrder.size()]);
    return shard;
}

} // namespace ampwb
