// `compare --precision-policy`, run as a real process: a third run under the policy beside FP32 and AMP, its
// folder and config.json, the console's run lines and report, and the help that says so.
#include "CliProcess.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

class ComparePolicyCliTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void helpNamesTheThirdRun();
    void comparesAPolicyWithFp32AndAmp();
    void jsonEventsTellThePolicyRun();

private:
    QTemporaryDir scratch;
};

void ComparePolicyCliTest::initTestCase()
{
    QVERIFY(scratch.isValid());
}

void ComparePolicyCliTest::helpNamesTheThirdRun()
{
    const CliResult result = runCli({QStringLiteral("compare"), QStringLiteral("--help")}, scratch.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(result.describe()));
    QVERIFY2(result.out.contains(QLatin1String("With --precision-policy,\na third run trains under that policy")),
             qPrintable(result.out));
    QVERIFY2(result.out.contains(QLatin1String("third run beside FP32 and AMP")), qPrintable(result.out));
}

void ComparePolicyCliTest::comparesAPolicyWithFp32AndAmp()
{
    const QString runs = scratch.filePath(QStringLiteral("runs"));
    const CliResult result = runCli(QStringList{QStringLiteral("compare")} + tinyRun(runs, QStringLiteral("policy"))
                                        + QStringList{QStringLiteral("--precision-policy"),
                                                      QStringLiteral("amp-batchnorm-fp32"),
                                                      QStringLiteral("--interleave")},
                                    scratch.path());
    QVERIFY2(result.finished && result.status == QProcess::NormalExit && result.exitCode == 0,
             qPrintable(result.describe()));
    // One line for each of the three runs, then the report.
    QCOMPARE(result.out.count(QLatin1String("finished after 4 steps")), 3);
    for (const QString& line :
         {QStringLiteral("# FP32 vs AMP vs policy amp-batchnorm-fp32 — policy"),
          QStringLiteral("- Precision policy (the third run): amp-batchnorm-fp32: amp; batch norms in fp32"),
          QStringLiteral("| Metric | FP32 | AMP | Policy amp-batchnorm-fp32 | AMP vs FP32 | Policy amp-batchnorm-fp32 "
                         "vs FP32 |"),
          QStringLiteral("The policy amp-batchnorm-fp32 against FP32: Accuracy: top-1 ")})
        QVERIFY2(result.out.contains(line), qPrintable(line + QStringLiteral(" not in\n") + result.out));
    // The verdict says whether the policy beat both, whichever way these few steps went.
    QVERIFY2(result.out.contains(QRegularExpression(
                 QStringLiteral("The policy amp-batchnorm-fp32 (did not )?beat both: [0-9.]+× the FP32 throughput|"
                                "Too short to tell whether the policy amp-batchnorm-fp32 beat both"))),
             qPrintable(result.out));

    const QString folder = runs + QStringLiteral("/policy");
    QFile report(folder + QStringLiteral("/report.md"));
    QVERIFY(report.open(QIODevice::ReadOnly));
    QVERIFY(result.out.contains(QString::fromUtf8(report.readAll())));
    // The policy run records its policy; FP32 and AMP, the references, none.
    const QJsonObject policy = readJsonFile(folder + QStringLiteral("/policy-amp-batchnorm-fp32/config.json"))
                                   .value(QLatin1String("precision_policy"))
                                   .toObject();
    QCOMPARE(policy.value(QLatin1String("name")).toString(), QStringLiteral("amp-batchnorm-fp32"));
    QVERIFY(policy.value(QLatin1String("batchNormFp32")).toBool());
    for (const char* reference : {"fp32", "amp"}) {
        const QJsonObject config = readJsonFile(folder + QLatin1Char('/') + QLatin1String(reference)
                                                + QStringLiteral("/config.json"));
        QVERIFY2(!config.isEmpty(), reference);
        QVERIFY2(!config.contains(QLatin1String("precision_policy")), reference);
    }
    QCOMPARE(readJsonFile(folder + QStringLiteral("/policy-amp-batchnorm-fp32/summary.json"))
                 .value(QLatin1String("state"))
                 .toString(),
             QStringLiteral("finished"));
}

void ComparePolicyCliTest::jsonEventsTellThePolicyRun()
{
    const QString runs = scratch.filePath(QStringLiteral("json-runs"));
    const CliResult result = runCli(
        QStringList{QStringLiteral("compare"), QStringLiteral("--json")} + tinyRun(runs, QStringLiteral("policy"))
            + QStringList{QStringLiteral("--precision-policy"), QStringLiteral("amp-batchnorm-fp32")},
        scratch.path());
    QVERIFY2(result.finished && result.status == QProcess::NormalExit && result.exitCode == 0,
             qPrintable(result.describe()));
    QMap<QString, int> policySteps; // by policy_run
    QStringList startedPolicies;
    QStringList finishedPolicies;
    for (const QString& line : result.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QJsonObject event = QJsonDocument::fromJson(line.toUtf8()).object();
        const QString kind = event.value(QLatin1String("event")).toString();
        if (kind == QLatin1String("step"))
            ++policySteps[event.value(QLatin1String("policy_run")).toBool() ? QStringLiteral("policy")
                                                                            : QStringLiteral("reference")];
        const QJsonValue policy = event.value(QLatin1String("precision_policy"));
        if (kind == QLatin1String("started"))
            startedPolicies << (policy.isNull() ? QStringLiteral("none") : policy.toString());
        if (kind == QLatin1String("finished")) {
            finishedPolicies << (policy.isNull() ? QStringLiteral("none") : policy.toString());
            QCOMPARE(event.value(QLatin1String("run_directory"))
                         .toString()
                         .endsWith(QLatin1String("/policy-amp-batchnorm-fp32")),
                     !policy.isNull());
        }
    }
    // FP32 and AMP train without the policy, four steps each; the third run under it.
    QCOMPARE(policySteps.value(QStringLiteral("reference")), 8);
    QCOMPARE(policySteps.value(QStringLiteral("policy")), 4);
    const QStringList expected{QStringLiteral("none"), QStringLiteral("none"), QStringLiteral("amp-batchnorm-fp32")};
    QCOMPARE(startedPolicies, expected);
    QCOMPARE(finishedPolicies, expected);
}

QTEST_GUILESS_MAIN(ComparePolicyCliTest)
#include "ComparePolicyCliTest.moc"
