// Comparison: FP32 and AMP runs of one configuration, one after the other or interleaved
// step by step, on short real CPU runs — the order of the steps, identical training in both
// orders, pause and stop of an interleaved pair, and the report.
#include "training/Comparison.h"

#include "RunRecorder.h"
#include "TestSupport.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <chrono>
#include <map>
#include <thread>

using namespace ampwb;
using ampwb::test::Recorder;
using ampwb::test::smallConfig;

namespace {

/// Two epochs of four steps each, so the pair alternates across an epoch's validation.
TrainingConfig pairConfig(const QString& runsDirectory, const char* name)
{
    TrainingConfig config = smallConfig(runsDirectory, name);
    config.epochs = 2;
    return config;
}

std::map<Precision, std::vector<double>> lossesByPrecision(const Recorder& recorder)
{
    std::map<Precision, std::vector<double>> losses;
    for (const StepMetrics& step : recorder.steps)
        losses[step.precision].push_back(step.loss);
    return losses;
}

QString precisionsInOrder(const Recorder& recorder)
{
    QString order;
    for (const StepMetrics& step : recorder.steps)
        order += step.precision == Precision::Fp32 ? QLatin1Char('F') : QLatin1Char('A');
    return order;
}

/// Runs a comparison on a thread; stops and joins it however the test leaves.
class ComparisonThread {
public:
    explicit ComparisonThread(Comparison& comparison)
        : comparison(comparison)
        , thread([this] { result = this->comparison.run(); })
    {
    }
    ~ComparisonThread()
    {
        if (thread.joinable()) {
            comparison.requestStop();
            comparison.setPaused(false);
            thread.join();
        }
    }
    ComparisonResult finish()
    {
        thread.join();
        return result;
    }

private:
    Comparison& comparison;
    ComparisonResult result;
    std::thread thread;
};

} // namespace

class ComparisonTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void sequentialRunsOneAfterTheOther();
    void interleavedRunsAlternateAndTrainTheSame();
    void interleavedPairPausesAndStopsTogether();
    void interleavedPairStoppedBeforeItStarts();
    void unnamedComparisonIsNamedCompareAndTheTime_data();
    void unnamedComparisonIsNamedCompareAndTheTime();

private:
    QTemporaryDir runs;
};

void ComparisonTest::initTestCase()
{
    QVERIFY(runs.isValid());
}

void ComparisonTest::sequentialRunsOneAfterTheOther()
{
    Recorder recorder;
    Comparison comparison(pairConfig(runs.path(), "sequential"));
    comparison.addObserver(&recorder);
    const ComparisonResult result = comparison.run();

    QVERIFY2(result.fp32.state == RunState::Finished, result.fp32.message.c_str());
    QVERIFY2(result.amp.state == RunState::Finished, result.amp.message.c_str());
    QCOMPARE(precisionsInOrder(recorder), QStringLiteral("FFFFFFFFAAAAAAAA"));
    QVERIFY(!result.fp32.interleaved && !result.amp.interleaved);
    QVERIFY(QString::fromStdString(result.reportMarkdown).contains(QStringLiteral("one run after the other")));
    QVERIFY(!QString::fromStdString(result.reportMarkdown).contains(QStringLiteral("both runs at once")));
}

void ComparisonTest::interleavedRunsAlternateAndTrainTheSame()
{
    Recorder sequentialRecorder;
    Comparison sequential(pairConfig(runs.path(), "reference"));
    sequential.addObserver(&sequentialRecorder);
    const ComparisonResult reference = sequential.run();

    Recorder recorder;
    Comparison interleaved(pairConfig(runs.path(), "interleaved"), ComparisonOrder::Interleaved);
    interleaved.addObserver(&recorder);
    const auto start = std::chrono::steady_clock::now();
    const ComparisonResult result = interleaved.run();
    const double wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    QVERIFY2(result.fp32.state == RunState::Finished, result.fp32.message.c_str());
    QVERIFY2(result.amp.state == RunState::Finished, result.amp.message.c_str());
    QCOMPARE(precisionsInOrder(recorder), QStringLiteral("FAFAFAFAFAFAFAFA"));
    QCOMPARE(recorder.startedCount, 2);
    QCOMPARE(recorder.finishedCount, 2);
    QCOMPARE(recorder.epochs.size(), size_t(4));

    // Same seed, same data order, same arithmetic: taking turns changes no loss.
    const auto expected = lossesByPrecision(sequentialRecorder);
    const auto actual = lossesByPrecision(recorder);
    for (Precision precision : {Precision::Fp32, Precision::Amp}) {
        QCOMPARE(actual.at(precision).size(), size_t(8));
        for (size_t i = 0; i < 8; ++i)
            QCOMPARE(actual.at(precision)[i], expected.at(precision)[i]);
    }
    QCOMPARE(result.fp32.finalTop1, reference.fp32.finalTop1);
    QCOMPARE(result.amp.finalTop1, reference.amp.finalTop1);

    // Each run's epoch time counts its own turns only: together they fit in the wall time.
    double epochSeconds = 0.0;
    for (const EpochMetrics& epoch : recorder.epochs)
        epochSeconds += epoch.epochSeconds;
    QVERIFY2(epochSeconds < wallSeconds,
             qPrintable(QStringLiteral("epochs %1 s, wall %2 s").arg(epochSeconds).arg(wallSeconds)));

    QVERIFY(result.fp32.interleaved && result.amp.interleaved);
    const QString report = QString::fromStdString(result.reportMarkdown);
    QVERIFY(report.contains(QStringLiteral("interleaved step by step")));
    QVERIFY(report.contains(QStringLiteral("both runs at once")));
    QCOMPARE(ampwb::test::readBytes(QString::fromStdString(result.directory) + "/report.md"), report.toUtf8());
}

void ComparisonTest::interleavedPairPausesAndStopsTogether()
{
    TrainingConfig config = pairConfig(runs.path(), "pause");
    config.epochs = 4;
    Recorder recorder;
    Comparison comparison(config, ComparisonOrder::Interleaved);
    recorder.onStep = [&](const StepMetrics& step) {
        if (step.precision == Precision::Amp && step.step == 2)
            comparison.setPaused(true);
        if (step.precision == Precision::Amp && step.step == 5)
            comparison.requestStop();
    };
    comparison.addObserver(&recorder);
    ComparisonThread worker(comparison);

    QTRY_VERIFY_WITH_TIMEOUT(recorder.stepCount.load() >= 4, 120000);
    // Paused after AMP's second step: neither run may take another step.
    for (int check = 0; check < 6; ++check) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        QCOMPARE(recorder.stepCount.load(), 4);
    }
    comparison.setPaused(false);
    const ComparisonResult result = worker.finish();

    // Stopped after AMP's fifth step: FP32, whose turn came next, stops there too.
    QVERIFY2(result.fp32.state == RunState::Stopped, result.fp32.message.c_str());
    QVERIFY2(result.amp.state == RunState::Stopped, result.amp.message.c_str());
    QCOMPARE(result.fp32.steps, int64_t(5));
    QCOMPARE(result.amp.steps, int64_t(5));
    QCOMPARE(precisionsInOrder(recorder), QStringLiteral("FAFAFAFAFA"));
}

void ComparisonTest::interleavedPairStoppedBeforeItStarts()
{
    Recorder recorder;
    Comparison comparison(pairConfig(runs.path(), "stopped-early"), ComparisonOrder::Interleaved);
    comparison.addObserver(&recorder);
    comparison.requestStop();
    const ComparisonResult result = comparison.run();

    QCOMPARE(recorder.stepCount.load(), 0);
    QVERIFY(result.fp32.state == RunState::Stopped);
    QVERIFY(result.amp.state == RunState::Stopped);
}

void ComparisonTest::unnamedComparisonIsNamedCompareAndTheTime_data()
{
    QTest::addColumn<bool>("ampInConfig");
    QTest::newRow("fp32") << false;
    QTest::newRow("amp") << true;
}

void ComparisonTest::unnamedComparisonIsNamedCompareAndTheTime()
{
    QFETCH(bool, ampInConfig);
    QTemporaryDir parent;
    QVERIFY(parent.isValid());
    TrainingConfig config = pairConfig(parent.path(), "");
    config.name.clear();
    config.precision = ampInConfig ? Precision::Amp : Precision::Fp32;
    Comparison comparison(config);
    comparison.requestStop();
    const ComparisonResult result = comparison.run();

    // The folder's name does not depend on the precision the configuration happened to hold.
    const QString name = QFileInfo(QString::fromStdString(result.directory)).fileName();
    QVERIFY2(QRegularExpression(QStringLiteral("^compare-\\d{8}-\\d{6}$")).match(name).hasMatch(), qPrintable(name));
    QCOMPARE(QFileInfo(QString::fromStdString(result.directory)).absolutePath(), QDir(parent.path()).absolutePath());
}

QTEST_GUILESS_MAIN(ComparisonTest)
#include "ComparisonTest.moc"
