#include "MainWindow.h"

#include "AboutDialog.h"
#include "AppSettings.h"
#include "EngineController.h"
#include "EngineText.h"
#include "GuiStallMeter.h"
#include "SettingsDialog.h"
#include "VerticalScrollArea.h"
#include "classify/ClassifyTab.h"
#include "compare/CompareTab.h"
#include "runs/RunsTab.h"
#include "train/RunProgressWidget.h"
#include "train/TrainTab.h"
#include "train/TrainingConfigPanel.h"
#include "xray/XrayTab.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDesktopServices>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QUrl>

#include <algorithm>

namespace {

/// "FP32", or "AMP bf16" / "AMP fp16": a three-way comparison's AMP runs differ in their type alone.
QString precisionText(ampwb::Precision precision, ampwb::AmpDtype dtype)
{
    if (precision == ampwb::Precision::Fp32)
        return MainWindow::tr("FP32");
    return dtype == ampwb::AmpDtype::Auto
             ? MainWindow::tr("AMP")
             : MainWindow::tr("AMP %1").arg(QString::fromStdString(ampwb::shortName(dtype)));
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , machine(ampwb::probeDevices())
    , controller(new EngineController(this))
{
    Q_INIT_RESOURCE(amp_workbench);
    setWindowTitle(tr("AMP Workbench"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/amp-workbench.svg")));

    createActions();
    createConfigurationDock();
    tabWidget = new QTabWidget(this);
    tabWidget->setObjectName(QStringLiteral("tabs"));
    tabWidget->setDocumentMode(true);
    trainPage = new TrainTab(*controller, tabWidget);
    comparePage = new CompareTab(*controller, machine, tabWidget);
    runsPage = new RunsTab(*controller, tabWidget);
    tabWidget->addTab(trainPage, QIcon(QStringLiteral(":/icons/start.svg")), tr("Train"));
    tabWidget->addTab(comparePage, QIcon(QStringLiteral(":/icons/compare.svg")), tr("Compare"));
    tabWidget->addTab(runsPage, QIcon(QStringLiteral(":/icons/runs.svg")), tr("Runs"));
    tabWidget->addTab(new ClassifyTab(*controller, tabWidget), QIcon(QStringLiteral(":/icons/classify.svg")),
                      tr("Classify"));
    xrayPage = new XrayTab(*controller, tabWidget);
    tabWidget->addTab(xrayPage, QIcon(QStringLiteral(":/icons/xray.svg")), tr("X-ray"));
    setCentralWidget(tabWidget);
    createMenus();
    createToolBar();
    createStatusBar();

    connect(controller, &EngineController::eventsArrived, this, &MainWindow::onEvents);
    connect(controller, &EngineController::workStarted, this, [this] {
        outcome.clear();
        if (stallMeter)
            stallMeter->start();
        updateActions();
    });
    connect(controller, &EngineController::workFinished, this, &MainWindow::onWorkFinished);
    connect(controller, &EngineController::pausedChanged, this, [this](bool paused) {
        updateActions();
        if (paused)
            stateLabel->setText(tr("Paused"));
    });
    connect(controller, &EngineController::stoppingChanged, this, [this](bool stopping) {
        updateActions();
        if (stopping)
            stateLabel->setText(tr("Stopping after the current step…"));
    });
    // Every change: the reason Start is disabled follows the configuration.
    connect(configurationPanel, &TrainingConfigPanel::changed, this, &MainWindow::updateActions);
    connect(runsPage, &RunsTab::compareRequested, this, [this](const std::vector<RunHistory>& runs) {
        comparePage->showRuns(runs);
        tabWidget->setCurrentWidget(comparePage);
    });
    connect(runsPage, &RunsTab::resumeRequested, this, &MainWindow::resumeRun);
    // The X-ray's precision column starts from the Train tab's policy, and trains as the Train tab's.
    connect(configurationPanel, &TrainingConfigPanel::changed, this,
            [this] { xrayPage->setActivePolicy(configurationPanel->precisionPolicy()); });
    connect(xrayPage, &XrayTab::trainRequested, this, [this](const ampwb::PrecisionPolicy& policy) {
        configurationPanel->setXrayPolicy(policy);
        startTraining();
    });
    connect(xrayPage, &XrayTab::suggestionRequested, this, [this] {
        ampwb::TrainingConfig config;
        if (controller->isBusy() || !prepareConfig(config))
            return;
        stateLabel->setText(tr("Measuring precisions (the X-ray tab shows how far)…"));
        controller->startSuggestion(config);
    });
    connect(runsPage, &RunsTab::configurationRequested, this, [this](const ampwb::TrainingConfig& config) {
        configurationPanel->setConfig(config);
        statusBar()->showMessage(tr("Configuration loaded from the run."), 5000);
    });

    configurationPanel->setConfig(AppSettings::trainingConfig());
    runsPage->setRunsDirectory(AppSettings::runsDirectory());
    if (qEnvironmentVariableIsSet("AMPWB_STALL_LOG"))
        stallMeter = new GuiStallMeter(this);
    restoreWindowState();
    updateActions();
}

void MainWindow::createActions()
{
    start = new QAction(QIcon(QStringLiteral(":/icons/start.svg")), tr("&Start training"), this);
    start->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_R), QKeySequence(Qt::Key_F5)});
    connect(start, &QAction::triggered, this, &MainWindow::startTraining);

    compare = new QAction(QIcon(QStringLiteral(":/icons/compare.svg")), tr("Run FP32 vs &AMP"), this);
    compare->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    connect(compare, &QAction::triggered, this, &MainWindow::startComparison);

    pause = new QAction(QIcon(QStringLiteral(":/icons/pause.svg")), tr("&Pause"), this);
    pause->setCheckable(true);
    pause->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_P));
    connect(pause, &QAction::triggered, this, [this](bool paused) { controller->setPaused(paused); });

    stop = new QAction(QIcon(QStringLiteral(":/icons/stop.svg")), tr("S&top"), this);
    stop->setShortcuts({QKeySequence(Qt::SHIFT | Qt::Key_F5), QKeySequence(Qt::CTRL | Qt::Key_Period)});
    stop->setToolTip(tr("Stop after the current step; the run folder keeps a checkpoint (Shift+F5, Ctrl+.)"));
    connect(stop, &QAction::triggered, controller, &EngineController::requestStop);

    resume = new QAction(QIcon(QStringLiteral(":/icons/start.svg")), tr("Resume from &checkpoint"), this);
    resume->setToolTip(tr("Continue the stopped or failed run from its checkpoint; its steps follow on in the same "
                          "charts and run folder"));
    connect(resume, &QAction::triggered, this, [this] { resumeRun(trainPage->resumableRun()); });
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(QIcon(QStringLiteral(":/icons/runs.svg")), tr("Open &runs folder"), this, [] {
        QDir().mkpath(AppSettings::runsDirectory());
        QDesktopServices::openUrl(QUrl::fromLocalFile(AppSettings::runsDirectory()));
    });
    QAction* settings = file->addAction(tr("&Settings…"), this, &MainWindow::showSettings);
    settings->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));

    QMenu* run = menuBar()->addMenu(tr("&Run"));
    run->addActions({start, compare});
    run->addSeparator();
    run->addActions({pause, stop, resume});

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(findChild<QDockWidget*>(QStringLiteral("configurationDock"))->toggleViewAction());
    view->addSeparator();
    for (int index = 0; index < tabWidget->count(); ++index) {
        QAction* show = view->addAction(tabWidget->tabText(index), this,
                                        [this, index] { tabWidget->setCurrentIndex(index); });
        show->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + index)));
    }

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About AMP Workbench"), this, &MainWindow::showAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::createToolBar()
{
    QToolBar* toolBar = addToolBar(tr("Run"));
    toolBar->setObjectName(QStringLiteral("runToolBar"));
    toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolBar->addActions({start, compare, pause, stop, resume});
}

void MainWindow::createStatusBar()
{
    stateLabel = new QLabel(tr("Ready"), this);
    stateLabel->setObjectName(QStringLiteral("runState"));
    // However long the state grows ("Comparing, AMP bf16 run: step …"), it never widens the window.
    stateLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    stateLabel->setMinimumWidth(stateLabel->fontMetrics().horizontalAdvance(QStringLiteral("0")) * 24);
    statusBar()->addWidget(stateLabel, 1);

    const QString bf16Units = machine.cpuHasAmxBf16    ? QStringLiteral("AMX-BF16")
                            : machine.cpuHasAvx512Bf16 ? QStringLiteral("AVX512-BF16")
                                                       : tr("none");
    auto* cpuLabel = new QLabel(tr("CPU: %1 · bf16 units: %2 · libtorch %3")
                                    .arg(QString::fromStdString(machine.cpuModel), bf16Units,
                                         QString::fromStdString(machine.libtorchVersion)),
                                this);
    cpuLabel->setObjectName(QStringLiteral("cpuStatus"));
    cpuLabel->setToolTip(tr("%1 threads for libtorch. Without bf16 units, AMP on the CPU emulates bf16 and is "
                            "usually slower than FP32.")
                             .arg(machine.cpuThreads));
    statusBar()->addPermanentWidget(cpuLabel);
    if (machine.cudaAvailable) {
        auto* gpuLabel = new QLabel(tr("GPU: %1").arg(QString::fromStdString(machine.gpuName)), this);
        gpuLabel->setObjectName(QStringLiteral("gpuStatus"));
        statusBar()->addPermanentWidget(gpuLabel);
    }
}

void MainWindow::createConfigurationDock()
{
    configurationPanel = new TrainingConfigPanel(machine.cudaAvailable);
    auto* scroll = new VerticalScrollArea(configurationPanel);
    auto* dock = new QDockWidget(tr("Configuration"), this);
    dock->setObjectName(QStringLiteral("configurationDock"));
    dock->setWidget(scroll);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable
                      | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::LeftDockWidgetArea, dock);
}

void MainWindow::restoreWindowState()
{
    const QSettings settings;
    const QRect available = screen()->availableGeometry();
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray())) {
        resize(1560, 960);
        move(available.topLeft());
    }
    // The first window, and one saved on a larger screen, fit the screen it opens on.
    QRect bounds = geometry();
    bounds.setSize(bounds.size().boundedTo(available.size()).expandedTo(minimumSizeHint()));
    bounds.moveLeft(std::clamp(bounds.left(), available.left(),
                               std::max(available.left(), available.right() - bounds.width() + 1)));
    bounds.moveTop(
        std::clamp(bounds.top(), available.top(), std::max(available.top(), available.bottom() - bounds.height() + 1)));
    setGeometry(bounds);
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    for (QSplitter* splitter : findChildren<QSplitter*>()) {
        const QVariant state = settings.value(QStringLiteral("window/splitters/") + splitter->objectName());
        if (state.isValid())
            splitter->restoreState(state.toByteArray());
    }
    tabWidget->setCurrentIndex(settings.value(QStringLiteral("window/tab"), 0).toInt());
}

void MainWindow::saveWindowState() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    for (const QSplitter* splitter : findChildren<QSplitter*>())
        settings.setValue(QStringLiteral("window/splitters/") + splitter->objectName(), splitter->saveState());
    settings.setValue(QStringLiteral("window/tab"), tabWidget->currentIndex());
}

bool MainWindow::prepareConfig(ampwb::TrainingConfig& config)
{
    const QStringList& problems = configurationPanel->problems();
    if (!problems.isEmpty()) {
        statusBar()->showMessage(tr("Cannot start: %1").arg(problems.front()));
        return false;
    }
    config = configurationPanel->config();
    config.runsDirectory = AppSettings::runsDirectory().toStdString();
    AppSettings::setTrainingConfig(config);
    return true;
}

void MainWindow::startTraining()
{
    ampwb::TrainingConfig config;
    if (controller->isBusy() || !prepareConfig(config))
        return;
    tabWidget->setCurrentWidget(trainPage);
    stateLabel->setText(tr("Preparing the data and the model…"));
    trainPage->start(config, configurationPanel->processes());
}

void MainWindow::startComparison()
{
    ampwb::TrainingConfig config;
    if (controller->isBusy() || !prepareConfig(config))
        return;
    tabWidget->setCurrentWidget(comparePage);
    stateLabel->setText(tr("Preparing the data and the model…"));
    comparePage->start(config, configurationPanel->processes());
}

void MainWindow::resumeRun(const QString& directory)
{
    if (controller->isBusy() || directory.isEmpty())
        return;
    tabWidget->setCurrentWidget(trainPage);
    QString error;
    if (!trainPage->resume(directory, configurationPanel->processes().groupTimeout, &error)) {
        statusBar()->showMessage(tr("Cannot resume: %1").arg(error), 10000);
        return;
    }
    stateLabel->setText(tr("Preparing the data and the model…"));
}

QString MainWindow::runState() const
{
    return stateLabel->text();
}

void MainWindow::onEvents(const TrainingEvents& events)
{
    bool stepped = false;
    for (const TrainingEvent& event : events) {
        if (std::holds_alternative<ampwb::StepMetrics>(event)) {
            stepped = true;
        } else if (const auto* summary = std::get_if<ampwb::RunSummary>(&event)) {
            const QString label = precisionText(summary->precision, summary->ampDtype);
            switch (summary->state) {
            case ampwb::RunState::Finished: outcome = tr("%1 run finished.").arg(label); break;
            case ampwb::RunState::Stopped: outcome = tr("%1 run stopped.").arg(label); break;
            case ampwb::RunState::Failed:
                outcome = tr("%1 run failed: %2").arg(label, EngineText::render(summary->message));
                showRunFailure(*summary);
                break;
            case ampwb::RunState::Running: break;
            }
        }
    }
    if (!stepped || controller->isPaused() || controller->isStopping())
        return;
    // The status names the step the working tab's progress shows (in a comparison in turns: AMP's,
    // which steps last), not whichever run's step came last.
    if (controller->work() == EngineController::Work::Suggestion)
        return; // its runs' steps are shown in the X-ray tab
    const bool comparing = controller->work() == EngineController::Work::Comparison;
    const ampwb::StepMetrics& shown = (comparing ? comparePage->progress() : trainPage->progress()).shownStep();
    if (shown.step == 0)
        return;
    const QString progress = tr("step %1 of %2 (epoch %3)").arg(shown.step).arg(shown.totalSteps).arg(shown.epoch);
    const QString runLabel = precisionText(shown.precision, shown.ampDtype);
    stateLabel->setText(comparing ? tr("Comparing, %1 run: %2").arg(runLabel, progress)
                                  : tr("Training %1: %2").arg(runLabel, progress));
}

void MainWindow::onWorkFinished()
{
    if (stallMeter) {
        stallMeter->stop();
        qInfo("GUI thread: longest gap between %d ms timer ticks during the run: %.1f ms (%d ticks)",
              GuiStallMeter::kTickMilliseconds, stallMeter->longestGapMilliseconds(), stallMeter->ticks());
    }
    stateLabel->setText(outcome.isEmpty() ? tr("Ready") : outcome);
    updateActions();
    if (closeWhenIdle)
        close();
}

void MainWindow::showRunFailure(const ampwb::RunSummary& summary)
{
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Run failed"),
                                tr("The run failed. You can change the configuration and start again."),
                                QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("runFailure"));
    box->setInformativeText(EngineText::render(summary.message));
    box->button(QMessageBox::Ok)->setText(tr("OK"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowModality(Qt::NonModal);
    box->show();
}

void MainWindow::updateActions()
{
    const bool busy = controller->isBusy();
    const QStringList& problems = configurationPanel->problems();
    const bool canStart = !busy && problems.isEmpty();
    start->setEnabled(canStart);
    compare->setEnabled(canStart);
    // Why Start is disabled: on both buttons' tooltips and in the status bar, not only below the fold.
    const QString cannotStart = problems.isEmpty() ? QString() : tr("Cannot start: %1").arg(problems.front());
    start->setToolTip(!cannotStart.isEmpty() ? cannotStart
                                             : tr("Train with the configuration on the left (Ctrl+R, F5)"));
    compare->setToolTip(!cannotStart.isEmpty() ? cannotStart
                                               : tr("Train FP32, then AMP, with the same seed and data order, and "
                                                    "compare them (Ctrl+Shift+R)"));
    if (!cannotStart.isEmpty() && !busy)
        statusBar()->showMessage(cannotStart);
    else if (!startProblemShown.isEmpty() && statusBar()->currentMessage() == startProblemShown)
        statusBar()->clearMessage();
    startProblemShown = busy ? QString() : cannotStart;
    // The configuration is what the run in progress was started with: it stays as it is until the run ends.
    configurationPanel->setEnabled(!busy);
    configurationPanel->setToolTip(busy ? tr("Locked while a run is in progress; changes apply to the next run.")
                                        : QString());
    pause->setEnabled(busy && !controller->isStopping());
    pause->setChecked(controller->isPaused());
    pause->setText(controller->isPaused() ? tr("Resume") : tr("&Pause"));
    pause->setToolTip(controller->isPaused() ? tr("Resume training (Ctrl+P)")
                                             : tr("Pause after the current step (Ctrl+P)"));
    pause->setIcon(
        QIcon(controller->isPaused() ? QStringLiteral(":/icons/start.svg") : QStringLiteral(":/icons/pause.svg")));
    stop->setEnabled(busy && !controller->isStopping());
    resume->setEnabled(!busy && !trainPage->resumableRun().isEmpty());
}

void MainWindow::showSettings()
{
    SettingsDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    if (dialog.language() != AppSettings::language()) {
        AppSettings::setLanguage(dialog.language());
        statusBar()->showMessage(tr("The new language takes effect when AMP Workbench starts again."), 10000);
    }
    if (dialog.runsDirectory() != AppSettings::runsDirectory()) {
        AppSettings::setRunsDirectory(dialog.runsDirectory());
        runsPage->setRunsDirectory(dialog.runsDirectory());
    }
    AppSettings::setServePort(dialog.servePort());
}

void MainWindow::showAbout()
{
    AboutDialog(this).exec();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (controller->isBusy()) {
        closeWhenIdle = true;
        controller->requestStop();
        stateLabel->setText(tr("Stopping the run before closing…"));
        event->ignore();
        return;
    }
    saveWindowState();
    event->accept();
}
