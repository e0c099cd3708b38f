#pragma once

#include "TrainingConfig.h"
#include "TrainingMetrics.h"
#include "DeviceInfo.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <string>

namespace ampwb {

class Trainer;

/// The two runs of a comparison and the report made from them.
struct ComparisonResult {
    std::string directory; ///< holds fp32/, amp/ and report.md
    RunSummary fp32;
    RunSummary amp;
    std::string reportMarkdown;
};

/// Runs FP32 and then AMP with the same configuration, seed and data order (each in
/// its own run folder under one comparison folder) and writes the recipe's table as
/// report.md. `requestStop()` may be called from any thread.
class Comparison {
public:
    explicit Comparison(TrainingConfig config);
    /// Observers see both runs, one after the other (runStarted tells which).
    void addObserver(TrainingObserver* observer);
    ComparisonResult run();
    void requestStop();
    void setPaused(bool paused);

private:
    TrainingConfig config;
    std::vector<TrainingObserver*> observers;
    std::mutex mutex;
    Trainer* current = nullptr;
    bool paused = false;
    std::atomic<bool> stopRequested{false};
};

/// The comparison table in Markdown: epoch time, images/s, peak memory, final top-1/top-5,
/// skipped steps / NaN, with the ratios (speedup ×, memory −%).
std::string comparisonTable(const RunSummary& fp32, const RunSummary& amp);

/// One plain sentence on whether AMP helped and, when it did not, the likely reason.
std::string comparisonVerdict(const RunSummary& fp32, const RunSummary& amp, int64_t batchSize,
                              const DeviceInfo& machine);

} // namespace ampwb
