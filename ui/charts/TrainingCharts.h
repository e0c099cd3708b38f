#pragma once

#include "charts/XAxisMode.h"

#include <QList>
#include <QWidget>

class MetricChart;
class RedrawPacer;
class QComboBox;
class QGridLayout;
class QLabel;
class QSlider;
class RunHistories;

/// The grid of training charts that draws the runs of a RunHistories as they announce
/// changes, with the options the charts share: what the x axis counts and how much the
/// loss is smoothed (both remembered in QSettings under `settingsGroup`, as is each
/// chart's log-y choice). Points are added as they arrive; the redraws they ask for are
/// paced to kLiveRedrawShare of the GUI thread's time, and wait while the charts are hidden.
class TrainingCharts : public QWidget {
    Q_OBJECT
public:
    /// The most of the GUI thread's time that redrawing arriving points may take: 1 %, two or three redraws a
    /// second of the Train tab's six charts. On a CPU run the GUI thread shares the cores with the training
    /// step's operator threads, and each millisecond it takes costs the run about a millisecond: a run from the
    /// window came closer to the CLI's speed at 1 % than at 3 % (docs/BENCHMARKS.md, "What the window costs a
    /// training run").
    static constexpr double kLiveRedrawShare = 0.01;

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
    /// Whether points have arrived that the charts have not drawn yet (the redraw waits for its turn, or
    /// for the charts to be shown).
    bool isRedrawPending() const;

protected:
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    /// Adds what the runs recorded since the charts last drew, and asks the pacer for a redraw.
    void drawNew();
    /// Replots every chart now, if they are shown.
    void redrawLive();
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
    RedrawPacer* pacer;
    bool hiddenWithNewPoints = false;
};
