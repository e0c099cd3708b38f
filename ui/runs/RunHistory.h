#pragma once

#include "run/TrainingConfig.h"
#include "run/TrainingMetrics.h"

#include <QColor>
#include <QString>

#include <optional>
#include <vector>

/// Everything known about one run, as it is shown: its measurements step by step and
/// epoch by epoch (never modified once recorded, except that resuming drops
/// what came after the checkpoint), its configuration and outcome when
/// known, and the label and colour it has on the charts.
class RunHistory {
public:
    RunHistory(QString label, QColor color);

    const QString& label() const { return runLabel; }
    const QColor& color() const { return runColor; }
    void setColor(const QColor& color) { runColor = color; }

    void appendStep(const ampwb::StepMetrics& step);
    void appendEpoch(const ampwb::EpochMetrics& epoch);
    /// Drops what was recorded after the checkpoint a resumed run starts from, as the
    /// engine drops it from the run folder, so the resumed steps follow on.
    void continueFrom(const ampwb::RunStarted& resumed);
    /// Drops every step and epoch, to record them again from files that were rewritten.
    void dropRows();

    const std::vector<ampwb::StepMetrics>& steps() const { return stepRows; }
    const std::vector<ampwb::EpochMetrics>& epochs() const { return epochRows; }

    /// Seconds since the run began, continuing across resumed parts (the engine's own
    /// clock restarts at 0 when a run resumes).
    double elapsedSecondsAt(size_t stepIndex) const { return elapsed[stepIndex]; }
    /// The index of the last step recorded in `epoch`, or nullopt when none is.
    std::optional<size_t> lastStepOfEpoch(int64_t epoch) const;
    /// Whether the memory figures come from the CUDA allocator (else process RSS).
    bool memoryIsCuda() const;

    std::optional<ampwb::TrainingConfig> config;
    std::optional<ampwb::RunStarted> started;
    std::optional<ampwb::RunSummary> summary;
    QString directory;

private:
    QString runLabel;
    QColor runColor;
    std::vector<ampwb::StepMetrics> stepRows;
    std::vector<double> elapsed;
    std::vector<ampwb::EpochMetrics> epochRows;
    double resumedOffset = 0.0;
};
