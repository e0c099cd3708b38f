#include "train/TrainTab.h"

#include "EngineController.h"
#include "EngineText.h"
#include "charts/TrainingCharts.h"
#include "run/RunFiles.h"
#include "run/RunFolder.h"
#include "runs/RunFolderReader.h"
#include "runs/RunPalette.h"
#include "train/RunProgressWidget.h"
#include "xray/PolicyText.h"
#include "xray/ProfileButton.h"

#include <QDir>
#include <QHBoxLayout>
#include <QVBoxLayout>

#include <exception>
#include <utility>

namespace {

QString runLabel(ampwb::Precision precision)
{
    return precision == ampwb::Precision::Amp ? TrainTab::tr("AMP") : TrainTab::tr("FP32");
}

} // namespace

TrainTab::TrainTab(EngineController& controller, QWidget* parent)
    : QWidget(parent)
    , engine(controller)
    , runProgress(new RunProgressWidget(this))
    , trainingCharts(new TrainingCharts(runHistories, QStringLiteral("trainCharts"), 3, this))
{
    auto* layout = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    top->addWidget(runProgress, 1);
    top->addWidget(new ProfileButton(engine, this), 0, Qt::AlignTop);
    layout->addLayout(top);
    layout->addWidget(trainingCharts, 1);

    connect(&engine, &EngineController::eventsArrived, this, &TrainTab::onEvents);
    connect(&engine, &EngineController::pausedChanged, this, [this](bool paused) {
        if (watching)
            runProgress->showPaused(paused);
    });
    connect(&engine, &EngineController::workFinished, this, [this] { watching = false; });
}

void TrainTab::start(const ampwb::TrainingConfig& config, const LocalProcesses& processes)
{
    if (engine.isBusy())
        return;
    runHistories.clear();
    runProgress->reset();
    RunHistory run(runLabel(config.precision), RunPalette::forPrecision(config.precision));
    run.config = config;
    runHistories.add(std::move(run));
    watching = true;
    engine.startTraining(config, {}, processes);
}

bool TrainTab::resume(const QString& directory, std::chrono::seconds groupTimeout, QString* error)
{
    if (engine.isBusy())
        return false;
    ampwb::TrainingConfig config;
    LocalProcesses processes{1, groupTimeout};
    try {
        config = ampwb::RunFolder::readConfig(directory.toStdString());
        processes.processes = ampwb::RunFolder::readWorldSize(directory.toStdString());
    } catch (const std::exception& failure) {
        if (error)
            *error = tr("Could not read the run's configuration: %1").arg(EngineText::describe(failure));
        return false;
    }
    try {
        // As the engine checks it before it resumes (Trainer): a run whose files do not read back whole is
        // refused here with the engine's own message, and nothing in it is touched.
        ampwb::RunFiles::checkForResume(directory.toStdString());
    } catch (const std::exception& failure) {
        if (error)
            *error = EngineText::describe(failure);
        return false;
    }
    std::optional<RunHistory> history = RunFolderReader::read(directory, runLabel(config.precision),
                                                              RunPalette::forPrecision(config.precision), error);
    if (!history)
        return false;
    runHistories.clear();
    runProgress->reset();
    runHistories.add(std::move(*history));
    runHistories.announceChanges();
    watching = true;
    engine.startTraining(config, directory.toStdString(), processes);
    return true;
}

QString TrainTab::resumableRun() const
{
    if (watching || runHistories.empty())
        return {};
    const QString& directory = runHistories.at(0).directory;
    return !directory.isEmpty() && RunFolderReader::canResume(directory) ? directory : QString();
}

void TrainTab::onEvents(const TrainingEvents& events)
{
    if (!watching || runHistories.empty())
        return;
    RunHistory& run = runHistories.at(0);
    const ampwb::StepMetrics* unshownStep = nullptr;
    for (const TrainingEvent& event : events) {
        if (const auto* step = std::get_if<ampwb::StepMetrics>(&event)) {
            runHistories.appendStep(0, *step);
            unshownStep = step;
        } else if (const auto* epoch = std::get_if<ampwb::EpochMetrics>(&event)) {
            runHistories.appendEpoch(0, *epoch);
            if (unshownStep)
                runProgress->showStep(*std::exchange(unshownStep, nullptr));
            runProgress->showEpoch(*epoch);
        } else if (const auto* started = std::get_if<ampwb::RunStarted>(&event)) {
            if (started->firstStep > 1)
                runHistories.continueFrom(0, *started);
            run.started = *started;
            run.directory = QString::fromStdString(started->runDirectory);
            // The line names the policy the run computes by, its rules applied (in short: the line keeps its height).
            runProgress->showStarted(*started,
                                     started->precisionPolicy
                                         ? tr("%1 under the precision policy %2")
                                               .arg(run.label(), PolicyText::summarize(*started->precisionPolicy))
                                         : run.label());
        } else if (const auto* summary = std::get_if<ampwb::RunSummary>(&event)) {
            run.summary = *summary;
            runProgress->showFinished(*summary);
            runProgress->offerEvaluation({run.directory}, {QDir(run.directory).dirName()});
            unshownStep = nullptr;
        }
    }
    if (unshownStep && !engine.isPaused())
        runProgress->showStep(*unshownStep);
    runHistories.announceChanges();
}
