#pragma once

#include "runs/RunHistory.h"
#include "charts/XAxisMode.h"

#include <QList>
#include <QWidget>

#include <vector>

class MetricChart;
class QComboBox;
class QLabel;
class QSlider;

/// The grid of training charts for one or more runs, with the options they share: what
/// the x axis counts and how much the loss is smoothed (both remembered in QSettings
/// under `settingsGroup`, as is each chart's log-y choice).
class TrainingCharts : public QWidget {
    Q_OBJECT
public:
    TrainingCharts(const QString& settingsGroup, int columns, QWidget* parent = nullptr);

    /// Removes every run and its graphs.
    void clearRuns();
    /// Adds a run to draw; the reference stays valid until the next addRun or clearRuns.
    RunHistory& addRun(RunHistory run);
    RunHistory& run(size_t index) { return shownRuns[index]; }
    const std::vector<RunHistory>& runs() const { return shownRuns; }
    /// Draws what the runs recorded since the last drawNew or drawAll (once per chart).
    void drawNew();
    /// Draws every run again from its first value (after a resumed run dropped some).
    void drawAll();

    const QList<MetricChart*>& charts() const { return metricCharts; }
    MetricChart* chart(const QString& id) const;

    XAxisMode xAxisMode() const;
    void setXAxisMode(XAxisMode mode);
    /// Loss smoothing in [0, 1).
    double smoothing() const;
    void setSmoothing(double smoothing);

private:
    void applyXAxisMode();
    void applySmoothing();
    void restoreOptions();

    QString settingsGroup;
    QComboBox* xAxisBox;
    QSlider* smoothingSlider;
    QLabel* smoothingLabel;
    QList<MetricChart*> metricCharts;
    std::vector<RunHistory> shownRuns;
};
