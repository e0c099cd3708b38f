#pragma once

#include <cstdint>
#include <vector>

namespace ampwb {

/// The part of an epoch's sample order that one rank of a data-parallel group reads, by PyTorch's
/// DistributedSampler rule (drop_last off): the order, which every rank computes alike from the seed and
/// the epoch, is padded with its own first entries to a multiple of the world size, and rank r takes the
/// entries r, r + worldSize, r + 2 * worldSize, ... So the ranks' shards are equally long and together
/// cover the epoch; only the padding is read twice.
std::vector<int64_t> rankShard(const std::vector<int64_t>& epochOrder, int rank, int worldSize);

} // namespace ampwb
