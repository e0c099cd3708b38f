#pragma once

#include "training/TrainingConfig.h"
#include "training/TrainingMetrics.h"

#include <optional>
#include <string>
#include <vector>

namespace ampwb {

/// What a run folder holds, read back from the files RunFolder wrote (for replotting a run and listing
/// runs). Reading is tolerant, so that older and half-written runs still read: a column a file lacks
/// reads as 0, a cell that is not a number as 0, and a row with the wrong number of cells is left out.
struct RunFiles {
    std::optional<TrainingConfig> config; ///< nullopt when config.json is missing or unreadable
    std::optional<RunSummary> summary;    ///< nullopt while the run has none (or it is unreadable)
    /// steps.csv's rows; stepsPerEpoch is the most steps any epoch reached, and memory.isCuda comes
    /// from the summary (without one: the figures are CUDA's when there is no RSS but reserved memory).
    /// A data-parallel run's steps hold ranks.csv's rows, each with its own step.
    std::vector<StepMetrics> steps;
    std::vector<EpochMetrics> epochs; ///< epochs.csv's rows (none when it is missing)

    /// The run in `directory`; nullopt when it has no readable steps.csv.
    static std::optional<RunFiles> read(const std::string& directory);
    /// epochs.csv's rows alone (none when it is missing).
    static std::vector<EpochMetrics> readEpochs(const std::string& directory);
};

} // namespace ampwb
