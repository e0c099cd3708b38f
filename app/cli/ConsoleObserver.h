#pragma once

#include "run/TrainingMetrics.h"

#include <chrono>
#include <cstdio>
#include <map>
#include <string>

namespace ampwb::cli {

/// How the CLI shows a run: a progress bar on a terminal, a line per epoch otherwise,
/// or one JSON object per line.
enum class ConsoleStyle { Auto, Json, Quiet };

/// Prints a run's progress to stdout; messages go to stderr.
class ConsoleObserver : public TrainingObserver {
public:
    explicit ConsoleObserver(ConsoleStyle style);

    void runStarted(const RunStarted& started) override;
    void stepFinished(const StepMetrics& step) override;
    void epochFinished(const EpochMetrics& epoch) override;
    void runFinished(const RunSummary& summary) override;
    /// Prints the comparison report (or, as JSON, where it was written).
    void comparisonFinished(const std::string& reportMarkdown, const std::string& reportPath);

private:
    void drawBar(const StepMetrics& step);

    ConsoleStyle style;
    bool terminal = false;
    std::chrono::steady_clock::time_point lastDraw;
    int64_t firstStep = 1;
    std::chrono::steady_clock::time_point start;
    std::map<std::string, std::string> policies; ///< the policy each started run trains under, by its folder
};

} // namespace ampwb::cli
