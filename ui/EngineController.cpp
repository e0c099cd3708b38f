#include "EngineController.h"

#include "training/Comparison.h"
#include "training/Trainer.h"

#include <exception>

EngineController::EngineController(QObject* parent)
    : QObject(parent)
{
    drainTimer.setInterval(kDrainIntervalMilliseconds);
    connect(&drainTimer, &QTimer::timeout, this, &EngineController::drain);
}

EngineController::~EngineController()
{
    if (trainer)
        trainer->requestStop();
    if (comparison)
        comparison->requestStop();
    joinWorker();
}

void EngineController::startTraining(const ampwb::TrainingConfig& config, const std::string& resumeDirectory)
{
    if (isBusy())
        return;
    trainer = std::make_unique<ampwb::Trainer>(config, resumeDirectory);
    trainer->addObserver(this);
    beginWork(Work::Training);
    worker = std::thread([this] {
        trainer->run();
        queue.finish();
    });
}

void EngineController::startComparison(const ampwb::TrainingConfig& config, ampwb::ComparisonOrder order)
{
    if (isBusy())
        return;
    comparison = std::make_unique<ampwb::Comparison>(config, order);
    comparison->addObserver(this);
    beginWork(Work::Comparison);
    worker = std::thread([this] {
        try {
            queue.push(comparison->run());
        } catch (const std::exception& error) {
            ampwb::RunSummary failure;
            failure.state = ampwb::RunState::Failed;
            failure.message = error.what();
            queue.push(failure);
        }
        queue.finish();
    });
}

void EngineController::beginWork(Work work)
{
    queue.reset();
    currentWork = work;
    paused = false;
    stopping = false;
    drainTimer.start();
    Q_EMIT workStarted(work);
}

void EngineController::setPaused(bool pause)
{
    if (!isBusy() || pause == paused)
        return;
    paused = pause;
    if (trainer)
        trainer->setPaused(pause);
    if (comparison)
        comparison->setPaused(pause);
    Q_EMIT pausedChanged(paused);
}

void EngineController::requestStop()
{
    if (!isBusy() || stopping)
        return;
    stopping = true;
    if (trainer)
        trainer->requestStop();
    if (comparison)
        comparison->requestStop();
    Q_EMIT stoppingChanged(true);
}

void EngineController::runStarted(const ampwb::RunStarted& started)
{
    queue.push(started);
}

void EngineController::stepFinished(const ampwb::StepMetrics& step)
{
    queue.push(step);
}

void EngineController::epochFinished(const ampwb::EpochMetrics& epoch)
{
    queue.push(epoch);
}

void EngineController::runFinished(const ampwb::RunSummary& summary)
{
    queue.push(summary);
}

void EngineController::drain()
{
    TrainingEventQueue::Batch batch = queue.takeAll();
    if (!batch.events.empty())
        Q_EMIT eventsArrived(batch.events);
    if (!batch.workFinished)
        return;
    drainTimer.stop();
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
    trainer.reset();
    comparison.reset();
}
