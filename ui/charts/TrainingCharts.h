#pragma once

#include "charts/XAxisMode.h"

#include <QList>
#include <QWidget>

class MetricChart;
class QComboBox;
class QGridLayout;
class QLabel;
class QSlider;
class RunHistories;

/// The grid of training charts that draws the runs of a RunHistories as they announce
/// changes, with the options the charts share: what the x axis counts and how much the
/// loss is smoothed (both remembered in QSettings under `settingsGroup`, as is each
/// chart's log-y choice).
class TrainingCharts : public QWidget {
    Q_OBJECT
public:
    /// Draws `histories`, which must outlive the charts, in up to `columns` columns: fewer where the widget
    /// is too narrow for them, and scrolling where it is smaller than the charts' minimum sizes.
    TrainingCharts(const RunHistories& histories, const QString& settingsGroup, int columns, QWidget* parent = nullptr);

    const QList<MetricChart*>& charts() const { return metricCharts; }
    MetricChart* chart(const QString& id) const;

    XAxisMode xAxisMode() const;
    void setXAxisMode(XAxisMode mode);
    /// Loss smoothing in [0, 1).
    double smoothing() const;
    void setSmoothing(double smoothing);
    /// How many columns the charts are in now.
    int columnCount() const { return columnsShown; }

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    /// Draws what the runs recorded since the charts last drew (once per chart).
    void drawNew();
    /// Draws every run again from its first value.
    void drawAll();
    void resetViews();
    void applyXAxisMode();
    void applySmoothing();
    void restoreOptions();
    /// Lays the charts out in `columns` columns, row by row.
    void arrangeCharts(int columns);

    const RunHistories& histories;
    QString settingsGroup;
    QComboBox* xAxisBox;
    QSlider* smoothingSlider;
    QLabel* smoothingLabel;
    QList<MetricChart*> metricCharts;
    QGridLayout* grid;
    int maxColumns;
    int columnsShown = 0;
};
