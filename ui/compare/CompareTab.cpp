#include "compare/CompareTab.h"

#include "EngineController.h"
#include "EngineText.h"
#include "VerticalScrollArea.h"
#include "charts/MetricChart.h"
#include "charts/TrainingCharts.h"
#include "compare/ComparisonReport.h"
#include "compare/ComparisonTable.h"
#include "runs/RunPalette.h"
#include "train/RunProgressWidget.h"
#include "xray/PolicyText.h"
#include "xray/ProfileButton.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace {

const QString kReportDirectoryKey = QStringLiteral("compare/reportDirectory");
const QString kInterleaveKey = QStringLiteral("compare/interleaved");
const QString kThreeWayKey = QStringLiteral("compare/threeWay");
const QString kPolicyKey = QStringLiteral("compare/policy");
const QString kNoPolicy = QStringLiteral("none");
const QString kPresetPrefix = QStringLiteral("preset:");
const QString kPolicyFile = QStringLiteral("file");
const QString kOpenPolicyFile = QStringLiteral("open");

/// Whether the first `count` of a set of runs are an FP32 run followed by one or more AMP runs, all finished: what
/// a verdict and a report's setup are made of.
bool fp32ThenAmp(const std::vector<RunHistory>& runs, size_t count)
{
    if (count < 2 || runs.size() < count || !runs[0].summary || runs[0].summary->precision != ampwb::Precision::Fp32)
        return false;
    return std::all_of(runs.begin() + 1, runs.begin() + static_cast<std::ptrdiff_t>(count), [](const RunHistory& run) {
        return run.summary && run.summary->precision == ampwb::Precision::Amp;
    });
}

/// A run's training losses, step by step.
std::vector<double> lossesOf(const RunHistory& run)
{
    std::vector<double> losses;
    losses.reserve(run.steps().size());
    for (const ampwb::StepMetrics& step : run.steps())
        losses.push_back(step.loss);
    return losses;
}

/// The AMP runs' summaries of the first `count` runs, a set that is fp32ThenAmp.
std::vector<ampwb::RunSummary> ampSummaries(const std::vector<RunHistory>& runs, size_t count)
{
    std::vector<ampwb::RunSummary> summaries;
    for (size_t index = 1; index < count; ++index)
        summaries.push_back(*runs[index].summary);
    return summaries;
}

/// The name of the policy a run trained under ("" for none).
std::string policyNameOf(const RunHistory& run)
{
    return run.config && run.config->precisionPolicy ? run.config->precisionPolicy->name : std::string();
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
    , threeWayChoice(new QCheckBox(tr("Three-way: FP32 · AMP bf16 · AMP fp16"), this))
    , policyChoice(new QComboBox(this))
{
    policyChoice->setObjectName(QStringLiteral("thirdRunPolicy"));
    policyChoice->addItem(tr("No policy"), kNoPolicy);
    for (const std::string& name : ampwb::precisionPolicyPresets()) {
        policyChoice->addItem(PolicyText::runLabel(QString::fromStdString(name)),
                              kPresetPrefix + QString::fromStdString(name));
        policyChoice->setItemData(policyChoice->count() - 1, PolicyText::presetDescription(name), Qt::ToolTipRole);
    }
    policyChoice->addItem(tr("Open a policy file…"), kOpenPolicyFile);
    policyChoice->setToolTip(tr("Train a third run under a precision policy (docs/precision-policy.md), after FP32 and "
                                "AMP, with the same seed and data order: the table and the verdict say whether it "
                                "beat both. A three-way comparison takes no policy."));
    lastPolicyIndex = std::max(0, policyChoice->findData(QSettings().value(kPolicyKey, kNoPolicy)));
    policyChoice->setCurrentIndex(lastPolicyIndex);
    connect(policyChoice, &QComboBox::currentIndexChanged, this, &CompareTab::onPolicyChosen);
    threeWayChoice->setEnabled(!chosenPolicy());
    connect(threeWayChoice, &QCheckBox::toggled, policyChoice, &QWidget::setDisabled);

    threeWayChoice->setObjectName(QStringLiteral("threeWay"));
    threeWayChoice->setToolTip(tr("Train AMP twice beside FP32: in bf16, and in fp16 with dynamic loss scaling, so "
                                  "the loss-scale chart and skipped steps show what fp16 needs. On a CPU, fp16's "
                                  "steps take far longer than FP32's (about 120 times as long on the Intel Xeon "
                                  "measured, at 28 px)."));
    threeWayChoice->setChecked(threeWayChoice->isEnabled() && QSettings().value(kThreeWayKey, false).toBool());
    connect(threeWayChoice, &QCheckBox::toggled, this,
            [](bool checked) { QSettings().setValue(kThreeWayKey, checked); });
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
    detailsLabel->setObjectName(QStringLiteral("comparisonDetails"));
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
    sideLayout->addWidget(threeWayChoice);
    auto* policyRow = new QHBoxLayout;
    policyRow->addWidget(new QLabel(tr("Third run:"), side));
    policyRow->addWidget(policyChoice, 1);
    sideLayout->addLayout(policyRow);
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
    // The side scrolls up and down when the table, the verdict and the buttons are taller than the window (in
    // Chinese at 768 px the table lost its last rows); never sideways: it is as wide as the table.
    splitter->addWidget(new VerticalScrollArea(side, this));
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
    detailsLabel->clear(); // the last comparison's folder is not this one's
    const std::optional<ampwb::PrecisionPolicy> policy = chosenPolicy();
    const ampwb::ComparisonRuns runs = threeWayChoice->isChecked() && !policy ? ampwb::ComparisonRuns::ThreeWay
                                                                              : ampwb::ComparisonRuns::Pair;
    ampwb::TrainingConfig comparedConfig = config;
    comparedConfig.precisionPolicy = policy;
    ampwb::TrainingConfig fp32Config = config;
    fp32Config.precisionPolicy.reset(); // FP32 and AMP are the references
    fp32Config.precision = ampwb::Precision::Fp32;
    runHistories.add(RunHistory(tr("FP32"), RunPalette::forPrecision(ampwb::Precision::Fp32))).config = fp32Config;
    for (const ampwb::AmpDtype dtype : ampwb::comparedAmpTypes(runs, config.ampDtype)) {
        ampwb::TrainingConfig runConfig = fp32Config;
        runConfig.precision = ampwb::Precision::Amp;
        runConfig.ampDtype = dtype;
        const int place = static_cast<int>(runHistories.runs().size());
        const QString label = runs == ampwb::ComparisonRuns::Pair
                                ? tr("AMP")
                                : QString::fromStdString(ampwb::precisionLabel(ampwb::Precision::Amp, dtype));
        runHistories.add(RunHistory(label, RunPalette::at(place))).config = runConfig;
    }
    policyCompared = policy.has_value();
    const QString policyName = policy ? QString::fromStdString(policy->name) : QString();
    if (policy) {
        ampwb::TrainingConfig runConfig = comparedConfig;
        runConfig.precision = policy->usesReducedPrecision() ? ampwb::Precision::Amp : ampwb::Precision::Fp32;
        const int place = static_cast<int>(runHistories.runs().size());
        runHistories.add(RunHistory(PolicyText::runLabel(policyName), RunPalette::at(place))).config = runConfig;
    }
    interleaved = stepInterleaveBox->isChecked() && processes.processes == 1; // a group cannot take turns
    watching = true;
    showResults();
    if (policy)
        verdictLabel->setText(interleaved ? tr("Training FP32, AMP and the policy %1 in turns, step by step, with the "
                                               "same seed and data order…")
                                                .arg(policyName)
                                          : tr("Training FP32, then AMP, then the policy %1, with the same seed and "
                                               "data order…")
                                                .arg(policyName));
    else if (runs == ampwb::ComparisonRuns::ThreeWay)
        verdictLabel->setText(interleaved ? tr("Training FP32, AMP bf16 and AMP fp16 in turns, step by step, with the "
                                               "same seed and data order…")
                                          : tr("Training FP32, then AMP bf16, then AMP fp16, with the same seed and "
                                               "data order…"));
    else
        verdictLabel->setText(interleaved ? tr("Training FP32 and AMP in turns, step by step, with the same seed and "
                                               "data order…")
                                          : tr("Training FP32, then AMP, with the same seed and data order…"));
    engine.startComparison(comparedConfig,
                           interleaved ? ampwb::ComparisonOrder::Interleaved : ampwb::ComparisonOrder::Sequential, runs,
                           processes);
}

void CompareTab::showRuns(std::vector<RunHistory> runs)
{
    if (watching)
        return;
    runHistories.clear();
    runProgress->reset();
    policyCompared = false;
    for (size_t index = 0; index < runs.size(); ++index)
        runHistories.add(std::move(runs[index])).setColor(RunPalette::at(static_cast<int>(index)));
    runHistories.announceChanges();
    showResults();
}

size_t CompareTab::runIndex(ampwb::Precision precision, ampwb::AmpDtype dtype, bool policyRun) const
{
    // FP32 comes first; a pair's AMP second; a three-way's AMP bf16, then AMP fp16; the policy run last.
    if (policyRun && policyCompared)
        return runHistories.runs().size() - 1;
    if (precision == ampwb::Precision::Fp32)
        return 0;
    return referenceCount() > 2 && dtype == ampwb::AmpDtype::Float16 ? 2 : 1;
}

size_t CompareTab::referenceCount() const
{
    const size_t count = runHistories.runs().size();
    return policyCompared && count > 0 ? count - 1 : count;
}

std::optional<ampwb::PrecisionPolicy> CompareTab::chosenPolicy() const
{
    const QString key = policyChoice->currentData().toString();
    if (key.startsWith(kPresetPrefix))
        return ampwb::presetPrecisionPolicy(key.mid(kPresetPrefix.size()).toStdString());
    if (key == kPolicyFile)
        return filePolicy;
    return std::nullopt;
}

void CompareTab::onPolicyChosen(int index)
{
    if (policyChoice->itemData(index).toString() == kOpenPolicyFile) {
        {
            const QSignalBlocker quiet(policyChoice); // the choice stays as it was until a file is read
            policyChoice->setCurrentIndex(lastPolicyIndex);
        }
        choosePolicyFile();
        return;
    }
    lastPolicyIndex = index;
    const QString key = policyChoice->itemData(index).toString();
    if (key != kPolicyFile)
        QSettings().setValue(kPolicyKey, key);
    threeWayChoice->setEnabled(!chosenPolicy());
}

void CompareTab::choosePolicyFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a precision policy"), QString(),
                                                      tr("Precision policies (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    try {
        filePolicy = ampwb::readPrecisionPolicy(path.toStdString());
    } catch (const std::runtime_error& error) {
        QMessageBox::warning(this, tr("Open a precision policy"), EngineText::describe(error));
        return;
    }
    int index = policyChoice->findData(kPolicyFile);
    if (index < 0) {
        index = policyChoice->count() - 1; // before "Open a policy file…"
        policyChoice->insertItem(index, QString(), kPolicyFile);
    }
    policyChoice->setItemText(
        index, tr("Policy %1 (%2)").arg(QString::fromStdString(filePolicy->name), QFileInfo(path).fileName()));
    policyChoice->setItemData(index, PolicyText::describe(*filePolicy), Qt::ToolTipRole);
    policyChoice->setCurrentIndex(index);
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
            const size_t index = runIndex(step->precision, step->ampDtype, step->policyRun);
            runHistories.appendStep(index, *step);
            if (showsProgressOf(index))
                unshownStep = step;
        } else if (const auto* epoch = std::get_if<ampwb::EpochMetrics>(&event)) {
            const size_t index = runIndex(epoch->precision, epoch->ampDtype, epoch->policyRun);
            runHistories.appendEpoch(index, *epoch);
            if (showsProgressOf(index)) {
                showStepSoFar();
                runProgress->showEpoch(*epoch);
            }
        } else if (const auto* started = std::get_if<ampwb::RunStarted>(&event)) {
            // Only the policy run trains under a policy: FP32 and AMP are the references.
            const size_t index = runIndex(started->precision, started->ampDtype, started->precisionPolicy.has_value());
            RunHistory& run = runHistories.at(index);
            run.started = *started;
            run.directory = QString::fromStdString(started->runDirectory);
            if (showsProgressOf(index)) {
                unshownStep = nullptr; // the line now follows this run
                showProgressOf(index);
            }
        } else if (const auto* summary = std::get_if<ampwb::RunSummary>(&event)) {
            const bool policyRun = policyCompared && !summary->runDirectory.empty()
                                && QString::fromStdString(summary->runDirectory)
                                       == runHistories.runs().back().directory;
            const size_t index = runIndex(summary->precision, summary->ampDtype, policyRun);
            const bool shown = showsProgressOf(index);
            runHistories.at(index).summary = *summary;
            if (shown) {
                unshownStep = nullptr; // the summary says more than its last step
                runProgress->showFinished(*summary);
                // In turns, a run that ends first hands the line to the last run still training.
                const auto& runs = runHistories.runs();
                for (size_t other = runs.size(); interleaved && other-- > 0;) {
                    if (runs[other].started && !runs[other].summary) {
                        showProgressOf(other);
                        break;
                    }
                }
            }
            showResults();
        } else if (const auto* result = std::get_if<ampwb::ComparisonResult>(&event)) {
            runHistories.at(0).summary = result->fp32;
            for (size_t index = 0; index < result->amp.size(); ++index)
                runHistories.at(index + 1).summary = result->amp[index];
            if (result->policy && policyCompared)
                runHistories.at(runHistories.runs().size() - 1).summary = *result->policy;
            detailsLabel->setText(
                tr("Saved in %1").arg(QDir::toNativeSeparators(QString::fromStdString(result->directory))));
            QStringList directories;
            QStringList labels;
            for (const RunHistory& run : runHistories.runs()) {
                directories << run.directory;
                labels << run.label();
            }
            runProgress->offerEvaluation(directories, labels);
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
    // In turns, the progress line follows the last run still training (it steps last in each round),
    // and the last run once all have ended.
    const auto& runs = runHistories.runs();
    size_t followed = runs.size() - 1;
    while (followed > 0 && runs.at(followed).summary && !runs.at(followed - 1).summary)
        --followed;
    return index == followed;
}

void CompareTab::showProgressOf(size_t index)
{
    const RunHistory& run = runHistories.at(index);
    QStringList others;
    for (size_t other = 0; other < runHistories.runs().size(); ++other)
        if (other != index)
            others << runHistories.at(other).label();
    const QString label = interleaved
                            ? tr("%1 (in turns with %2)").arg(run.label(), others.join(tr(" and ")))
                            : tr("%1 (run %2 of %3)").arg(run.label()).arg(index + 1).arg(runHistories.runs().size());
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
    const size_t references = referenceCount();
    if (fp32ThenAmp(runs, references)) {
        QStringList verdicts;
        for (auto run = runs.begin() + 1; run != runs.begin() + static_cast<std::ptrdiff_t>(references); ++run) {
            const int64_t batchSize = run->config ? run->config->batchSize : 0;
            const QString verdict = EngineText::render(
                ampwb::comparisonVerdict(*runs.front().summary, *run->summary, batchSize, machine));
            verdicts << (references > 2 ? tr("%1: %2").arg(run->label(), verdict) : verdict);
            const auto accuracy = ampwb::accuracyVerdict(*runs.front().summary, *run->summary,
                                                         ampwb::finalLossDifference(lossesOf(runs.front()),
                                                                                    lossesOf(*run)));
            if (accuracy)
                verdicts << EngineText::render(*accuracy);
        }
        if (policyCompared) {
            const RunHistory& policyRun = runs.back();
            const std::string name = policyNameOf(policyRun);
            verdicts << EngineText::render(
                ampwb::policyVerdict(*runs.front().summary, *runs[1].summary, *policyRun.summary, name));
            const auto accuracy = ampwb::accuracyVerdict(*runs.front().summary, *policyRun.summary,
                                                         ampwb::finalLossDifference(lossesOf(runs.front()),
                                                                                    lossesOf(policyRun)));
            if (accuracy)
                verdicts << EngineText::render(
                    ampwb::EngineMessage(ampwb::EngineMessage::Code::PolicyAccuracy, {name, *accuracy}));
        }
        return verdicts.join(QLatin1Char('\n'));
    }
    if (runs.size() < 2)
        return tr("Choose two or more runs to compare.");
    return tr("The verdict compares an FP32 run with the AMP runs after it; this set is compared in the table only.");
}

bool CompareTab::exportReport(const QString& path, QString* error) const
{
    ComparisonReport report;
    QStringList labels;
    for (const RunHistory& run : runHistories.runs())
        labels << run.label();
    report.title = tr("Comparison: %1").arg(labels.join(tr(" vs ")));
    report.details = detailsLabel->text();
    const std::vector<RunHistory>& runs = runHistories.runs();
    const size_t references = referenceCount();
    if (fp32ThenAmp(runs, references) && runs.back().config)
        report.setup = QString::fromStdString(
            ampwb::comparisonSetup(*runs.back().config, ampSummaries(runs, references), machine));
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
