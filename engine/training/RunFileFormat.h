#pragma once

// The columns of steps.csv and epochs.csv and the fields of summary.json, each listed once and
// used both to write a run folder (RunFolder) and to read it back (RunFiles, RunFolder::readSummary).
// Runs already on disk are read by these names: a column or key keeps its name once written.

#include "training/TrainingMetrics.h"

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
        visit("device", summary.deviceDescription);
        visit("image_size", summary.imageSize);
        visit("steps", summary.steps);
        visit("epochs_completed", summary.epochsCompleted);
        visit("train_seconds", summary.trainSeconds);
        visit("images_per_second", summary.imagesPerSecond);
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
        visit("skipped_steps", summary.skippedSteps);
        visit("non_finite_losses", summary.nonFiniteLosses);
        visit("final_loss_scale", summary.finalLossScale);
        visit("unreadable_images", summary.unreadableImages);
    }
};

} // namespace ampwb
