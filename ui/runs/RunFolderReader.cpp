#include "runs/RunFolderReader.h"

#include "runs/CsvColumns.h"
#include "training/RunFolder.h"

#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <exception>

namespace {

int64_t whole(double value)
{
    return std::isfinite(value) ? static_cast<int64_t>(std::llround(value)) : 0;
}

ampwb::StepMetrics stepAt(const CsvColumns& csv, size_t row)
{
    ampwb::StepMetrics step;
    step.step = whole(csv.value(row, "step"));
    step.epoch = whole(csv.value(row, "epoch"));
    step.stepInEpoch = whole(csv.value(row, "step_in_epoch"));
    step.loss = csv.value(row, "loss");
    step.lossScale = csv.value(row, "loss_scale");
    step.skipped = csv.value(row, "skipped") != 0.0;
    step.stepMilliseconds = csv.value(row, "step_ms");
    step.imagesPerSecond = csv.value(row, "images_per_s");
    step.dataWaitMilliseconds = csv.value(row, "data_wait_ms");
    step.learningRate = csv.value(row, "learning_rate");
    step.wallSeconds = csv.value(row, "wall_s");
    ampwb::MemoryUsage& memory = step.memory;
    memory.allocatedBytes = whole(csv.value(row, "allocated_bytes"));
    memory.reservedBytes = whole(csv.value(row, "reserved_bytes"));
    memory.peakAllocatedBytes = whole(csv.value(row, "peak_allocated_bytes"));
    memory.peakReservedBytes = whole(csv.value(row, "peak_reserved_bytes"));
    memory.residentBytes = whole(csv.value(row, "rss_bytes"));
    memory.peakResidentBytes = whole(csv.value(row, "peak_rss_bytes"));
    memory.isCuda = memory.residentBytes == 0 && memory.reservedBytes > 0;
    return step;
}

ampwb::EpochMetrics epochAt(const CsvColumns& csv, size_t row)
{
    ampwb::EpochMetrics epoch;
    epoch.epoch = whole(csv.value(row, "epoch"));
    epoch.steps = whole(csv.value(row, "steps"));
    epoch.complete = csv.value(row, "complete") != 0.0;
    epoch.trainLoss = csv.value(row, "train_loss");
    epoch.trainAccuracy = csv.value(row, "train_accuracy");
    epoch.validationLoss = csv.value(row, "val_loss");
    epoch.validationTop1 = csv.value(row, "val_top1");
    epoch.validationTop5 = csv.value(row, "val_top5");
    epoch.epochSeconds = csv.value(row, "epoch_s");
    epoch.imagesPerSecond = csv.value(row, "images_per_s");
    epoch.peakMemoryBytes = whole(csv.value(row, "peak_memory_bytes"));
    epoch.skippedSteps = whole(csv.value(row, "skipped_steps"));
    return epoch;
}

/// Steps per epoch as the run saw them: the most steps any epoch reached.
int64_t stepsPerEpochOf(const CsvColumns& steps)
{
    int64_t most = 0;
    for (size_t row = 0; row < steps.rowCount(); ++row)
        most = std::max(most, whole(steps.value(row, "step_in_epoch")));
    return most;
}

} // namespace

std::optional<RunHistory> RunFolderReader::read(const QString& directory, const QString& label, const QColor& color,
                                                QString* error)
{
    CsvColumns steps;
    if (!steps.load(directory + QStringLiteral("/steps.csv"))) {
        if (error)
            *error = tr("%1 has no readable steps.csv.").arg(directory);
        return std::nullopt;
    }
    RunHistory history(label, color);
    history.directory = directory;
    const std::string path = directory.toStdString();
    try {
        history.config = ampwb::RunFolder::readConfig(path);
    } catch (const std::exception&) {
        history.config.reset();
    }
    history.summary = ampwb::RunFolder::readSummary(path);

    const int64_t stepsPerEpoch = stepsPerEpochOf(steps);
    for (size_t row = 0; row < steps.rowCount(); ++row) {
        ampwb::StepMetrics step = stepAt(steps, row);
        step.stepsPerEpoch = stepsPerEpoch;
        if (history.summary)
            step.memory.isCuda = history.summary->memoryIsCuda;
        history.appendStep(step);
    }
    CsvColumns epochs;
    if (epochs.load(directory + QStringLiteral("/epochs.csv"))) {
        for (size_t row = 0; row < epochs.rowCount(); ++row)
            history.appendEpoch(epochAt(epochs, row));
    }
    return history;
}

bool RunFolderReader::canResume(const QString& directory)
{
    const ampwb::RunFolder folder(directory.toStdString());
    const auto summary = ampwb::RunFolder::readSummary(folder.directory());
    return summary && (summary->state == ampwb::RunState::Stopped || summary->state == ampwb::RunState::Failed)
        && QFileInfo::exists(QString::fromStdString(folder.checkpointPath()));
}
