#pragma once

#include "DrainedQueue.h"
#include "LocalProcesses.h"
#include "TrainingEvent.h"
#include "run/TrainingConfig.h"
#include "xray/PrecisionSuggestion.h"

#include <QObject>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace ampwb {
enum class ComparisonOrder;
class StepProfiler;
class TrainingJob;
} // namespace ampwb

/// The GUI's one door to the engine: runs a training job (a Trainer, a Comparison or a PrecisionMeasurement) on a
/// worker thread, observes it there (copying the values into a locked queue) and, on a GUI
/// timer, hands everything that arrived since the last tick to the GUI in one signal.
class EngineController : public QObject, private ampwb::TrainingObserver {
    Q_OBJECT
public:
    enum class Work { None, Training, Comparison, Suggestion };

    /// How often what the engine reported reaches the GUI: every 400 ms, a pace the eye still follows as
    /// progress. Each delivery adds the new points to the charts and sets the progress texts and bars
    /// again, and on a CPU run every millisecond of the GUI thread's time costs the run about a millisecond,
    /// since the operator thread it displaces holds up the other: a run from the window came closer to the
    /// CLI's speed with a delivery every 400 ms than every 200 ms (docs/BENCHMARKS.md, "What the window costs
    /// a training run").
    static constexpr int kEventIntervalMilliseconds = 400;

    explicit EngineController(QObject* parent = nullptr);
    /// Asks a running piece of work to stop and waits for its current step to end.
    ~EngineController() override;

    Work work() const { return currentWork; }
    bool isBusy() const { return currentWork != Work::None; }
    bool isPaused() const { return paused; }
    bool isStopping() const { return stopping; }

    /// Trains one run, or continues the stopped run in `resumeDirectory` from its
    /// checkpoint; does nothing while other work is running. In more than one of `processes` the run
    /// is data-parallel: the worker thread is rank 0 and starts amp-workbench-cli for the other ranks.
    void startTraining(const ampwb::TrainingConfig& config, const std::string& resumeDirectory = {},
                       const LocalProcesses& processes = {});
    /// Trains FP32 and AMP (or `runs`' AMP types) with the same seed and data order, one after the other
    /// or in turns; `processes` as for startTraining (one after the other only).
    void startComparison(const ampwb::TrainingConfig& config, ampwb::ComparisonOrder order,
                         ampwb::ComparisonRuns runs = ampwb::ComparisonRuns::Pair,
                         const LocalProcesses& processes = {});
    /// Measures what fp32, bf16 and fp16 cost each module in a few steps of `config` (a PrecisionMeasurement) and
    /// suggests a precision policy from it: suggestionMade follows, unless a run failed or was stopped.
    void startSuggestion(const ampwb::TrainingConfig& config);
    /// Where amp-workbench-cli is, which runs the other ranks of a data-parallel run: beside this
    /// program, else the one built with it.
    static std::string rankProgram();
    /// Thread-safe pause/resume of the running work (takes effect before the next step).
    void setPaused(bool pause);
    /// Asks the running work to stop after its current step; workFinished follows.
    void requestStop();
    /// The X-ray: each run of the running work records the operators of its next `steps` steps
    /// and writes them into its run folder; a ProfileTaken event arrives for each. Call on the GUI
    /// thread; does nothing while idle.
    void profileNextSteps(int steps);

Q_SIGNALS:
    void workStarted(EngineController::Work work);
    /// Everything the engine reported since the previous tick, in order.
    void eventsArrived(const TrainingEvents& events);
    /// After the last eventsArrived of the work; the controller is idle again.
    void workFinished(EngineController::Work work);
    /// Before workFinished of a suggestion's work: the suggestion, and the folder of the runs it was measured in.
    void suggestionMade(const ampwb::PrecisionSuggestion& suggestion, const QString& directory);
    void pausedChanged(bool paused);
    void stoppingChanged(bool stopping);

private:
    void runStarted(const ampwb::RunStarted& started) override;
    void stepFinished(const ampwb::StepMetrics& step) override;
    void epochFinished(const ampwb::EpochMetrics& epoch) override;
    void runFinished(const ampwb::RunSummary& summary) override;

    /// How ranks 1…N−1 of a data-parallel piece of work are started: N, and the CLI command and
    /// settings that make them train what this process trains.
    struct Ranks {
        LocalProcesses processes;
        std::vector<std::string> command; ///< "train", "compare", "train --resume DIR"
        ampwb::TrainingConfig config;
    };

    /// Runs `newJob` on the worker thread, by runJob() or by `run` where the job's own result
    /// is wanted, as rank 0 of `ranks` when there are several; a throw ends the work with a
    /// failed RunSummary.
    void beginWork(Work work, std::unique_ptr<ampwb::TrainingJob> newJob, const Ranks& ranks,
                   std::function<void()> run = {});
    /// After the last delivery of the work: the controller is idle again.
    void finishWork();
    void joinWorker();

    DrainedQueue<TrainingEvent> events;
    std::unique_ptr<ampwb::StepProfiler> profiler; ///< observes the job, so it lives as long
    std::unique_ptr<ampwb::TrainingJob> job;
    std::thread worker;
    Work currentWork = Work::None;
    std::optional<ampwb::PrecisionSuggestion> suggestion; ///< written by the worker, read once it is joined
    std::string suggestionDirectory;
    bool paused = false;
    bool stopping = false;
};
