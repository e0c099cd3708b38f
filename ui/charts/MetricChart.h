#pragma once

#include "charts/ChartPanel.h"
#include "charts/ChartSpec.h"
#include "charts/DebiasedEma.h"
#include "charts/XAxisMode.h"

#include <vector>

class QCPGraph;
class RunHistory;

/// A chart of one ChartSpec for any number of runs, fed incrementally: `drawNew()` adds
/// only the points recorded since the last call and replots once; `appendNew()` leaves the
/// replot to its caller.
class MetricChart : public ChartPanel {
    Q_OBJECT
public:
    explicit MetricChart(ChartSpec spec, QWidget* parent = nullptr);

    void setXAxisMode(XAxisMode mode);
    /// Smoothing of the smoothed series, in [0, 1).
    void setSmoothing(double smoothing);
    /// Whether the chart draws a smoothed series (and so must draw everything again when smoothing changes).
    bool isSmoothed() const;

    /// Draws what `runs` recorded since the last drawNew, appendNew or drawAll (graphs for new runs included).
    void drawNew(const std::vector<RunHistory>& runs);
    /// Adds what `runs` recorded since then, as drawNew does, and fits the axes, without replotting.
    void appendNew(const std::vector<RunHistory>& runs);
    /// Forgets all graphs and draws `runs` from their first point.
    void drawAll(const std::vector<RunHistory>& runs);

protected:
    QString xColumnName() const override;
    QString describeX(double x) const override;

private:
    struct PlottedRun {
        std::vector<QCPGraph*> graphs; ///< one per series, nullptr where it does not apply
        std::vector<DebiasedEma> smoothers;
        size_t steps = 0;
        size_t epochs = 0;
    };

    void removeAllGraphs();
    PlottedRun createGraphs(const RunHistory& run);
    /// Adds the points `run` recorded since they were last added to `plotted`'s graphs; no replot.
    void appendNewPoints(const RunHistory& run, PlottedRun& plotted);
    double stepKey(const RunHistory& run, size_t index) const;
    double epochKey(const RunHistory& run, size_t index) const;
    void applyXAxis();

    ChartSpec spec;
    XAxisMode axisMode = XAxisMode::Step;
    double smoothing = 0.6;
    std::vector<PlottedRun> plottedRuns;
};
