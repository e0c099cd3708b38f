#pragma once
// What the engine suites share for watching short real runs: a recording observer, a thread
// that runs a job, and a small synthetic configuration.

#include "run/TrainingConfig.h"
#include "run/TrainingMetrics.h"
#include "training/TrainingJob.h"

#include <QString>

#include <atomic>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace ampwb::test {

/// Copies everything a run reports; optionally acts on a step (on the training thread).
class Recorder : public TrainingObserver {
public:
    std::function<void(const StepMetrics&)> onStep;

    void runStarted(const RunStarted& value) override
    {
        std::lock_guard lock(mutex);
        started = value;
        startedCount++;
    }
    void stepFinished(const StepMetrics& step) override
    {
        {
            std::lock_guard lock(mutex);
            steps.push_back(step);
        }
        stepCount++;
        if (onStep)
            onStep(step);
    }
    void epochFinished(const EpochMetrics& epoch) override
    {
        std::lock_guard lock(mutex);
        epochs.push_back(epoch);
    }
    void runFinished(const RunSummary& summary) override
    {
        {
            std::lock_guard lock(mutex);
            finished = summary;
            finishedCount++;
        }
        done = true;
    }

    std::vector<double> losses() const
    {
        std::vector<double> values;
        for (const auto& step : steps)
            values.push_back(step.loss);
        return values;
    }

    mutable std::mutex mutex;
    RunStarted started;
    std::vector<StepMetrics> steps;
    std::vector<EpochMetrics> epochs;
    RunSummary finished;
    int startedCount = 0;
    int finishedCount = 0;
    std::atomic<int> stepCount{0};
    std::atomic<bool> done{false};
};

/// Runs `job.runJob()` on a thread. However the test leaves, the job is stopped and joined, so a
/// failed check cannot leave a joinable std::thread behind (which would abort the suite).
class JobThread {
public:
    explicit JobThread(TrainingJob& job)
        : job(job)
        , thread([&job] { job.runJob(); })
    {
    }
    ~JobThread()
    {
        if (thread.joinable()) {
            job.requestStop();
            job.setPaused(false);
            thread.join();
        }
    }
    /// Waits for the job to end by itself.
    void finish() { thread.join(); }

private:
    TrainingJob& job;
    std::thread thread;
};

/// A small synthetic run: 32 px images, batches of 16, CPU, one loader thread.
inline TrainingConfig smallConfig(const QString& runsDirectory, const char* name)
{
    TrainingConfig config;
    config.name = name;
    config.dataset = "synthetic";
    config.imageSize = 32;
    config.syntheticTrainSize = 64;
    config.syntheticValidationSize = 32;
    config.batchSize = 16;
    config.epochs = 1;
    config.learningRate = 0.01;
    config.schedule = LearningRateSchedule::Constant;
    config.device = "cpu";
    config.workers = 1;
    config.seed = 7;
    config.validationLimit = 16;
    config.runsDirectory = runsDirectory.toStdString();
    return config;
}

} // namespace ampwb::test
