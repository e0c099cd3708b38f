#include "charts/TrainingCharts.h"

#include "charts/ChartCatalog.h"
#include "charts/MetricChart.h"
#include "runs/RunHistories.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QVBoxLayout>

namespace {

constexpr int kSmoothingSteps = 100;

} // namespace

TrainingCharts::TrainingCharts(const RunHistories& runHistories, const QString& group, int columns, QWidget* parent)
    : QWidget(parent)
    , histories(runHistories)
    , settingsGroup(group)
    , xAxisBox(new QComboBox(this))
    , smoothingSlider(new QSlider(Qt::Horizontal, this))
    , smoothingLabel(new QLabel(this))
{
    xAxisBox->addItem(tr("Step"), static_cast<int>(XAxisMode::Step));
    xAxisBox->addItem(tr("Epoch"), static_cast<int>(XAxisMode::Epoch));
    xAxisBox->addItem(tr("Wall time"), static_cast<int>(XAxisMode::WallTime));
    xAxisBox->setObjectName(QStringLiteral("xAxisBox"));
    smoothingSlider->setRange(0, kSmoothingSteps - 1);
    smoothingSlider->setFixedWidth(160);
    smoothingSlider->setObjectName(QStringLiteral("smoothingSlider"));
    smoothingSlider->setToolTip(tr("Smoothing of the loss curve (a debiased exponential moving average, "
                                   "computed for display; the raw losses are kept and drawn faintly)"));
    smoothingLabel->setMinimumWidth(smoothingLabel->fontMetrics().horizontalAdvance(QStringLiteral("0.000")));
    auto* resetButton = new QPushButton(QIcon(QStringLiteral(":/icons/zoom-fit.svg")), tr("Reset all views"), this);

    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("X axis:"), this));
    bar->addWidget(xAxisBox);
    bar->addSpacing(16);
    bar->addWidget(new QLabel(tr("Loss smoothing:"), this));
    bar->addWidget(smoothingSlider);
    bar->addWidget(smoothingLabel);
    bar->addStretch();
    bar->addWidget(resetButton);

    auto* grid = new QGridLayout;
    grid->setSpacing(6);
    const QList<ChartSpec> specs = ChartCatalog::trainingCharts();
    for (int index = 0; index < specs.size(); ++index) {
        auto* chart = new MetricChart(specs[index], this);
        metricCharts.append(chart);
        grid->addWidget(chart, index / columns, index % columns);
    }

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addLayout(grid, 1);

    restoreOptions();
    connect(xAxisBox, &QComboBox::currentIndexChanged, this, [this] {
        QSettings().setValue(settingsGroup + QStringLiteral("/xAxis"), xAxisBox->currentData());
        applyXAxisMode();
    });
    connect(smoothingSlider, &QSlider::valueChanged, this, [this] {
        QSettings().setValue(settingsGroup + QStringLiteral("/smoothing"), smoothing());
        applySmoothing();
    });
    connect(resetButton, &QPushButton::clicked, this, &TrainingCharts::resetViews);
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
        chart->drawNew(histories.runs());
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
