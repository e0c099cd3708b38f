#include "charts/ChartPanel.h"

#include "charts/AxisFit.h"
#include "charts/QCustomPlotNoKeywords.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <optional>

namespace {

const QString kExportDirectoryKey = QStringLiteral("charts/exportDirectory");
constexpr double kReadoutReach = 24.0;          ///< pixels from the mouse within which a point is read out
constexpr int kNarrowestPlotBesideLegend = 300; ///< the plot's width, axes included, with the legend beside it
/// With a legend of two rows below it, the plot's axis is about 100 px long (in the Compare tab on a laptop).
constexpr int kPlotMinimumHeight = 200;

/// The visible graph with the point nearest to `position` (pixels), and that point's key, if within reach.
std::optional<std::pair<QCPGraph*, double>> nearestPoint(const QCustomPlot& plot, QPointF position)
{
    std::optional<std::pair<QCPGraph*, double>> nearest;
    double nearestDistance = kReadoutReach;
    for (int index = 0; index < plot.graphCount(); ++index) {
        QCPGraph* graph = plot.graph(index);
        if (!graph->visible() || graph->data()->isEmpty())
            continue;
        const double key = graph->keyAxis()->pixelToCoord(position.x());
        auto after = graph->data()->findBegin(key, false);
        for (auto point : {after, after == graph->data()->constBegin() ? after : after - 1}) {
            if (point == graph->data()->constEnd() || !std::isfinite(point->value))
                continue;
            const double distance = std::hypot(graph->keyAxis()->coordToPixel(point->key) - position.x(),
                                               graph->valueAxis()->coordToPixel(point->value) - position.y());
            if (distance < nearestDistance) {
                nearestDistance = distance;
                nearest = std::make_pair(graph, point->key);
            }
        }
    }
    return nearest;
}

/// Graph's value at exactly `key`, if it has a point there.
std::optional<double> valueAt(const QCPGraph& graph, double key)
{
    const auto point = graph.data()->findBegin(key, false);
    if (point == graph.data()->constEnd() || std::abs(point->key - key) > 1e-9 * std::max(1.0, std::abs(key)))
        return std::nullopt;
    return point->value;
}

/// The readout for `key`: `xText`, then each shown series' value there, one per line.
QString readoutText(const QCustomPlot& plot, const QString& xText, double key)
{
    QStringList lines{xText};
    for (int index = 0; index < plot.graphCount(); ++index) {
        const QCPGraph* graph = plot.graph(index);
        if (!graph->visible())
            continue;
        const QString unit = graph->property(kUnitProperty).toString();
        if (const auto value = valueAt(*graph, key))
            lines << ChartPanel::tr("%1: %2").arg(graph->name(), QString::number(*value, 'g', 5))
                         + (unit.isEmpty() ? QString() : QLatin1Char(' ') + unit);
    }
    return lines.join(QLatin1Char('\n'));
}

/// Puts `title` above the plot while it exists, so exported images carry their title.
class TitleForExport {
public:
    TitleForExport(QCustomPlot& plot, const QString& title)
        : plot(plot)
    {
        plot.plotLayout()->insertRow(0);
        element = new QCPTextElement(&plot, title,
                                     QFont(plot.font().family(), plot.font().pointSize() + 1, QFont::Bold));
        plot.plotLayout()->addElement(0, 0, element);
        plot.plotLayout()->setRowStretchFactor(0, 0.001);
    }
    ~TitleForExport()
    {
        plot.plotLayout()->remove(element);
        plot.plotLayout()->simplify();
    }

private:
    QCustomPlot& plot;
    QCPTextElement* element;
};

/// Logarithmic ticks that label a range of two decades or less at 1, 2 and 5 times the powers of ten
/// (0.2, 0.5, 1, 2 …), where powers alone would leave one label or none, if the axis has room for them
/// (its tick count); wider ranges get the powers.
class OneTwoFiveLogTicker : public QCPAxisTickerLog {
protected:
    QVector<double> createTickVector(double tickStep, const QCPRange& range) override
    {
        const double decades = range.lower > 0.0 ? std::log10(range.upper / range.lower) : 3.0;
        oneTwoFive = decades <= 2.0 && (decades <= 1.0 || 3.0 * decades <= tickCount() + 1);
        if (!oneTwoFive)
            return QCPAxisTickerLog::createTickVector(tickStep, range);
        QVector<double> ticks;
        for (double decade = std::pow(10.0, std::floor(std::log10(range.lower)) - 1.0); decade <= range.upper * 10.0;
             decade *= 10.0)
            for (double step : {1.0, 2.0, 5.0})
                ticks.append(step * decade);
        return ticks;
    }
    int getSubTickCount(double tickStep) override
    {
        return oneTwoFive ? 0 : QCPAxisTickerLog::getSubTickCount(tickStep);
    }

private:
    bool oneTwoFive = false;
};

/// The range of the values drawn against `axis` (positive ones only on a log axis).
std::optional<QCPRange> valueRangeOn(const QCustomPlot& plot, const QCPAxis* axis)
{
    const QCP::SignDomain domain = axis->scaleType() == QCPAxis::stLogarithmic ? QCP::sdPositive : QCP::sdBoth;
    std::optional<QCPRange> range;
    for (int index = 0; index < plot.graphCount(); ++index) {
        const QCPGraph* graph = plot.graph(index);
        bool found = false;
        const QCPRange values = graph->visible() && graph->valueAxis() == axis ? graph->getValueRange(found, domain)
                                                                               : QCPRange();
        if (found)
            range = range ? QCPRange(std::min(range->lower, values.lower), std::max(range->upper, values.upper))
                          : values;
    }
    return range;
}

/// Sets `axis` to show `range` with some room around it (a factor on log axes).
void showWithMargin(QCPAxis* axis, QCPRange range, double logBase)
{
    if (axis->scaleType() == QCPAxis::stLogarithmic) {
        const double factor = logBase == 2.0 ? 2.0 : 1.5;
        axis->setRange(range.lower / factor, range.upper * factor);
        return;
    }
    const double span = range.size();
    const double margin = span > 0.0 ? span * 0.06 : (range.lower != 0.0 ? std::abs(range.lower) * 0.1 : 1.0);
    axis->setRange(range.lower - margin, range.upper + margin);
}

} // namespace

ChartPanel::ChartPanel(QString id, const QString& title, QWidget* parent)
    : QWidget(parent)
    , chartId(std::move(id))
    , customPlot(new QCustomPlot(this))
    , logButton(new QToolButton(this))
    , legendBox(new QCPLayoutGrid)
{
    setObjectName(chartId);
    customPlot->setObjectName(title);
    auto* titleLabel = new QLabel(title, this);
    QFont titleFont = titleLabel->font();
    titleFont.setBold(true);
    titleLabel->setFont(titleFont);

    auto* resetButton = new QToolButton(this);
    resetButton->setIcon(QIcon(QStringLiteral(":/icons/zoom-fit.svg")));
    resetButton->setToolTip(tr("Reset view: fit the axes to the data and follow it (or double-click the chart)"));
    resetButton->setAutoRaise(true);
    connect(resetButton, &QToolButton::clicked, this, &ChartPanel::resetView);

    logButton->setText(tr("log y"));
    logButton->setToolTip(tr("Logarithmic vertical axis"));
    logButton->setCheckable(true);
    logButton->setAutoRaise(true);
    connect(logButton, &QToolButton::toggled, this, [this](bool on) {
        applyValueScale();
        fitAndReplot();
        Q_EMIT logarithmicChanged(on);
    });

    auto* exportButton = new QToolButton(this);
    exportButton->setIcon(QIcon(QStringLiteral(":/icons/export.svg")));
    exportButton->setToolTip(tr("Export this chart"));
    exportButton->setAutoRaise(true);
    exportButton->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(exportButton);
    menu->addAction(tr("Save as PNG…"), this, [this] { exportWithDialog(ChartExporter::Format::Png); });
    menu->addAction(tr("Save as SVG…"), this, [this] { exportWithDialog(ChartExporter::Format::Svg); });
    menu->addAction(tr("Save as PDF…"), this, [this] { exportWithDialog(ChartExporter::Format::Pdf); });
    menu->addAction(tr("Copy image"), this, [this] {
        const TitleForExport title(*customPlot, customPlot->objectName());
        ChartExporter::copyToClipboard(*customPlot);
    });
    menu->addSeparator();
    menu->addAction(tr("Export data as CSV…"), this, [this] { exportWithDialog(ChartExporter::Format::Csv); });
    exportButton->setMenu(menu);

    auto* header = new QHBoxLayout;
    header->setContentsMargins(4, 0, 0, 0);
    header->addWidget(titleLabel);
    header->addStretch();
    header->addWidget(logButton);
    header->addWidget(resetButton);
    header->addWidget(exportButton);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(header);
    layout->addWidget(customPlot, 1);

    customPlot->setMinimumSize(260, kPlotMinimumHeight);
    // Wide lines over 100,000 noisy points are stroked as one path otherwise (100+ ms a frame).
    customPlot->setPlottingHint(QCP::phFastPolylines, true);
    customPlot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    customPlot->axisRect()->setRangeDragAxes({customPlot->xAxis}, {customPlot->yAxis, customPlot->yAxis2});
    customPlot->axisRect()->setRangeZoomAxes({customPlot->xAxis}, {customPlot->yAxis, customPlot->yAxis2});
    customPlot->legend->setVisible(true);
    QFont legendFont = font();
    legendFont.setPointSizeF(legendFont.pointSizeF() * 0.85);
    customPlot->legend->setFont(legendFont);
    customPlot->legend->setBorderPen(Qt::NoPen);
    customPlot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    // The legend joins the layout below or beside the plot once it has entries (placeLegend): an empty legend
    // would cap the width of the column it shares with the plot, squeezing the plot to its 50 px minimum.
    // In its box it keeps to the top when beside the plot.
    customPlot->axisRect()->insetLayout()->take(customPlot->legend);
    legendBox->addElement(0, 0, customPlot->legend);
    legendBox->addElement(1, 0, new QCPLayoutElement(customPlot));
    legendBox->setRowStretchFactor(0, 0.001);
    legendBox->setRowSpacing(0);
    legendBox->setParent(customPlot);
    emptyNote = new QCPItemText(customPlot);
    emptyNote->position->setType(QCPItemPosition::ptAxisRectRatio);
    emptyNote->position->setCoords(0.5, 0.5);
    emptyNote->setText(tr("No data yet"));
    emptyNote->setColor(palette().color(QPalette::Disabled, QPalette::Text));
    emptyNote->setClipToAxisRect(true);
    standingNote = new QCPItemText(customPlot);
    standingNote->position->setType(QCPItemPosition::ptAxisRectRatio);
    standingNote->position->setCoords(0.5, 0.03);
    standingNote->setPositionAlignment(Qt::AlignTop | Qt::AlignHCenter);
    standingNote->setColor(palette().color(QPalette::Disabled, QPalette::Text));
    standingNote->setBrush(QBrush(QColor(255, 255, 255, 200)));
    standingNote->setClipToAxisRect(true);
    standingNote->setVisible(false);
    standingNote->setLayer(QStringLiteral("legend")); // above the graphs, which would draw over it
    tracer = new QCPItemTracer(customPlot);
    tracer->setStyle(QCPItemTracer::tsCircle);
    tracer->setSize(8);
    tracer->setInterpolating(false);
    tracer->setVisible(false);
    customPlot->setMouseTracking(true);
    customPlot->installEventFilter(this);
    keepAxesReadable(*customPlot);
    connect(customPlot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) { showReadout(event->pos()); });
    connect(customPlot, &QCustomPlot::legendClick, this, [this](QCPLegend*, QCPAbstractLegendItem* item, QMouseEvent*) {
        if (auto* entry = qobject_cast<QCPPlottableLegendItem*>(item))
            setSeriesHidden(entry->plottable()->name(), !isSeriesHidden(entry->plottable()->name()));
    });
    connect(customPlot, &QCustomPlot::mousePress, this, [this] { followingData = false; });
    connect(customPlot, &QCustomPlot::mouseWheel, this, [this] { followingData = false; });
    connect(customPlot, &QCustomPlot::mouseDoubleClick, this, &ChartPanel::resetView);
    fitAxes(); // the empty chart's own ranges, not QCustomPlot's 0–5
}

bool ChartPanel::isLogarithmic() const
{
    return logButton->isChecked();
}

void ChartPanel::setLogarithmic(bool logarithmic)
{
    logButton->setChecked(logarithmic);
}

void ChartPanel::setLogToggleVisible(bool visible)
{
    logButton->setVisible(visible);
}

void ChartPanel::setLogBase(double base)
{
    logBase = base;
    applyValueScale();
}

void ChartPanel::applyValueScale()
{
    const bool logarithmic = isLogarithmic();
    for (QCPAxis* axis : {customPlot->yAxis, customPlot->yAxis2}) {
        axis->setScaleType(logarithmic ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
        if (logarithmic) {
            QSharedPointer<QCPAxisTickerLog> ticker(logBase == 10.0 ? new OneTwoFiveLogTicker : new QCPAxisTickerLog);
            ticker->setLogBase(logBase);
            ticker->setSubTickCount(logBase == 10.0 ? 8 : 0);
            axis->setTicker(ticker);
        } else {
            axis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        }
    }
}

void ChartPanel::resetView()
{
    followingData = true;
    fitAndReplot();
}

QString ChartPanel::readoutAt(const QPoint& position) const
{
    const auto nearest = nearestPoint(*customPlot, position);
    return nearest ? readoutText(*customPlot, describeX(nearest->second), nearest->second) : QString();
}

void ChartPanel::showReadout(const QPoint& position)
{
    const auto nearest = nearestPoint(*customPlot, position);
    shownReadout = nearest ? readoutText(*customPlot, describeX(nearest->second), nearest->second) : QString();
    tracer->setVisible(nearest.has_value());
    if (nearest) {
        // At the point's coordinates, not attached to the graph, which a redraw may delete.
        const QCPGraph& graph = *nearest->first;
        tracer->position->setAxes(graph.keyAxis(), graph.valueAxis());
        tracer->position->setCoords(nearest->second, valueAt(graph, nearest->second).value_or(0.0));
        tracer->setPen(graph.pen());
        QToolTip::showText(customPlot->mapToGlobal(position), shownReadout, customPlot);
    } else {
        QToolTip::hideText();
    }
    customPlot->replot(QCustomPlot::rpQueuedReplot);
}

bool ChartPanel::eventFilter(QObject* watched, QEvent* event)
{
    // Before the plot's own resize handler draws it at its new size: the legend's columns and the room
    // kept right of the last point depend on that size.
    if (watched == customPlot && event->type() == QEvent::Resize)
        fitToData();
    if (watched == customPlot && event->type() == QEvent::Leave && tracer->visible()) {
        shownReadout.clear();
        tracer->setVisible(false);
        customPlot->replot(QCustomPlot::rpQueuedReplot);
    }
    return QWidget::eventFilter(watched, event);
}

void ChartPanel::setSeriesHidden(const QString& name, bool hidden)
{
    tracer->setVisible(false);
    shownReadout.clear();
    if (hidden)
        hiddenSeries.insert(name);
    else
        hiddenSeries.remove(name);
    fitAndReplot();
}

void ChartPanel::applyHiddenSeries()
{
    const QColor shown = palette().color(QPalette::Text);
    const QColor faded = palette().color(QPalette::Disabled, QPalette::Text);
    for (int index = 0; index < customPlot->graphCount(); ++index) {
        QCPGraph* graph = customPlot->graph(index);
        const bool hidden = hiddenSeries.contains(graph->name());
        graph->setVisible(!hidden);
        if (QCPPlottableLegendItem* entry = customPlot->legend->itemWithPlottable(graph))
            entry->setTextColor(hidden ? faded : shown);
    }
}

void ChartPanel::fitAndReplot()
{
    fitToData();
    customPlot->replot(QCustomPlot::rpQueuedReplot);
}

void ChartPanel::fitToData()
{
    applyHiddenSeries();
    placeLegend();
    if (followingData)
        fitAxes();
}

void ChartPanel::fitAxes()
{
    std::optional<QCPRange> keys;
    for (int index = 0; index < customPlot->graphCount(); ++index) {
        bool found = false;
        const QCPRange range = customPlot->graph(index)->getKeyRange(found);
        if (found && customPlot->graph(index)->visible())
            keys = keys ? QCPRange(std::min(keys->lower, range.lower), std::max(keys->upper, range.upper)) : range;
    }
    emptyNote->setVisible(!keys);
    if (!keys) {
        customPlot->xAxis->setRange(0.0, 1.0);
        for (QCPAxis* axis : {customPlot->yAxis, customPlot->yAxis2})
            axis->setRange(axis->scaleType() == QCPAxis::stLogarithmic ? QCPRange(1.0, logBase) : QCPRange(0.0, 1.0));
        return;
    }
    const double lower = std::min(keys->lower, 0.0);
    // Room on the right for a whole marker (the validation points sit at the last step): 2 %, at least 12 px.
    const double span = std::max(keys->upper - lower, 1.0);
    // The plot area as it will be laid out at the plot's present width (the last layout may be older).
    const int laidOutWidth = customPlot->plotLayout()->outerRect().width();
    const double pixels = std::max(customPlot->axisRect()->width() + customPlot->width() - laidOutWidth, 50);
    customPlot->xAxis->setRange(lower, keys->upper + std::max(span * 0.02, span * 12.0 / (pixels - 12.0)));
    for (QCPAxis* axis : {customPlot->yAxis, customPlot->yAxis2}) {
        if (const auto values = valueRangeOn(*customPlot, axis))
            showWithMargin(axis, *values, logBase);
    }
}

void ChartPanel::setEmptyNote(const QString& note)
{
    emptyNote->setText(note);
}

void ChartPanel::setStandingNote(const QString& note)
{
    standingNote->setText(note);
    standingNote->setVisible(!note.isEmpty());
}

QString ChartPanel::standingNoteText() const
{
    return standingNote->visible() ? standingNote->text() : QString();
}

void ChartPanel::placeLegend()
{
    QCPLegend* legend = customPlot->legend;
    int widest = 1;
    int items = 0;
    for (int index = 0; index < legend->itemCount(); ++index) {
        if (const QCPAbstractLegendItem* item = legend->item(index)) { // a wrapped grid has empty cells
            widest = std::max(widest, item->minimumOuterSizeHint().width());
            ++items;
        }
    }
    const int boxMargins = legend->margins().left() + legend->margins().right();
    const int columnsBelow = std::clamp((customPlot->width() - boxMargins) / (widest + legend->columnSpacing()), 1,
                                        std::max(1, items));
    const int rowsBelow = (items + columnsBelow - 1) / columnsBelow;
    // Below the plot in as many columns as fit; beside it, in one column, where more than two rows would take
    // a third of the plot's height (four runs' memory) and the plot keeps room for its axes.
    const bool beside = rowsBelow > 2 && customPlot->width() - widest - boxMargins >= kNarrowestPlotBesideLegend;
    QCPLayoutGrid* layout = customPlot->plotLayout();
    const int row = beside ? 0 : 1;
    const int column = beside ? 1 : 0;
    const bool placed = layout->hasElement(row, column) && layout->element(row, column) == legendBox;
    if (legendBox->layout() == layout && (items == 0 || !placed)) {
        layout->take(legendBox);
        layout->simplify();
    }
    if (items > 0 && !placed) {
        layout->addElement(row, column, legendBox);
        if (beside)
            layout->setColumnStretchFactor(column, 0.001);
        else
            layout->setRowStretchFactor(row, 0.001);
    }
    const int columns = beside ? 1 : columnsBelow;
    if (legend->wrap() != columns) {
        legend->setWrap(columns);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    }
    // Where the legend still needs many rows below a narrow plot (three runs in the Compare tab), the plot grows
    // rather than lose its data area: the legend takes a third of its height at most.
    const int legendHeight = items > 0 && !beside ? legend->minimumOuterSizeHint().height() : 0;
    customPlot->setMinimumHeight(std::max(kPlotMinimumHeight, 3 * legendHeight + 3));
}

void ChartPanel::setXAxisLabel(const QString& label)
{
    setAxisTitle(*customPlot->xAxis, label);
}

bool ChartPanel::exportTo(const QString& path, QSize size)
{
    const TitleForExport title(*customPlot, customPlot->objectName());
    return ChartExporter::save(*customPlot, path, ChartExporter::formatOf(path), xColumnName(), size);
}

void ChartPanel::exportWithDialog(ChartExporter::Format format)
{
    struct Choice {
        const char* suffix;
        QString filter;
    };
    const Choice choice = format == ChartExporter::Format::Svg ? Choice{"svg", tr("SVG image (*.svg)")}
                        : format == ChartExporter::Format::Pdf ? Choice{"pdf", tr("PDF document (*.pdf)")}
                        : format == ChartExporter::Format::Csv ? Choice{"csv", tr("CSV table (*.csv)")}
                                                               : Choice{"png", tr("PNG image (*.png)")};
    QSettings settings;
    const QString directory = settings.value(kExportDirectoryKey, QDir::homePath()).toString();
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export chart"),
        directory + QLatin1Char('/') + chartId + QLatin1Char('.') + QLatin1String(choice.suffix), choice.filter);
    if (path.isEmpty())
        return;
    settings.setValue(kExportDirectoryKey, QFileInfo(path).absolutePath());
    if (!exportTo(path))
        QMessageBox::warning(this, tr("Export chart"), tr("Could not write %1.").arg(QDir::toNativeSeparators(path)));
}
