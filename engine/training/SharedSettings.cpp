#include "training/SharedSettings.h"

#include "distributed/DistributedError.h"

#include <nlohmann/json.hpp>

#include <string>

namespace ampwb {
namespace {

using json = nlohmann::json;

/// Settings that may differ between ranks: where each rank runs and writes, and its loader threads.
constexpr const char* kRankOwnSettings[] = {"name", "device", "workers", "runs_directory"};

std::string keyOf(int rank)
{
    return "ampwb/settings/" + std::to_string(rank);
}

json sharedSettings(const TrainingConfig& config)
{
    json settings = json::parse(toJson(config));
    for (const char* own : kRankOwnSettings)
        settings.erase(own);
    return settings;
}

} // namespace

void publishSettings(const TrainingConfig& config, c10d::Store& store, int rank)
{
    const std::string text = sharedSettings(config).dump();
    store.set(keyOf(rank), std::vector<uint8_t>(text.begin(), text.end()));
}

void checkSameSettings(const TrainingConfig& config, c10d::Store& store, int rank, int worldSize)
{
    const json mine = sharedSettings(config);
    for (int other = 0; other < worldSize; ++other) {
        if (other == rank || !store.check({keyOf(other)}))
            continue;
        const std::vector<uint8_t> bytes = store.get(keyOf(other));
        const json theirs = json::parse(std::string(bytes.begin(), bytes.end()));
        for (const auto& [key, value] : mine.items()) {
            const json theirValue = theirs.contains(key) ? theirs.at(key) : json();
            if (theirValue != value)
                throw DistributedError("The ranks were started with different settings: " + key + " is " + value.dump()
                                       + " on rank " + std::to_string(rank) + " and " + theirValue.dump() + " on rank "
                                       + std::to_string(other) + ". Start every rank with the same training settings.");
        }
    }
}

} // namespace ampwb
