#pragma once

#include <QString>
#include <QWidget>

#include <cstdint>
#include <map>
#include <vector>

class QCPColorMap;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCPTextElement;
class QCustomPlot;

namespace ampwb {
struct GradientStatsRow;
}

/// The gradient-range chart of the X-ray: a heat map of the latest measured step's unscaled gradients, one
/// row per parameter across their log2 magnitudes, over fp16's underflow, subnormal and overflow limits and
/// where the loss scale moves them; below it, the share of all gradient values that would underflow in fp16
/// at each measured step, as they are and after the loss scale. bf16's limits lie far off the chart.
class GradientRangeChart : public QWidget {
    Q_OBJECT
public:
    explicit GradientRangeChart(QWidget* parent = nullptr);

    /// Shows these measurements (any number of steps, in file order): the heat map the latest step's, the line
    /// chart every step's.
    void setMeasurements(const std::vector<ampwb::GradientStatsRow>& rows);
    /// Adds rows measured since (a run in progress); same as setMeasurements with all rows so far.
    void appendMeasurements(const std::vector<ampwb::GradientStatsRow>& rows);
    /// Forgets every measurement; the heat map then says when gradient ranges are measured.
    void clear();

    int shownStep() const;  ///< the step the heat map shows; 0 when empty
    int layerCount() const; ///< parameters (rows) in the heat map
    /// The heat map: cell (bin, row) holds the share of that parameter's non-zero finite values whose
    /// floor(log2 |g|) is kLowestLog2 + bin; NaN where it has none.
    QCustomPlot* heatMapPlot() const { return heatPlot; }
    /// The line chart: graph 0 the percentage of values that underflow in fp16 as they are, graph 1 after
    /// the loss scale, one point per measured step.
    QCustomPlot* underflowPlot() const { return underflowChart; }

private:
    /// Totals over the parameters of one measured step.
    struct StepTotals {
        int64_t elements = 0;
        int64_t fp16Underflow = 0;
        int64_t fp16ScaledUnderflow = 0;
    };
    /// One row of the heat map.
    struct ParameterBins {
        QString name;
        std::vector<int64_t> log2Histogram;
    };

    void createHeatMap();
    void createUnderflowPlot();
    void forgetMeasurements();
    void showMeasurements();
    void showHeatMap();
    void showUnderflow();
    /// Labels as many parameters as the heat map's height leaves readable (every one, or every second …).
    void labelParameters();

    QCustomPlot* heatPlot;
    QCustomPlot* underflowChart;
    QCPColorMap* heatMap = nullptr;
    QCPTextElement* heatTitle = nullptr;
    QCPTextElement* heatCaption = nullptr;
    QCPItemText* emptyNote = nullptr;
    QCPItemStraightLine* scaledUnderflowLine = nullptr;
    QCPItemText* scaledUnderflowLabel = nullptr;
    QCPItemStraightLine* scaledOverflowLine = nullptr;
    QCPItemText* scaledOverflowLabel = nullptr;
    QCPGraph* asIsGraph = nullptr;
    QCPGraph* scaledGraph = nullptr;

    std::map<int64_t, StepTotals> totalsByStep;
    int64_t latestStep = 0;
    double latestLossScale = 1.0;
    std::vector<ParameterBins> latestParameters;
    int labelledEvery = 0; ///< every how many rows the heat map labels; 0 when its labels are out of date
};
