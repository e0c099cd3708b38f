#include "training/SharedSettings.h"

#include "distributed/DistributedError.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <optional>
#include <string>
#include <thread>

namespace ampwb {
namespace {

using json = nlohmann::json;

/// Settings that may differ between ranks: where each rank runs and writes, and its loader threads.
constexpr const char* kRankOwnSettings[] = {"name", "device", "workers", "runs_directory"};

/// How many ranks have compared the settings, and how long a rank that found a difference waits for the others.
constexpr const char* kCheckedKey = "ampwb/settings_checked";
constexpr std::chrono::seconds kCheckedPatience(10);

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
    std::optional<EngineMessage> difference;
    int workbenchRanks = 1;
    for (int other = 0; other < worldSize; ++other) {
        if (other == rank || !store.check({keyOf(other)}))
            continue;
        ++workbenchRanks;
        const std::vector<uint8_t> bytes = store.get(keyOf(other));
        const json theirs = json::parse(std::string(bytes.begin(), bytes.end()));
        for (const auto& [key, value] : mine.items()) {
            const json theirValue = theirs.contains(key) ? theirs.at(key) : json();
            if (!difference && theirValue != value)
                difference = EngineMessage(EngineMessage::Code::RankSettingsDiffer,
                                           {key, value.dump(), std::to_string(rank), theirValue.dump(),
                                            std::to_string(other)});
        }
    }
    if (!difference)
        return;
    // Every rank sees a difference; before stopping, each waits (briefly) until all have read the others'
    // settings, so that none loses the store to a rank that stopped first (rank 0 may host it).
    store.add(kCheckedKey, 1);
    const auto giveUp = std::chrono::steady_clock::now() + kCheckedPatience;
    while (store.add(kCheckedKey, 0) < workbenchRanks && std::chrono::steady_clock::now() < giveUp)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    throw DistributedError(*difference);
}

} // namespace ampwb
