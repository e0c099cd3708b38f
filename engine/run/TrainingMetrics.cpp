#include "run/TrainingMetrics.h"

#include "system/EnumNames.h"

namespace ampwb {
namespace {

constexpr EnumName<RunState> kRunStateNames[] = {
    {RunState::Running, "running"},
    {RunState::Finished, "finished"},
    {RunState::Stopped, "stopped"},
    {RunState::Failed, "failed"},
};

} // namespace

std::string toString(RunState state)
{
    return enumName(state, kRunStateNames);
}

std::optional<RunState> parseRunState(const std::string& text)
{
    return enumFromName(text, kRunStateNames);
}

} // namespace ampwb
