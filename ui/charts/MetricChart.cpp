#include "charts/MetricChart.h"

#include "charts/AxisFit.h"
#include "runs/RunHistory.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace {

constexpr double kNoPoint = std::numeric_limits<double>::quiet_NaN();

} // namespace

MetricChart::MetricChart(ChartSpec chartSpec, QWidget* parent)
    : ChartPanel(chartSpec.id, chartSpec.title, parent)
    , spec(std::move(chartSpec))
{
    setAxisTitle(*plot().yAxis, spec.leftAxisLabel);
    if (!spec.rightAxisLabel.isEmpty()) {
        plot().yAxis2->setVisible(true);
        setAxisTitle(*plot().yAxis2, spec.rightAxisLabel);
    }
    if (spec.log2Axis) {
        setLogBase(2.0);
        setLogarithmic(true);
        setLogToggleVisible(false);
    }
    if (!spec.emptyNote.isEmpty())
        setEmptyNote(spec.emptyNote);
    applyXAxis();
}

void MetricChart::setXAxisMode(XAxisMode mode)
{
    axisMode = mode;
    if (!spec.emptyNote.isEmpty())
        setEmptyNote(spec.emptyNote);
    applyXAxis();
}

void MetricChart::setSmoothing(double value)
{
    smoothing = value;
}

bool MetricChart::isSmoothed() const
{
    return std::any_of(spec.series.begin(), spec.series.end(),
                       [](const SeriesSpec& series) { return series.smoothed; });
}

void MetricChart::applyXAxis()
{
    QCPAxis* axis = plot().xAxis;
    switch (axisMode) {
    case XAxisMode::Step: {
        setXAxisLabel(tr("Step"));
        QSharedPointer<QCPAxisTickerFixed> wholeSteps(new QCPAxisTickerFixed); // never "step 0.5"
        wholeSteps->setTickStep(1.0);
        wholeSteps->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
        axis->setTicker(wholeSteps);
        break;
    }
    case XAxisMode::Epoch:
        setXAxisLabel(tr("Epoch"));
        axis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        break;
    case XAxisMode::WallTime: {
        setXAxisLabel(tr("Wall time (h:mm:ss)"));
        QSharedPointer<QCPAxisTickerTime> ticker(new QCPAxisTickerTime);
        ticker->setTimeFormat(QStringLiteral("%h:%m:%s"));
        ticker->setFieldWidth(QCPAxisTickerTime::tuHours, 1); // 0:05:00, as the label says, not 00:05:00
        axis->setTicker(ticker);
        break;
    }
    }
}

QString MetricChart::xColumnName() const
{
    switch (axisMode) {
    case XAxisMode::Epoch: return QStringLiteral("epoch");
    case XAxisMode::WallTime: return QStringLiteral("wall_seconds");
    case XAxisMode::Step: break;
    }
    return QStringLiteral("step");
}

QString MetricChart::describeX(double x) const
{
    switch (axisMode) {
    case XAxisMode::Epoch: return tr("epoch %1").arg(x, 0, 'f', 2);
    case XAxisMode::WallTime: {
        const auto seconds = static_cast<long long>(std::llround(std::max(x, 0.0)));
        return QStringLiteral("%1:%2:%3")
            .arg(seconds / 3600)
            .arg(seconds / 60 % 60, 2, 10, QLatin1Char('0'))
            .arg(seconds % 60, 2, 10, QLatin1Char('0'));
    }
    case XAxisMode::Step: break;
    }
    return tr("step %1").arg(std::llround(x));
}

void MetricChart::drawNew(const std::vector<RunHistory>& runs)
{
    appendNew(runs);
    plot().replot(QCustomPlot::rpQueuedReplot);
}

void MetricChart::appendNew(const std::vector<RunHistory>& runs)
{
    for (size_t index = 0; index < runs.size(); ++index) {
        const RunHistory& run = runs[index];
        if (index >= plottedRuns.size()) {
            if (run.steps().empty() && run.epochs().empty())
                break;
            plottedRuns.push_back(createGraphs(run));
        }
        appendNewPoints(run, plottedRuns[index]);
    }
    if (spec.standingNote)
        setStandingNote(plottedRuns.empty() ? QString() : spec.standingNote(runs));
    fitToData();
}

void MetricChart::drawAll(const std::vector<RunHistory>& runs)
{
    removeAllGraphs();
    drawNew(runs);
}

void MetricChart::removeAllGraphs()
{
    plot().clearGraphs();
    plottedRuns.clear();
}

MetricChart::PlottedRun MetricChart::createGraphs(const RunHistory& run)
{
    PlottedRun plotted;
    for (const SeriesSpec& series : spec.series) {
        plotted.smoothers.emplace_back(smoothing);
        if (series.appliesTo && !series.appliesTo(run)) {
            plotted.graphs.push_back(nullptr);
            continue;
        }
        QCPGraph* graph = plot().addGraph(plot().xAxis, series.onRightAxis ? plot().yAxis2 : plot().yAxis);
        graph->setName(run.label() + QStringLiteral(" · ") + series.name);
        graph->setProperty(kUnitProperty, series.unit);
        QColor color = run.color();
        color.setAlpha(series.alpha);
        const QPen pen(color, series.penWidth, series.penStyle);
        graph->setPen(pen);
        if (series.markersOnly)
            graph->setLineStyle(QCPGraph::lsNone);
        else if (series.stepLine)
            graph->setLineStyle(QCPGraph::lsStepLeft);
        if (series.marker != QCPScatterStyle::ssNone)
            graph->setScatterStyle(QCPScatterStyle(series.marker, QPen(color.darker(130), series.penWidth),
                                                   series.markersOnly ? QBrush() : QBrush(color), 7));
        graph->setAdaptiveSampling(true);
        plotted.graphs.push_back(graph);
    }
    return plotted;
}

void MetricChart::appendNewPoints(const RunHistory& run, PlottedRun& plotted)
{
    const auto& steps = run.steps();
    const auto& epochs = run.epochs();
    for (size_t index = 0; index < spec.series.size(); ++index) {
        const SeriesSpec& series = spec.series[index];
        QCPGraph* graph = plotted.graphs[index];
        if (!graph)
            continue;
        const bool gapsAreSkipped = series.markersOnly || series.smoothed;
        QVector<QCPGraphData> points;
        const auto addPoint = [&](double key, double value) {
            if (!std::isfinite(key))
                return;
            if (!std::isfinite(value)) {
                if (gapsAreSkipped)
                    return;
                value = kNoPoint;
            }
            points.append(QCPGraphData(key, value));
        };
        if (series.stepValue) {
            points.reserve(static_cast<qsizetype>(steps.size() - plotted.steps));
            for (size_t step = plotted.steps; step < steps.size(); ++step) {
                double value = series.stepValue(steps[step]);
                if (series.smoothed)
                    value = plotted.smoothers[index].add(value);
                addPoint(stepKey(run, step), value);
            }
        } else {
            for (size_t epoch = plotted.epochs; epoch < epochs.size(); ++epoch)
                addPoint(epochKey(run, epoch), series.epochValue(epochs[epoch]));
        }
        graph->data()->add(points, true);
        // A line needs two points: until it has them, its one point shows as a dot.
        if (series.marker == QCPScatterStyle::ssNone)
            graph->setScatterStyle(graph->dataCount() == 1
                                       ? QCPScatterStyle(QCPScatterStyle::ssDisc, graph->pen().color(), 5)
                                       : QCPScatterStyle());
    }
    plotted.steps = steps.size();
    plotted.epochs = epochs.size();
}

double MetricChart::stepKey(const RunHistory& run, size_t index) const
{
    const ampwb::StepMetrics& step = run.steps()[index];
    switch (axisMode) {
    case XAxisMode::Epoch:
        return step.stepsPerEpoch > 0
                 ? static_cast<double>(step.epoch - 1) + static_cast<double>(step.stepInEpoch) / step.stepsPerEpoch
                 : static_cast<double>(step.epoch);
    case XAxisMode::WallTime: return run.elapsedSecondsAt(index);
    case XAxisMode::Step: break;
    }
    return static_cast<double>(step.step);
}

double MetricChart::epochKey(const RunHistory& run, size_t index) const
{
    const ampwb::EpochMetrics& epoch = run.epochs()[index];
    if (const auto lastStep = run.lastStepOfEpoch(epoch.epoch))
        return stepKey(run, *lastStep);
    return axisMode == XAxisMode::Epoch ? static_cast<double>(epoch.epoch) : kNoPoint;
}
