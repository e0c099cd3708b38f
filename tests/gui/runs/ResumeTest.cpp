// Resuming a stopped run from the window: from the Train tab's Resume action and from the
// Runs tab's Resume button, with real training, real checkpoints and the run folder's steps.csv; and a
// run whose steps.csv no longer reads back is refused with the engine's message and left as it was.
#include "EngineController.h"
#include "FolderSnapshot.h"
#include "GuiTestEnvironment.h"
#include "MainWindow.h"
#include "runs/RunHistories.h"
#include "runs/RunsTab.h"
#include "train/TrainTab.h"
#include "train/TrainingConfigPanel.h"

#include <QAction>
#include <QFile>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableView>
#include <QTest>

class ResumeTest : public QObject {
    Q_OBJECT

private:
    static constexpr int kTotalSteps = 40;

    static bool waitUntilIdle(MainWindow& window, int timeoutMilliseconds)
    {
        QSignalSpy finished(&window.engine(), &EngineController::workFinished);
        return !window.engine().isBusy() || finished.wait(timeoutMilliseconds);
    }

    static const RunHistory& shownRun(const MainWindow& window) { return window.trainTab().histories().runs().front(); }

    /// The step numbers in the run folder's steps.csv, in file order.
    static QList<int64_t> stepsInFolder(const QString& directory)
    {
        QFile file(directory + QStringLiteral("/steps.csv"));
        if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
            return {};
        QList<int64_t> steps;
        file.readLine(); // header
        while (!file.atEnd())
            steps << file.readLine().split(',').front().toLongLong();
        return steps;
    }

    static QList<int64_t> oneToTotal()
    {
        QList<int64_t> steps;
        for (int64_t step = 1; step <= kTotalSteps; ++step)
            steps << step;
        return steps;
    }

    /// Starts a run in the Train tab and stops it after a few steps, at step `stoppedAt`.
    void startAndStop(MainWindow& window, int64_t& stoppedAt)
    {
        window.configPanel().setConfig(environment.quickConfig(kTotalSteps));
        window.startAction().trigger();
        QTRY_VERIFY_WITH_TIMEOUT(shownRun(window).steps().size() >= 3, 60000);
        window.stopAction().trigger();
        QVERIFY(waitUntilIdle(window, 60000));
        const RunHistory& run = shownRun(window);
        QVERIFY(run.summary && run.summary->state == ampwb::RunState::Stopped);
        stoppedAt = run.summary->steps;
        QVERIFY(stoppedAt > 0 && stoppedAt < kTotalSteps);
    }

    /// After the resumed run: it finished, and the charts and the folder hold every step once.
    void verifyResumedToTheEnd(MainWindow& window, int64_t stoppedAt)
    {
        const RunHistory& run = shownRun(window);
        QVERIFY(run.summary.has_value());
        QVERIFY(run.summary->state == ampwb::RunState::Finished);
        QCOMPARE(run.summary->steps, int64_t(kTotalSteps));
        QVERIFY(run.started.has_value());
        QCOMPARE(run.started->firstStep, stoppedAt + 1);
        QList<int64_t> plotted;
        for (const ampwb::StepMetrics& step : run.steps())
            plotted << step.step;
        QCOMPARE(plotted, oneToTotal());
        QCOMPARE(stepsInFolder(run.directory), oneToTotal());
        QCOMPARE(run.epochs().size(), size_t(1)); // the stopped part's incomplete epoch row was replaced
        QVERIFY(window.runState().contains(QLatin1String("finished")));
        QVERIFY(!window.resumeAction().isEnabled());
    }

    GuiTestEnvironment environment;

private Q_SLOTS:
    void initTestCase() { QVERIFY(environment.isValid()); }

    void resumeActionContinuesTheStoppedRun()
    {
        MainWindow window;
        window.show();
        QVERIFY(!window.resumeAction().isEnabled());
        int64_t stoppedAt = 0;
        startAndStop(window, stoppedAt);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(window.resumeAction().isEnabled());
        const QString directory = shownRun(window).directory;

        window.resumeAction().trigger();
        QVERIFY(window.engine().isBusy()); // the GUI thread did not wait for the run
        QVERIFY(!window.resumeAction().isEnabled());
        QVERIFY(waitUntilIdle(window, 120000));
        QCOMPARE(shownRun(window).directory, directory);
        verifyResumedToTheEnd(window, stoppedAt);
    }

    void runsTabResumesTheSelectedRun()
    {
        MainWindow window;
        window.show();
        int64_t stoppedAt = 0;
        startAndStop(window, stoppedAt);
        if (QTest::currentTestFailed())
            return;
        const QString directory = shownRun(window).directory;

        window.tabs().setCurrentWidget(&window.runsTab());
        window.runsTab().selectRuns({directory});
        auto* resume = window.runsTab().findChild<QPushButton*>(QStringLiteral("resumeRun"));
        QVERIFY(resume);
        QVERIFY(resume->isEnabled());
        QTest::mouseClick(resume, Qt::LeftButton);
        QCOMPARE(window.tabs().currentWidget(), &window.trainTab());
        QVERIFY(window.engine().isBusy());
        QVERIFY(!resume->isEnabled());
        QVERIFY(waitUntilIdle(window, 120000));
        verifyResumedToTheEnd(window, stoppedAt);

        window.runsTab().selectRuns({directory}); // finished now: nothing to resume
        QVERIFY(!resume->isEnabled());
    }

    void runThatDoesNotReadBackIsNotResumedAndKept()
    {
        MainWindow window;
        window.show();
        int64_t stoppedAt = 0;
        startAndStop(window, stoppedAt);
        if (QTest::currentTestFailed())
            return;
        const QString directory = shownRun(window).directory;
        QFile steps(directory + QStringLiteral("/steps.csv"));
        QVERIFY(steps.open(QIODevice::ReadWrite));
        const qsizetype lines = steps.readAll().count('\n');
        QVERIFY(steps.write("\n\n") == 2); // two blank lines after the last row
        steps.close();
        const QMap<QString, QByteArray> before = snapshotOf(directory);
        QVERIFY(window.resumeAction().isEnabled());

        window.resumeAction().trigger();
        QVERIFY(!window.engine().isBusy());
        const QString shown = window.statusBar()->currentMessage();
        // The engine's message, as the command line prints it.
        const QString expected = directory
                               + QStringLiteral("/steps.csv line %1: a blank line, where a row of 18 "
                                                "numbers belongs. Nothing in the run was changed;")
                                     .arg(lines + 1);
        QVERIFY2(shown.contains(expected), qPrintable(shown));
        QVERIFY(waitUntilIdle(window, 10000));
        const QString changed = differenceBetween(before, snapshotOf(directory));
        QVERIFY2(changed.isEmpty(), qPrintable(changed));
        QVERIFY(shownRun(window).summary && shownRun(window).summary->state == ampwb::RunState::Stopped);
    }
};

QTEST_MAIN(ResumeTest)
#include "ResumeTest.moc"
