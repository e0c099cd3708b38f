#pragma once

#include "LocalProcesses.h"
#include "TrainingEvent.h"
#include "runs/RunHistories.h"

#include <QWidget>

class EngineController;
class RunProgressWidget;
class TrainingCharts;

namespace ampwb {
struct TrainingConfig;
}

/// Trains one run and watches it: start/pause/stop, progress with the time left, and
/// the live charts.
class TrainTab : public QWidget {
    Q_OBJECT
public:
    explicit TrainTab(EngineController& engine, QWidget* parent = nullptr);

    /// Starts training `config` (the engine writes its run folder as it goes), data-parallel when
    /// in more than one of `processes`.
    void start(const ampwb::TrainingConfig& config, const LocalProcesses& processes = {});
    /// Continues the stopped or failed run in `directory` from its checkpoint, its steps
    /// following the ones already recorded, in as many processes as trained it (waiting
    /// `groupTimeout` for each other); false with `error` set when it cannot be read.
    bool resume(const QString& directory, std::chrono::seconds groupTimeout = LocalProcesses().groupTimeout,
                QString* error = nullptr);
    /// The folder of the run shown here when it stopped or failed with a checkpoint
    /// (empty otherwise, and while a run is being watched).
    QString resumableRun() const;

    /// The run shown here (none before the first start or resume).
    const RunHistories& histories() const { return runHistories; }
    TrainingCharts& charts() const { return *trainingCharts; }
    RunProgressWidget& progress() const { return *runProgress; }

private:
    void onEvents(const TrainingEvents& events);

    EngineController& engine;
    RunHistories runHistories;
    RunProgressWidget* runProgress;
    TrainingCharts* trainingCharts;
    bool watching = false;
};
