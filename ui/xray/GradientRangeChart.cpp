#include "xray/GradientRangeChart.h"

#include "charts/AxisFit.h"
#include "charts/QCustomPlotNoKeywords.h"
#include "run/GradientRanges.h"

#include <QLocale>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace {

// The heat map's x is log2 |g|: bin b spans [kLowestLog2 + b, kLowestLog2 + b + 1).
constexpr double kLeftEdge = ampwb::kLowestLog2;
constexpr double kRightEdge = ampwb::kHighestLog2 + 1;
constexpr int kFp16SubnormalLog2 = -24; ///< fp16's smallest subnormal is 2^-24
constexpr int kFp16NormalLog2 = -14;    ///< and its smallest normal number 2^-14
constexpr int kBf16NormalLog2 = -126;
constexpr double kFp16Largest = 65504.0;
constexpr double kSmallestShownShare = 1e-6; ///< the colour scale's lower end; smaller shares get its colour

const QColor kUnderflowColor(214, 39, 40);
const QColor kSubnormalColor(255, 127, 14);
const QColor kScaledColor(31, 119, 180);

/// 2 to the power `exponent`, written with superscript digits ("2⁻²⁴").
QString powerOfTwo(int exponent)
{
    static const QString superscripts = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
    QString text = QStringLiteral("2");
    if (exponent < 0)
        text += QChar(0x207B);
    for (const QChar digit : QString::number(std::abs(exponent)))
        text += superscripts.at(digit.digitValue());
    return text;
}

/// "65,536" for 2^16, "0.5" for 2^-1.
QString lossScaleText(double lossScale)
{
    return QLocale().toString(lossScale, 'g', 12);
}

/// `font` `factor` times as large.
QFont scaledFont(const QFont& font, double factor, bool bold = false)
{
    QFont scaled = font;
    scaled.setPointSizeF(font.pointSizeF() * factor);
    scaled.setBold(bold);
    return scaled;
}

/// Light to dark blue; transparent where a parameter has no values.
QCPColorGradient shareGradient()
{
    QCPColorGradient gradient;
    gradient.setColorStopAt(0.0, QColor(214, 230, 244));
    gradient.setColorStopAt(0.45, QColor(107, 174, 214));
    gradient.setColorStopAt(0.8, QColor(33, 113, 181));
    gradient.setColorStopAt(1.0, QColor(8, 48, 107));
    gradient.setNanHandling(QCPColorGradient::nhTransparent);
    return gradient;
}

/// Places `position` at `log2` on the x axis and at `ratio` of the axis rect's height.
void placeAt(QCPItemPosition* position, QCustomPlot* plot, double log2, double ratio)
{
    position->setAxes(plot->xAxis, plot->yAxis);
    position->setAxisRect(plot->axisRect());
    position->setTypeX(QCPItemPosition::ptPlotCoords);
    position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    position->setCoords(log2, ratio);
}

/// A band from `from` to `to` (log2 |g|) over the whole height of the heat map, under its cells.
QCPItemRect* addBand(QCustomPlot* plot, double from, double to, QColor color)
{
    auto* band = new QCPItemRect(plot);
    band->setLayer(QStringLiteral("grid"));
    placeAt(band->topLeft, plot, from, 0.0);
    placeAt(band->bottomRight, plot, to, 1.0);
    band->setPen(Qt::NoPen);
    color.setAlpha(45);
    band->setBrush(color);
    return band;
}

/// A vertical line at `log2` across the heat map.
QCPItemStraightLine* addLimitLine(QCustomPlot* plot, double log2, const QPen& pen)
{
    auto* line = new QCPItemStraightLine(plot);
    placeAt(line->point1, plot, log2, 0.0);
    placeAt(line->point2, plot, log2, 1.0);
    line->setPen(pen);
    return line;
}

/// A label in the strip above the heat map, `rise` pixels above `anchor` on its top edge, left of it, centred
/// on it or right of it as `alignment` says.
QCPItemText* addLimitLabel(QCustomPlot* plot, QCPItemAnchor* anchor, int rise, Qt::Alignment alignment,
                           const QColor& color, const QString& text = {})
{
    auto* label = new QCPItemText(plot);
    label->position->setParentAnchor(anchor);
    label->position->setType(QCPItemPosition::ptAbsolute);
    const int gap = alignment & Qt::AlignRight ? -3 : alignment & Qt::AlignLeft ? 3 : 0;
    label->position->setCoords(gap, -rise);
    label->setPositionAlignment(alignment | Qt::AlignBottom);
    label->setClipToAxisRect(false);
    label->setText(text);
    label->setColor(color.darker(140));
    label->setFont(scaledFont(plot->font(), 0.85));
    return label;
}

} // namespace

GradientRangeChart::GradientRangeChart(QWidget* parent)
    : QWidget(parent)
    , heatPlot(new QCustomPlot(this))
    , underflowChart(new QCustomPlot(this))
{
    heatPlot->setObjectName(QStringLiteral("gradientRangeHeatMap"));
    underflowChart->setObjectName(QStringLiteral("fp16UnderflowChart"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(heatPlot, 3);
    layout->addWidget(underflowChart, 2); // room for its axis title at 768 px

    createHeatMap();
    createUnderflowPlot();
    keepAxesReadable(*heatPlot);
    keepAxesReadable(*underflowChart);
    clear();
}

void GradientRangeChart::createHeatMap()
{
    heatPlot->setLocale(QLocale());
    heatPlot->setMinimumSize(420, 280);
    QCPLayoutGrid* layout = heatPlot->plotLayout();
    layout->insertRow(0);
    layout->insertRow(0);
    heatTitle = new QCPTextElement(heatPlot, QString(), scaledFont(font(), 1.1, true));
    heatCaption = new QCPTextElement(heatPlot, QString(), scaledFont(font(), 0.9));
    heatTitle->setObjectName(QStringLiteral("heatMapTitle"));
    heatCaption->setObjectName(QStringLiteral("heatMapCaption"));
    layout->addElement(0, 0, heatTitle);
    layout->addElement(1, 0, heatCaption);
    layout->setRowStretchFactor(0, 0.001);
    layout->setRowStretchFactor(1, 0.001);

    auto* colorScale = new QCPColorScale(heatPlot);
    layout->addElement(2, 1, colorScale);
    layout->setColumnStretchFactor(1, 0.001);
    colorScale->setType(QCPAxis::atRight);
    colorScale->setBarWidth(12);
    colorScale->setGradient(shareGradient());
    colorScale->setDataScaleType(QCPAxis::stLogarithmic);
    colorScale->setDataRange(QCPRange(kSmallestShownShare, 1.0));
    setAxisTitle(*colorScale->axis(), tr("Share of the parameter's non-zero values"));
    colorScale->axis()->setLabelFont(scaledFont(font(), 0.9));
    colorScale->axis()->setTickLabelFont(scaledFont(font(), 0.85));
    QSharedPointer<QCPAxisTickerText> shareTicker(new QCPAxisTickerText);
    for (const double share : {1e-6, 1e-4, 1e-2, 1.0})
        shareTicker->addTick(share, tr("%1 %").arg(QLocale().toString(share * 100.0, 'g', 3)));
    colorScale->axis()->setTicker(shareTicker);
    auto* margins = new QCPMarginGroup(heatPlot);
    heatPlot->axisRect()->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    colorScale->setMarginGroup(QCP::msTop | QCP::msBottom, margins);

    heatMap = new QCPColorMap(heatPlot->xAxis, heatPlot->yAxis);
    heatMap->setColorScale(colorScale);
    heatMap->setInterpolate(false);

    QCPAxis* magnitude = heatPlot->xAxis;
    magnitude->setRange(kLeftEdge, kRightEdge);
    setAxisTitle(*magnitude, tr("Unscaled gradient magnitude |g|"));
    QSharedPointer<QCPAxisTickerText> powers(new QCPAxisTickerText);
    for (int exponent = ampwb::kLowestLog2; exponent <= kRightEdge; exponent += 8)
        powers->addTick(exponent, powerOfTwo(exponent));
    magnitude->setTicker(powers);
    magnitude->grid()->setVisible(false);
    QCPAxis* parameters = heatPlot->yAxis;
    parameters->setRangeReversed(true);
    parameters->setTickLabelFont(scaledFont(font(), 0.75));
    parameters->setSubTicks(false);
    parameters->grid()->setVisible(false);

    // Above the heat map, two lines of labels: fp16's limits next to it, the loss scale's over them.
    const int lineHeight = QFontMetrics(scaledFont(heatPlot->font(), 0.85)).height();
    heatPlot->axisRect()->setMinimumMargins(QMargins(2 * lineHeight, 2 * lineHeight + 6, 0, 0));
    addBand(heatPlot, kLeftEdge, kFp16SubnormalLog2, kUnderflowColor);
    QCPItemRect* subnormal = addBand(heatPlot, kFp16SubnormalLog2, kFp16NormalLog2, kSubnormalColor);
    const double largestLog2 = std::log2(kFp16Largest);
    addLimitLine(heatPlot, kFp16SubnormalLog2, QPen(kUnderflowColor, 1));
    addLimitLine(heatPlot, kFp16NormalLog2, QPen(kSubnormalColor, 1));
    QCPItemStraightLine* overflow = addLimitLine(heatPlot, largestLog2, QPen(kUnderflowColor, 2));
    addLimitLabel(heatPlot, subnormal->topLeft, 2, Qt::AlignRight, kUnderflowColor,
                  tr("fp16: underflow to 0 below %1").arg(powerOfTwo(kFp16SubnormalLog2)));
    addLimitLabel(heatPlot, subnormal->top, 2, Qt::AlignHCenter, kSubnormalColor, tr("subnormal"));
    addLimitLabel(heatPlot, overflow->point1, 2, Qt::AlignRight, kUnderflowColor,
                  tr("overflow above %1").arg(QLocale().toString(kFp16Largest, 'f', 0)));

    const QPen dashed(kScaledColor, 1.5, Qt::DashLine);
    scaledUnderflowLine = addLimitLine(heatPlot, kFp16SubnormalLog2, dashed);
    scaledUnderflowLine->setObjectName(QStringLiteral("scaledUnderflowLine"));
    scaledUnderflowLabel = addLimitLabel(heatPlot, scaledUnderflowLine->point1, lineHeight + 4, Qt::AlignRight,
                                         kScaledColor);
    scaledOverflowLine = addLimitLine(heatPlot, largestLog2, dashed);
    scaledOverflowLine->setObjectName(QStringLiteral("scaledOverflowLine"));
    scaledOverflowLabel = addLimitLabel(heatPlot, scaledOverflowLine->point1, lineHeight + 4, Qt::AlignRight,
                                        kScaledColor);

    emptyNote = new QCPItemText(heatPlot);
    emptyNote->setObjectName(QStringLiteral("gradientRangesEmptyNote"));
    emptyNote->position->setType(QCPItemPosition::ptAxisRectRatio);
    emptyNote->position->setCoords(0.5, 0.5);
    emptyNote->setText(tr("No gradient ranges yet: they are measured at step 1 and every K steps\n"
                          "(Configuration ▸ Run ▸ Gradient ranges every)"));
    emptyNote->setColor(palette().color(QPalette::Disabled, QPalette::Text));
    emptyNote->setBrush(QColor(255, 255, 255, 230));
    emptyNote->setPadding(QMargins(8, 6, 8, 6));

    connect(heatPlot, &QCustomPlot::afterLayout, this, &GradientRangeChart::labelParameters);
}

void GradientRangeChart::createUnderflowPlot()
{
    underflowChart->setLocale(QLocale());
    underflowChart->setMinimumSize(420, 160);
    underflowChart->plotLayout()->insertRow(0);
    underflowChart->plotLayout()->addElement(
        0, 0,
        new QCPTextElement(underflowChart, tr("Gradient values that would underflow to 0 in fp16, per measured step"),
                           scaledFont(font(), 1.0, true)));
    underflowChart->plotLayout()->setRowStretchFactor(0, 0.001);

    const auto addSeries = [this](const QString& name, const QColor& color, double width) {
        QCPGraph* graph = underflowChart->addGraph();
        graph->setName(name);
        graph->setPen(QPen(color, width));
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, color, color, 5));
        return graph;
    };
    asIsGraph = addSeries(tr("fp16, as they are"), kUnderflowColor, 1.5);
    scaledGraph = addSeries(tr("fp16, multiplied by the loss scale"), kScaledColor, 3.5);
    // Where the two coincide (no loss scaling), the narrower line shows over the wider one.
    underflowChart->addLayer(QStringLiteral("asIs"), underflowChart->layer(QStringLiteral("main")),
                             QCustomPlot::limAbove);
    asIsGraph->setLayer(QStringLiteral("asIs"));

    setAxisTitle(*underflowChart->xAxis, tr("Step"));
    QSharedPointer<QCPAxisTickerFixed> wholeSteps(new QCPAxisTickerFixed);
    wholeSteps->setTickStep(1.0);
    wholeSteps->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    underflowChart->xAxis->setTicker(wholeSteps);
    setAxisTitle(*underflowChart->yAxis, tr("% of values")); // the chart's title says which values
    QCPLegend* legend = underflowChart->legend;
    legend->setVisible(true);
    legend->setFont(scaledFont(font(), 0.85));
    legend->setBorderPen(Qt::NoPen);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    underflowChart->axisRect()->insetLayout()->take(legend);
    underflowChart->plotLayout()->insertRow(1);
    // Centred: an empty element either side takes the room the legend does not need.
    auto* legendRow = new QCPLayoutGrid;
    underflowChart->plotLayout()->addElement(1, 0, legendRow);
    legendRow->addElement(0, 0, new QCPLayoutElement(underflowChart));
    legendRow->addElement(0, 1, legend);
    legendRow->addElement(0, 2, new QCPLayoutElement(underflowChart));
    legendRow->setColumnStretchFactor(1, 0.001);
    underflowChart->plotLayout()->setRowStretchFactor(1, 0.001);
}

void GradientRangeChart::setMeasurements(const std::vector<ampwb::GradientStatsRow>& rows)
{
    forgetMeasurements();
    appendMeasurements(rows);
}

void GradientRangeChart::appendMeasurements(const std::vector<ampwb::GradientStatsRow>& rows)
{
    for (const ampwb::GradientStatsRow& row : rows) {
        const ampwb::GradientRange& range = row.range;
        StepTotals& totals = totalsByStep[row.step];
        totals.elements += range.elements;
        totals.fp16Underflow += range.fp16.underflow;
        totals.fp16ScaledUnderflow += range.fp16Scaled.underflow;
        if (latestParameters.empty() || row.step > latestStep) {
            latestParameters.clear();
            latestStep = row.step;
        }
        if (row.step != latestStep)
            continue;
        latestLossScale = range.lossScale;
        const QString name = QString::fromStdString(range.parameter);
        const auto same = std::find_if(latestParameters.begin(), latestParameters.end(),
                                       [&name](const ParameterBins& shown) { return shown.name == name; });
        if (same != latestParameters.end())
            same->log2Histogram = range.log2Histogram; // measured again (a resumed run): the later row counts
        else
            latestParameters.push_back({name, range.log2Histogram});
    }
    showMeasurements();
}

void GradientRangeChart::clear()
{
    forgetMeasurements();
    showMeasurements();
}

void GradientRangeChart::forgetMeasurements()
{
    totalsByStep.clear();
    latestParameters.clear();
    latestStep = 0;
    latestLossScale = 1.0;
}

int GradientRangeChart::shownStep() const
{
    return latestParameters.empty() ? 0 : static_cast<int>(latestStep);
}

int GradientRangeChart::layerCount() const
{
    return static_cast<int>(latestParameters.size());
}

void GradientRangeChart::showMeasurements()
{
    showHeatMap();
    showUnderflow();
}

void GradientRangeChart::showHeatMap()
{
    const int layers = layerCount();
    QCPColorMapData* cells = heatMap->data();
    cells->setSize(ampwb::kLog2Bins, layers);
    // The ranges are those of the cells' centres; a single row is given its height explicitly.
    cells->setRange(QCPRange(kLeftEdge + 0.5, kRightEdge - 0.5),
                    layers > 1 ? QCPRange(0.0, layers - 1.0) : QCPRange(-0.5, 0.5));
    constexpr double kNoValues = std::numeric_limits<double>::quiet_NaN();
    for (int layer = 0; layer < layers; ++layer) {
        const std::vector<int64_t>& histogram = latestParameters[static_cast<size_t>(layer)].log2Histogram;
        const auto values = double(std::accumulate(histogram.begin(), histogram.end(), int64_t{0}));
        for (int bin = 0; bin < ampwb::kLog2Bins; ++bin) {
            const int64_t count = bin < int(histogram.size()) ? histogram[static_cast<size_t>(bin)] : 0;
            cells->setCell(bin, layer, count > 0 ? double(count) / values : kNoValues);
        }
    }
    heatPlot->yAxis->setRange(-0.5, std::max(layers, 1) - 0.5);
    const bool empty = latestParameters.empty();
    emptyNote->setVisible(empty);
    heatTitle->setText(empty ? tr("Gradient ranges")
                             : tr("Gradient ranges at step %1").arg(QLocale().toString(latestStep)));

    const bool scaled = !empty && latestLossScale > 0.0 && latestLossScale != 1.0;
    const double shift = scaled ? std::log2(latestLossScale) : 0.0;
    const double underflow = kFp16SubnormalLog2 - shift;
    const double overflow = std::log2(kFp16Largest) - shift;
    const QString scale = lossScaleText(latestLossScale);
    scaledUnderflowLine->point1->setCoords(underflow, 0.0);
    scaledUnderflowLine->point2->setCoords(underflow, 1.0);
    scaledUnderflowLine->setVisible(scaled);
    scaledUnderflowLabel->setText(tr("fp16 underflow after ×%1").arg(scale));
    scaledUnderflowLabel->setVisible(scaled && underflow > kLeftEdge);
    scaledOverflowLine->point1->setCoords(overflow, 0.0);
    scaledOverflowLine->point2->setCoords(overflow, 1.0);
    scaledOverflowLine->setVisible(scaled);
    scaledOverflowLabel->setText(tr("fp16 overflow after ×%1").arg(scale));
    scaledOverflowLabel->setVisible(scaled && overflow < kRightEdge);

    const QString bf16Note =
        tr("bf16: normal down to %1, off the chart — nothing here underflows").arg(powerOfTwo(kBf16NormalLog2));
    if (empty)
        heatCaption->setText(bf16Note);
    else if (scaled)
        heatCaption->setText(
            tr("Loss scale ×%1: the values left of the dashed line underflow in fp16 even after scaling").arg(scale)
            + QLatin1Char('\n') + bf16Note);
    else
        heatCaption->setText(
            tr("No loss scaling: in fp16, the values below %1 would underflow to 0").arg(powerOfTwo(kFp16SubnormalLog2))
            + QLatin1Char('\n') + bf16Note);

    labelledEvery = 0;
    labelParameters();
    heatPlot->replot(QCustomPlot::rpQueuedReplot);
}

void GradientRangeChart::labelParameters()
{
    const int layers = layerCount();
    const double rowPixels = double(std::max(heatPlot->axisRect()->height(), 1)) / std::max(layers, 1);
    const int labelPixels = QFontMetrics(heatPlot->yAxis->tickLabelFont()).height();
    const int every = std::max(1, static_cast<int>(std::ceil(labelPixels / rowPixels)));
    if (every == labelledEvery)
        return;
    const bool outOfDate = labelledEvery == 0;
    labelledEvery = every;
    QSharedPointer<QCPAxisTickerText> names(new QCPAxisTickerText);
    for (int layer = 0; layer < layers; layer += every)
        names->addTick(layer, latestParameters[static_cast<size_t>(layer)].name);
    heatPlot->yAxis->setTicker(names);
    if (!outOfDate)
        heatPlot->replot(QCustomPlot::rpQueuedReplot); // the heat map's height changed: label it again
}

void GradientRangeChart::showUnderflow()
{
    const auto measuredSteps = static_cast<qsizetype>(totalsByStep.size());
    QVector<double> steps;
    QVector<double> asIs;
    QVector<double> afterScaling;
    steps.reserve(measuredSteps);
    asIs.reserve(measuredSteps);
    afterScaling.reserve(measuredSteps);
    double highest = 0.0;
    for (const auto& [step, totals] : totalsByStep) {
        const double elements = std::max(double(totals.elements), 1.0);
        steps.append(double(step));
        asIs.append(100.0 * double(totals.fp16Underflow) / elements);
        afterScaling.append(100.0 * double(totals.fp16ScaledUnderflow) / elements);
        highest = std::max({highest, asIs.back(), afterScaling.back()});
    }
    asIsGraph->setData(steps, asIs, true);
    scaledGraph->setData(steps, afterScaling, true);
    if (steps.isEmpty()) {
        underflowChart->xAxis->setRange(0.0, 1.0);
    } else {
        const double first = steps.front();
        const double last = steps.back();
        const double margin = std::max((last - first) * 0.02, 1.0);
        underflowChart->xAxis->setRange(first - margin, last + margin);
    }
    underflowChart->yAxis->setRange(0.0, highest > 0.0 ? highest * 1.15 : 1.0);
    underflowChart->replot(QCustomPlot::rpQueuedReplot);
}
