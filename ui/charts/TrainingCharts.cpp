#include "charts/TrainingCharts.h"

#include "charts/ChartCatalog.h"
#include "charts/MetricChart.h"
#include "charts/QCustomPlotNoKeywords.h"
#include "charts/RedrawPacer.h"
#include "runs/RunHistories.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSettings>
#include <QSlider>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace {

constexpr int kSmoothingSteps = 100;
/// The width below which a chart's title, buttons and axes no longer fit (the charts then take fewer columns).
constexpr int kChartMinimumWidth = 300;

} // namespace

TrainingCharts::TrainingCharts(const RunHistories& runHistories, const QString& group, int columns, QWidget* parent)
    : QWidget(parent)
    , histories(runHistories)
    , settingsGroup(group)
    , xAxisBox(new QComboBox(this))
    , smoothingSlider(new QSlider(Qt::Horizontal, this))
    , smoothingLabel(new QLabel(this))
    , maxColumns(std::max(columns, 1))
    , pacer(new RedrawPacer([this] { redrawLive(); }, kLiveRedrawShare, this))
{
    xAxisBox->addItem(tr("Step"), static_cast<int>(XAxisMode::Step));
    xAxisBox->addItem(tr("Epoch"), static_cast<int>(XAxisMode::Epoch));
    xAxisBox->addItem(tr("Wall time"), static_cast<int>(XAxisMode::WallTime));
    xAxisBox->setObjectName(QStringLiteral("xAxisBox"));
    smoothingSlider->setRange(0, kSmoothingSteps - 1);
    smoothingSlider->setMinimumWidth(60);
    smoothingSlider->setMaximumWidth(160);
    smoothingSlider->setObjectName(QStringLiteral("smoothingSlider"));
    smoothingSlider->setToolTip(tr("Smoothing of the loss curve (a debiased exponential moving average, "
                                   "computed for display; the raw losses are kept and drawn faintly)"));
    smoothingLabel->setMinimumWidth(smoothingLabel->fontMetrics().horizontalAdvance(QStringLiteral("0.000")));
    // An icon, as on each chart: with its words the bar alone kept the Compare tab wider than a laptop's screen.
    auto* resetButton = new QToolButton(this);
    resetButton->setObjectName(QStringLiteral("resetAllViews"));
    resetButton->setIcon(QIcon(QStringLiteral(":/icons/zoom-fit.svg")));
    resetButton->setText(tr("Reset all views"));
    resetButton->setToolTip(tr("Reset all views: fit every chart's axes to its data and follow it"));

    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("X axis:"), this));
    bar->addWidget(xAxisBox);
    bar->addSpacing(16);
    bar->addWidget(new QLabel(tr("Loss smoothing:"), this));
    bar->addWidget(smoothingSlider);
    bar->addWidget(smoothingLabel);
    bar->addStretch();
    bar->addWidget(resetButton);

    auto* chartArea = new QWidget;
    grid = new QGridLayout(chartArea);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(6);
    for (const ChartSpec& spec : ChartCatalog::trainingCharts())
        metricCharts.append(new MetricChart(spec, chartArea));
    arrangeCharts(maxColumns);
    // On a small screen the charts scroll instead of making the window larger than the screen.
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(chartArea);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(scroll, 1);

    restoreOptions();
    connect(xAxisBox, &QComboBox::currentIndexChanged, this, [this] {
        QSettings().setValue(settingsGroup + QStringLiteral("/xAxis"), xAxisBox->currentData());
        applyXAxisMode();
    });
    connect(smoothingSlider, &QSlider::valueChanged, this, [this] {
        QSettings().setValue(settingsGroup + QStringLiteral("/smoothing"), smoothing());
        applySmoothing();
    });
    connect(resetButton, &QToolButton::clicked, this, &TrainingCharts::resetViews);
    for (MetricChart* chart : metricCharts) {
        connect(chart, &ChartPanel::logarithmicChanged, this, [this, chart](bool logarithmic) {
            QSettings().setValue(settingsGroup + QStringLiteral("/logY/") + chart->id(), logarithmic);
        });
    }
    connect(&histories, &RunHistories::cleared, this, [this] {
        drawAll();
        resetViews();
    });
    connect(&histories, &RunHistories::appended, this, &TrainingCharts::drawNew);
    connect(&histories, &RunHistories::rowsDropped, this, &TrainingCharts::drawAll);
}

void TrainingCharts::restoreOptions()
{
    const QSettings settings;
    const int mode =
        settings.value(settingsGroup + QStringLiteral("/xAxis"), static_cast<int>(XAxisMode::Step)).toInt();
    xAxisBox->setCurrentIndex(std::max(0, xAxisBox->findData(mode)));
    smoothingSlider->setValue(
        qRound(settings.value(settingsGroup + QStringLiteral("/smoothing"), 0.6).toDouble() * kSmoothingSteps));
    for (MetricChart* chart : metricCharts) {
        const QVariant logY = settings.value(settingsGroup + QStringLiteral("/logY/") + chart->id());
        if (logY.isValid())
            chart->setLogarithmic(logY.toBool());
        chart->setXAxisMode(xAxisMode());
        chart->setSmoothing(smoothing());
    }
    smoothingLabel->setText(QString::number(smoothing(), 'f', 2));
}

void TrainingCharts::drawNew()
{
    for (MetricChart* chart : metricCharts)
        chart->appendNew(histories.runs());
    pacer->request();
}

void TrainingCharts::redrawLive()
{
    hiddenWithNewPoints = !isVisible();
    if (hiddenWithNewPoints)
        return;
    for (MetricChart* chart : metricCharts)
        chart->plot().replot(QCustomPlot::rpRefreshHint);
}

bool TrainingCharts::isRedrawPending() const
{
    return pacer->isPending() || hiddenWithNewPoints;
}

void TrainingCharts::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (hiddenWithNewPoints)
        pacer->request();
}

void TrainingCharts::drawAll()
{
    for (MetricChart* chart : metricCharts)
        chart->drawAll(histories.runs());
}

void TrainingCharts::resetViews()
{
    for (MetricChart* chart : metricCharts)
        chart->resetView();
}

MetricChart* TrainingCharts::chart(const QString& id) const
{
    for (MetricChart* chart : metricCharts) {
        if (chart->id() == id)
            return chart;
    }
    return nullptr;
}

XAxisMode TrainingCharts::xAxisMode() const
{
    return static_cast<XAxisMode>(xAxisBox->currentData().toInt());
}

void TrainingCharts::setXAxisMode(XAxisMode mode)
{
    xAxisBox->setCurrentIndex(xAxisBox->findData(static_cast<int>(mode)));
}

double TrainingCharts::smoothing() const
{
    return static_cast<double>(smoothingSlider->value()) / kSmoothingSteps;
}

void TrainingCharts::setSmoothing(double value)
{
    smoothingSlider->setValue(qRound(value * kSmoothingSteps));
}

void TrainingCharts::applyXAxisMode()
{
    for (MetricChart* chart : metricCharts) {
        chart->setXAxisMode(xAxisMode());
        chart->drawAll(histories.runs());
        chart->resetView();
    }
}

void TrainingCharts::applySmoothing()
{
    smoothingLabel->setText(QString::number(smoothing(), 'f', 2));
    for (MetricChart* chart : metricCharts) {
        chart->setSmoothing(smoothing());
        if (chart->isSmoothed())
            chart->drawAll(histories.runs());
    }
}

void TrainingCharts::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    arrangeCharts(std::clamp(width() / kChartMinimumWidth, 1, maxColumns));
}

void TrainingCharts::arrangeCharts(int columns)
{
    if (columns == columnsShown)
        return;
    columnsShown = columns;
    for (MetricChart* chart : metricCharts)
        grid->removeWidget(chart);
    for (int index = 0; index < metricCharts.size(); ++index)
        grid->addWidget(metricCharts[index], index / columns, index % columns);
    for (int column = 0; column < maxColumns; ++column)
        grid->setColumnStretch(column, column < columns ? 1 : 0);
    for (int row = 0; row < metricCharts.size(); ++row)
        grid->setRowStretch(row, row * columns < metricCharts.size() ? 1 : 0);
}
