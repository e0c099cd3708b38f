#include "runs/RunHistory.h"

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

void RunHistory::continueFrom(const ampwb::RunStarted& resumed)
{
    const int64_t lastStep = resumed.firstStep - 1;
    const int64_t completedEpochs = resumed.stepsPerEpoch > 0 ? lastStep / resumed.stepsPerEpoch : 0;
    const auto firstDropped = std::find_if(stepRows.begin(), stepRows.end(),
                                           [lastStep](const ampwb::StepMetrics& step) { return step.step > lastStep; });
    const auto kept = std::distance(stepRows.begin(), firstDropped);
    stepRows.erase(firstDropped, stepRows.end());
    elapsed.resize(static_cast<size_t>(kept));
    resumedOffset = elapsed.empty() ? 0.0 : elapsed.back();
    epochRows.erase(std::remove_if(epochRows.begin(), epochRows.end(),
                                   [completedEpochs](const ampwb::EpochMetrics& epoch) {
                                       return epoch.epoch > completedEpochs;
                                   }),
                    epochRows.end());
    started = resumed;
    summary.reset();
}

void RunHistory::dropRows()
{
    stepRows.clear();
    elapsed.clear();
    epochRows.clear();
    resumedOffset = 0.0;
}

std::optional<size_t> RunHistory::lastStepOfEpoch(int64_t epoch) const
{
    const auto after = std::upper_bound(stepRows.begin(), stepRows.end(), epoch,
                                        [](int64_t value, const ampwb::StepMetrics& step) {
                                            return value < step.epoch;
                                        });
    if (after == stepRows.begin() || std::prev(after)->epoch != epoch)
        return std::nullopt;
    return static_cast<size_t>(std::distance(stepRows.begin(), after) - 1);
}

bool RunHistory::memoryIsCuda() const
{
    return !stepRows.empty() && stepRows.front().memory.isCuda;
}
