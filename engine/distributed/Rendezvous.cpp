#include "distributed/Rendezvous.h"

#include "distributed/DistributedError.h"

#include <cstdlib>
#include <limits>

namespace ampwb {

namespace {

const char* variable(const char* name)
{
    const char* value = std::getenv(name);
    return value && *value ? value : nullptr;
}

std::string required(const char* name)
{
    const char* value = variable(name);
    if (!value)
        throw DistributedError(EngineMessage(EngineMessage::Code::EnvironmentVariableMissing, {name}));
    return value;
}

int64_t number(const char* name, const std::string& text, int64_t lowest, int64_t highest)
{
    size_t used = 0;
    int64_t value = 0;
    try {
        value = std::stoll(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != text.size() || value < lowest || value > highest)
        throw DistributedError(EngineMessage(EngineMessage::Code::EnvironmentVariableNotANumber,
                                             {name, text, std::to_string(lowest), std::to_string(highest)}));
    return value;
}

} // namespace

std::optional<Rendezvous> rendezvousFromEnvironment()
{
    if (!variable("RANK") && !variable("WORLD_SIZE"))
        return std::nullopt;
    Rendezvous rendezvous;
    rendezvous.worldSize = static_cast<int>(
        number("WORLD_SIZE", required("WORLD_SIZE"), 1, std::numeric_limits<int>::max()));
    rendezvous.rank = static_cast<int>(number("RANK", required("RANK"), 0, rendezvous.worldSize - 1));
    if (const char* localRank = variable("LOCAL_RANK"))
        rendezvous.localRank = static_cast<int>(number("LOCAL_RANK", localRank, 0, rendezvous.worldSize - 1));
    rendezvous.masterAddress = required("MASTER_ADDR");
    rendezvous.masterPort = static_cast<uint16_t>(number("MASTER_PORT", required("MASTER_PORT"), 1, 65535));
    const char* agentStore = variable("TORCHELASTIC_USE_AGENT_STORE");
    if (agentStore && std::string(agentStore) == "True")
        rendezvous.agentStoreAttempt = static_cast<int>(number(
            "TORCHELASTIC_RESTART_COUNT", required("TORCHELASTIC_RESTART_COUNT"), 0, std::numeric_limits<int>::max()));
    return rendezvous;
}

} // namespace ampwb
