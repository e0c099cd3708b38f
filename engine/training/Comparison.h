#pragma once

#include "run/TrainingConfig.h"
#include "run/TrainingMetrics.h"
#include "system/DeviceInfo.h"
#include "system/EngineMessage.h"
#include "system/MeasurementNoise.h"
#include "training/ObserverList.h"
#include "training/TrainingJob.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace ampwb {

class ProcessGroup;
class Trainer;

/// The runs of a comparison and the report made from them.
struct ComparisonResult {
    /// holds fp32/, amp/ (or amp-bf16/ and amp-fp16/), policy-NAME/ under a precision policy, and report.md
    std::string directory;
    RunSummary fp32;
    std::vector<RunSummary> amp;      ///< one run per AMP type compared, in the order of ComparisonRuns
    std::optional<RunSummary> policy; ///< the third run, under the configuration's precision policy, when it has one
    std::string reportMarkdown;
};

/// Which runs a comparison trains.
enum class ComparisonRuns {
    Pair,     ///< FP32 and AMP in the configuration's AMP type: the original recipe's table
    ThreeWay, ///< FP32, AMP bf16 and AMP fp16 (with its loss scaling), on any device
};

/// The AMP types whose runs a comparison trains after FP32: the configuration's own for a pair, bf16 and fp16
/// for a three-way comparison.
std::vector<AmpDtype> comparedAmpTypes(ComparisonRuns runs, AmpDtype configured);

/// How the two runs of a comparison share the machine.
enum class ComparisonOrder {
    Sequential,  ///< FP32 to the end, then AMP: each run has the machine (and its memory) alone
    Interleaved, ///< one FP32 step, one AMP step, …: machine noise falls on both alike, but
                 ///< both models live at once, so peak memory is that of the pair
};

/// The order a comparison takes when nobody chose one, for a `device` request ("auto", "cpu", "cuda…"):
/// interleaved on the CPU, where the machine's drift during one run otherwise lands in the speed ratio
/// (docs/BENCHMARKS.md: repeated default comparisons spread far less interleaved) and memory is the
/// process's resident set either way; one after the other on CUDA, where each run's own
/// allocator peak is a headline figure, and in a data-parallel group, which cannot interleave.
ComparisonOrder defaultComparisonOrder(const std::string& device, bool dataParallel);

/// The folder of a comparison's run under `policy`: "policy-" and its name, each character a folder name cannot
/// hold (or that a shell would quote) as "-".
std::string policyRunFolder(const PrecisionPolicy& policy);

/// Runs FP32 and AMP (or AMP bf16 and AMP fp16) with the same configuration, seed and data order (each in its
/// own run folder under one comparison folder) and writes the recipe's table as report.md. A configuration with
/// a precision policy adds a third run under it, after FP32 and AMP (which train without it, as the references);
/// a three-way comparison takes none. `requestStop()` and `setPaused()` may be called from any thread.
class Comparison : public TrainingJob {
public:
    explicit Comparison(TrainingConfig config, ComparisonOrder order = ComparisonOrder::Sequential,
                        ComparisonRuns runs = ComparisonRuns::Pair);
    /// Observers see every run (the precision of every event tells which, and a policy run's steps and epochs
    /// say policyRun); they are called on the training threads, one call at a time.
    void addObserver(TrainingObserver* observer) override;
    /// Trains the runs as ranks of `group`, data-parallel, one after the other (an interleaved
    /// comparison is refused); rank 0 alone writes the comparison folder and its report. When the
    /// FP32 run stops or fails on every rank, the AMP runs are not started.
    void joinGroup(std::shared_ptr<ProcessGroup> dataParallelGroup) override;
    /// Trains the runs and writes the report; blocks. Throws when the comparison folder or
    /// the report cannot be written, and EngineError for a three-way comparison with a precision policy or an
    /// interleaved one in a data-parallel group.
    ComparisonResult run();
    /// run() for whoever holds the comparison as a TrainingJob: the runs' summaries go to the
    /// observers, the report to report.md.
    void runJob() override;
    /// Stops the run in progress before its next step; a run not yet started is not run.
    void requestStop() override;
    /// Holds the runs in progress, and those still to start, before their next step.
    void setPaused(bool paused) override;

private:
    RunSummary runOne(Trainer& trainer, Precision precision, AmpDtype dtype);
    /// Whether the FP32 run's end leaves the group's AMP run unstartable: a stop every rank agreed
    /// on, or a group broken by a lost rank.
    bool groupEnded(const RunSummary& fp32) const;
    /// `stepLosses`: each run's training losses, step by step, in the order of the result's runs.
    std::string report(const ComparisonResult& result, const std::vector<std::vector<double>>& stepLosses) const;

    TrainingConfig config;
    ComparisonOrder order;
    ComparisonRuns runs;
    std::shared_ptr<ProcessGroup> group; ///< none outside a data-parallel group
    ObserverList observers;
    std::mutex mutex;
    std::vector<Trainer*> active;
    bool paused = false;
    std::atomic<bool> stopRequested{false};
};

/// What a comparison ran with, as Markdown list items: data, start, optimiser, each AMP run's autocast and loss
/// scaling, the third run's precision policy (the configuration's, when it has one), the device (CPU model, operator
/// threads, bf16 units, or the GPU) and loader threads, versions.
std::string comparisonSetup(const TrainingConfig& config, const std::vector<RunSummary>& amp,
                            const DeviceInfo& machine);

/// The comparison table in Markdown: epoch time, images/s, peak memory, final top-1/top-5,
/// skipped steps / NaN, with each AMP run against FP32 (epoch time × faster/slower, throughput × with its 95 %
/// margin, memory ±%, accuracy points with their 95 % margin and whether that is within noise).
/// `policy`: the run under a precision policy, a column of its own after the AMP runs', headed "Policy NAME".
std::string comparisonTable(const RunSummary& fp32, const std::vector<RunSummary>& amp,
                            const std::optional<RunSummary>& policy = std::nullopt, const std::string& policyName = {});

/// One plain sentence on whether an AMP run helped (naming both measures: steady-state throughput and epoch
/// time) and, when it did not, the likely reason; "Too short to tell" when the step times' spread is as
/// large as the difference.
EngineMessage comparisonVerdict(const RunSummary& fp32, const RunSummary& amp, int64_t batchSize,
                                const DeviceInfo& machine);

/// One plain sentence on whether an AMP run's final top-1 differs from FP32's by more than this length of run
/// can tell, judged by how their training losses differ over their last steps (`losses`, AMP's less FP32's:
/// the same batches in the same order) and by the validation sample's margin; empty when either run was not
/// validated.
std::optional<EngineMessage> accuracyVerdict(const RunSummary& fp32, const RunSummary& amp,
                                             const LossDifference& losses);

/// One plain sentence on whether the run under the precision policy `policyName` beat both FP32 and AMP on
/// steady-state throughput, by more than their step times' spread leaves uncertain (comparisonVerdict's rule).
EngineMessage policyVerdict(const RunSummary& fp32, const RunSummary& amp, const RunSummary& policy,
                            const std::string& policyName);

} // namespace ampwb
