#include "charts/ChartCatalog.h"

#include "runs/RunHistory.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace {

constexpr double kNoPoint = std::numeric_limits<double>::quiet_NaN();

double megabytes(int64_t bytes)
{
    return static_cast<double>(bytes) / 1e6;
}

bool onCpu(const RunHistory& run)
{
    return !run.memoryIsCuda();
}

bool onCuda(const RunHistory& run)
{
    return run.memoryIsCuda();
}

/// Whether the run is data-parallel: its steps carry the ranks' figures (ranks.csv).
bool inAGroup(const RunHistory& run)
{
    return !run.steps().empty() && !run.steps().front().ranks.empty();
}

/// A series of the largest (or smallest) of the ranks' figures that each step carries: all ranks' for a
/// run read from its folder; live, rank 0's of that step and the others' latest, which arrive a step late.
SeriesSpec rankSeries(QString name, bool largest, std::function<double(const ampwb::RankStep&)> value)
{
    SeriesSpec series;
    series.name = std::move(name);
    series.stepValue = [largest, value = std::move(value)](const ampwb::StepMetrics& step) {
        double extreme = kNoPoint;
        for (const ampwb::RankStep& rank : step.ranks) {
            const double figure = value(rank);
            if (std::isnan(extreme) || (largest ? figure > extreme : figure < extreme))
                extreme = figure;
        }
        return extreme;
    };
    series.appliesTo = inAGroup;
    series.penStyle = Qt::DotLine;
    series.penWidth = 1.0;
    series.alpha = 150;
    return series;
}

ChartSpec chartOf(QString id, QString title, QString leftAxisLabel, QString rightAxisLabel = {})
{
    ChartSpec chart;
    chart.id = std::move(id);
    chart.title = std::move(title);
    chart.leftAxisLabel = std::move(leftAxisLabel);
    chart.rightAxisLabel = std::move(rightAxisLabel);
    return chart;
}

SeriesSpec stepSeries(QString name, std::function<double(const ampwb::StepMetrics&)> value)
{
    SeriesSpec series;
    series.name = std::move(name);
    series.stepValue = std::move(value);
    return series;
}

SeriesSpec epochSeries(QString name, std::function<double(const ampwb::EpochMetrics&)> value)
{
    SeriesSpec series;
    series.name = std::move(name);
    series.epochValue = std::move(value);
    return series;
}

ChartSpec lossChart()
{
    ChartSpec chart = chartOf(QStringLiteral("loss"), ChartCatalog::tr("Training loss"),
                              ChartCatalog::tr("Cross-entropy"));
    SeriesSpec raw = stepSeries(ChartCatalog::tr("loss (raw)"), [](const auto& s) { return s.loss; });
    raw.alpha = 70;
    raw.penWidth = 1.0;
    SeriesSpec smoothed = stepSeries(ChartCatalog::tr("loss (smoothed)"), [](const auto& s) { return s.loss; });
    smoothed.smoothed = true;
    smoothed.penWidth = 2.2;
    chart.series = {raw, smoothed};
    return chart;
}

ChartSpec lossScaleChart()
{
    ChartSpec chart = chartOf(QStringLiteral("loss-scale"), ChartCatalog::tr("Loss scale"),
                              ChartCatalog::tr("Scale (log₂)"));
    chart.log2Axis = true;
    SeriesSpec scale = stepSeries(ChartCatalog::tr("loss scale"), [](const auto& s) { return s.lossScale; });
    scale.stepLine = true;
    SeriesSpec skipped = stepSeries(ChartCatalog::tr("skipped step"),
                                    [](const auto& s) { return s.skipped ? s.lossScale : kNoPoint; });
    skipped.markersOnly = true;
    skipped.marker = QCPScatterStyle::ssCross;
    skipped.penWidth = 2.0;
    chart.series = {scale, skipped};
    // A flat line at 1 is no finding: say on the chart when no run drawn scales its loss.
    chart.standingNote = [](const std::vector<RunHistory>& runs) {
        const bool known = std::any_of(runs.begin(), runs.end(), [](const RunHistory& run) { return run.started; });
        const bool scaled = std::any_of(runs.begin(), runs.end(),
                                        [](const RunHistory& run) { return run.started && run.started->lossScaling; });
        return known && !scaled
                 ? ChartCatalog::tr("Loss scaling is off:\nFP32 and AMP bf16 need none,\nso the scale stays 1")
                 : QString();
    };
    return chart;
}

ChartSpec speedChart()
{
    ChartSpec chart = chartOf(QStringLiteral("speed"), ChartCatalog::tr("Step time and throughput"),
                              ChartCatalog::tr("Step time (ms)"), ChartCatalog::tr("Images/s"));
    SeriesSpec stepTime = stepSeries(ChartCatalog::tr("step time"), [](const auto& s) { return s.stepMilliseconds; });
    stepTime.penWidth = 1.2;
    stepTime.unit = ChartCatalog::tr("ms");
    SeriesSpec throughput = stepSeries(ChartCatalog::tr("images/s"), [](const auto& s) { return s.imagesPerSecond; });
    throughput.onRightAxis = true;
    throughput.unit = ChartCatalog::tr("img/s");
    throughput.penStyle = Qt::DashLine;
    throughput.penWidth = 1.2;
    throughput.alpha = 150;
    const auto rankStepTime = [](const ampwb::RankStep& rank) { return rank.stepMilliseconds; };
    SeriesSpec slowest = rankSeries(ChartCatalog::tr("slowest rank"), true, rankStepTime);
    SeriesSpec fastest = rankSeries(ChartCatalog::tr("fastest rank"), false, rankStepTime);
    SeriesSpec dataWait = rankSeries(ChartCatalog::tr("longest data wait of a rank"), true,
                                     [](const ampwb::RankStep& rank) { return rank.dataWaitMilliseconds; });
    dataWait.penStyle = Qt::DashDotLine;
    for (SeriesSpec* rank : {&slowest, &fastest, &dataWait})
        rank->unit = stepTime.unit;
    chart.series = {stepTime, throughput, slowest, fastest, dataWait};
    return chart;
}

ChartSpec memoryChart()
{
    ChartSpec chart = chartOf(QStringLiteral("memory"), ChartCatalog::tr("Memory"), ChartCatalog::tr("Memory (MB)"));
    SeriesSpec rss = stepSeries(ChartCatalog::tr("process RSS (CPU)"),
                                [](const auto& s) { return megabytes(s.memory.residentBytes); });
    rss.appliesTo = onCpu;
    SeriesSpec peakRss = stepSeries(ChartCatalog::tr("peak RSS (CPU)"),
                                    [](const auto& s) { return megabytes(s.memory.peakResidentBytes); });
    peakRss.appliesTo = onCpu;
    peakRss.penStyle = Qt::DashLine;
    SeriesSpec allocated = stepSeries(ChartCatalog::tr("CUDA allocated"),
                                      [](const auto& s) { return megabytes(s.memory.allocatedBytes); });
    allocated.appliesTo = onCuda;
    SeriesSpec reserved = stepSeries(ChartCatalog::tr("CUDA reserved"),
                                     [](const auto& s) { return megabytes(s.memory.reservedBytes); });
    reserved.appliesTo = onCuda;
    reserved.penStyle = Qt::DashLine;
    SeriesSpec peak = stepSeries(ChartCatalog::tr("CUDA peak allocated"),
                                 [](const auto& s) { return megabytes(s.memory.peakAllocatedBytes); });
    peak.appliesTo = onCuda;
    peak.penStyle = Qt::DotLine;
    SeriesSpec largestRank = rankSeries(ChartCatalog::tr("largest rank"), true,
                                        [](const ampwb::RankStep& rank) { return megabytes(rank.memoryBytes); });
    chart.series = {rss, peakRss, allocated, reserved, peak, largestRank};
    for (SeriesSpec& series : chart.series)
        series.unit = ChartCatalog::tr("MB");
    return chart;
}

ChartSpec learningRateChart()
{
    ChartSpec chart = chartOf(QStringLiteral("learning-rate"), ChartCatalog::tr("Learning rate"),
                              ChartCatalog::tr("Learning rate"));
    SeriesSpec rate = stepSeries(ChartCatalog::tr("learning rate"), [](const auto& s) { return s.learningRate; });
    rate.stepLine = true;
    chart.series = {rate};
    return chart;
}

ChartSpec validationChart()
{
    ChartSpec chart = chartOf(QStringLiteral("validation"), ChartCatalog::tr("Validation accuracy"),
                              ChartCatalog::tr("Accuracy (%)"));
    SeriesSpec top1 = epochSeries(ChartCatalog::tr("top-1"), [](const auto& e) { return e.validationTop1 * 100.0; });
    top1.marker = QCPScatterStyle::ssDisc;
    top1.penWidth = 2.0;
    SeriesSpec top5 = epochSeries(ChartCatalog::tr("top-5"), [](const auto& e) { return e.validationTop5 * 100.0; });
    top5.marker = QCPScatterStyle::ssSquare;
    top5.penStyle = Qt::DashLine;
    chart.series = {top1, top5};
    for (SeriesSpec& series : chart.series)
        series.unit = QStringLiteral("%");
    chart.emptyNote = ChartCatalog::tr("Measured after each epoch");
    return chart;
}

} // namespace

QList<ChartSpec> ChartCatalog::trainingCharts()
{
    return {lossChart(), lossScaleChart(), speedChart(), memoryChart(), learningRateChart(), validationChart()};
}
