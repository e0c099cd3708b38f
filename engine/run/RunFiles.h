#pragma once

#include "run/TrainingConfig.h"
#include "run/TrainingMetrics.h"
#include "system/AtomicFile.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ampwb {

/// The most optimizer steps one run takes: Trainer refuses a run that would take more. It bounds what a
/// reader of a run folder reads (runFileLimits): steps.csv has a row per step, epochs.csv a row per epoch
/// (each at least one step), ranks.csv a row per step and rank.
inline constexpr int64_t kMaxRunSteps = 10'000'000;

/// The run files a reader reads within limits.
enum class RunFile { Steps, Epochs, Ranks, GradientStats };

/// How much of a run file a reader reads at most: rows as many as kMaxRunSteps allows (for ranks.csv times
/// `worldSize`; for gradstats.csv times ResNet-18's 62 parameter tensors), each a line no longer than
/// the widest row RunFolder writes (whole numbers 20 characters, decimals 17: ten significant digits and an
/// exponent) or the header.
ReadLimits runFileLimits(RunFile file, int worldSize = 1);
/// The file name of a run file in its folder ("steps.csv").
const char* fileName(RunFile file);

/// What a run folder holds, read back from the files RunFolder wrote (for replotting a run and listing
/// runs). Reading is tolerant, so that older and half-written runs still read: a column a file lacks
/// reads as 0, a cell that is not a number as 0, and a row with the wrong number of cells is left out.
/// It is bounded (runFileLimits; config.json and summary.json as RunFolder reads them): a file that is not
/// a regular one, or larger than a run writes, is refused before it is read whole, and never waited on.
struct RunFiles {
    std::optional<TrainingConfig> config; ///< nullopt when config.json is missing or unreadable
    std::optional<RunSummary> summary;    ///< nullopt while the run has none (or it is unreadable)
    /// steps.csv's rows; stepsPerEpoch is the most steps any epoch reached, and memory.isCuda comes
    /// from the summary (without one: the figures are CUDA's when there is no RSS but reserved memory).
    /// A data-parallel run's steps hold ranks.csv's rows, each with its own step.
    std::vector<StepMetrics> steps;
    std::vector<EpochMetrics> epochs; ///< epochs.csv's rows (none when it is missing)

    /// The run in `directory`; nullopt when it has no steps.csv, or when its steps.csv, epochs.csv or
    /// ranks.csv is refused or unreadable (then `problem`, when given, says why: FileRefused's message).
    static std::optional<RunFiles> read(const std::string& directory, std::string* problem = nullptr);
    /// epochs.csv's rows alone (none when it is missing, refused or unreadable).
    static std::vector<EpochMetrics> readEpochs(const std::string& directory);
    /// Checks, before a resume writes anything, that the run in `directory` reads back whole as the resume
    /// rewrites it: steps.csv, epochs.csv, ranks.csv and gradstats.csv (those it has) are regular files within
    /// runFileLimits, and every line after a file's header is a complete row (NumericCsv::readStrictly; for
    /// gradstats.csv, parseGradientStatsLine), its step or epoch from 1 to kMaxRunSteps. Throws FileRefused
    /// naming the file and the line at fault ("…/steps.csv line 42: a blank line, …"), then that nothing in the
    /// run was changed (EngineMessage::Code::ResumeRefusedRunKept).
    static void checkForResume(const std::string& directory);
};

} // namespace ampwb
