// `amp-workbench-cli precision suggest`, run as a real process on synthetic data: the table it prints and the files
// it writes, each choice against the rule applied again to the measurements its run folders hold, the suggested
// policy trained under with `train --precision-policy`, and the mistakes it refuses.
#include "CliProcess.h"

#include "run/PrecisionPolicy.h"
#include "training/PrecisionMeasurement.h"
#include "xray/PrecisionSuggestion.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

using namespace ampwb;

// What Qt Test prints of a value that differs.
namespace QTest {
template <>
char* toString(const PrecisionPolicy& policy)
{
    return qstrdup(precisionPolicyJson(policy, -1).c_str());
}
} // namespace QTest

namespace {

/// A choice's time in `precision`; none when not measured.
std::optional<double> millisecondsIn(const ModuleChoice& choice, ModulePrecision precision)
{
    switch (precision) {
    case ModulePrecision::Bf16: return choice.bf16Milliseconds;
    case ModulePrecision::Fp16: return choice.fp16Milliseconds;
    default: return choice.fp32Milliseconds;
    }
}

} // namespace

class PrecisionSuggestCliTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void printsTheTableAndWritesThePolicy();
    void eachChoiceFollowsTheRuleOnTheRecordedMeasurements();
    void theSuggestedPolicyTrains();
    void refusesWhatItDoesNotDo_data();
    void refusesWhatItDoesNotDo();
    void helpListsOnlyWhatItTakes();

private:
    QTemporaryDir scratch;
    QString runs;
    QString folder; ///< the measurement's comparison folder
    QString output; ///< --output's copy of the policy
    CliResult suggested;
};

void PrecisionSuggestCliTest::initTestCase()
{
    QVERIFY(scratch.isValid());
    runs = scratch.filePath(QStringLiteral("runs"));
    folder = runs + QStringLiteral("/suggestion");
    output = scratch.filePath(QStringLiteral("policy.json"));
    // A tiny run's options, but for those `precision suggest` sets itself (its steps, its one validation batch).
    QStringList options = tinyRun(runs, QStringLiteral("suggestion"));
    for (const QString& own : {QStringLiteral("--max-steps"), QStringLiteral("--validation-limit")})
        options.remove(options.indexOf(own), 2);
    suggested = runCli(QStringList{QStringLiteral("precision"), QStringLiteral("suggest")} + options
                           + QStringList{QStringLiteral("--steps"), QStringLiteral("1"), QStringLiteral("--output"),
                                         output, QStringLiteral("--quiet")},
                       scratch.path());
    QVERIFY2(suggested.finished && suggested.status == QProcess::NormalExit && suggested.exitCode == 0,
             qPrintable(suggested.describe()));
}

void PrecisionSuggestCliTest::printsTheTableAndWritesThePolicy()
{
    for (const char* text : {"| module | fp32 ms | bf16 ms | fp16 ms | fp16 flushed | bf16 flushed | chosen | reason |",
                             "| conv1 + bn1 | ", "| layer3.1.conv2 + layer3.1.bn2 | ", "| layer2.0.downsample | ",
                             "| fc | ", "| (otherwise) | ", "Policy: suggested: ", "/suggested-policy.json"})
        QVERIFY2(suggested.out.contains(QString::fromUtf8(text)), qPrintable(suggested.describe()));
    for (const char* run : {"fp32", "amp-bf16", "amp-fp16"})
        QCOMPARE(readJsonFile(folder + QLatin1Char('/') + QLatin1String(run) + QStringLiteral("/summary.json"))
                     .value(QLatin1String("steps"))
                     .toInt(),
                 2);
    const PrecisionPolicy written = readPrecisionPolicy(
        (folder + QStringLiteral("/suggested-policy.json")).toStdString());
    QCOMPARE(written.name, std::string("suggested"));
    QCOMPARE(readPrecisionPolicy(output.toStdString()), written);
    QVERIFY2(suggested.out.contains(QString::fromStdString("Policy: " + describePrecisionPolicy(written) + "\n")),
             qPrintable(suggested.out));
    QVERIFY(QFileInfo(folder + QStringLiteral("/suggestion.md")).size() > 0);
}

void PrecisionSuggestCliTest::eachChoiceFollowsTheRuleOnTheRecordedMeasurements()
{
    // The rule applied again to what the three run folders hold gives the printed table and the written policy.
    const PrecisionMeasurements measured = readPrecisionMeasurements(
        (folder + QStringLiteral("/fp32")).toStdString(), (folder + QStringLiteral("/amp-bf16")).toStdString(),
        (folder + QStringLiteral("/amp-fp16")).toStdString());
    QVERIFY(measured.fp32 && measured.bf16 && measured.fp16);
    QCOMPARE(measured.fp16->firstStep, int64_t(2));
    QCOMPARE(measured.fp16->lastStep, int64_t(2));
    const SuggestionRule rule;
    const PrecisionSuggestion again = suggestPrecisions(measured, rule);
    const QString table = QString::fromStdString(suggestionMarkdown(again));
    QVERIFY2(suggested.out.contains(table), qPrintable(table + QStringLiteral("\n---\n") + suggested.out));
    QCOMPARE(again.policy, readPrecisionPolicy((folder + QStringLiteral("/suggested-policy.json")).toStdString()));

    // Each module's choice, checked here against the rule's statement: measured in all three precisions on this
    // run, never fp16 with more flushed than allowed, and no allowed precision faster than the chosen one by the gain.
    std::map<ModulePrecision, int> reduced;
    for (const ModuleChoice& choice : again.choices) {
        if (choice.module.empty()) // `otherwise`, below
            continue;
        const char* module = choice.module.c_str();
        if (choice.chosen != ModulePrecision::Fp32)
            ++reduced[choice.chosen];
        QVERIFY2(choice.fp32Milliseconds && choice.bf16Milliseconds && choice.fp16Milliseconds, module);
        QVERIFY2(choice.fp16FlushedFraction && choice.bf16FlushedFraction, module);
        const auto allowed = [&rule](const std::optional<double>& flushed) {
            return !flushed || *flushed <= rule.maxFlushedFraction;
        };
        if (choice.chosen == ModulePrecision::Fp16)
            QVERIFY2(allowed(choice.fp16FlushedFraction), module);
        if (choice.chosen == ModulePrecision::Bf16)
            QVERIFY2(allowed(choice.bf16FlushedFraction), module);
        const double chosen = *millisecondsIn(choice, choice.chosen);
        QVERIFY2(choice.chosen == ModulePrecision::Fp32 || chosen <= *choice.fp32Milliseconds, module);
        for (const auto& [precision, flushed] : {std::pair{ModulePrecision::Bf16, choice.bf16FlushedFraction},
                                                 std::pair{ModulePrecision::Fp16, choice.fp16FlushedFraction}})
            if (precision != choice.chosen && allowed(flushed))
                QVERIFY2(*millisecondsIn(choice, precision) > chosen * (1.0 - rule.minimumGain), module);
    }
    // `otherwise` follows the modules: fp32 where every module is, else their most common 16-bit type (bf16 on a tie).
    const ModulePrecision otherwise = reduced.empty() ? ModulePrecision::Fp32
                                    : reduced[ModulePrecision::Fp16] > reduced[ModulePrecision::Bf16]
                                        ? ModulePrecision::Fp16
                                        : ModulePrecision::Bf16;
    QCOMPARE(toString(again.policy.otherwise), toString(otherwise));
}

void PrecisionSuggestCliTest::theSuggestedPolicyTrains()
{
    const CliResult trained = runCli(QStringList{QStringLiteral("train")}
                                         + tinyRun(runs, QStringLiteral("under-suggestion"), 2)
                                         + QStringList{QStringLiteral("--precision-policy"), output},
                                     scratch.path());
    QVERIFY2(trained.finished && trained.exitCode == 0, qPrintable(trained.describe()));
    const QString run = runs + QStringLiteral("/under-suggestion");
    QCOMPARE(readJsonFile(run + QStringLiteral("/summary.json")).value(QLatin1String("state")).toString(),
             QStringLiteral("finished"));
    const QJsonObject recorded =
        readJsonFile(run + QStringLiteral("/config.json")).value(QLatin1String("precision_policy")).toObject();
    QCOMPARE(recorded.value(QLatin1String("name")).toString(), QStringLiteral("suggested"));
}

void PrecisionSuggestCliTest::refusesWhatItDoesNotDo_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("no action") << QStringList{"precision"} << "precision suggest";
    QTest::newRow("another action") << QStringList{"precision", "advise"} << "the only action is suggest";
    QTest::newRow("two actions") << QStringList{"precision", "suggest", "now"} << "\"now\"";
    QTest::newRow("--precision") << QStringList{"precision", "suggest", "--precision", "amp"} << "--precision";
    QTest::newRow("--precision-policy") << QStringList{"precision", "suggest", "--precision-policy", "amp"}
                                        << "--precision-policy";
    QTest::newRow("--max-steps") << QStringList{"precision", "suggest", "--max-steps", "100"} << "1 + --steps steps";
    QTest::newRow("--grad-stats-every") << QStringList{"precision", "suggest", "--grad-stats-every", "5"}
                                        << "at every step";
    QTest::newRow("--max-flushed 2") << QStringList{"precision", "suggest", "--max-flushed", "2"} << "--max-flushed";
    QTest::newRow("--min-gain 1") << QStringList{"precision", "suggest", "--min-gain", "1"} << "--min-gain";
    QTest::newRow("--steps 0") << QStringList{"precision", "suggest", "--steps", "0"} << "--steps";
}

void PrecisionSuggestCliTest::refusesWhatItDoesNotDo()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const CliResult result = runCli(arguments, scratch.path());
    QVERIFY2(result.finished && result.exitCode == 2, qPrintable(result.describe()));
    QVERIFY2(result.err.contains(message), qPrintable(result.describe()));
    QVERIFY(QDir(runs).entryList({QStringLiteral("precision-suggestion-*")}, QDir::Dirs).isEmpty());
}

void PrecisionSuggestCliTest::helpListsOnlyWhatItTakes()
{
    const CliResult result = runCli({QStringLiteral("precision"), QStringLiteral("suggest"), QStringLiteral("--help")},
                                    scratch.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(result.describe()));
    // The option rows (indented, the option first); the introduction may name other commands' options.
    const auto listed = [&result](const char* option) {
        return result.out.contains(
            QRegularExpression(QStringLiteral("^  %1[ \\n]").arg(QRegularExpression::escape(QLatin1String(option))),
                               QRegularExpression::MultilineOption));
    };
    for (const char* taken : {"--steps", "--max-flushed", "--min-gain", "--output", "--image-size", "--data"})
        QVERIFY2(listed(taken), taken);
    for (const char* refused : {"--precision", "--precision-policy", "--amp-dtype", "--nproc-per-node", "--json",
                                "--epochs", "--max-steps", "--grad-stats-every", "--validation-limit"})
        QVERIFY2(!listed(refused), refused);
}

QTEST_GUILESS_MAIN(PrecisionSuggestCliTest)
#include "PrecisionSuggestCliTest.moc"
