#pragma once

#include "run/EnginePaths.h"
#include "run/GradScalerOptions.h"
#include "run/Precision.h"
#include "run/PrecisionPolicy.h"
#include "system/EngineMessage.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ampwb {

/// How the learning rate changes over a run (after the optional linear warm-up).
enum class LearningRateSchedule {
    Constant,
    Step,   ///< × gamma every `stepSize` epochs (the original recipe: 30, 0.1)
    Cosine, ///< cosine decay to zero over the run, per step
};

/// Whether gradients are loss-scaled: Auto = on for AMP in fp16, off for AMP in bf16 and for FP32.
enum class LossScaling { Auto, On, Off };

/// Everything needed to repeat a training run; saved as the run's config.json.
struct TrainingConfig {
    std::string name; ///< run folder name; derived from precision and time when empty
    std::string dataset = "fashion-mnist";
    int64_t syntheticTrainSize = 10240;
    int64_t syntheticValidationSize = 1024;
    Precision precision = Precision::Fp32;
    AmpDtype ampDtype = AmpDtype::Auto; ///< what AMP's autocast computes in (auto: fp16 on CUDA, bf16 on the CPU)
    /// Each module's precision (none: the run's precision everywhere). A run with a policy is an AMP run when
    /// the policy reduces any part's precision, and "amp" in it means `ampDtype`.
    std::optional<PrecisionPolicy> precisionPolicy;
    EnginePaths enginePaths = EnginePaths::tuned(); ///< the workbench's measured fast paths, or stock libtorch
    std::string device = "auto";
    int64_t epochs = 1;
    int64_t maxSteps = 0; ///< stop after this many optimizer steps in total (0: no limit)
    int64_t batchSize = 128;
    double learningRate = 0.1;
    double momentum = 0.9;
    double weightDecay = 5e-4;
    bool nesterov = false;
    double clipGradNorm = 0.0; ///< clip the gradients' total L2 norm to this (0: no clipping)
    LearningRateSchedule schedule = LearningRateSchedule::Step;
    int64_t stepSize = 30;
    double gamma = 0.1;
    double warmupEpochs = 0.0;
    int64_t imageSize = 0; ///< 0: the dataset's native size (224 for image folders)
    /// Weights and images in the channels_last (NHWC) layout, the faster one in training on the CPUs measured
    /// (docs/BENCHMARKS.md); false: PyTorch's contiguous (NCHW) default, which a data-parallel group with plain
    /// PyTorch ranks needs unless they convert their model too.
    bool channelsLast = true;
    bool augment = true;
    LossScaling lossScaling = LossScaling::Auto;
    GradScalerOptions scaler; ///< init scale, growth, backoff, interval (enabled is derived)
    uint64_t seed = 0;
    int workers = 2;
    /// Evaluate on the validation split after each epoch; false skips it (benchmarks, and a group with a
    /// plain PyTorch rank, which takes part in no collective but DDP's).
    bool validation = true;
    int64_t validationLimit = 0; ///< evaluate on at most this many images (0: all)
    /// Each parameter's gradient range into gradstats.csv at step 1 and every this many steps (0: never).
    int64_t gradientStatsEvery = 100;
    std::string runsDirectory = "runs";
    /// Where the weights start: "" (random), "imagenet" (torchvision's ImageNet weights), a `.pth` state
    /// dict in torchvision's format, a run folder or its checkpoint.pt. A head for another class count
    /// than the data's is replaced by a new one.
    std::string initWeights;
    bool newHead = false;                   ///< a new head even when the file's has the data's class count
    bool freezeBackbone = false;            ///< train the head alone (needs initWeights)
    double backboneLearningRateScale = 1.0; ///< the backbone's learning rate relative to the head's
};

/// Checks a configuration; returns one message per problem (empty when valid).
std::vector<EngineMessage> validationProblems(const TrainingConfig& config);
/// validationProblems() in English.
std::vector<std::string> validate(const TrainingConfig& config);

/// Whether `name` can name a run's folder inside the runs folder: not empty, not starting
/// with a dot (".", "..", hidden folders) and without / or \ (no other folder, no absolute path).
bool isValidRunName(const std::string& name);

/// Serialises to the JSON written as config.json.
std::string toJson(const TrainingConfig& config);
/// Parses config.json text; throws EngineError naming the bad field.
TrainingConfig trainingConfigFromJson(const std::string& json);

/// "constant", "step" or "cosine".
std::string toString(LearningRateSchedule schedule);
/// Parses the words toString writes (exactly); nullopt for anything else.
std::optional<LearningRateSchedule> parseSchedule(const std::string& text);
/// "auto", "on" or "off".
std::string toString(LossScaling scaling);
/// Parses the words toString writes (exactly); nullopt for anything else.
std::optional<LossScaling> parseLossScaling(const std::string& text);
/// Whether a run scales its loss: On, or Auto when some of it computes in fp16 (AMP in fp16, or a precision
/// policy with an fp16 module).
bool scalesLoss(LossScaling scaling, bool computesInFloat16);

} // namespace ampwb
