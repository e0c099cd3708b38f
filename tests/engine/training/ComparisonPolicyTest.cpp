// A precision policy as a comparison's third run, beside FP32 and AMP: same seed and data order (a policy of one
// precision trains bit for bit as that precision's run, one after the other and in turns), its own folder, the
// references without it, and the report's column and verdict.
#include "training/Comparison.h"

#include "run/RunFolder.h"
#include "system/EngineError.h"

#include "RunRecorder.h"

#include <QDir>
#include <QtTest>

using namespace ampwb;
using ampwb::test::Recorder;
using ampwb::test::smallConfig;

namespace {

/// The runs' losses step by step as the observers saw them: FP32's, AMP's and the policy run's.
struct LossesByRun {
    std::vector<double> fp32;
    std::vector<double> amp;
    std::vector<double> policy;
    QString order; ///< F, A or P for each step, in the order the steps were reported
};

LossesByRun lossesByRun(const Recorder& recorder)
{
    LossesByRun losses;
    for (const StepMetrics& step : recorder.steps) {
        if (step.policyRun) {
            losses.policy.push_back(step.loss);
            losses.order += QLatin1Char('P');
        } else if (step.precision == Precision::Fp32) {
            losses.fp32.push_back(step.loss);
            losses.order += QLatin1Char('F');
        } else {
            losses.amp.push_back(step.loss);
            losses.order += QLatin1Char('A');
        }
    }
    return losses;
}

TrainingConfig policyConfig(const QString& runsDirectory, const char* name, const char* preset)
{
    TrainingConfig config = smallConfig(runsDirectory, name);
    config.precisionPolicy = readPrecisionPolicy(preset);
    return config;
}

/// A finished run's summary with a throughput and its relative standard error.
RunSummary measured(double imagesPerSecond, double error)
{
    RunSummary run;
    run.state = RunState::Finished;
    run.imagesPerSecond = imagesPerSecond;
    run.imagesPerSecondError = error;
    run.epochSeconds = 1000.0 / imagesPerSecond;
    return run;
}

} // namespace

class ComparisonPolicyTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void fp32PolicyTrainsAsTheFp32Run();
    void ampPolicyInTurnsTrainsAsTheAmpRun();
    void threeWayComparisonRefusesAPolicy();
    void policyVerdictSaysWhetherItBeatBoth_data();
    void policyVerdictSaysWhetherItBeatBoth();
    void policyFolderIsAFolderName();

private:
    QTemporaryDir runs;
};

void ComparisonPolicyTest::initTestCase()
{
    QVERIFY(runs.isValid());
}

void ComparisonPolicyTest::fp32PolicyTrainsAsTheFp32Run()
{
    Recorder recorder;
    Comparison comparison(policyConfig(runs.path(), "fp32-policy", "fp32"));
    comparison.addObserver(&recorder);
    const ComparisonResult result = comparison.run();

    QVERIFY(result.policy.has_value());
    QVERIFY2(result.policy->state == RunState::Finished, result.policy->message.english().c_str());
    QCOMPARE(result.amp.size(), size_t(1));
    QVERIFY(result.policy->precision == Precision::Fp32); // nothing reduced: an FP32 run
    const LossesByRun losses = lossesByRun(recorder);
    QCOMPARE(losses.order, QStringLiteral("FFFFAAAAPPPP"));
    QCOMPARE(losses.policy, losses.fp32); // bit for bit: the same seed and data order
    QVERIFY(losses.policy != losses.amp);

    // The policy run trains in a folder of its own; it alone records the policy.
    const QDir folder(QString::fromStdString(result.directory));
    QCOMPARE(QString::fromStdString(result.policy->runDirectory), folder.filePath(QStringLiteral("policy-fp32")));
    QVERIFY(RunFolder::readConfig(result.policy->runDirectory).precisionPolicy == readPrecisionPolicy("fp32"));
    QVERIFY(!RunFolder::readConfig(result.fp32.runDirectory).precisionPolicy);
    QVERIFY(!RunFolder::readConfig(result.amp.at(0).runDirectory).precisionPolicy);

    const QString report = QString::fromStdString(result.reportMarkdown);
    QCOMPARE(QFile(folder.filePath(QStringLiteral("report.md"))).size(), qint64(result.reportMarkdown.size()));
    for (const QString& line :
         {QStringLiteral("# FP32 vs AMP vs policy fp32 — fp32-policy"),
          QStringLiteral("- Precision policy (the third run): fp32: fp32"),
          QStringLiteral("| Metric | FP32 | AMP | Policy fp32 | AMP vs FP32 | Policy fp32 vs FP32 |"),
          QStringLiteral("| Run state | finished | finished | finished |"), QStringLiteral("The policy fp32 "),
          QStringLiteral("The policy fp32 against FP32: Accuracy: top-1 +0.00 pt")})
        QVERIFY2(report.contains(line), qPrintable(line + QStringLiteral(" not in\n") + report));
}

void ComparisonPolicyTest::ampPolicyInTurnsTrainsAsTheAmpRun()
{
    Recorder recorder;
    Comparison comparison(policyConfig(runs.path(), "amp-policy", "amp"), ComparisonOrder::Interleaved);
    comparison.addObserver(&recorder);
    const ComparisonResult result = comparison.run();

    QVERIFY(result.policy.has_value());
    QVERIFY2(result.policy->state == RunState::Finished, result.policy->message.english().c_str());
    QVERIFY(result.policy->precision == Precision::Amp);
    QVERIFY(result.policy->interleaved);
    const LossesByRun losses = lossesByRun(recorder);
    QCOMPARE(losses.order, QStringLiteral("FAPFAPFAPFAP")); // the three take turns
    QCOMPARE(losses.policy, losses.amp);
    QVERIFY(losses.policy != losses.fp32);
    int policyEpochs = 0;
    for (const EpochMetrics& epoch : recorder.epochs)
        policyEpochs += epoch.policyRun ? 1 : 0;
    QCOMPARE(policyEpochs, 1);
    QVERIFY(QString::fromStdString(result.reportMarkdown).contains(QStringLiteral("all runs at once")));
}

void ComparisonPolicyTest::threeWayComparisonRefusesAPolicy()
{
    Comparison comparison(policyConfig(runs.path(), "three-way-policy", "amp"), ComparisonOrder::Sequential,
                          ComparisonRuns::ThreeWay);
    QString refusal;
    try {
        comparison.run();
    } catch (const EngineError& error) {
        QCOMPARE(error.message().code(), EngineMessage::Code::PolicyBesideThreeWay);
        refusal = QString::fromUtf8(error.what());
    }
    QVERIFY2(refusal.contains(QStringLiteral("without --three-way")), qPrintable(refusal));
    QVERIFY(!QDir(runs.filePath(QStringLiteral("three-way-policy"))).exists());
}

void ComparisonPolicyTest::policyVerdictSaysWhetherItBeatBoth_data()
{
    QTest::addColumn<double>("policyImagesPerSecond");
    QTest::addColumn<double>("error");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("english");
    // FP32 at 100 img/s, AMP at 150.
    QTest::newRow("faster than both") << 200.0 << 0.01 << int(EngineMessage::Code::PolicyBeatBoth)
                                      << QStringLiteral("The policy mixed beat both: 2.00× the FP32 throughput and "
                                                        "1.33× the AMP throughput (steady-state images/s).");
    QTest::newRow("between them") << 120.0 << 0.01 << int(EngineMessage::Code::PolicyDidNotBeatBoth)
                                  << QStringLiteral("The policy mixed did not beat both: 1.20× the FP32 throughput "
                                                    "and 0.80× the AMP throughput (steady-state images/s).");
    QTest::newRow("as fast as AMP, in noise")
        << 152.0 << 0.05 << int(EngineMessage::Code::PolicyTooShortToTell)
        << QStringLiteral("Too short to tell whether the policy mixed beat both: 1.52× the FP32 throughput and 1.01× "
                          "the AMP throughput, but the step times of these runs leave ±14 % of uncertainty (95 %). "
                          "Train more steps, or interleave the two runs.");
    QTest::newRow("no spread known, faster than both")
        << 151.0 << 0.0 << int(EngineMessage::Code::PolicyBeatBoth)
        << QStringLiteral("The policy mixed beat both: 1.51× the FP32 throughput and 1.01× the AMP throughput "
                          "(steady-state images/s).");
}

void ComparisonPolicyTest::policyVerdictSaysWhetherItBeatBoth()
{
    QFETCH(double, policyImagesPerSecond);
    QFETCH(double, error);
    QFETCH(int, code);
    QFETCH(QString, english);
    const EngineMessage verdict = policyVerdict(measured(100.0, error), measured(150.0, error),
                                                measured(policyImagesPerSecond, error), "mixed");
    QCOMPARE(int(verdict.code()), code);
    QCOMPARE(QString::fromStdString(verdict.english()), english);

    RunSummary failed = measured(policyImagesPerSecond, error);
    failed.state = RunState::Failed;
    failed.message = EngineMessage::text("out of memory");
    QCOMPARE(policyVerdict(measured(100.0, error), measured(150.0, error), failed, "mixed"),
             EngineMessage(EngineMessage::Code::VerdictRunFailed, {EngineMessage::text("out of memory")}));
}

void ComparisonPolicyTest::policyFolderIsAFolderName()
{
    PrecisionPolicy policy;
    policy.name = "my policy/v2.1";
    QCOMPARE(QString::fromStdString(policyRunFolder(policy)), QStringLiteral("policy-my-policy-v2.1"));
    QCOMPARE(QString::fromStdString(policyRunFolder(readPrecisionPolicy("amp-batchnorm-fp32"))),
             QStringLiteral("policy-amp-batchnorm-fp32"));
}

QTEST_GUILESS_MAIN(ComparisonPolicyTest)
#include "ComparisonPolicyTest.moc"
