#pragma once

#include "run/GradientRanges.h"
#include "run/TrainingConfig.h"
#include "run/TrainingMetrics.h"
#include "run/WeightsOrigin.h"
#include "system/DeviceInfo.h"

#include <fstream>
#include <optional>
#include <string>
#include <vector>

namespace ampwb {

/// One run's folder: config.json (everything needed to repeat it, plus the machine),
/// steps.csv and epochs.csv (appended as the run goes), summary.json (rewritten
/// atomically), checkpoint.pt, and report.md for comparisons.
class RunFolder {
public:
    /// Creates `parent/name`, adding "-2", "-3", … when that folder already exists.
    static RunFolder create(const std::string& parent, const std::string& name);
    /// Opens an existing run folder (for resuming or reading).
    explicit RunFolder(std::string directory);

    const std::string& directory() const { return dir; }
    std::string configPath() const { return dir + "/config.json"; }
    std::string stepsPath() const { return dir + "/steps.csv"; }
    std::string epochsPath() const { return dir + "/epochs.csv"; }
    std::string summaryPath() const { return dir + "/summary.json"; }
    std::string checkpointPath() const { return dir + "/checkpoint.pt"; }
    std::string unreadableImagesPath() const { return dir + "/unreadable-images.txt"; }
    std::string gradientStatsPath() const { return dir + "/gradstats.csv"; }
    std::string ranksPath() const { return dir + "/ranks.csv"; }

    /// Writes config.json: the configuration, the machine, where the weights came from when the run
    /// did not start from random ones, and the world size and backend of a data-parallel run.
    void writeConfig(const TrainingConfig& config, const DeviceInfo& machine, const std::string& deviceDescription,
                     const std::optional<WeightsOrigin>& start = std::nullopt, int worldSize = 1) const;
    /// Opens steps.csv/epochs.csv for appending; drops rows past `lastStep`/`lastEpoch`
    /// (written after the checkpoint a run resumes from) and writes headers to new files.
    void openLogs(int64_t lastStep, int64_t lastEpoch);
    void appendStep(const StepMetrics& step);
    /// Opens gradstats.csv for appending like openLogs (rows past `lastStep` dropped, header on a new file).
    void openGradientStats(int64_t lastStep);
    /// Appends one step's gradient ranges to gradstats.csv; throws std::runtime_error when it cannot.
    void appendGradientStats(int64_t step, const std::vector<GradientRange>& ranges);
    void appendEpoch(const EpochMetrics& epoch);
    /// Opens ranks.csv for appending like openLogs (a data-parallel run's; rows past `lastStep` dropped).
    void openRankSteps(int64_t lastStep);
    /// Appends ranks' step figures to ranks.csv; throws std::runtime_error when it cannot.
    void appendRankSteps(const std::vector<RankStep>& figures);
    void writeSummary(const RunSummary& summary) const;
    /// Lists data files that were skipped, one "path: reason" per line.
    void writeUnreadableImages(const std::vector<std::string>& messages) const;

    /// The run's configuration from its config.json; throws EngineError / std::runtime_error.
    static TrainingConfig readConfig(const std::string& directory);
    /// Where the run's weights came from (config.json's "start"), or nullopt when it started from
    /// random ones; throws like readConfig.
    static std::optional<WeightsOrigin> readStart(const std::string& directory);
    /// How many data-parallel ranks trained the run (1 when config.json records no group); throws like readConfig.
    static int readWorldSize(const std::string& directory);
    /// The device the run trained on, as config.json records the machine: the message whose English is its
    /// "device" line; nullopt when config.json cannot say (a folder from before "cpu_amx_bf16", or unreadable).
    static std::optional<EngineMessage> readDevice(const std::string& directory);
    /// The run's summary.json, or nullopt when the run has none yet or it is unreadable.
    static std::optional<RunSummary> readSummary(const std::string& directory);

private:
    std::string dir;
    std::ofstream steps;
    std::ofstream epochs;
    std::ofstream gradientStats;
    std::ofstream rankSteps;
};

/// summary.json's text for a summary.
std::string toJson(const RunSummary& summary);

} // namespace ampwb
