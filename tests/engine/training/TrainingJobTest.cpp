// TrainingJob: a Trainer and a Comparison held and driven only through the interface the GUI
// holds them by — run on a thread, paused from an observer, held, then stopped or let go on —
// and what they reported. Short real CPU runs.
#include "training/Comparison.h"
#include "training/Trainer.h"
#include "training/TrainingJob.h"

#include "RunRecorder.h"

#include <QTemporaryDir>
#include <QtTest>

#include <chrono>
#include <memory>
#include <thread>

using namespace ampwb;
using ampwb::test::JobThread;
using ampwb::test::Recorder;
using ampwb::test::smallConfig;

class TrainingJobTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void jobPausesStopsAndReports_data();
    void jobPausesStopsAndReports();

private:
    QTemporaryDir runs;
};

void TrainingJobTest::initTestCase()
{
    QVERIFY(runs.isValid());
}

void TrainingJobTest::jobPausesStopsAndReports_data()
{
    QTest::addColumn<bool>("comparison");
    QTest::addColumn<bool>("stopWhilePaused");
    QTest::newRow("training: pause, then stop") << false << true;
    QTest::newRow("training: pause, then go on") << false << false;
    QTest::newRow("comparison: pause, then stop") << true << true;
    QTest::newRow("comparison: pause, then go on") << true << false;
}

void TrainingJobTest::jobPausesStopsAndReports()
{
    QFETCH(bool, comparison);
    QFETCH(bool, stopWhilePaused);
    TrainingConfig config = smallConfig(runs.path(), QTest::currentDataTag());
    config.epochs = 2;
    config.maxSteps = 6;
    std::unique_ptr<TrainingJob> job;
    if (comparison)
        job = std::make_unique<Comparison>(config);
    else
        job = std::make_unique<Trainer>(config);

    Recorder recorder;
    recorder.onStep = [&](const StepMetrics&) {
        if (recorder.stepCount.load() == 3)
            job->setPaused(true);
    };
    job->addObserver(&recorder);
    JobThread worker(*job);

    QTRY_VERIFY_WITH_TIMEOUT(recorder.stepCount.load() >= 3 || recorder.done.load(), 120000);
    QVERIFY2(!recorder.done.load(), "the first run ended before pausing");
    // While paused no step may start: watch for 300 ms.
    for (int check = 0; check < 6; ++check) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        QCOMPARE(recorder.stepCount.load(), 3);
    }
    if (stopWhilePaused)
        job->requestStop();
    else
        job->setPaused(false);
    worker.finish();

    const std::lock_guard lock(recorder.mutex);
    if (stopWhilePaused) {
        // The run in progress ends stopped; a comparison's second run is never started.
        QCOMPARE(recorder.startedCount, 1);
        QCOMPARE(recorder.finishedCount, 1);
        QVERIFY2(recorder.finished.state == RunState::Stopped, recorder.finished.message.english().c_str());
        QCOMPARE(recorder.finished.steps, int64_t(3));
        QCOMPARE(recorder.stepCount.load(), 3);
    } else {
        const int runCount = comparison ? 2 : 1;
        QCOMPARE(recorder.startedCount, runCount);
        QCOMPARE(recorder.finishedCount, runCount);
        QVERIFY2(recorder.finished.state == RunState::Finished, recorder.finished.message.english().c_str());
        QCOMPARE(recorder.finished.steps, int64_t(6));
        QCOMPARE(recorder.stepCount.load(), 6 * runCount);
        QVERIFY(recorder.finished.precision == (comparison ? Precision::Amp : Precision::Fp32));
    }
}

QTEST_GUILESS_MAIN(TrainingJobTest)
#include "TrainingJobTest.moc"
