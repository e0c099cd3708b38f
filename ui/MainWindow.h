#pragma once

#include "TrainingEvent.h"
#include "system/DeviceInfo.h"

#include <QMainWindow>

class CompareTab;
class EngineController;
class GuiStallMeter;
class QAction;
class QLabel;
class QTabWidget;
class RunsTab;
class TrainTab;
class TrainingConfigPanel;
class XrayTab;

/// The workbench window: the configuration panel, the Train, Compare and Runs tabs,
/// run actions with shortcuts, and a status bar with the device, libtorch and the run.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);

    EngineController& engine() const { return *controller; }
    TrainingConfigPanel& configPanel() const { return *configurationPanel; }
    QTabWidget& tabs() const { return *tabWidget; }
    TrainTab& trainTab() const { return *trainPage; }
    CompareTab& compareTab() const { return *comparePage; }
    RunsTab& runsTab() const { return *runsPage; }
    XrayTab& xrayTab() const { return *xrayPage; }
    QAction& startAction() const { return *start; }
    QAction& compareAction() const { return *compare; }
    QAction& pauseAction() const { return *pause; }
    QAction& stopAction() const { return *stop; }
    /// Continues the Train tab's stopped or failed run; enabled only when it has a checkpoint.
    QAction& resumeAction() const { return *resume; }
    /// The run state shown in the status bar.
    QString runState() const;

    /// Trains the configuration panel's configuration in the Train tab.
    void startTraining();
    /// Runs FP32 vs AMP with the panel's configuration in the Compare tab.
    void startComparison();
    /// Continues the stopped or failed run in `directory` from its checkpoint in the Train tab.
    void resumeRun(const QString& directory);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    void createMenus();
    void createToolBar();
    void createStatusBar();
    void createConfigurationDock();
    void restoreWindowState();
    void saveWindowState() const;
    bool prepareConfig(ampwb::TrainingConfig& config);
    void onEvents(const TrainingEvents& events);
    void onWorkFinished();
    void showRunFailure(const ampwb::RunSummary& summary);
    void updateActions();
    void showSettings();
    void showAbout();

    ampwb::DeviceInfo machine;
    EngineController* controller;
    TrainingConfigPanel* configurationPanel = nullptr;
    QTabWidget* tabWidget = nullptr;
    TrainTab* trainPage = nullptr;
    CompareTab* comparePage = nullptr;
    RunsTab* runsPage = nullptr;
    XrayTab* xrayPage = nullptr;
    QAction* start = nullptr;
    QAction* compare = nullptr;
    QAction* pause = nullptr;
    QAction* stop = nullptr;
    QAction* resume = nullptr;
    QLabel* stateLabel = nullptr;
    GuiStallMeter* stallMeter = nullptr;
    QString outcome;           ///< how the last run ended, for the status bar
    QString startProblemShown; ///< the "Cannot start" message in the status bar, to clear once fixed
    bool closeWhenIdle = false;
};
