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
#include <set>
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
    void threeWayTrainsBf16AndFp16BesideFp32();
    void verdictNamesBothMeasuresOrSaysTooShort();
    void accuracyVerdictWeighsTheLossesSpread();
    void tableSaysFasterOrSlowerAndMarksNoise();
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

    QVERIFY2(result.fp32.state == RunState::Finished, result.fp32.message.english().c_str());
    QVERIFY2(result.amp.at(0).state == RunState::Finished, result.amp.at(0).message.english().c_str());
    QCOMPARE(precisionsInOrder(recorder), QStringLiteral("FFFFFFFFAAAAAAAA"));
    QVERIFY(!result.fp32.interleaved && !result.amp.at(0).interleaved);
    QVERIFY(QString::fromStdString(result.reportMarkdown).contains(QStringLiteral("one run after the other")));
    QVERIFY(!QString::fromStdString(result.reportMarkdown).contains(QStringLiteral("both runs at once")));
    // The report records what the runs were made with: data, optimiser, AMP, device with its threads and
    // bf16 units, loader threads, versions.
    const QString report = QString::fromStdString(result.reportMarkdown);
    for (const QString& line :
         {QStringLiteral("- Data: `synthetic`, 32 px, batch 16, 2 epoch(s), seed "), QStringLiteral("- Optimiser: SGD"),
          QStringLiteral("- AMP: bf16 autocast, loss scaling off (auto)"),
          QStringLiteral("- Device: ") + QString::fromStdString(result.amp.at(0).deviceDescription),
          QStringLiteral("- Software: AMP Workbench "), QStringLiteral("- Order: one run after the other")})
        QVERIFY2(report.contains(line), qPrintable(line + QStringLiteral(" not in\n") + report));
    QVERIFY2(QString::fromStdString(result.amp.at(0).deviceDescription)
                 .contains(QRegularExpression(
                     QStringLiteral("^CPU \\(.+, \\d+ threads?, bf16 units: (none|AVX512-BF16|AMX-BF16)\\)$"))),
             result.amp.at(0).deviceDescription.c_str());
    QVERIFY(result.amp.at(0).validationImages > 0);
    QVERIFY(result.amp.at(0).imagesPerSecondError > 0.0);
}

void ComparisonTest::interleavedRunsAlternateAndTrainTheSame()
{
    Recorder sequentialRecorder;
    Comparison sequential(pairConfig(runs.path(), "reference"));
    sequential.addObserver(&sequentialRecorder);
    const ComparisonResult reference = sequential.run();

    Recorder recorder;
    std::set<std::thread::id> stepThreads; // steps never overlap, so no lock
    recorder.onStep = [&](const StepMetrics&) { stepThreads.insert(std::this_thread::get_id()); };
    Comparison interleaved(pairConfig(runs.path(), "interleaved"), ComparisonOrder::Interleaved);
    interleaved.addObserver(&recorder);
    const auto start = std::chrono::steady_clock::now();
    const ComparisonResult result = interleaved.run();
    const double wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    QVERIFY2(result.fp32.state == RunState::Finished, result.fp32.message.english().c_str());
    QVERIFY2(result.amp.at(0).state == RunState::Finished, result.amp.at(0).message.english().c_str());
    QCOMPARE(precisionsInOrder(recorder), QStringLiteral("FAFAFAFAFAFAFAFA"));
    QCOMPARE(recorder.startedCount, 2);
    QCOMPARE(recorder.finishedCount, 2);
    QCOMPARE(recorder.epochs.size(), size_t(4));
    // Both runs step on one thread, so their operators share one OpenMP team (StepTurns says why).
    QCOMPARE(stepThreads.size(), size_t(1));
    QVERIFY(*stepThreads.begin() != std::this_thread::get_id());

    // Same seed, same data order, same arithmetic: taking turns changes no loss.
    const auto expected = lossesByPrecision(sequentialRecorder);
    const auto actual = lossesByPrecision(recorder);
    for (Precision precision : {Precision::Fp32, Precision::Amp}) {
        QCOMPARE(actual.at(precision).size(), size_t(8));
        for (size_t i = 0; i < 8; ++i)
            QCOMPARE(actual.at(precision)[i], expected.at(precision)[i]);
    }
    QCOMPARE(result.fp32.finalTop1, reference.fp32.finalTop1);
    QCOMPARE(result.amp.at(0).finalTop1, reference.amp.at(0).finalTop1);

    // Each run's epoch time counts its own turns only: together they fit in the wall time.
    double epochSeconds = 0.0;
    for (const EpochMetrics& epoch : recorder.epochs)
        epochSeconds += epoch.epochSeconds;
    QVERIFY2(epochSeconds < wallSeconds,
             qPrintable(QStringLiteral("epochs %1 s, wall %2 s").arg(epochSeconds).arg(wallSeconds)));

    QVERIFY(result.fp32.interleaved && result.amp.at(0).interleaved);
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
    QVERIFY2(result.fp32.state == RunState::Stopped, result.fp32.message.english().c_str());
    QVERIFY2(result.amp.at(0).state == RunState::Stopped, result.amp.at(0).message.english().c_str());
    QCOMPARE(result.fp32.steps, int64_t(5));
    QCOMPARE(result.amp.at(0).steps, int64_t(5));
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
    QVERIFY(result.amp.at(0).state == RunState::Stopped);
}

namespace {

/// A finished pair: FP32 at 100 img/s and 60 s an epoch; AMP at `ampImagesPerSecond`, its epoch time in
/// proportion; both measured to ±`relativeError` (one standard error), top-1 on 1,000 images.
std::pair<RunSummary, RunSummary> finishedPair(double ampImagesPerSecond, double relativeError)
{
    RunSummary fp32;
    fp32.state = RunState::Finished;
    fp32.imageSize = 64;
    fp32.imagesPerSecond = 100.0;
    fp32.imagesPerSecondError = relativeError;
    fp32.epochSeconds = 60.0;
    fp32.peakMemoryBytes = 1'000'000'000;
    fp32.finalTop1 = 0.80;
    fp32.finalTop5 = 0.97;
    fp32.validationImages = 1000;
    RunSummary amp = fp32;
    amp.precision = Precision::Amp;
    amp.imagesPerSecond = ampImagesPerSecond;
    amp.epochSeconds = 60.0 * 100.0 / ampImagesPerSecond;
    amp.peakMemoryBytes = 800'000'000;
    return {fp32, amp};
}

} // namespace

void ComparisonTest::threeWayTrainsBf16AndFp16BesideFp32()
{
    TrainingConfig config = smallConfig(runs.path(), "three-way");
    config.scaler.initScale = 16777216.0; // 2^24: fp16's gradients overflow at first, so the scale must fall
    Recorder recorder;
    Comparison comparison(config, ComparisonOrder::Interleaved, ComparisonRuns::ThreeWay);
    comparison.addObserver(&recorder);
    const ComparisonResult result = comparison.run();

    QCOMPARE(result.amp.size(), size_t(2));
    QVERIFY2(result.fp32.state == RunState::Finished, result.fp32.message.english().c_str());
    for (const RunSummary& amp : result.amp)
        QVERIFY2(amp.state == RunState::Finished, amp.message.english().c_str());
    QVERIFY(result.amp[0].ampDtype == AmpDtype::BFloat16);
    QVERIFY(result.amp[1].ampDtype == AmpDtype::Float16);
    QVERIFY(result.fp32.interleaved && result.amp[0].interleaved && result.amp[1].interleaved);
    QCOMPARE(QFileInfo(QString::fromStdString(result.amp[0].runDirectory)).fileName(), QStringLiteral("amp-bf16"));
    QCOMPARE(QFileInfo(QString::fromStdString(result.amp[1].runDirectory)).fileName(), QStringLiteral("amp-fp16"));

    // The three runs take turns, step by step, and the events tell the two AMP runs apart.
    QString order;
    for (const StepMetrics& step : recorder.steps)
        order += step.precision == Precision::Fp32
                   ? QLatin1Char('F')
                   : (step.ampDtype == AmpDtype::BFloat16 ? QLatin1Char('B') : QLatin1Char('H'));
    QCOMPARE(order, QStringLiteral("FBHFBHFBHFBH"));
    // fp16 scales its loss and skips the overflowing steps; bf16 needs no scaling.
    QVERIFY(result.amp[1].skippedSteps > 0);
    QCOMPARE(result.amp[0].skippedSteps, int64_t(0));
    for (const StepMetrics& step : recorder.steps) {
        if (step.ampDtype == AmpDtype::BFloat16)
            QCOMPARE(step.lossScale, 1.0);
        if (step.ampDtype == AmpDtype::Float16 && step.step == 1)
            QCOMPARE(step.lossScale, 16777216.0);
    }

    const QString report = QString::fromStdString(result.reportMarkdown);
    for (const QString& line :
         {QStringLiteral("# FP32 vs AMP bf16 vs AMP fp16 — three-way"),
          QStringLiteral("| Metric | FP32 | AMP bf16 | AMP fp16 | AMP bf16 vs FP32 | AMP fp16 vs FP32 |"),
          QStringLiteral("- AMP: bf16 autocast, loss scaling off (auto)"),
          QStringLiteral("- AMP: fp16 autocast, loss scaling on (auto), initial scale 1.67772e+07"),
          QStringLiteral("Peak memory (process RSS), all runs at once"), QStringLiteral("\nAMP bf16: "),
          QStringLiteral("\nAMP fp16: ")})
        QVERIFY2(report.contains(line), qPrintable(line + QStringLiteral(" not in\n") + report));
    QVERIFY(QFileInfo::exists(QString::fromStdString(result.directory) + QStringLiteral("/report.md")));
}

void ComparisonTest::accuracyVerdictWeighsTheLossesSpread()
{
    RunSummary fp32;
    fp32.state = RunState::Finished;
    fp32.finalTop1 = 0.70;
    fp32.validationImages = 1000;
    RunSummary amp = fp32;
    amp.finalTop1 = 0.60;
    LossDifference losses;
    losses.mean = 0.015;
    losses.margin = 0.04;
    losses.steps = 25;
    // −10 points, but the losses at the end do not differ beyond their spread: not to be read as AMP's.
    QCOMPARE(QString::fromStdString(accuracyVerdict(fp32, amp, losses).value().english()),
             QStringLiteral("Accuracy: top-1 -10.00 pt is within what runs this short can tell: the training losses "
                            "differ by +0.015 (±0.040) over the last 25 steps, inside their step-to-step spread. Train "
                            "longer before reading it as AMP's."));
    losses.mean = 0.2;
    QCOMPARE(QString::fromStdString(accuracyVerdict(fp32, amp, losses).value().english()),
             QStringLiteral("Accuracy: top-1 -10.00 pt (±4.15 on the validation sample), and the training losses "
                            "differ by +0.200 (±0.040) over the last 25 steps: a difference these runs can tell."));
    amp.finalTop1 = 0.69;
    QCOMPARE(QString::fromStdString(accuracyVerdict(fp32, amp, losses).value().english()),
             QStringLiteral("Accuracy: top-1 -1.00 pt is within the validation sample's margin (±4.03), though the "
                            "training losses differ by +0.200 (±0.040) over the last 25 steps."));
    QVERIFY(QString::fromStdString(accuracyVerdict(fp32, amp, LossDifference()).value().english())
                .contains(QLatin1String("too short to tell")));
    amp.validated = false;
    QVERIFY(!accuracyVerdict(fp32, amp, losses));
}

void ComparisonTest::verdictNamesBothMeasuresOrSaysTooShort()
{
    DeviceInfo machine;
    machine.cpuHasAvx512Bf16 = true;
    const auto [fp32, faster] = finishedPair(150.0, 0.01);
    QCOMPARE(QString::fromStdString(comparisonVerdict(fp32, faster, 64, machine).english()),
             QStringLiteral("AMP helped: 1.50× the FP32 throughput (steady-state images/s), and an epoch took "
                            "0.67× as long, with 20 % less peak memory."));
    const auto [fp32Again, slower] = finishedPair(80.0, 0.01);
    QCOMPARE(QString::fromStdString(comparisonVerdict(fp32Again, slower, 64, machine).english()),
             QStringLiteral("AMP did not help here: 0.80× the FP32 throughput (steady-state images/s), and an epoch "
                            "took 1.25× as long. Likely reason: the step is bound by work that autocast does not speed "
                            "up (casts, batch norm, data loading)."));

    // Step times spread by ±30 % (one standard error) in both runs: a 1.5× difference could be chance.
    auto [noisyFp32, noisyAmp] = finishedPair(150.0, 0.30);
    const QString tooShort = QString::fromStdString(comparisonVerdict(noisyFp32, noisyAmp, 64, machine).english());
    QCOMPARE(tooShort, QStringLiteral("Too short to tell: AMP ran at 1.50× the FP32 throughput, but the step times of "
                                      "these runs leave ±83 % of uncertainty (95 %). Train more steps, or interleave "
                                      "the two runs."));
    // Runs that took turns already did: the advice is more steps alone.
    noisyFp32.interleaved = noisyAmp.interleaved = true;
    QVERIFY(QString::fromStdString(comparisonVerdict(noisyFp32, noisyAmp, 64, machine).english())
                .endsWith(QStringLiteral("(95 %). Train more steps.")));
    // A run recorded before the spread was (NaN) gets the plain verdict.
    auto [oldFp32, oldAmp] = finishedPair(150.0, std::nan(""));
    QVERIFY(QString::fromStdString(comparisonVerdict(oldFp32, oldAmp, 64, machine).english()).startsWith("AMP helped"));
}

void ComparisonTest::tableSaysFasterOrSlowerAndMarksNoise()
{
    const auto rowOf = [](const std::string& table, const char* metric) {
        for (const QString& line : QString::fromStdString(table).split(QLatin1Char('\n')))
            if (line.startsWith(QStringLiteral("| ") + QLatin1String(metric)))
                return line;
        return QString();
    };
    auto [fp32, amp] = finishedPair(150.0, 0.02);
    amp.finalTop1 = 0.81; // 1 point on 1,000 images: within noise (±3.47)
    amp.finalTop5 = 0.90; // 7 points: beyond it
    const std::string table = comparisonTable(fp32, {amp});
    QVERIFY2(rowOf(table, "Epoch time").endsWith(QStringLiteral("| 1.50× faster |")), table.c_str());
    QVERIFY2(rowOf(table, "Throughput").endsWith(QStringLiteral("| 1.50× (±6 %) |")), table.c_str());
    QVERIFY2(rowOf(table, "Final top-1").endsWith(QStringLiteral("| +1.00 pt (±3.47, within noise) |")), table.c_str());
    QVERIFY2(rowOf(table, "Final top-5").endsWith(QStringLiteral("| -7.00 pt (±2.16) |")), table.c_str());

    const auto [fp32Again, slower] = finishedPair(80.0, 0.0);
    const std::string slowerTable = comparisonTable(fp32Again, {slower});
    QVERIFY2(rowOf(slowerTable, "Epoch time").endsWith(QStringLiteral("| 1.25× slower |")), slowerTable.c_str());
    QVERIFY2(rowOf(slowerTable, "Throughput").endsWith(QStringLiteral("| 0.80× |")), slowerTable.c_str());
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
