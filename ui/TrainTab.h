#pragma once

#include "TrainingEvent.h"

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

    /// Starts training `config` (the engine writes its run folder as it goes).
    void start(const ampwb::TrainingConfig& config);

    TrainingCharts& charts() const { return *trainingCharts; }
    RunProgressWidget& progress() const { return *progressWidget; }

private:
    void onEvents(const TrainingEvents& events);

    EngineController& engine;
    RunProgressWidget* progressWidget;
    TrainingCharts* trainingCharts;
    bool watching = false;
};
