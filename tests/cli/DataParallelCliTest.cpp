// `amp-workbench-cli train` as ranks of a data-parallel group: two ranks under the torch wheel's torchrun
// (their sharded validation against one process's evaluation of the same weights), two ranks that
// `--nproc-per-node` starts itself, an FP32-vs-AMP comparison of two ranks, a resumed group (and one resumed with
// another number of ranks), a stop asked of one rank that all ranks obey at the same step, a rank killed mid-run, a
// frozen rank, ranks started with different settings, and a rank whose partner never arrives.

#include "../engine/distributed/LocalPort.h"
#include "CliProcess.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <csignal>
#include <memory>
#include <vector>

namespace {

/// Starts `train --nproc-per-node 2` on a long tiny run named `name` in `folder` and waits until it has
/// trained two epochs (four steps), collecting rank 0's output in `output`; false if it never got there.
bool startTwoRanks(QProcess& ranks, const QString& folder, const QString& name, const QStringList& extra,
                   QByteArray& output)
{
    ranks.setWorkingDirectory(folder);
    ranks.start(cliPath(), QStringList{QStringLiteral("train"), QStringLiteral("--nproc-per-node"), QStringLiteral("2")}
                               + tinyRun(folder, name, 400)
                               + QStringList{QStringLiteral("--epochs"), QStringLiteral("200")} + extra);
    if (!ranks.waitForStarted())
        return false;
    while (!output.contains("fp32 epoch 2") && ranks.waitForReadyRead(120000))
        output += ranks.readAllStandardOutput();
    if (!output.contains("fp32 epoch 2"))
        qWarning("%s", output.constData());
    return output.contains("fp32 epoch 2");
}

/// Rank 1 of a group `ranks` started with --nproc-per-node 2: rank 0's only child (0 when it has none).
pid_t rankOneOf(const QProcess& ranks)
{
    QFile children(QStringLiteral("/proc/%1/task/%1/children").arg(ranks.processId()));
    return children.open(QIODevice::ReadOnly) ? static_cast<pid_t>(children.readAll().trimmed().toLongLong()) : 0;
}

/// `command --nproc-per-node 2 --group-timeout 60 arguments…` run to its end in `folder`.
CliResult runTwoRanks(const QString& command, const QString& folder, const QStringList& arguments)
{
    return runCli(QStringList{command, QStringLiteral("--nproc-per-node"), QStringLiteral("2"),
                              QStringLiteral("--group-timeout"), QStringLiteral("60")}
                      + arguments,
                  folder);
}

/// A data-parallel run's ranks.csv, checked: every rank of `worldSize` has exactly one row for each of
/// steps 1…`steps`, with all-reduce figures a real step can have. Empty when so, else what is wrong.
QString checkRankSteps(const QString& runFolder, int worldSize, int steps)
{
    QFile file(runFolder + QStringLiteral("/ranks.csv"));
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("no ranks.csv");
    const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
    if (lines.front() != "step,rank,step_ms,data_wait_ms,allreduce_ms,allreduce_exposed_ms,memory_bytes")
        return QStringLiteral("header ") + QString::fromUtf8(lines.front());
    QMap<QPair<int, int>, int> rows;
    for (qsizetype line = 1; line < lines.size(); ++line) {
        const QList<QByteArray> cells = lines[line].split(',');
        const int step = cells[0].toInt();
        const int rank = cells[1].toInt();
        ++rows[{step, rank}];
        const double stepMs = cells[2].toDouble();
        const double allReduceMs = cells[4].toDouble();
        const double exposedMs = cells[5].toDouble();
        // Each step averages gradients once at least (time > 0), backward's wait is part of the step, and the
        // process holds a model's worth of memory.
        if (!(stepMs > 0.0 && allReduceMs > 0.0 && exposedMs >= 0.0 && exposedMs < stepMs
              && cells[6].toLongLong() > 10'000'000))
            return QStringLiteral("row ") + QString::fromUtf8(lines[line]);
    }
    for (int step = 1; step <= steps; ++step)
        for (int rank = 0; rank < worldSize; ++rank)
            if (rows.value({step, rank}) != 1)
                return QStringLiteral("%1 rows for step %2, rank %3").arg(rows.value({step, rank})).arg(step).arg(rank);
    if (rows.size() != steps * worldSize)
        return QStringLiteral("%1 rows for %2 steps").arg(rows.size()).arg(steps);
    return {};
}

} // namespace

class DataParallelCliTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void twoRanksUnderTorchrun();
    void twoRanksStartedByTheCli();
    void resumesWithAsManyRanks();
    void comparesWithTwoRanks();
    void stoppingAComparisonStopsAllRanks();
    void stoppingOneRankStopsAll();
    void aKilledRankEndsTheRun();
    void aFrozenRankIsEndedWithinTheGroupTimeout();
    void differentSettingsAreRefused();
    void theRanksShareTheLossScale();
    void weightsStoredReducedAcrossRanks();
    void partnerNeverArrives();
};

void DataParallelCliTest::twoRanksUnderTorchrun()
{
    // The torch wheel's torchrun, beside the reference Python.
    const QString torchrun =
        QFileInfo(QStringLiteral(AMPWB_REFERENCE_PYTHON)).dir().filePath(QStringLiteral("torchrun"));
    if (!QFileInfo(torchrun).isExecutable())
        QSKIP("torchrun is not installed beside the reference Python (run installer/install-build-deps.sh)");
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    // --redirects and --tee as the docs show them (Debian's 1.13 torchrun needed them). Each rank reads half of the 64
    // images an epoch in batches of 16: two epochs are 4 steps.
    QProcess launcher;
    launcher.setWorkingDirectory(folder.path());
    launcher.start(torchrun,
                   QStringList{QStringLiteral("--redirects"), QStringLiteral("1"), QStringLiteral("--tee"),
                               QStringLiteral("1"), QStringLiteral("--no_python"), QStringLiteral("--standalone"),
                               QStringLiteral("--nproc_per_node"), QStringLiteral("2"), cliPath(),
                               QStringLiteral("train")}
                       + tinyRun(folder.path(), QStringLiteral("pair"), 4)
                       + QStringList{QStringLiteral("--epochs"), QStringLiteral("2"), QStringLiteral("--threads"),
                                     QStringLiteral("1"), QStringLiteral("--group-timeout"), QStringLiteral("60"),
                                     // a learning rate at which the weights stay tame: a loss a probability can show
                                     QStringLiteral("--lr"), QStringLiteral("0.001")});
    QVERIFY(launcher.waitForFinished(240000));
    const QString output = QString::fromLocal8Bit(launcher.readAllStandardOutput() + launcher.readAllStandardError());
    QVERIFY2(launcher.exitStatus() == QProcess::NormalExit && launcher.exitCode() == 0, qPrintable(output.right(3000)));
    QVERIFY2(output.contains(QStringLiteral("[default0]:fp32 finished after 4 steps")), qPrintable(output.right(3000)));
    QVERIFY2(output.contains(QStringLiteral("[default1]:fp32 finished after 4 steps")), qPrintable(output.right(3000)));

    // Rank 0 alone wrote a run folder, and it records the group.
    QCOMPARE(QDir(folder.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot), QStringList{QStringLiteral("pair")});
    const QJsonObject config = readJsonFile(folder.filePath(QStringLiteral("pair/config.json")));
    QCOMPARE(config.value(QStringLiteral("data_parallel")).toObject(),
             (QJsonObject{{QStringLiteral("world_size"), 2}, {QStringLiteral("backend"), QStringLiteral("gloo")}}));
    QFile steps(folder.filePath(QStringLiteral("pair/steps.csv")));
    QVERIFY(steps.open(QIODevice::ReadOnly));
    QCOMPARE(steps.readAll().trimmed().split('\n').size(), 1 + 4);

    // Both ranks report the validation of the whole group: the same top-1.
    const QRegularExpression top1(
        QStringLiteral("\\[default(\\d)\\]:fp32 finished after 4 steps: .*top-1 ([0-9.]+ %)"));
    QStringList reported{QString(), QString()};
    for (auto match = top1.globalMatch(output); match.hasNext();) {
        const QRegularExpressionMatch line = match.next();
        reported[line.captured(1).toInt()] = line.captured(2);
    }
    QVERIFY2(!reported[0].isEmpty() && reported[0] == reported[1], qPrintable(reported.join(QStringLiteral(" / "))));

    // Each rank validated half of the 32 validation images; the summed figures are those of one
    // process evaluating the final weights on all 32 (top-1, and the mean cross-entropy recounted
    // from each image's probability of its true class).
    const QJsonObject summary = readJsonFile(folder.filePath(QStringLiteral("pair/summary.json")));
    QCOMPARE(summary.value(QStringLiteral("validation_images")).toInt(), 32);
    const CliResult evaluation = runCli({QStringLiteral("evaluate"), QStringLiteral("--model"), QStringLiteral("pair"),
                                         QStringLiteral("--limit"), QStringLiteral("32"), QStringLiteral("--json")},
                                        folder.path());
    QVERIFY2(evaluation.finished && evaluation.exitCode == 0, qPrintable(evaluation.describe()));
    const QJsonObject evaluated = QJsonDocument::fromJson(evaluation.out.toUtf8()).object();
    QCOMPARE(evaluated.value(QStringLiteral("images")).toInt(), 32);
    QCOMPARE(summary.value(QStringLiteral("final_top1")).toDouble(),
             evaluated.value(QStringLiteral("top1")).toDouble());
    QFile predictions(folder.filePath(QStringLiteral("pair/evaluation/predictions.csv")));
    QVERIFY(predictions.open(QIODevice::ReadOnly));
    const QList<QByteArray> rows = predictions.readAll().trimmed().split('\n');
    QCOMPARE(rows.size(), 1 + 32);
    const int probabilityColumn = static_cast<int>(rows.front().split(',').indexOf("true_probability"));
    double lossSum = 0.0;
    for (qsizetype row = 1; row < rows.size(); ++row)
        lossSum -= std::log(rows[row].split(',').at(probabilityColumn).toDouble());
    const double validationLoss = summary.value(QStringLiteral("final_validation_loss")).toDouble();
    QVERIFY2(std::abs(lossSum / 32 - validationLoss) < 1e-4 * std::max(1.0, validationLoss),
             qPrintable(QStringLiteral("%1 against %2").arg(lossSum / 32).arg(validationLoss)));
}

void DataParallelCliTest::twoRanksStartedByTheCli()
{
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    const CliResult result = runCli(QStringList{QStringLiteral("train"), QStringLiteral("--nproc-per-node"),
                                                QStringLiteral("2")}
                                        + tinyRun(folder.path(), QStringLiteral("pair"), 4)
                                        + QStringList{QStringLiteral("--epochs"), QStringLiteral("2"),
                                                      QStringLiteral("--group-timeout"), QStringLiteral("60")},
                                    folder.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(result.describe()));
    // Both ranks finished the same 4 steps (each half of an epoch's 64 images a step of 16); rank 0 wrote the run.
    QCOMPARE(result.out.count(QStringLiteral("fp32 finished after 4 steps")), 2);
    QCOMPARE(QDir(folder.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot), QStringList{QStringLiteral("pair")});
    const QJsonObject config = readJsonFile(folder.filePath(QStringLiteral("pair/config.json")));
    QCOMPARE(config.value(QStringLiteral("data_parallel")).toObject().value(QStringLiteral("world_size")).toInt(), 2);
    // Each rank's summary line gives the group's throughput; rank 0's is twice its own, which summary.json keeps
    // beside the world size.
    const QJsonObject summary = readJsonFile(folder.filePath(QStringLiteral("pair/summary.json")));
    QCOMPARE(summary.value(QStringLiteral("world_size")).toInt(), 2);
    const double group = 2.0 * summary.value(QStringLiteral("images_per_second")).toDouble();
    QStringList lines;
    bool rank0Line = false;
    for (auto match = QRegularExpression(QStringLiteral("fp32 finished after 4 steps: (\\d+) img/s in 2 ranks"))
                          .globalMatch(result.out);
         match.hasNext();) {
        const QRegularExpressionMatch line = match.next();
        lines << line.captured(0);
        rank0Line = rank0Line || qAbs(line.captured(1).toDouble() - group) <= 1.0;
    }
    QVERIFY2(lines.size() == 2 && rank0Line, qPrintable(result.describe()));
    // Each rank's figures reached rank 0 through the store, and steps.csv has the group's throughput.
    const QString ranks = checkRankSteps(folder.filePath(QStringLiteral("pair")), 2, 4);
    QVERIFY2(ranks.isEmpty(), qPrintable(ranks));
    QFile steps(folder.filePath(QStringLiteral("pair/steps.csv")));
    QVERIFY(steps.open(QIODevice::ReadOnly));
    const QList<QByteArray> stepLines = steps.readAll().trimmed().split('\n');
    const qsizetype local = stepLines.front().split(',').indexOf("images_per_s");
    const qsizetype global = stepLines.front().split(',').indexOf("global_images_per_s");
    QVERIFY(local >= 0 && global >= 0);
    for (qsizetype line = 1; line < stepLines.size(); ++line) {
        const QList<QByteArray> cells = stepLines[line].split(',');
        QVERIFY2(qAbs(cells[global].toDouble() - 2.0 * cells[local].toDouble()) <= 1e-6 * cells[global].toDouble(),
                 stepLines[line].constData());
    }
    // Under torchrun the option has nothing to start.
    qputenv("RANK", "0");
    qputenv("WORLD_SIZE", "2");
    qputenv("MASTER_ADDR", "127.0.0.1");
    qputenv("MASTER_PORT", "29500");
    const CliResult refused = runCli(QStringList{QStringLiteral("train"), QStringLiteral("--nproc-per-node"),
                                                 QStringLiteral("2")}
                                         + tinyRun(folder.path(), QStringLiteral("refused")),
                                     folder.path());
    for (const char* name : {"RANK", "WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT"})
        qunsetenv(name);
    QVERIFY2(refused.finished && refused.exitCode == 2
                 && refused.err.contains(QStringLiteral("leave it out under torchrun")),
             qPrintable(refused.describe()));
}

void DataParallelCliTest::resumesWithAsManyRanks()
{
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    // Four epochs of 2 steps for 2 ranks, straight through and as 4 steps resumed to 8: the same losses.
    const auto trainPair = [&folder](const QStringList& arguments) {
        return runTwoRanks(QStringLiteral("train"), folder.path(), arguments);
    };
    const QStringList fourEpochs{QStringLiteral("--epochs"), QStringLiteral("4")};
    const CliResult straight = trainPair(tinyRun(folder.path(), QStringLiteral("straight"), 0) + fourEpochs);
    QVERIFY2(straight.finished && straight.exitCode == 0, qPrintable(straight.describe()));
    const QMap<int, double> uninterrupted = lossesOf(folder.filePath(QStringLiteral("straight")));
    QCOMPARE(uninterrupted.size(), 8);
    const CliResult firstHalf = trainPair(tinyRun(folder.path(), QStringLiteral("resumed"), 4) + fourEpochs);
    QVERIFY2(firstHalf.finished && firstHalf.exitCode == 0, qPrintable(firstHalf.describe()));
    const QString resumedRun = folder.filePath(QStringLiteral("resumed"));

    // One process may not resume what two trained; the run's files stay as they were.
    QFile steps(resumedRun + QStringLiteral("/steps.csv"));
    QVERIFY(steps.open(QIODevice::ReadOnly));
    const QByteArray stepsBefore = steps.readAll();
    steps.close();
    const CliResult alone = runCli({QStringLiteral("train"), QStringLiteral("--resume"), resumedRun,
                                    QStringLiteral("--max-steps"), QStringLiteral("0")},
                                   folder.path());
    QVERIFY2(alone.finished && alone.exitCode != 0
                 && alone.err.contains(QStringLiteral("was trained by 2 data-parallel ranks and this resume has one "
                                                      "process. Resume it with --nproc-per-node 2")),
             qPrintable(alone.describe()));
    QVERIFY(steps.open(QIODevice::ReadOnly));
    QCOMPARE(steps.readAll(), stepsBefore);
    steps.close();

    const CliResult secondHalf = trainPair(
        {QStringLiteral("--resume"), resumedRun, QStringLiteral("--max-steps"), QStringLiteral("0")});
    QVERIFY2(secondHalf.finished && secondHalf.exitCode == 0, qPrintable(secondHalf.describe()));
    QCOMPARE(secondHalf.out.count(QStringLiteral("fp32 finished after 8 steps")), 2);
    QString why;
    QVERIFY2(sameLosses(lossesOf(resumedRun), uninterrupted, &why), qPrintable(why));
    const QString ranks = checkRankSteps(resumedRun, 2, 8); // the resumed part continues ranks.csv
    QVERIFY2(ranks.isEmpty(), qPrintable(ranks));
}

void DataParallelCliTest::comparesWithTwoRanks()
{
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    const QStringList twoEpochs{QStringLiteral("--epochs"), QStringLiteral("2")};
    const CliResult result = runTwoRanks(QStringLiteral("compare"), folder.path(),
                                         tinyRun(folder.path(), QStringLiteral("pair"), 4) + twoEpochs);
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(result.describe()));
    // Rank 0 alone wrote the comparison: both runs, each trained by the group, and the report.
    QCOMPARE(QDir(folder.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot), QStringList{QStringLiteral("pair")});
    for (const QString& run : {QStringLiteral("pair/fp32"), QStringLiteral("pair/amp")}) {
        const QJsonObject config = readJsonFile(folder.filePath(run + QStringLiteral("/config.json")));
        QCOMPARE(config.value(QStringLiteral("data_parallel")).toObject().value(QStringLiteral("world_size")).toInt(),
                 2);
        QCOMPARE(lossesOf(folder.filePath(run)).size(), 4);
    }
    QFile report(folder.filePath(QStringLiteral("pair/report.md")));
    QVERIFY(report.open(QIODevice::ReadOnly));
    // A group cannot take turns: its default order is one run after the other, even on the CPU.
    QVERIFY(report.readAll().contains("one run after the other"));
    QVERIFY2(result.out.contains(QStringLiteral("pair/report.md")), qPrintable(result.describe()));
    QVERIFY2(result.out.contains(QRegularExpression(
                 QStringLiteral("\\| Throughput \\| \\d+ img/s in 2 ranks \\| \\d+ img/s in 2 ranks \\|"))),
             qPrintable(result.describe()));
    // The FP32 run of the comparison is the run `train` makes with the same settings.
    const CliResult alone = runTwoRanks(QStringLiteral("train"), folder.path(),
                                        tinyRun(folder.path(), QStringLiteral("fp32"), 4) + twoEpochs);
    QVERIFY2(alone.finished && alone.exitCode == 0, qPrintable(alone.describe()));
    QString why;
    QVERIFY2(sameLosses(lossesOf(folder.filePath(QStringLiteral("pair/fp32"))),
                        lossesOf(folder.filePath(QStringLiteral("fp32"))), &why),
             qPrintable(why));
}

void DataParallelCliTest::stoppingAComparisonStopsAllRanks()
{
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    QProcess ranks;
    ranks.setWorkingDirectory(folder.path());
    ranks.start(cliPath(),
                QStringList{QStringLiteral("compare"), QStringLiteral("--nproc-per-node"), QStringLiteral("2"),
                            QStringLiteral("--group-timeout"), QStringLiteral("100"), QStringLiteral("--json")}
                    + tinyRun(folder.path(), QStringLiteral("stopped"), 400)
                    + QStringList{QStringLiteral("--epochs"), QStringLiteral("200")});
    QVERIFY(ranks.waitForStarted());
    QByteArray output;
    while (output.count("\"event\":\"step\"") < 3 && ranks.waitForReadyRead(120000))
        output += ranks.readAllStandardOutput();
    QVERIFY2(output.count("\"event\":\"step\"") >= 3, output.constData());
    // Ctrl-C for rank 0 alone, during the FP32 run: every rank stops it, and none starts the AMP run (a rank
    // that did would wait for the others until the group's 100 s timeout).
    QElapsedTimer clock;
    clock.start();
    ::kill(static_cast<pid_t>(ranks.processId()), SIGINT);
    QVERIFY(ranks.waitForFinished(150000));
    output += ranks.readAllStandardOutput();
    QVERIFY2(clock.elapsed() < 60000, qPrintable(QString::number(clock.elapsed())));
    QCOMPARE(ranks.exitCode(), 130);
    QVERIFY2(QString::fromLocal8Bit(output).count(QStringLiteral("fp32 stopped after")) == 1,
             output.right(2000).constData()); // rank 1's summary line; rank 0 speaks JSON
    QVERIFY(QFileInfo::exists(folder.filePath(QStringLiteral("stopped/fp32/checkpoint.pt"))));
    QVERIFY(!QFileInfo::exists(folder.filePath(QStringLiteral("stopped/amp"))));
    QVERIFY(QFileInfo::exists(folder.filePath(QStringLiteral("stopped/report.md"))));
}

void DataParallelCliTest::stoppingOneRankStopsAll()
{
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    QProcess ranks;
    QByteArray output;
    QVERIFY(startTwoRanks(ranks, folder.path(), QStringLiteral("stopped"), {}, output));
    // Ctrl-C for rank 0 alone: rank 1 learns of it through the store.
    ::kill(static_cast<pid_t>(ranks.processId()), SIGINT);
    QVERIFY(ranks.waitForFinished(120000));
    output += ranks.readAllStandardOutput();
    const QString text = QString::fromLocal8Bit(output + ranks.readAllStandardError());
    QCOMPARE(ranks.exitCode(), 130);
    const QRegularExpression stopped(QStringLiteral("fp32 stopped after (\\d+) steps"));
    QStringList steps;
    for (auto match = stopped.globalMatch(text); match.hasNext();)
        steps << match.next().captured(1);
    QVERIFY2(steps.size() == 2 && steps[0] == steps[1], qPrintable(text.right(2000)));
    QFile rows(folder.filePath(QStringLiteral("stopped/steps.csv")));
    QVERIFY(rows.open(QIODevice::ReadOnly));
    QCOMPARE(rows.readAll().trimmed().split('\n').size(), 1 + steps[0].toInt());
}

void DataParallelCliTest::aKilledRankEndsTheRun()
{
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    QProcess ranks;
    QByteArray output;
    QVERIFY(startTwoRanks(ranks, folder.path(), QStringLiteral("lost"),
                          {QStringLiteral("--group-timeout"), QStringLiteral("30")}, output));
    const pid_t rank1 = rankOneOf(ranks);
    QVERIFY(rank1 > 0);
    QElapsedTimer clock;
    clock.start();
    ::kill(rank1, SIGKILL);
    QVERIFY(ranks.waitForFinished(120000));
    const QString errors = QString::fromLocal8Bit(ranks.readAllStandardError());
    QCOMPARE(ranks.exitCode(), 1);
    QVERIFY2(clock.elapsed() < 30000, qPrintable(QString::number(clock.elapsed())));
    QVERIFY2(errors.contains(QStringLiteral("Lost contact with the other ranks of the data-parallel group in step")),
             qPrintable(errors));
    QVERIFY2(errors.contains(QStringLiteral("rank 1 was ended by signal 9")), qPrintable(errors));
    // The last checkpoint loads, and the run goes on from it with two ranks again.
    const CliResult evaluation = runCli({QStringLiteral("evaluate"), QStringLiteral("--model"), QStringLiteral("lost"),
                                         QStringLiteral("--limit"), QStringLiteral("8")},
                                        folder.path());
    QVERIFY2(evaluation.finished && evaluation.exitCode == 0, qPrintable(evaluation.describe()));
    const int steps = readJsonFile(folder.filePath(QStringLiteral("lost/summary.json"))).value("steps").toInt();
    const CliResult resumed = runCli({QStringLiteral("train"), QStringLiteral("--nproc-per-node"), QStringLiteral("2"),
                                      QStringLiteral("--resume"), QStringLiteral("lost"), QStringLiteral("--max-steps"),
                                      QString::number(steps + 2)},
                                     folder.path());
    QVERIFY2(resumed.finished && resumed.exitCode == 0, qPrintable(resumed.describe()));
    QVERIFY2(resumed.out.count(QStringLiteral("fp32 finished after %1 steps").arg(steps + 2)) == 2,
             qPrintable(resumed.describe()));
}

void DataParallelCliTest::aFrozenRankIsEndedWithinTheGroupTimeout()
{
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    QProcess ranks;
    QByteArray output;
    QVERIFY(startTwoRanks(ranks, folder.path(), QStringLiteral("frozen"),
                          {QStringLiteral("--group-timeout"), QStringLiteral("8")}, output));
    const pid_t rank1 = rankOneOf(ranks);
    QVERIFY(rank1 > 0);
    // A rank that stops answering but keeps its sockets open (a machine swapping, a debugger): rank 0 loses
    // contact within the timeout, waits as long again for the rank to end, then ends it.
    QElapsedTimer clock;
    clock.start();
    ::kill(rank1, SIGSTOP);
    const bool ended = ranks.waitForFinished(120000);
    ::kill(rank1, SIGKILL); // in case it was not
    QVERIFY(ended);
    const QString errors = QString::fromLocal8Bit(ranks.readAllStandardError());
    QCOMPARE(ranks.exitCode(), 1);
    QVERIFY2(clock.elapsed() < 60000, qPrintable(QString::number(clock.elapsed())));
    QVERIFY2(errors.contains(QStringLiteral("Lost contact with the other ranks of the data-parallel group in step")),
             qPrintable(errors));
    QVERIFY2(errors.contains(QStringLiteral("rank 1 was still running when its time was up and was ended by signal 9")),
             qPrintable(errors));
}

void DataParallelCliTest::differentSettingsAreRefused()
{
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    ampwb::test::LocalPort port;
    port.release();
    // Two ranks as torchrun would start them, rank 1 with another batch size.
    std::vector<std::unique_ptr<QProcess>> ranks;
    for (int rank = 0; rank < 2; ++rank) {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("RANK"), QString::number(rank));
        environment.insert(QStringLiteral("WORLD_SIZE"), QStringLiteral("2"));
        environment.insert(QStringLiteral("MASTER_ADDR"), QStringLiteral("127.0.0.1"));
        environment.insert(QStringLiteral("MASTER_PORT"), QString::number(port.port()));
        auto& process = ranks.emplace_back(std::make_unique<QProcess>());
        process->setProcessEnvironment(environment);
        process->setWorkingDirectory(folder.path());
        process->start(cliPath(), QStringList{QStringLiteral("train")}
                                      + tinyRun(folder.path(), QStringLiteral("mismatched"))
                                      + QStringList{QStringLiteral("--batch-size"), rank == 0 ? "16" : "8",
                                                    QStringLiteral("--group-timeout"), QStringLiteral("60")});
    }
    for (int rank = 0; rank < 2; ++rank) {
        QProcess& process = *ranks[static_cast<size_t>(rank)];
        QVERIFY(process.waitForFinished(120000));
        const QString errors = QString::fromLocal8Bit(process.readAllStandardError());
        QCOMPARE(process.exitCode(), 1);
        const QString expected = rank == 0 ? QStringLiteral("batch_size is 16 on rank 0 and 8 on rank 1")
                                           : QStringLiteral("batch_size is 8 on rank 1 and 16 on rank 0");
        QVERIFY2(errors.contains(expected), qPrintable(errors));
    }
    QVERIFY(QDir(folder.path()).isEmpty()); // refused before rank 0 wrote anything
}

void DataParallelCliTest::theRanksShareTheLossScale()
{
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    // Loss scaling on the CPU, from a scale so near float's largest that some steps' gradients overflow.
    const CliResult result = runTwoRanks(QStringLiteral("train"), folder.path(),
                                         tinyRun(folder.path(), QStringLiteral("scaled"), 6)
                                             + QStringList{QStringLiteral("--precision"), QStringLiteral("amp"),
                                                           QStringLiteral("--loss-scaling"), QStringLiteral("on"),
                                                           QStringLiteral("--init-scale"), QStringLiteral("3e38"),
                                                           QStringLiteral("--growth-interval"), QStringLiteral("2"),
                                                           QStringLiteral("--epochs"), QStringLiteral("10")});
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(result.describe()));
    // The scaler sees the averaged gradients, so both ranks skip the same steps and end at one scale.
    const QRegularExpression scaling(QStringLiteral("loss scaling: (\\d+) steps skipped, final scale (\\S+)"));
    QStringList reports;
    for (auto match = scaling.globalMatch(result.out); match.hasNext();)
        reports << match.next().captured(0);
    QCOMPARE(reports.size(), 2);
    QCOMPARE(reports[0], reports[1]);
    QFile steps(folder.filePath(QStringLiteral("scaled/steps.csv")));
    QVERIFY(steps.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = steps.readAll().trimmed().split('\n');
    const qsizetype skipped = lines.front().split(',').indexOf("skipped");
    int skips = 0;
    for (qsizetype line = 1; line < lines.size(); ++line)
        skips += lines[line].split(',')[skipped].toInt();
    QVERIFY2(skips > 0 && skips < 6, qPrintable(reports[0]));
    QVERIFY2(reports[0].startsWith(QStringLiteral("loss scaling: %1 steps skipped").arg(skips)),
             qPrintable(reports[0]));
}

void DataParallelCliTest::weightsStoredReducedAcrossRanks()
{
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    // The stored weights' gradients are bf16: DDP's buckets average them in bf16 over Gloo, as a Python model kept in
    // bf16 would have them averaged, and each rank's masters take the average.
    const CliResult result = runTwoRanks(QStringLiteral("train"), folder.path(),
                                         tinyRun(folder.path(), QStringLiteral("stored"), 4)
                                             + QStringList{QStringLiteral("--precision-policy"),
                                                           QStringLiteral("amp-reduced-weights"),
                                                           QStringLiteral("--epochs"), QStringLiteral("2")});
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(result.describe()));
    QCOMPARE(result.out.count(QStringLiteral("values stored reduced")), 1); // rank 0 reports the start
    QCOMPARE(result.out.count(QStringLiteral("amp finished after 4 steps")), 2);
    const QMap<int, double> losses = lossesOf(folder.filePath(QStringLiteral("stored")));
    QCOMPARE(losses.size(), 4);
    for (const double loss : losses)
        QVERIFY2(std::isfinite(loss) && loss > 0.0, qPrintable(QString::number(loss)));
    const QString ranks = checkRankSteps(folder.filePath(QStringLiteral("stored")), 2, 4);
    QVERIFY2(ranks.isEmpty(), qPrintable(ranks));
}

void DataParallelCliTest::partnerNeverArrives()
{
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    qputenv("RANK", "0");
    qputenv("WORLD_SIZE", "2");
    qputenv("MASTER_ADDR", "127.0.0.1");
    ampwb::test::LocalPort port;
    port.release();
    qputenv("MASTER_PORT", QByteArray::number(port.port()));
    QElapsedTimer clock;
    clock.start();
    const CliResult result = runCli(QStringList{QStringLiteral("train")}
                                        + tinyRun(folder.path(), QStringLiteral("alone"))
                                        + QStringList{QStringLiteral("--group-timeout"), QStringLiteral("2")},
                                    folder.path());
    const qint64 milliseconds = clock.elapsed();
    for (const char* name : {"RANK", "WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT"})
        qunsetenv(name);
    QVERIFY2(result.finished && result.exitCode == 1, qPrintable(result.describe()));
    QVERIFY2(
        result.err.contains(
            QStringLiteral("Rank 0 could not connect to the other ranks at 127.0.0.1:%1 within 2 s").arg(port.port())),
        qPrintable(result.describe()));
    QVERIFY2(milliseconds < 10000, qPrintable(QString::number(milliseconds)));
    QVERIFY(QDir(folder.path()).isEmpty()); // no half-written run folder
}

QTEST_GUILESS_MAIN(DataParallelCliTest)
#include "DataParallelCliTest.moc"
