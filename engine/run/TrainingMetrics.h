#pragma once

#include "run/Precision.h"
#include "run/PrecisionPolicy.h"
#include "run/WeightsOrigin.h"
#include "system/EngineMessage.h"
#include "system/MemoryUsage.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ampwb {

/// Sent once when a run has opened its data and built its model.
struct RunStarted {
    std::string runDirectory;
    c10::Device device = c10::kCPU; ///< where the run trains
    /// The machine it trains on in words (deviceMessage()), as config.json records it in English.
    EngineMessage deviceDescription = EngineMessage::text("");
    std::string datasetDescription;
    Precision precision = Precision::Fp32;
    AmpDtype ampDtype = AmpDtype::Auto; ///< AMP's autocast type, resolved for the device (Auto in FP32)
    /// Each module's precision, its rules resolved for the run's image size (none: `precision` everywhere).
    std::optional<PrecisionPolicy> precisionPolicy;
    /// The weight values the policy stores in a reduced type, their fp32 masters kept for the optimizer
    /// (PrecisionPolicy::reducedWeights; 0: every weight fp32).
    int64_t weightsStoredReduced = 0;
    bool lossScaling = false;
    int64_t trainImages = 0;
    int64_t validationImages = 0;
    int64_t imageSize = 0;
    int64_t stepsPerEpoch = 0;
    int64_t totalSteps = 0;    ///< steps the run will take (epochs × steps per epoch, capped by max steps)
    int64_t firstStep = 1;     ///< above 1 when the run resumes
    int64_t unusableFiles = 0; ///< files of the data source left out (empty, not images)
    std::vector<std::string> classNames;
    std::optional<WeightsOrigin> start; ///< where the weights came from (none: random)
    bool backboneFrozen = false;        ///< only the head trains
};

/// One data-parallel rank's figures for one training step (ranks.csv).
struct RankStep {
    int64_t step = 0;
    int rank = 0;
    double stepMilliseconds = 0.0;
    double dataWaitMilliseconds = 0.0;
    double allReduceMilliseconds = 0.0; ///< time during which the step's gradient all-reduces ran
    /// The part of it after backward's last gradient, which backward waited for: what it did not hide.
    double exposedAllReduceMilliseconds = 0.0;
    int64_t memoryBytes = 0; ///< CUDA allocated or process RSS after the step
};

/// Measured after every optimizer step.
struct StepMetrics {
    Precision precision = Precision::Fp32; ///< of the run that took the step (tells the runs of a comparison apart)
    AmpDtype ampDtype = AmpDtype::Auto; ///< its AMP type, resolved (Auto in FP32): tells a three-way's AMP runs apart
    bool policyRun = false;  ///< taken by a comparison's run under its precision policy (tells it from FP32 and AMP)
    int64_t step = 0;        ///< 1-based, counted over the whole run
    int64_t epoch = 0;       ///< 1-based
    int64_t stepInEpoch = 0; ///< 1-based
    int64_t stepsPerEpoch = 0;
    int64_t totalSteps = 0;
    double loss = 0.0;             ///< unscaled training loss (may be NaN/Inf)
    double lossScale = 1.0;        ///< scale used for this step's backward (1 without loss scaling)
    bool skipped = false;          ///< optimizer step skipped for inf/NaN gradients
    double stepMilliseconds = 0.0; ///< forward + backward + optimizer, device synchronised
    double imagesPerSecond = 0.0;
    /// Of the whole data-parallel group: its ranks' images over this rank's step time (imagesPerSecond alone).
    double globalImagesPerSecond = 0.0;
    double dataWaitMilliseconds = 0.0; ///< time blocked waiting for this step's batch
    double learningRate = 0.0;
    double wallSeconds = 0.0; ///< since the run (or the resumed part) started
    MemoryUsage memory;
    /// In a data-parallel group, on rank 0: the ranks' figures that arrived with this step (this rank's for
    /// this step, the others' as far as they have reported; see RankReports).
    std::vector<RankStep> ranks;
};

/// Measured at the end of every epoch (or when a run stops part-way through one).
struct EpochMetrics {
    Precision precision = Precision::Fp32; ///< of the run the epoch belongs to
    AmpDtype ampDtype = AmpDtype::Auto;    ///< its AMP type, resolved (Auto in FP32)
    bool policyRun = false;                ///< of a comparison's run under its precision policy
    int64_t epoch = 0;
    int64_t steps = 0;    ///< optimizer steps taken in this epoch
    bool complete = true; ///< false when the run stopped before the epoch's end
    double trainLoss = 0.0;
    double trainAccuracy = 0.0; ///< fraction of training images classified right (0–1)
    double validationLoss = 0.0;
    double validationTop1 = 0.0; ///< fraction (0–1)
    double validationTop5 = 0.0;
    double epochSeconds = 0.0; ///< training time of the epoch, excluding validation
    double imagesPerSecond = 0.0;
    int64_t peakMemoryBytes = 0;
    int64_t skippedSteps = 0;
    int64_t unreadableImages = 0; ///< files skipped so far (listed in the run's unreadable-images.txt)
};

/// How a run ended.
enum class RunState { Running, Finished, Stopped, Failed };
/// "running", "finished", "stopped" or "failed".
std::string toString(RunState state);
/// Parses the words toString writes (exactly); nullopt for anything else.
std::optional<RunState> parseRunState(const std::string& text);

/// The outcome of a run: the figures of the recipe's comparison table.
struct RunSummary {
    std::string runDirectory;
    RunState state = RunState::Running;
    /// Why it stopped or failed; summary.json keeps it in English and as its code and arguments (one from before
    /// the code was kept reads as its English, EngineMessage::text).
    EngineMessage message = EngineMessage::text("");
    Precision precision = Precision::Fp32;
    /// AMP's autocast type, resolved for the device (Auto in FP32, and in a summary.json from before the field:
    /// then bf16 on the CPU, fp16 on CUDA)
    AmpDtype ampDtype = AmpDtype::Auto;
    std::string deviceDescription;
    int64_t imageSize = 0; ///< side of the images the model saw
    int64_t steps = 0;
    int64_t epochsCompleted = 0;
    double trainSeconds = 0.0;
    double imagesPerSecond = 0.0; ///< steady-state throughput of one rank (first steps excluded as warm-up)
    /// Data-parallel ranks that trained the run, stepping together, each at imagesPerSecond (1: one process;
    /// 0: not recorded, a summary.json from before the field)
    int64_t worldSize = 1;
    /// The whole group's steady-state throughput (imagesPerSecond for one process).
    double groupImagesPerSecond() const
    {
        return imagesPerSecond * static_cast<double>(std::max<int64_t>(1, worldSize));
    }
    /// imagesPerSecond's relative standard error, from the spread of the steady steps' times
    /// (0: fewer than two steady steps; NaN: not recorded, a run from an older version)
    double imagesPerSecondError = 0.0;
    double medianStepMilliseconds = 0.0;
    double epochSeconds = 0.0; ///< a full epoch's training time (projected from the steps taken if none completed)
    bool epochSecondsProjected = false;
    bool memoryIsCuda = false;
    int64_t peakMemoryBytes = 0; ///< peak allocated (CUDA) or peak RSS (CPU)
    int64_t peakReservedBytes = 0;
    bool interleaved = false; ///< trained in turns with another run, so the peak memory is the pair's
    double finalTrainLoss = 0.0;
    double finalValidationLoss = 0.0;
    double finalTop1 = 0.0;
    double finalTop5 = 0.0;
    int64_t validationImages = 0; ///< how many images finalTop1 and finalTop5 were measured on
    /// Whether the final loss and accuracies were measured: false after --no-validation or a stop before the
    /// first evaluation (a summary.json without the field, from before it, had them).
    bool validated = true;
    int64_t skippedSteps = 0;
    int64_t nonFiniteLosses = 0;
    double finalLossScale = 1.0;
    int64_t unreadableImages = 0; ///< data files skipped (listed in the run's unreadable-images.txt)
};

/// Receives a run's measurements; called on the training thread, so implementations
/// must only copy the values (e.g. into a locked buffer) and return quickly.
class TrainingObserver {
public:
    virtual ~TrainingObserver() = default;
    virtual void runStarted(const RunStarted&) {}
    virtual void stepFinished(const StepMetrics&) {}
    virtual void epochFinished(const EpochMetrics&) {}
    virtual void runFinished(const RunSummary&) {}
};

} // namespace ampwb
