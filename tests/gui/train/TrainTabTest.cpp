// Drives the real window's Train tab: configuration checks, a short real run feeding the
// charts, pause/resume/stop, two data-parallel processes (one of them frozen), a failing run, and closing the window
// while training.
#include "AppSettings.h"
#include "EnclosingScrollArea.h"
#include "EngineController.h"
#include "GuiStallMeter.h"
#include "GuiTestEnvironment.h"
#include "MainWindow.h"
#include "charts/MetricChart.h"
#include "charts/QCustomPlotNoKeywords.h"
#include "charts/TrainingCharts.h"
#include "run/GradientRanges.h"
#include "run/RunFolder.h"
#include "train/RunProgressWidget.h"
#include "train/TrainTab.h"
#include "train/TrainingConfigPanel.h"

#include <QAction>
#include <QDir>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QScrollArea>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <limits>
#include <set>
#include <vector>

class TrainTabTest : public QObject {
    Q_OBJECT

private:
    static int pointCount(const MainWindow& window, const QString& chart, int graph)
    {
        const MetricChart* found = window.trainTab().charts().chart(chart);
        return found && graph < found->plot().graphCount() ? found->plot().graph(graph)->dataCount() : 0;
    }

    static size_t stepsSeen(const MainWindow& window)
    {
        const auto& runs = window.trainTab().histories().runs();
        return runs.empty() ? 0 : runs.front().steps().size();
    }

    static bool waitUntilIdle(MainWindow& window, int timeoutMilliseconds)
    {
        QSignalSpy finished(&window.engine(), &EngineController::workFinished);
        return !window.engine().isBusy() || finished.wait(timeoutMilliseconds);
    }

    GuiTestEnvironment environment;

private Q_SLOTS:
    void initTestCase() { QVERIFY(environment.isValid()); }

    void firstStartUsesTheDefaults()
    {
        MainWindow window;
        const ampwb::TrainingConfig config = window.configPanel().config();
        QCOMPARE(config.dataset, std::string("fashion-mnist"));
        QCOMPARE(config.batchSize, int64_t(128));
        QVERIFY(config.precision == ampwb::Precision::Fp32);
        QCOMPARE(config.imageSize, int64_t(0));
        QCOMPARE(window.tabs().count(), 5);
        QStringList tabs;
        for (int tab = 0; tab < window.tabs().count(); ++tab)
            tabs << window.tabs().tabText(tab);
        QCOMPARE(tabs, (QStringList{"Train", "Compare", "Runs", "Classify", "X-ray"}));
        if (QDir(QStringLiteral("/usr/share/datasets/fashion-mnist")).exists())
            QVERIFY(window.configPanel().problems().isEmpty());
        else
            QVERIFY(window.configPanel().problems().join(' ').contains(QLatin1String("dataset-fashion-mnist")));
    }

    void invalidConfigurationIsShownInlineAndCannotStart()
    {
        MainWindow window;
        window.show();
        window.configPanel().setConfig(environment.quickConfig(5));
        QVERIFY(window.startAction().isEnabled());
        window.configPanel().findChild<QDoubleSpinBox*>(QStringLiteral("learningRate"))->setValue(0.0);
        const QStringList problems = window.configPanel().problems();
        QCOMPARE(problems.size(), 1);
        QVERIFY(problems.front().contains(QLatin1String("learning rate")));
        auto* inline_ = window.configPanel().findChild<QLabel*>(QStringLiteral("configProblems"));
        QVERIFY(inline_->isVisible());
        QVERIFY(inline_->text().contains(QLatin1String("learning rate")));
        QVERIFY(!window.startAction().isEnabled());
        QVERIFY(!window.compareAction().isEnabled());
        // The reason is where a user looks: on the disabled buttons, in the status bar, and above the
        // configuration, inside the visible part of its scroll area.
        QVERIFY2(window.startAction().toolTip().startsWith(QLatin1String("Cannot start: "))
                     && window.startAction().toolTip().contains(QLatin1String("learning rate")),
                 qPrintable(window.startAction().toolTip()));
        QCOMPARE(window.compareAction().toolTip(), window.startAction().toolTip());
        QCOMPARE(window.statusBar()->currentMessage(), window.startAction().toolTip());
        QScrollArea* scroll = enclosingScrollArea(inline_);
        QVERIFY(scroll);
        const int top = inline_->mapTo(scroll->viewport(), QPoint(0, 0)).y();
        QVERIFY2(top >= 0 && top + inline_->height() <= scroll->viewport()->height(),
                 qPrintable(QStringLiteral("label at %1..%2, viewport %3 high")
                                .arg(top)
                                .arg(top + inline_->height())
                                .arg(scroll->viewport()->height())));

        // A run name that would leave the runs folder cannot start either.
        window.configPanel().findChild<QDoubleSpinBox*>(QStringLiteral("learningRate"))->setValue(0.01);
        auto* runName = window.configPanel().findChild<QLineEdit*>(QStringLiteral("runName"));
        runName->setText(QStringLiteral("../elsewhere"));
        QCOMPARE(window.configPanel().problems().size(), 1);
        QVERIFY(window.configPanel().problems().front().contains(QLatin1String("run name")));
        QVERIFY(!window.startAction().isEnabled());
        runName->setText(QStringLiteral("my-run"));
        QVERIFY(window.configPanel().problems().isEmpty());
        QVERIFY(window.startAction().isEnabled());
        QVERIFY(!window.startAction().toolTip().startsWith(QLatin1String("Cannot start")));
        QVERIFY(window.statusBar()->currentMessage().isEmpty());

        // An image folder without class folders is refused before a run starts, not when it fails.
        QTemporaryDir emptyFolder;
        ampwb::TrainingConfig config = environment.quickConfig(5);
        config.dataset = emptyFolder.path().toStdString();
        window.configPanel().setConfig(config);
        QVERIFY2(window.configPanel().problems().join(QLatin1Char(' ')).contains(QLatin1String("no class folders")),
                 qPrintable(window.configPanel().problems().join(QLatin1Char(' '))));
        QVERIFY(!window.startAction().isEnabled());
        QVERIFY(QDir(emptyFolder.path()).mkdir(QStringLiteral("cats")));
        window.configPanel().setConfig(config);
        QVERIFY(!window.configPanel().problems().join(QLatin1Char(' ')).contains(QLatin1String("no class folders")));
    }

    void shortRunFeedsTheCharts()
    {
        QElapsedTimer running;
        std::vector<qint64> deliveries; // when eventsArrived came, from Start (outlives the window)
        MainWindow window;
        window.show();
        window.configPanel().setConfig(environment.quickConfig(24));
        window.configPanel().findChild<QSpinBox*>(QStringLiteral("gradientStatsEvery"))->setValue(10);
        GuiStallMeter stalls;
        stalls.start();
        running.start();
        connect(&window.engine(), &EngineController::eventsArrived, this,
                [&] { deliveries.push_back(running.elapsed()); });
        window.startAction().trigger();
        QVERIFY(window.engine().isBusy());
        // The configuration is locked while it trains, and says so.
        QVERIFY(!window.configPanel().isEnabled());
        QVERIFY(window.configPanel().toolTip().contains(QLatin1String("next run")));
        QTRY_VERIFY_WITH_TIMEOUT(pointCount(window, QStringLiteral("loss"), 0) > 0, 30000);
        QVERIFY(window.runState().contains(QLatin1String("Training FP32")) || !window.engine().isBusy());
        QVERIFY(waitUntilIdle(window, 60000));
        stalls.stop();
        // What the engine reported reached the window at the controller's pace, several steps at
        // a time, not at every step (the steps take tens of milliseconds here).
        QVERIFY(deliveries.size() >= 3);
        std::vector<qint64> gaps;
        for (size_t delivery = 1; delivery < deliveries.size(); ++delivery)
            gaps.push_back(deliveries[delivery] - deliveries[delivery - 1]);
        std::nth_element(gaps.begin(), gaps.begin() + static_cast<std::ptrdiff_t>(gaps.size() / 2), gaps.end());
        const qint64 medianGap = gaps[gaps.size() / 2];
        QVERIFY2(medianGap >= EngineController::kEventIntervalMilliseconds * 9 / 10,
                 qPrintable(QStringLiteral("median %1 ms between deliveries").arg(medianGap)));

        QCOMPARE(pointCount(window, QStringLiteral("loss"), 0), 24); // raw loss
        QCOMPARE(pointCount(window, QStringLiteral("loss"), 1), 24); // smoothed loss
        QCOMPARE(pointCount(window, QStringLiteral("loss-scale"), 0), 24);
        QCOMPARE(pointCount(window, QStringLiteral("speed"), 0), 24);
        QCOMPARE(window.trainTab().charts().chart(QStringLiteral("speed"))->plot().graphCount(), 2); // no ranks
        QCOMPARE(pointCount(window, QStringLiteral("memory"), 0), 24);                               // RSS on the CPU
        QCOMPARE(pointCount(window, QStringLiteral("learning-rate"), 0), 24);
        QCOMPARE(pointCount(window, QStringLiteral("validation"), 0), 1); // top-1 after the (partial) epoch
        QCOMPARE(window.trainTab().progress().overallBar().value(), 24);
        QCOMPARE(window.trainTab().progress().epochBar().value(), 24); // 512 images / batch 8: 64 steps an epoch
        QVERIFY(window.runState().contains(QLatin1String("finished")));

        const RunHistory& run = window.trainTab().histories().runs().front();
        QVERIFY(run.summary.has_value());
        QVERIFY(run.summary->state == ampwb::RunState::Finished);
        QVERIFY(QFile::exists(run.directory + QStringLiteral("/steps.csv")));
        // The panel's "Gradient ranges every" reached the run: step 1, 10 and 20, each parameter once.
        std::set<int64_t> measuredSteps;
        const std::string gradientStats = ampwb::RunFolder(run.directory.toStdString()).gradientStatsPath();
        for (const ampwb::GradientStatsRow& row : ampwb::readGradientStats(gradientStats))
            measuredSteps.insert(row.step);
        QCOMPARE(measuredSteps, (std::set<int64_t>{1, 10, 20}));
        QVERIFY(run.directory.startsWith(environment.runsDirectory()));
        qInfo("GUI thread: longest gap between 10 ms ticks during the run: %.1f ms", stalls.longestGapMilliseconds());
        QVERIFY(stalls.longestGapMilliseconds() < 1000.0);
        QVERIFY(window.startAction().isEnabled());
        QVERIFY(window.configPanel().isEnabled());
    }

    void xAxisAndSmoothingRedrawWithoutTouchingTheRawLosses()
    {
        MainWindow window;
        window.configPanel().setConfig(environment.quickConfig(12));
        window.startAction().trigger();
        QVERIFY(waitUntilIdle(window, 60000));
        TrainingCharts& charts = window.trainTab().charts();
        QCustomPlot& loss = charts.chart(QStringLiteral("loss"))->plot();
        const auto& steps = window.trainTab().histories().at(0).steps();
        QCOMPARE(loss.graph(0)->dataCount(), 12);

        charts.setSmoothing(0.0);
        for (int index = 0; index < 12; ++index)
            QCOMPARE(loss.graph(1)->data()->at(index)->value, steps[static_cast<size_t>(index)].loss);
        charts.setSmoothing(0.9);
        for (int index = 0; index < 12; ++index)
            QCOMPARE(loss.graph(0)->data()->at(index)->value, steps[static_cast<size_t>(index)].loss);
        QVERIFY(loss.graph(1)->data()->at(11)->value != steps.back().loss);
        QCOMPARE(loss.graph(1)->data()->at(0)->value, steps.front().loss); // debiased: starts at the first value

        charts.setXAxisMode(XAxisMode::Epoch);
        QVERIFY(loss.graph(0)->data()->at(11)->key <= 1.0);
        QVERIFY(loss.graph(0)->data()->at(0)->key > 0.0);
        charts.setXAxisMode(XAxisMode::WallTime);
        QVERIFY(loss.graph(0)->data()->at(11)->key > loss.graph(0)->data()->at(0)->key);
        QCOMPARE(loss.xAxis->label(), QStringLiteral("Wall time (h:mm:ss)"));
        charts.setXAxisMode(XAxisMode::Step);
        QCOMPARE(loss.graph(0)->data()->at(11)->key, 12.0);
    }

    void pauseResumeAndStop()
    {
        MainWindow window;
        window.show();
        window.configPanel().setConfig(environment.quickConfig(2000));
        window.startAction().trigger();
        QTRY_VERIFY_WITH_TIMEOUT(stepsSeen(window) >= 4, 30000);

        window.pauseAction().trigger();
        QVERIFY(window.engine().isPaused());
        QCOMPARE(window.pauseAction().text(), QStringLiteral("Resume"));
        // No step may start after Pause. The steps finished since the last delivery reach the window
        // after it (as many as fit in EngineController::kEventIntervalMilliseconds, and a late timer's
        // 100 ms, at the shortest step period seen, one more for where the interval falls), and the
        // step under way may still finish (slowly on a loaded machine or under ASan): beyond those,
        // not one more step, however long we watch.
        const size_t atPause = stepsSeen(window);
        const auto& steps = window.trainTab().histories().runs().front().steps();
        double shortestPeriod = std::numeric_limits<double>::infinity();
        for (size_t index = 2; index < steps.size(); ++index) // the first step warms up
            shortestPeriod = std::min(shortestPeriod,
                                      1000.0 * (steps[index].wallSeconds - steps[index - 1].wallSeconds));
        const auto undelivered = static_cast<size_t>(
            std::ceil((EngineController::kEventIntervalMilliseconds + 100) / std::max(shortestPeriod, 1.0)));
        const size_t allowed = atPause + undelivered + 2;
        qInfo("paused with %zu steps seen, steps at least %.0f ms apart: at most %zu may reach the window", atPause,
              shortestPeriod, allowed);
        for (int check = 0; check < 4; ++check) {
            QTest::qWait(1500);
            QVERIFY2(stepsSeen(window) <= allowed,
                     qPrintable(QStringLiteral("%1 steps after pausing at %2 (at most %3)")
                                    .arg(stepsSeen(window))
                                    .arg(atPause)
                                    .arg(allowed)));
        }
        const size_t whilePaused = stepsSeen(window);
        QCOMPARE(window.runState(), QStringLiteral("Paused"));

        window.pauseAction().trigger();
        QVERIFY(!window.engine().isPaused());
        QTRY_VERIFY_WITH_TIMEOUT(stepsSeen(window) > whilePaused, 20000);

        window.stopAction().trigger();
        QVERIFY(window.engine().isStopping());
        QVERIFY(waitUntilIdle(window, 30000));
        const RunHistory& run = window.trainTab().histories().runs().front();
        QVERIFY(run.summary.has_value());
        QVERIFY(run.summary->state == ampwb::RunState::Stopped);
        QVERIFY(window.runState().contains(QLatin1String("stopped")));
        QVERIFY(stepsSeen(window) < 2000);
    }

    void twoProcessesPauseResumeAndFinish()
    {
        MainWindow window;
        window.show();
        window.configPanel().setConfig(environment.quickConfig(12));
        window.configPanel().findChild<QSpinBox*>(QStringLiteral("processes"))->setValue(2);
        QCOMPARE(window.configPanel().processes().processes, 2);
        window.startAction().trigger();
        QTRY_VERIFY_WITH_TIMEOUT(stepsSeen(window) >= 2, 60000);

        // Pause holds both ranks (after the next step, which every rank takes), without ending the group.
        window.pauseAction().trigger();
        QVERIFY(window.engine().isPaused());
        QTest::qWait(1500);
        const size_t atPause = stepsSeen(window);
        QTest::qWait(3000);
        QCOMPARE(stepsSeen(window), atPause);
        window.pauseAction().trigger();
        QVERIFY(waitUntilIdle(window, 120000));

        const RunHistory& run = window.trainTab().histories().runs().front();
        QVERIFY(run.summary.has_value());
        QVERIFY2(run.summary->state == ampwb::RunState::Finished, run.summary->message.english().c_str());
        QCOMPARE(run.summary->steps, int64_t{12});
        QCOMPARE(ampwb::RunFolder::readWorldSize(run.directory.toStdString()), 2);
        // The run's throughput is the group's.
        const QString finished = window.trainTab().progress().findChild<QLabel*>(QStringLiteral("latestStep"))->text();
        QVERIFY2(finished.contains(QLatin1String("img/s in 2 processes")), qPrintable(finished));
        // Rank 1, a CLI process, reported each of its steps to the window's rank 0.
        QFile ranks(QString::fromStdString(ampwb::RunFolder(run.directory.toStdString()).ranksPath()));
        QVERIFY(ranks.open(QIODevice::ReadOnly));
        const QList<QByteArray> rows = ranks.readAll().trimmed().split('\n');
        QCOMPARE(rows.size(), 1 + 2 * 12);
        QCOMPARE(std::count_if(rows.begin(), rows.end(),
                               [](const QByteArray& row) { return row.split(',').value(1) == "1"; }),
                 12);
        // The step-time chart draws the slowest and fastest rank and the longest data wait, the memory chart the
        // largest rank, beside rank 0's own lines.
        const QCustomPlot& speed = window.trainTab().charts().chart(QStringLiteral("speed"))->plot();
        QCOMPARE(speed.graphCount(), 5);
        QVERIFY(speed.graph(2)->name().endsWith(QLatin1String("slowest rank")));
        QVERIFY(speed.graph(3)->name().endsWith(QLatin1String("fastest rank")));
        QCOMPARE(speed.graph(2)->dataCount(), 12);
        for (int point = 0; point < 12; ++point)
            QVERIFY(speed.graph(2)->data()->at(point)->value >= speed.graph(3)->data()->at(point)->value);
        const QCustomPlot& memory = window.trainTab().charts().chart(QStringLiteral("memory"))->plot();
        QVERIFY(memory.graph(memory.graphCount() - 1)->name().endsWith(QLatin1String("largest rank")));
        QCOMPARE(memory.graph(memory.graphCount() - 1)->dataCount(), 12);
    }

    void aFrozenProcessEndsTheRunWithinTheGroupTimeout()
    {
        MainWindow window;
        window.show();
        window.configPanel().setConfig(environment.quickConfig(400));
        auto* groupTimeout = window.configPanel().findChild<QSpinBox*>(QStringLiteral("groupTimeout"));
        QVERIFY(!groupTimeout->isEnabled()); // one process: no group
        window.configPanel().findChild<QSpinBox*>(QStringLiteral("processes"))->setValue(2);
        QVERIFY(groupTimeout->isEnabled());
        groupTimeout->setValue(8);
        window.startAction().trigger();
        QTRY_VERIFY_WITH_TIMEOUT(stepsSeen(window) >= 2, 60000);

        // Rank 1, the one process this test's threads started, stops answering with its sockets open.
        pid_t rank1 = 0;
        for (const QFileInfo& task :
             QDir(QStringLiteral("/proc/self/task")).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            QFile children(task.filePath() + QStringLiteral("/children"));
            const QByteArray listed = children.open(QIODevice::ReadOnly) ? children.readAll().trimmed() : QByteArray();
            if (!listed.isEmpty())
                rank1 = static_cast<pid_t>(listed.split(' ').front().toLongLong());
        }
        QVERIFY(rank1 > 0);
        QElapsedTimer clock;
        clock.start();
        ::kill(rank1, SIGSTOP);
        // The run fails within the timeout set, the window stays responsive, and rank 1 is ended after as long again.
        const bool idle = waitUntilIdle(window, 90000);
        ::kill(rank1, SIGKILL); // in case it was not
        QVERIFY(idle);
        QVERIFY2(clock.elapsed() < 60000, qPrintable(QString::number(clock.elapsed())));
        const RunHistory& run = window.trainTab().histories().runs().front();
        QVERIFY(run.summary.has_value());
        QVERIFY(run.summary->state == ampwb::RunState::Failed);
        QVERIFY2(run.summary->message.english().find("Lost contact with the other ranks") != std::string::npos,
                 run.summary->message.english().c_str());
        QVERIFY(::kill(rank1, 0) != 0); // reaped: no process of that number is left
        QVERIFY(window.startAction().isEnabled());
    }

    void aFailedRunIsReportedAndANewRunCanStart()
    {
        MainWindow window;
        window.show();
        // A class folder without a single image passes the checks made while editing and fails at start.
        QTemporaryDir emptyFolder;
        QVERIFY(QDir(emptyFolder.path()).mkdir(QStringLiteral("cats")));
        ampwb::TrainingConfig config = environment.quickConfig(4);
        config.dataset = emptyFolder.path().toStdString();
        window.configPanel().setConfig(config);
        QVERIFY(window.configPanel().problems().isEmpty());
        window.startAction().trigger();
        QVERIFY(waitUntilIdle(window, 30000));

        QVERIFY(window.runState().contains(QLatin1String("failed")));
        auto* message = window.findChild<QMessageBox*>(QStringLiteral("runFailure"));
        QVERIFY(message);
        QVERIFY(message->isVisible());
        QCOMPARE(message->windowModality(), Qt::NonModal);
        QVERIFY(!message->informativeText().isEmpty());

        window.configPanel().setConfig(environment.quickConfig(3));
        QVERIFY(window.startAction().isEnabled());
        window.startAction().trigger();
        QVERIFY(waitUntilIdle(window, 60000));
        QVERIFY(window.trainTab().histories().runs().front().summary->state == ampwb::RunState::Finished);
    }

    void closingWhileTrainingStopsTheRunFirst()
    {
        MainWindow window;
        window.show();
        window.configPanel().setConfig(environment.quickConfig(2000));
        window.startAction().trigger();
        QTRY_VERIFY_WITH_TIMEOUT(stepsSeen(window) >= 1, 30000);
        QVERIFY(!window.close());
        QVERIFY(window.isVisible());
        QVERIFY(window.engine().isStopping());
        QTRY_VERIFY_WITH_TIMEOUT(!window.isVisible(), 30000);
        QVERIFY(!window.engine().isBusy());
    }

    void shortcutsStartAndStop()
    {
        MainWindow window;
        QVERIFY(window.startAction().shortcuts().contains(QKeySequence(Qt::CTRL | Qt::Key_R)));
        QVERIFY(window.stopAction().shortcuts().contains(QKeySequence(Qt::SHIFT | Qt::Key_F5)));
        QVERIFY(!window.pauseAction().shortcut().isEmpty());
    }

    void configurationIsRemembered()
    {
        ampwb::TrainingConfig config = environment.quickConfig(3);
        config.batchSize = 12;
        config.precisionPolicy = ampwb::presetPrecisionPolicy("amp-batchnorm-fp32");
        {
            MainWindow window;
            window.configPanel().setConfig(config);
            window.startAction().trigger();
            QVERIFY(waitUntilIdle(window, 60000));
        }
        MainWindow reopened;
        QCOMPARE(reopened.configPanel().config().batchSize, int64_t(12));
        QCOMPARE(reopened.configPanel().config().dataset, std::string("synthetic"));
        const std::optional<ampwb::PrecisionPolicy> policy = reopened.configPanel().config().precisionPolicy;
        QVERIFY(policy && *policy == *config.precisionPolicy); // the preset chosen again
    }
};

QTEST_MAIN(TrainTabTest)
#include "TrainTabTest.moc"
