#include "EngineController.h"

#include "system/EngineError.h"
#include "system/ErrorText.h"
#include "training/Comparison.h"
#include "training/PrecisionMeasurement.h"
#include "training/Trainer.h"
#include "xray/StepProfiler.h"
#ifdef AMPWB_WITH_GLOO
#include "training/LocalGroup.h"
#endif

#include <QCoreApplication>
#include <QFileInfo>

#include <cstdio>
#include <exception>
#include <utility>

EngineController::EngineController(QObject* parent)
    : QObject(parent)
    , events([this](TrainingEvents arrived) { Q_EMIT eventsArrived(arrived); }, [this] { finishWork(); })
{
    events.setInterval(kEventIntervalMilliseconds);
}

EngineController::~EngineController()
{
    if (job)
        job->requestStop();
    joinWorker();
}

void EngineController::startTraining(const ampwb::TrainingConfig& config, const std::string& resumeDirectory,
                                     const LocalProcesses& processes)
{
    if (isBusy())
        return;
    Ranks ranks{processes, {"train"}, config};
    if (!resumeDirectory.empty())
        ranks.command = {"train", "--resume", resumeDirectory};
    beginWork(Work::Training, std::make_unique<ampwb::Trainer>(config, resumeDirectory), ranks);
}

void EngineController::startComparison(const ampwb::TrainingConfig& config, ampwb::ComparisonOrder order,
                                       ampwb::ComparisonRuns runs, const LocalProcesses& processes)
{
    if (isBusy())
        return;
    auto comparison = std::make_unique<ampwb::Comparison>(config, order, runs);
    ampwb::Comparison* running = comparison.get();
    std::vector<std::string> rankCommand{"compare"};
    if (runs == ampwb::ComparisonRuns::ThreeWay)
        rankCommand.push_back("--three-way");
    // The comparison's result (its report) reaches the tabs as an event of its own.
    beginWork(Work::Comparison, std::move(comparison), Ranks{processes, rankCommand, config},
              [this, running] { events.push(running->run()); });
}

void EngineController::startSuggestion(const ampwb::TrainingConfig& config)
{
    if (isBusy())
        return;
    auto measurement = std::make_unique<ampwb::PrecisionMeasurement>(config);
    ampwb::PrecisionMeasurement* running = measurement.get();
    suggestion.reset();
    suggestionDirectory.clear();
    beginWork(Work::Suggestion, std::move(measurement), Ranks{LocalProcesses{}, {}, config}, [this, running] {
        running->runJob();
        suggestion = running->suggestion();
        suggestionDirectory = running->directory();
    });
}

std::string EngineController::rankProgram()
{
    const QString beside = QCoreApplication::applicationDirPath() + QStringLiteral("/amp-workbench-cli");
    return (QFileInfo(beside).isExecutable() ? beside : QStringLiteral(AMPWB_BUILT_CLI_PATH)).toStdString();
}

void EngineController::beginWork(Work work, std::unique_ptr<ampwb::TrainingJob> newJob, const Ranks& ranks,
                                 std::function<void()> run)
{
    job = std::move(newJob);
    job->addObserver(this);
    profiler = std::make_unique<ampwb::StepProfiler>(std::nullopt,
                                                     [this](const ampwb::ProfileTaken& taken) { events.push(taken); });
    job->addObserver(profiler.get());
    if (!run)
        run = [this] { job->runJob(); };
    currentWork = work;
    paused = false;
    stopping = false;
    events.start();
    Q_EMIT workStarted(work);
    worker = std::thread([this, run = std::move(run), ranks] {
        try {
            if (ranks.processes.processes <= 1) {
                run();
            } else {
#ifdef AMPWB_WITH_GLOO
                ampwb::LocalGroup local(ranks.config, ranks.command, ranks.processes.processes, rankProgram(),
                                        ranks.processes.groupTimeout);
                job->joinGroup(local.group());
                run();
                const std::string failures = local.finish();
                if (!failures.empty()) // rank 0's summary, which names a rank it lost, is already shown
                    std::fprintf(stderr, "amp-workbench: %s\n", failures.c_str());
#else
                throw ampwb::EngineError(ampwb::EngineMessage(ampwb::EngineMessage::Code::BuildWithoutGloo));
#endif
            }
        } catch (const std::exception& error) {
            ampwb::RunSummary failure;
            failure.state = ampwb::RunState::Failed;
            failure.message = ampwb::messageOf(error);
            events.push(failure);
        }
        events.finish();
    });
}

void EngineController::setPaused(bool pause)
{
    if (!isBusy() || pause == paused)
        return;
    paused = pause;
    job->setPaused(pause);
    Q_EMIT pausedChanged(paused);
}

void EngineController::requestStop()
{
    if (!isBusy() || stopping)
        return;
    stopping = true;
    job->requestStop();
    Q_EMIT stoppingChanged(true);
}

void EngineController::profileNextSteps(int steps)
{
    if (isBusy() && profiler)
        profiler->profileNextSteps(steps);
}

void EngineController::runStarted(const ampwb::RunStarted& started)
{
    events.push(started);
}

void EngineController::stepFinished(const ampwb::StepMetrics& step)
{
    events.push(step);
}

void EngineController::epochFinished(const ampwb::EpochMetrics& epoch)
{
    events.push(epoch);
}

void EngineController::runFinished(const ampwb::RunSummary& summary)
{
    events.push(summary);
}

void EngineController::finishWork()
{
    joinWorker();
    const Work finished = currentWork;
    currentWork = Work::None;
    const bool wasPaused = paused;
    const bool wasStopping = stopping;
    paused = false;
    stopping = false;
    if (wasPaused)
        Q_EMIT pausedChanged(false);
    if (wasStopping)
        Q_EMIT stoppingChanged(false);
    if (finished == Work::Suggestion && suggestion)
        Q_EMIT suggestionMade(*std::exchange(suggestion, std::nullopt), QString::fromStdString(suggestionDirectory));
    Q_EMIT workFinished(finished);
}

void EngineController::joinWorker()
{
    if (worker.joinable())
        worker.join();
    job.reset();
    profiler.reset();
}
