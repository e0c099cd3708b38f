#include "training/LocalGroup.h"

#include "distributed/ProcessGroup.h"
#include "system/AtomicFile.h"
#include "system/ThreadPolicy.h"

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>

namespace ampwb {
namespace {

/// A new file name for the ranks' settings in the temporary folder.
std::string newSettingsPath()
{
    static std::atomic<int> counter{0};
    return (std::filesystem::temp_directory_path()
            / ("amp-workbench-ranks-" + std::to_string(::getpid()) + "-" + std::to_string(++counter) + ".json"))
        .string();
}

} // namespace

LocalGroup::LocalGroup(const TrainingConfig& config, std::vector<std::string> command, int processes,
                       const std::string& program, std::chrono::seconds timeout)
    : timeout(timeout)
{
    const std::string settingsPath = newSettingsPath();
    writeTextAtomically(settingsPath, toJson(config));
    const int threads = threadsPerLocalRank(processes);
    try {
        command.insert(command.end(),
                       {"--config", settingsPath, "--group-timeout", std::to_string(timeout.count()), "--quiet"});
        ranks.emplace(processes, program, command, threads);
        useIntraOpThreadsOnThisThread(threads);
        processGroup = std::make_shared<ProcessGroup>(ranks->rendezvous(), timeout);
    } catch (...) {
        std::remove(settingsPath.c_str());
        throw;
    }
    std::remove(settingsPath.c_str()); // every rank has read it before arriving
}

std::string LocalGroup::finish()
{
    std::string failures;
    const std::vector<RankExit> ends = ranks->wait(timeout);
    for (size_t each = 0; each < ends.size(); ++each) {
        const std::string failure = describeRankExit(static_cast<int>(each) + 1, ends[each]);
        if (!failure.empty())
            failures += (failures.empty() ? "" : "; ") + failure;
    }
    return failures;
}

} // namespace ampwb
