#pragma once

// The columns of steps.csv and epochs.csv and the keys of summary.json and config.json, each listed
// once and used both to write a run folder (RunFolder, toJson) and to read it back (RunFiles,
// RunFolder::readSummary, trainingConfigFromJson). Runs already on disk are read by these names:
// a column or key keeps its name once written.

#include "run/TrainingConfig.h"
#include "run/TrainingMetrics.h"

#include <type_traits>

namespace ampwb {

/// steps.csv: one row per optimizer step.
struct StepsCsv {
    using Row = StepMetrics;
    /// Calls `visit(name, field)` for each column in file order, with the member of `step` it holds
    /// (`Step` is StepMetrics to read into, const StepMetrics to write from).
    template <typename Step, typename Visit>
    static void forEachColumn(Step& step, Visit&& visit)
    {
        visit("step", step.step);
        visit("epoch", step.epoch);
        visit("step_in_epoch", step.stepInEpoch);
        visit("loss", step.loss);
        visit("loss_scale", step.lossScale);
        visit("skipped", step.skipped);
        visit("step_ms", step.stepMilliseconds);
        visit("images_per_s", step.imagesPerSecond);
        visit("data_wait_ms", step.dataWaitMilliseconds);
        visit("learning_rate", step.learningRate);
        visit("wall_s", step.wallSeconds);
        visit("allocated_bytes", step.memory.allocatedBytes);
        visit("reserved_bytes", step.memory.reservedBytes);
        visit("peak_allocated_bytes", step.memory.peakAllocatedBytes);
        visit("peak_reserved_bytes", step.memory.peakReservedBytes);
        visit("rss_bytes", step.memory.residentBytes);
        visit("peak_rss_bytes", step.memory.peakResidentBytes);
        visit("global_images_per_s", step.globalImagesPerSecond);
    }
};

/// ranks.csv, of a data-parallel run: one row per rank and step, in the order they reached rank 0.
struct RanksCsv {
    using Row = RankStep;
    /// Calls `visit(name, field)` for each column in file order, with the member of `figures` it holds.
    template <typename Figures, typename Visit>
    static void forEachColumn(Figures& figures, Visit&& visit)
    {
        visit("step", figures.step);
        visit("rank", figures.rank);
        visit("step_ms", figures.stepMilliseconds);
        visit("data_wait_ms", figures.dataWaitMilliseconds);
        visit("allreduce_ms", figures.allReduceMilliseconds);
        visit("allreduce_exposed_ms", figures.exposedAllReduceMilliseconds);
        visit("memory_bytes", figures.memoryBytes);
    }
};

/// epochs.csv: one row per epoch (the last one possibly incomplete).
struct EpochsCsv {
    using Row = EpochMetrics;
    /// Calls `visit(name, field)` for each column in file order, with the member of `epoch` it holds.
    template <typename Epoch, typename Visit>
    static void forEachColumn(Epoch& epoch, Visit&& visit)
    {
        visit("epoch", epoch.epoch);
        visit("steps", epoch.steps);
        visit("complete", epoch.complete);
        visit("train_loss", epoch.trainLoss);
        visit("train_accuracy", epoch.trainAccuracy);
        visit("val_loss", epoch.validationLoss);
        visit("val_top1", epoch.validationTop1);
        visit("val_top5", epoch.validationTop5);
        visit("epoch_s", epoch.epochSeconds);
        visit("images_per_s", epoch.imagesPerSecond);
        visit("peak_memory_bytes", epoch.peakMemoryBytes);
        visit("skipped_steps", epoch.skippedSteps);
    }
};

/// summary.json: the run's outcome, one key per RunSummary member.
struct SummaryJson {
    /// Calls `visit(key, field)` for each key, with the member of `summary` it holds
    /// (`Summary` is RunSummary to read into, const RunSummary to write from).
    template <typename Summary, typename Visit>
    static void forEachField(Summary& summary, Visit&& visit)
    {
        visit("run_directory", summary.runDirectory);
        visit("state", summary.state);
        visit("message", summary.message);
        visit("precision", summary.precision);
        visit("amp_dtype", summary.ampDtype);
        visit("device", summary.deviceDescription);
        visit("image_size", summary.imageSize);
        visit("steps", summary.steps);
        visit("epochs_completed", summary.epochsCompleted);
        visit("train_seconds", summary.trainSeconds);
        visit("images_per_second", summary.imagesPerSecond);
        visit("images_per_second_relative_error", summary.imagesPerSecondError);
        visit("world_size", summary.worldSize);
        visit("median_step_ms", summary.medianStepMilliseconds);
        visit("epoch_seconds", summary.epochSeconds);
        visit("epoch_seconds_projected", summary.epochSecondsProjected);
        visit("memory_is_cuda", summary.memoryIsCuda);
        visit("peak_memory_bytes", summary.peakMemoryBytes);
        visit("peak_reserved_bytes", summary.peakReservedBytes);
        visit("interleaved", summary.interleaved);
        visit("final_train_loss", summary.finalTrainLoss);
        visit("final_validation_loss", summary.finalValidationLoss);
        visit("final_top1", summary.finalTop1);
        visit("final_top5", summary.finalTop5);
        visit("validation_images", summary.validationImages);
        visit("validated", summary.validated);
        visit("skipped_steps", summary.skippedSteps);
        visit("non_finite_losses", summary.nonFiniteLosses);
        visit("final_loss_scale", summary.finalLossScale);
        visit("unreadable_images", summary.unreadableImages);
    }
};

/// config.json: everything needed to repeat a run, one key per TrainingConfig member, with the loss
/// scaler's settings in an object under "scaler" (RunFolder adds the machine under "environment").
struct ConfigJson {
    /// Calls `visit(key, field)` for each top-level key but "scaler", with the member of `config` it holds
    /// (`Config` is TrainingConfig to read into, const TrainingConfig to write from).
    template <typename Config, typename Visit>
    static void forEachField(Config& config, Visit&& visit)
    {
        visit("name", config.name);
        visit("dataset", config.dataset);
        visit("synthetic_train_size", config.syntheticTrainSize);
        visit("synthetic_validation_size", config.syntheticValidationSize);
        visit("precision", config.precision);
        visit("amp_dtype", config.ampDtype);
        visit("precision_policy", config.precisionPolicy);
        visit("engine_paths", config.enginePaths);
        visit("device", config.device);
        visit("epochs", config.epochs);
        visit("max_steps", config.maxSteps);
        visit("batch_size", config.batchSize);
        visit("learning_rate", config.learningRate);
        visit("momentum", config.momentum);
        visit("weight_decay", config.weightDecay);
        visit("nesterov", config.nesterov);
        visit("clip_grad_norm", config.clipGradNorm);
        visit("schedule", config.schedule);
        visit("step_size", config.stepSize);
        visit("gamma", config.gamma);
        visit("warmup_epochs", config.warmupEpochs);
        visit("image_size", config.imageSize);
        visit("channels_last", config.channelsLast);
        visit("augment", config.augment);
        visit("loss_scaling", config.lossScaling);
        visit("seed", config.seed);
        visit("workers", config.workers);
        visit("validation", config.validation);
        visit("validation_limit", config.validationLimit);
        visit("grad_stats_every", config.gradientStatsEvery);
        visit("runs_directory", config.runsDirectory);
        visit("init_weights", config.initWeights);
        visit("new_head", config.newHead);
        visit("freeze_backbone", config.freezeBackbone);
        visit("backbone_lr_scale", config.backboneLearningRateScale);
    }
    /// The same for the keys of the "scaler" object, with the members of `scaler`.
    template <typename Scaler, typename Visit>
    static void forEachScalerField(Scaler& scaler, Visit&& visit)
    {
        visit("init_scale", scaler.initScale);
        visit("growth_factor", scaler.growthFactor);
        visit("backoff_factor", scaler.backoffFactor);
        visit("growth_interval", scaler.growthInterval);
    }
};

/// config.json's "start" object: where the weights of a run that did not start from random ones came from.
struct StartJson {
    /// Calls `visit(key, field)` for each key with the member of `origin` it holds (`Origin` is WeightsOrigin
    /// to read into, const WeightsOrigin to write from).
    template <typename Origin, typename Visit>
    static void forEachField(Origin& origin, Visit&& visit)
    {
        visit("source", origin.source);
        visit("file", origin.file);
        visit("sha256", origin.sha256);
        visit("classes_in_file", origin.fileClasses);
        visit("head_replaced", origin.headReplaced);
        visit("image_size", origin.imageSize);
        visit("mean", origin.mean);
        visit("std", origin.std);
    }
};

/// A visitor for the JSON formats above that sets `object[key]` to each field it is given: an enum (or the
/// engine paths) as its name, anything else as it is (`Json` is nlohmann::json, which stays out of this header).
template <typename Json>
auto jsonFieldWriter(Json& object)
{
    return [&object](const char* key, const auto& field) {
        using Field = std::decay_t<decltype(field)>;
        if constexpr (std::is_enum_v<Field> || std::is_same_v<Field, EnginePaths>) {
            object[key] = toString(field);
        } else if constexpr (std::is_same_v<Field, std::optional<PrecisionPolicy>>) {
            if (field) // a run without a policy writes no key for it, as before policies
                object[key] = Json::parse(precisionPolicyJson(*field));
        } else {
            object[key] = field;
        }
    };
}

} // namespace ampwb
