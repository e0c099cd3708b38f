#include "compare/CompareTab.h"

#include "EngineController.h"
#include "EngineText.h"
#include "charts/MetricChart.h"
#include "charts/TrainingCharts.h"
#include "compare/ComparisonReport.h"
#include "compare/ComparisonTable.h"
#include "runs/RunPalette.h"
#include "train/RunProgressWidget.h"
#include "xray/ProfileButton.h"

#include <QCheckBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>
#include <optional>
#include <utility>

namespace {

const QString kReportDirectoryKey = QStringLiteral("compare/reportDirectory");
const QString kInterleaveKey = QStringLiteral("compare/interleaved");

/// A comparison's runs are FP32 (0) and AMP (1).
size_t runIndex(ampwb::Precision precision)
{
    return precision == ampwb::Precision::Amp ? 1 : 0;
}

/// The FP32 and AMP runs of a set of two, or nothing when the set is not such a pair.
std::optional<std::pair<const RunHistory*, const RunHistory*>> fp32AndAmp(const std::vector<RunHistory>& runs)
{
    if (runs.size() != 2 || !runs[0].summary || !runs[1].summary || runs[0].summary->precision != ampwb::Precision::Fp32
        || runs[1].summary->precision != ampwb::Precision::Amp)
        return std::nullopt;
    return std::make_pair(&runs[0], &runs[1]);
}

} // namespace

CompareTab::CompareTab(EngineController& controller, ampwb::DeviceInfo machineInfo, QWidget* parent)
    : QWidget(parent)
    , engine(controller)
    , machine(std::move(machineInfo))
    , runProgress(new RunProgressWidget(this))
    , trainingCharts(new TrainingCharts(runHistories, QStringLiteral("compareCharts"), 2, this))
    , comparisonTable(new ComparisonTable(this))
    , verdictLabel(new QLabel(this))
    , detailsLabel(new QLabel(this))
    , exportButton(new QPushButton(QIcon(QStringLiteral(":/icons/export.svg")), tr("Export report…"), this))
    , stepInterleaveBox(new QCheckBox(tr("Interleave steps"), this))
{
    stepInterleaveBox->setObjectName(QStringLiteral("interleave"));
    stepInterleaveBox->setToolTip(tr("Train FP32 and AMP in turns, one step each, so that whatever else the machine "
                                     "does slows both alike (on by default on a computer without CUDA). Both models "
                                     "are then in memory at once, so the peak memory is that of the pair: compare "
                                     "memory with this option off. A comparison in several processes runs one after "
                                     "the other."));
    const bool inTurnsByDefault = ampwb::defaultComparisonOrder("auto", false) == ampwb::ComparisonOrder::Interleaved;
    stepInterleaveBox->setChecked(QSettings().value(kInterleaveKey, inTurnsByDefault).toBool());
    connect(stepInterleaveBox, &QCheckBox::toggled, this,
            [](bool checked) { QSettings().setValue(kInterleaveKey, checked); });

    verdictLabel->setObjectName(QStringLiteral("verdict"));
    verdictLabel->setWordWrap(true);
    QFont verdictFont = verdictLabel->font();
    verdictFont.setBold(true);
    verdictLabel->setFont(verdictFont);
    detailsLabel->setWordWrap(true);
    detailsLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    exportButton->setObjectName(QStringLiteral("exportReport"));
    exportButton->setEnabled(false);
    connect(exportButton, &QPushButton::clicked, this, &CompareTab::exportWithDialog);

    auto* side = new QWidget(this);
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(6, 0, 0, 0);
    auto* tableTitle = new QLabel(tr("FP32 vs AMP, as in the original recipe's table"), side);
    QFont titleFont = tableTitle->font();
    titleFont.setBold(true);
    tableTitle->setFont(titleFont);
    sideLayout->addWidget(tableTitle);
    sideLayout->addWidget(stepInterleaveBox);
    sideLayout->addWidget(comparisonTable);
    sideLayout->addSpacing(6);
    sideLayout->addWidget(verdictLabel);
    sideLayout->addWidget(detailsLabel);
    sideLayout->addWidget(exportButton, 0, Qt::AlignLeft);
    sideLayout->addWidget(new ProfileButton(engine, side), 0, Qt::AlignLeft);
    sideLayout->addStretch();

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("compareSplitter"));
    splitter->addWidget(trainingCharts);
    splitter->addWidget(side);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(runProgress);
    layout->addWidget(splitter, 1);

    verdictLabel->setText(tr("Run a comparison, or pick runs in the Runs tab, to see whether AMP helps here."));
    connect(&engine, &EngineController::eventsArrived, this, &CompareTab::onEvents);
    connect(&engine, &EngineController::pausedChanged, this, [this](bool paused) {
        if (watching)
            runProgress->showPaused(paused);
    });
    connect(&engine, &EngineController::workFinished, this, [this] { watching = false; });
}

void CompareTab::start(const ampwb::TrainingConfig& config, const LocalProcesses& processes)
{
    if (engine.isBusy())
        return;
    runHistories.clear();
    runProgress->reset();
    for (const ampwb::Precision precision : {ampwb::Precision::Fp32, ampwb::Precision::Amp}) {
        ampwb::TrainingConfig runConfig = config;
        runConfig.precision = precision;
        RunHistory& run = runHistories.add(RunHistory(precision == ampwb::Precision::Amp ? tr("AMP") : tr("FP32"),
                                                      RunPalette::forPrecision(precision)));
        run.config = runConfig;
    }
    interleaved = stepInterleaveBox->isChecked() && processes.processes == 1; // a group cannot take turns
    watching = true;
    showResults();
    verdictLabel->setText(interleaved
                              ? tr("Training FP32 and AMP in turns, step by step, with the same seed and data order…")
                              : tr("Training FP32, then AMP, with the same seed and data order…"));
    engine.startComparison(config,
                           interleaved ? ampwb::ComparisonOrder::Interleaved : ampwb::ComparisonOrder::Sequential,
                           processes);
}

void CompareTab::showRuns(std::vector<RunHistory> runs)
{
    if (watching)
        return;
    runHistories.clear();
    runProgress->reset();
    for (size_t index = 0; index < runs.size(); ++index)
        runHistories.add(std::move(runs[index])).setColor(RunPalette::at(static_cast<int>(index)));
    runHistories.announceChanges();
    showResults();
}

void CompareTab::onEvents(const TrainingEvents& events)
{
    if (!watching)
        return;
    // The progress line shows the latest step of a delivery, as the Train tab's does: setting it
    // again for every step in between is work for the GUI thread that nobody sees.
    const ampwb::StepMetrics* unshownStep = nullptr;
    const auto showStepSoFar = [&] {
        if (unshownStep)
            runProgress->showStep(*std::exchange(unshownStep, nullptr));
    };
    for (const TrainingEvent& event : events) {
        if (const auto* step = std::get_if<ampwb::StepMetrics>(&event)) {
            const size_t index = runIndex(step->precision);
            runHistories.appendStep(index, *step);
            if (showsProgressOf(index))
                unshownStep = step;
        } else if (const auto* epoch = std::get_if<ampwb::EpochMetrics>(&event)) {
            const size_t index = runIndex(epoch->precision);
            runHistories.appendEpoch(index, *epoch);
            if (showsProgressOf(index)) {
                showStepSoFar();
                runProgress->showEpoch(*epoch);
            }
        } else if (const auto* started = std::get_if<ampwb::RunStarted>(&event)) {
            const size_t index = runIndex(started->precision);
            RunHistory& run = runHistories.at(index);
            run.started = *started;
            run.directory = QString::fromStdString(started->runDirectory);
            if (showsProgressOf(index)) {
                unshownStep = nullptr; // the line now follows this run
                showProgressOf(index);
            }
        } else if (const auto* summary = std::get_if<ampwb::RunSummary>(&event)) {
            const size_t index = runIndex(summary->precision);
            const bool shown = showsProgressOf(index);
            runHistories.at(index).summary = *summary;
            if (shown) {
                unshownStep = nullptr; // the summary says more than its last step
                runProgress->showFinished(*summary);
            }
            const RunHistory& other = runHistories.at(1 - index);
            if (interleaved && shown && other.started && !other.summary)
                showProgressOf(1 - index); // AMP ended first: follow FP32 from here
            showResults();
        } else if (const auto* result = std::get_if<ampwb::ComparisonResult>(&event)) {
            runHistories.at(0).summary = result->fp32;
            runHistories.at(1).summary = result->amp;
            detailsLabel->setText(
                tr("Saved in %1").arg(QDir::toNativeSeparators(QString::fromStdString(result->directory))));
            runProgress->offerEvaluation({runHistories.at(0).directory, runHistories.at(1).directory},
                                         {runHistories.at(0).label(), runHistories.at(1).label()});
            showResults();
        }
    }
    if (!engine.isPaused())
        showStepSoFar();
    runHistories.announceChanges();
}

bool CompareTab::showsProgressOf(size_t index) const
{
    if (!interleaved)
        return true;
    // In turns, the progress line follows AMP, which steps last, and FP32 if AMP ends first.
    const auto& runs = runHistories.runs();
    const bool ampRunning = !runs.at(1).summary;
    return index == (ampRunning || runs.at(0).summary ? 1 : 0);
}

void CompareTab::showProgressOf(size_t index)
{
    const RunHistory& run = runHistories.at(index);
    const QString label = interleaved ? tr("%1 (in turns with %2)").arg(run.label(), runHistories.at(1 - index).label())
                                      : tr("%1 (run %2 of 2)").arg(run.label()).arg(index + 1);
    runProgress->showStarted(*run.started, label);
}

void CompareTab::showResults()
{
    const std::vector<RunHistory>& runs = runHistories.runs();
    comparisonTable->showRuns(runs);
    const bool complete = !runs.empty() && std::all_of(runs.begin(), runs.end(), [](const RunHistory& run) {
        return run.summary.has_value();
    });
    exportButton->setEnabled(complete);
    verdictLabel->setText(verdict());
    if (!watching && !runs.empty() && runs.front().config) {
        const ampwb::TrainingConfig& config = *runs.front().config;
        detailsLabel->setText(tr("Dataset %1 · batch %2 · seed %3")
                                  .arg(QString::fromStdString(config.dataset))
                                  .arg(config.batchSize)
                                  .arg(config.seed));
    }
}

QString CompareTab::verdict() const
{
    const std::vector<RunHistory>& runs = runHistories.runs();
    if (std::any_of(runs.begin(), runs.end(), [](const RunHistory& run) { return !run.summary; }))
        return tr("The verdict follows when every run has finished.");
    if (const auto pair = fp32AndAmp(runs)) {
        const int64_t batchSize = pair->second->config ? pair->second->config->batchSize : 0;
        return EngineText::translate(
            ampwb::comparisonVerdict(*pair->first->summary, *pair->second->summary, batchSize, machine));
    }
    if (runs.size() < 2)
        return tr("Choose two or more runs to compare.");
    return tr("The verdict compares one FP32 run with one AMP run; this set is compared in the table only.");
}

bool CompareTab::exportReport(const QString& path, QString* error) const
{
    ComparisonReport report;
    QStringList labels;
    for (const RunHistory& run : runHistories.runs())
        labels << run.label();
    report.title = tr("Comparison: %1").arg(labels.join(tr(" vs ")));
    report.details = detailsLabel->text();
    const auto pair = fp32AndAmp(runHistories.runs());
    if (pair && pair->second->config && pair->second->summary)
        report.setup = QString::fromStdString(
            ampwb::comparisonSetup(*pair->second->config, *pair->second->summary, machine));
    report.verdict = verdict();
    QList<ChartPanel*> charts;
    for (MetricChart* chart : trainingCharts->charts())
        charts << chart;
    return report.write(path, *comparisonTable, charts, error);
}

void CompareTab::exportWithDialog()
{
    QSettings settings;
    const QString directory = settings.value(kReportDirectoryKey, QDir::homePath()).toString();
    const QString path = QFileDialog::getSaveFileName(this, tr("Export comparison report"),
                                                      directory + QStringLiteral("/comparison.md"),
                                                      tr("Markdown (*.md);;HTML (*.html)"));
    if (path.isEmpty())
        return;
    settings.setValue(kReportDirectoryKey, QFileInfo(path).absolutePath());
    QString error;
    if (!exportReport(path, &error))
        QMessageBox::warning(this, tr("Export comparison report"), error);
}
