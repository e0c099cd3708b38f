#include "EngineController.h"

#include "training/Comparison.h"
#include "training/Trainer.h"
#include "xray/StepProfiler.h"

#include <exception>

EngineController::EngineController(QObject* parent)
    : QObject(parent)
    , events([this](TrainingEvents arrived) { Q_EMIT eventsArrived(arrived); }, [this] { finishWork(); })
{
}

EngineController::~EngineController()
{
    if (job)
        job->requestStop();
    joinWorker();
}

void EngineController::startTraining(const ampwb::TrainingConfig& config, const std::string& resumeDirectory)
{
    if (isBusy())
        return;
    beginWork(Work::Training, std::make_unique<ampwb::Trainer>(config, resumeDirectory));
}

void EngineController::startComparison(const ampwb::TrainingConfig& config, ampwb::ComparisonOrder order)
{
    if (isBusy())
        return;
    auto comparison = std::make_unique<ampwb::Comparison>(config, order);
    ampwb::Comparison* running = comparison.get();
    // The comparison's result (its report) reaches the tabs as an event of its own.
    beginWork(Work::Comparison, std::move(comparison), [this, running] { events.push(running->run()); });
}

void EngineController::beginWork(Work work, std::unique_ptr<ampwb::TrainingJob> newJob, std::function<void()> run)
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
    worker = std::thread([this, run = std::move(run)] {
        try {
            run();
        } catch (const std::exception& error) {
            ampwb::RunSummary failure;
            failure.state = ampwb::RunState::Failed;
            failure.message = error.what();
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
    Q_EMIT workFinished(finished);
}

void EngineController::joinWorker()
{
    if (worker.joinable())
        worker.join();
    job.reset();
    profiler.reset();
}
