// A data-parallel group as the window runs one: rank 0 trains in this process, rank 1 is an
// amp-workbench-cli process started with the same settings (LocalGroup). A pause longer than the group
// timeout keeps the group; a stop during a pause ends every rank at the same step; ranks that never
// arrive end the start within the timeout.

#include "CliProcess.h"

#include "distributed/DistributedError.h"
#include "distributed/ProcessGroup.h"
#include "training/LocalGroup.h"
#include "training/Trainer.h"

#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

#include <chrono>
#include <functional>
#include <map>
#include <thread>

using namespace ampwb;

namespace {

constexpr std::chrono::seconds groupTimeout(3);

/// The tiny synthetic run of the CLI tests (tinyRun), as settings.
TrainingConfig tinyConfig(const QString& runs, const QString& name, int64_t steps)
{
    TrainingConfig config;
    config.dataset = "synthetic";
    config.imageSize = 32;
    config.batchSize = 16;
    config.syntheticTrainSize = 64;
    config.maxSteps = steps;
    config.epochs = 10;
    config.workers = 1;
    config.validationLimit = 32;
    config.runsDirectory = runs.toStdString();
    config.name = name.toStdString();
    return config;
}

/// Calls `act` on the training thread after each step, and keeps when each step ended.
class StepWatcher : public TrainingObserver {
public:
    explicit StepWatcher(std::function<void(int64_t step)> act)
        : act(std::move(act))
    {
        clock.start();
    }
    void stepFinished(const StepMetrics& step) override
    {
        endedAt[step.step] = clock.elapsed();
        act(step.step);
    }
    /// Milliseconds between the ends of steps `first` and `first` + 1.
    qint64 gapAfter(int64_t first) const { return endedAt.at(first + 1) - endedAt.at(first); }

    std::map<int64_t, qint64> endedAt;

private:
    std::function<void(int64_t)> act;
    QElapsedTimer clock;
};

/// How many settings files of this process's local groups are in the temporary folder.
int leftSettingsFiles()
{
    return QDir(QDir::tempPath())
        .entryList({QStringLiteral("amp-workbench-ranks-%1-*").arg(QCoreApplication::applicationPid())})
        .size();
}

} // namespace

class LocalGroupTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void aPauseOutlastsTheGroupTimeout();
    void stoppingAPausedGroup();
    void ranksThatNeverArrive();
};

void LocalGroupTest::aPauseOutlastsTheGroupTimeout()
{
    QTemporaryDir runs;
    QVERIFY(runs.isValid());
    const TrainingConfig config = tinyConfig(runs.path(), QStringLiteral("paused"), 6);
    LocalGroup local(config, {"train"}, 2, cliPath().toStdString(), groupTimeout);
    QCOMPARE(leftSettingsFiles(), 0); // read by rank 1, then removed
    Trainer trainer(config);
    trainer.joinGroup(local.group());
    std::thread resumer;
    constexpr int pauseMilliseconds = 8000; // well over the 3 s group timeout
    StepWatcher watcher([&](int64_t step) {
        if (step != 2)
            return;
        trainer.setPaused(true); // the group pauses after the next step
        resumer = std::thread([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(pauseMilliseconds));
            trainer.setPaused(false);
        });
    });
    trainer.addObserver(&watcher);
    const RunSummary summary = trainer.run();
    resumer.join();
    QVERIFY2(summary.state == RunState::Finished, summary.message.english().c_str());
    QCOMPARE(summary.steps, int64_t{6});
    QCOMPARE(QString::fromStdString(local.finish()), QString());
    QVERIFY2(watcher.gapAfter(3) >= pauseMilliseconds - 2000, qPrintable(QString::number(watcher.gapAfter(3))));
    QVERIFY2(watcher.gapAfter(2) < groupTimeout.count() * 1000, qPrintable(QString::number(watcher.gapAfter(2))));
}

void LocalGroupTest::stoppingAPausedGroup()
{
    QTemporaryDir runs;
    QVERIFY(runs.isValid());
    const TrainingConfig config = tinyConfig(runs.path(), QStringLiteral("stopped"), 8);
    LocalGroup local(config, {"train"}, 2, cliPath().toStdString(), groupTimeout);
    Trainer trainer(config);
    trainer.joinGroup(local.group());
    std::thread stopper;
    StepWatcher watcher([&](int64_t step) {
        if (step != 2)
            return;
        trainer.setPaused(true);
        stopper = std::thread([&] {
            std::this_thread::sleep_for(std::chrono::seconds(5));
            trainer.requestStop(); // while the group waits after step 3
        });
    });
    trainer.addObserver(&watcher);
    const RunSummary summary = trainer.run();
    stopper.join();
    QVERIFY2(summary.state == RunState::Stopped, summary.message.english().c_str());
    QCOMPARE(summary.steps, int64_t{3});
    // Rank 1 stopped too (exit status 130): had it taken step 4, it would have waited for rank 0 and failed.
    QCOMPARE(QString::fromStdString(local.finish()), QString());
    QCOMPARE(lossesOf(runs.filePath(QStringLiteral("stopped"))).size(), 3);
}

void LocalGroupTest::ranksThatNeverArrive()
{
    QTemporaryDir runs;
    QVERIFY(runs.isValid());
    QElapsedTimer clock;
    clock.start();
    // A program that starts and ends at once: rank 1 never arrives.
    QVERIFY_THROWS_EXCEPTION(DistributedError, LocalGroup(tinyConfig(runs.path(), QStringLiteral("alone"), 2),
                                                          {"train"}, 2, "/bin/true", groupTimeout));
    QVERIFY2(clock.elapsed() < 4 * groupTimeout.count() * 1000, qPrintable(QString::number(clock.elapsed())));
    QCOMPARE(leftSettingsFiles(), 0);
    QVERIFY(QDir(runs.path()).isEmpty());
}

QTEST_GUILESS_MAIN(LocalGroupTest)
#include "LocalGroupTest.moc"
