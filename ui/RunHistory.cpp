#include "RunHistory.h"

#include <algorithm>

RunHistory::RunHistory(QString label, QColor color)
    : runLabel(std::move(label))
    , runColor(std::move(color))
{
}

void RunHistory::appendStep(const ampwb::StepMetrics& step)
{
    if (!stepRows.empty() && step.wallSeconds < stepRows.back().wallSeconds)
        resumedOffset = elapsed.back();
    stepRows.push_back(step);
    elapsed.push_back(resumedOffset + step.wallSeconds);
}

void RunHistory::appendEpoch(const ampwb::EpochMetrics& epoch)
{
    epochRows.push_back(epoch);
}

std::optional<size_t> RunHistory::lastStepOfEpoch(int64_t epoch) const
{
    const auto after = std::upper_bound(stepRows.begin(), stepRows.end(), epoch,
                                        [](int64_t value, const ampwb::StepMetrics& step) { return value < step.epoch; });
    if (after == stepRows.begin() || std::prev(after)->epoch != epoch)
        return std::nullopt;
    return static_cast<size_t>(std::distance(stepRows.begin(), after) - 1);
}

bool RunHistory::memoryIsCuda() const
{
    return !stepRows.empty() && stepRows.front().memory.isCuda;
}
