// What faults leave behind, on real processes and a real small file system: a CLI run killed
// with SIGKILL while it writes a checkpoint, and a run whose disk fills up, both resume from
// the last good checkpoint to the same losses as an uninterrupted run; a damaged checkpoint
// is named and kept, and so is a run asked to resume to a step it has passed; running out of
// memory fails the run with advice. A resume whose run files do not read back (damaged, far too large,
// a pipe or a device in their place) names the file and line and changes nothing in the run; a run of
// more steps than a run folder holds is refused before its folder is made.
#include "CliProcess.h"
#include "FolderSnapshot.h"
#include "SmallDisk.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <sys/stat.h>

namespace {

constexpr int kSteps = 8;

/// One optimizer step per epoch, so every step ends with a checkpoint written.
QStringList checkpointEveryStep(const QString& runDirectory, const QString& name)
{
    return {QStringLiteral("train"),     QStringLiteral("--data"),
            QStringLiteral("synthetic"), QStringLiteral("--image-size"),
            QStringLiteral("32"),        QStringLiteral("--batch-size"),
            QStringLiteral("8"),         QStringLiteral("--synthetic-size"),
            QStringLiteral("8"),         QStringLiteral("--epochs"),
            QString::number(kSteps),     QStringLiteral("--workers"),
            QStringLiteral("1"),         QStringLiteral("--validation-limit"),
            QStringLiteral("8"),         QStringLiteral("--no-augment"),
            QStringLiteral("--run-dir"), runDirectory,
            QStringLiteral("--name"),    name,
            QStringLiteral("--json")};
}

} // namespace

class RunFaultsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void killedWhileWritingACheckpointResumesFromThePreviousOne();
    void fullDiskStopsTheRunAndKeepsTheLastCheckpoint();
    void damagedCheckpointIsNamedAndKept_data();
    void damagedCheckpointIsNamedAndKept();
    void resumingToAnEarlierStepIsRefusedAndKeepsTheRun();
    void unreadableRunFileIsNamedAndTheRunKept_data();
    void unreadableRunFileIsNamedAndTheRunKept();
    void runOfTooManyStepsIsRefusedBeforeItsFolder();
    void outOfMemoryFailsTheRunWithAdvice();

private:
    /// Resumes `runFolder` to the end and checks every step's loss against the uninterrupted run.
    void resumeToTheEnd(const QString& runFolder, int checkpointedSteps);
    /// A copy of the uninterrupted run's files in runs/`name`; its path, or "" if it could not be made.
    QString copyOfTheReference(const QString& name);

    QTemporaryDir scratch;
    QMap<int, double> uninterrupted;
    qint64 checkpointBytes = 0;
};

void RunFaultsTest::initTestCase()
{
    QVERIFY(scratch.isValid());
    const CliResult reference = runCli(
        checkpointEveryStep(scratch.filePath(QStringLiteral("runs")), QStringLiteral("reference")), scratch.path());
    QVERIFY2(reference.finished && reference.exitCode == 0, qPrintable(reference.describe()));
    uninterrupted = lossesOf(scratch.filePath(QStringLiteral("runs/reference")));
    QCOMPARE(uninterrupted.size(), kSteps);
    checkpointBytes = QFileInfo(scratch.filePath(QStringLiteral("runs/reference/checkpoint.pt"))).size();
    QVERIFY(checkpointBytes > 10 * 1000 * 1000);
}

void RunFaultsTest::resumeToTheEnd(const QString& runFolder, int checkpointedSteps)
{
    const CliResult resumed = runCli(
        {QStringLiteral("train"), QStringLiteral("--resume"), runFolder, QStringLiteral("--json")}, scratch.path());
    QVERIFY2(resumed.finished && resumed.exitCode == 0, qPrintable(resumed.describe()));
    const QList<QJsonObject> events = jsonLines(resumed.out);
    QCOMPARE(events.front().value(QLatin1String("first_step")).toInt(), checkpointedSteps + 1);
    QCOMPARE(events.back().value(QLatin1String("state")).toString(), QStringLiteral("finished"));
    QString why;
    QVERIFY2(sameLosses(lossesOf(runFolder), uninterrupted, &why), qPrintable(why));
}

void RunFaultsTest::killedWhileWritingACheckpointResumesFromThePreviousOne()
{
    const QString runFolder = scratch.filePath(QStringLiteral("runs/killed"));
    const QString checkpoint = runFolder + QStringLiteral("/checkpoint.pt");
    const QString partial = checkpoint + QStringLiteral(".partial");
    QProcess process;
    process.setWorkingDirectory(scratch.path());
    process.start(cliPath(), checkpointEveryStep(scratch.filePath(QStringLiteral("runs")), QStringLiteral("killed")));
    QVERIFY(process.waitForStarted());

    // Kill it the moment a second (or later) checkpoint is being written over the first.
    bool killedMidWrite = false;
    QElapsedTimer clock;
    clock.start();
    while (process.state() != QProcess::NotRunning && clock.elapsed() < 240000) {
        if (QFileInfo::exists(checkpoint) && QFileInfo::exists(partial)) {
            process.kill();
            killedMidWrite = true;
            break;
        }
        QThread::usleep(200);
    }
    QVERIFY2(process.waitForFinished(60000), "the killed CLI did not end");
    QVERIFY2(killedMidWrite, "the run ended before a checkpoint write could be interrupted");
    QCOMPARE(process.exitStatus(), QProcess::CrashExit);
    QVERIFY2(QFileInfo::exists(partial), "SIGKILL came after the write finished; nothing was interrupted");

    // The checkpoint on disk is the previous complete one: the run resumes from it.
    const QMap<int, double> beforeResume = lossesOf(runFolder);
    QVERIFY(!beforeResume.isEmpty());
    const int lastLogged = beforeResume.lastKey();
    QVERIFY2(lastLogged >= 2 && lastLogged < kSteps, qPrintable(QString::number(lastLogged)));
    // Step N's checkpoint was being written when the process died, so step N-1's is on disk.
    resumeToTheEnd(runFolder, lastLogged - 1);
    QVERIFY(!QFileInfo::exists(partial));
}

void RunFaultsTest::fullDiskStopsTheRunAndKeepsTheLastCheckpoint()
{
    // Room for config, logs and one checkpoint, but not for writing a second beside it.
    const QString diskPath = scratch.filePath(QStringLiteral("small-disk"));
    const SmallDisk disk(diskPath, checkpointBytes * 3 / 2);
    if (!disk.mounted)
        QSKIP(qPrintable(QStringLiteral("mounting a small tmpfs needs root: %1").arg(disk.error)));

    const CliResult full = runCli(checkpointEveryStep(diskPath, QStringLiteral("full")), scratch.path());
    QVERIFY2(full.finished && full.status == QProcess::NormalExit && full.exitCode == 1, qPrintable(full.describe()));
    const QJsonObject finished = jsonLines(full.out).back();
    QCOMPARE(finished.value(QLatin1String("state")).toString(), QStringLiteral("failed"));
    const QString message = finished.value(QLatin1String("message")).toString();
    QVERIFY2(message.contains(QLatin1String("is full")) && message.contains(QLatin1String("resume")),
             qPrintable(message));

    const QString runFolder = diskPath + QStringLiteral("/full");
    QVERIFY(QFileInfo::exists(runFolder + QStringLiteral("/checkpoint.pt")));
    QVERIFY2(!QFileInfo::exists(runFolder + QStringLiteral("/checkpoint.pt.partial")),
             "the failed write was left behind");
    QCOMPARE(readJsonFile(runFolder + QStringLiteral("/summary.json")).value(QLatin1String("state")).toString(),
             QStringLiteral("failed"));
    // Step N failed while writing its checkpoint, so step N-1's is the last good one.
    const int checkpointedSteps = finished.value(QLatin1String("steps")).toInt() - 1;
    QVERIFY2(checkpointedSteps >= 1 && checkpointedSteps < kSteps, qPrintable(QString::number(checkpointedSteps)));

    // Moved to a disk with room, the run continues from its last good checkpoint.
    const QString moved = scratch.filePath(QStringLiteral("runs/full-moved"));
    QVERIFY(QDir().mkpath(moved));
    for (const QFileInfo& entry : QDir(runFolder).entryInfoList(QDir::Files))
        QVERIFY(QFile::copy(entry.filePath(), moved + QLatin1Char('/') + entry.fileName()));
    resumeToTheEnd(moved, checkpointedSteps);
}

void RunFaultsTest::damagedCheckpointIsNamedAndKept_data()
{
    QTest::addColumn<QString>("damage");
    QTest::newRow("truncated") << "truncated";
    QTest::newRow("not a checkpoint") << "text";
}

void RunFaultsTest::damagedCheckpointIsNamedAndKept()
{
    QFETCH(QString, damage);
    const QString runFolder = copyOfTheReference(QStringLiteral("damaged-") + damage);
    QVERIFY(!runFolder.isEmpty());
    const QString checkpoint = runFolder + QStringLiteral("/checkpoint.pt");
    QFile file(checkpoint);
    QVERIFY(file.open(QIODevice::ReadWrite));
    if (damage == QLatin1String("truncated"))
        QVERIFY(file.resize(file.size() / 2));
    else
        QVERIFY(file.resize(0) && file.write("these are not weights\n") > 0);
    file.close();
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray before = file.readAll();
    file.close();

    const CliResult resumed = runCli({QStringLiteral("train"), QStringLiteral("--resume"), runFolder}, scratch.path());
    QVERIFY2(resumed.finished && resumed.status == QProcess::NormalExit && resumed.exitCode == 1,
             qPrintable(resumed.describe()));
    QVERIFY2(resumed.err.contains(checkpoint) && resumed.err.contains(QLatin1String("damaged")),
             qPrintable(resumed.err));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY2(file.readAll() == before, "the damaged checkpoint was changed");
}

QString RunFaultsTest::copyOfTheReference(const QString& name)
{
    const QString runFolder = scratch.filePath(QStringLiteral("runs/") + name);
    if (!QDir().mkpath(runFolder))
        return {};
    for (const QFileInfo& entry : QDir(scratch.filePath(QStringLiteral("runs/reference"))).entryInfoList(QDir::Files))
        if (!QFile::copy(entry.filePath(), runFolder + QLatin1Char('/') + entry.fileName()))
            return {};
    return runFolder;
}

void RunFaultsTest::resumingToAnEarlierStepIsRefusedAndKeepsTheRun()
{
    const QString runFolder = copyOfTheReference(QStringLiteral("past-the-end"));
    QVERIFY(!runFolder.isEmpty());
    QMap<QString, QByteArray> before;
    for (const QFileInfo& entry : QDir(runFolder).entryInfoList(QDir::Files)) {
        QFile file(entry.filePath());
        QVERIFY(file.open(QIODevice::ReadOnly));
        before.insert(entry.fileName(), file.readAll());
    }
    QVERIFY(before.contains(QStringLiteral("summary.json")));

    const CliResult resumed = runCli({QStringLiteral("train"), QStringLiteral("--resume"), runFolder,
                                      QStringLiteral("--max-steps"), QStringLiteral("3")},
                                     scratch.path());
    QVERIFY2(resumed.finished && resumed.status == QProcess::NormalExit && resumed.exitCode == 1,
             qPrintable(resumed.describe()));
    QVERIFY2(resumed.err.contains(QStringLiteral("already at step %1").arg(kSteps))
                 && resumed.err.contains(QLatin1String("would end at step 3")),
             qPrintable(resumed.err));
    QCOMPARE(QDir(runFolder).entryList(QDir::Files), QStringList(before.keys()));
    for (auto it = before.begin(); it != before.end(); ++it) {
        QFile file(runFolder + QLatin1Char('/') + it.key());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY2(file.readAll() == it.value(), qPrintable(it.key() + QStringLiteral(" was changed")));
    }
}

void RunFaultsTest::unreadableRunFileIsNamedAndTheRunKept_data()
{
    // Each damage is done to a copy of the finished reference run, which `--epochs 12` would continue.
    // `expected` is what the refusal says; %1 stands for the line after the file's last one.
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("damage");
    QTest::addColumn<QString>("expected");
    QTest::newRow("blank lines") << "steps.csv"
                                 << "blank lines"
                                 << "steps.csv line %1: a blank line, where a row of 18 numbers belongs.";
    QTest::newRow("NUL-padded tail") << "steps.csv"
                                     << "NUL tail"
                                     << "steps.csv line %1: binary data, not text (byte 0x00 at position 1)";
    QTest::newRow("binary content") << "steps.csv"
                                    << "binary"
                                    << "steps.csv line 1: binary data, not text (byte 0x07";
    QTest::newRow("out-of-range step")
        << "steps.csv"
        << "huge step"
        << "steps.csv line %1: step is 99999999999999999999, not a whole number from 1 to 10000000.";
    QTest::newRow("nan epoch") << "epochs.csv"
                               << "nan epoch"
                               << "epochs.csv line %1: epoch is nan, not a whole number from 1 to 10000000.";
    QTest::newRow("gradstats blank line") << "gradstats.csv"
                                          << "blank lines"
                                          << "gradstats.csv line %1: a blank line, where a row belongs.";
    // The 3 GB: within steps.csv's 3.35 GB, refused at its first line of NULs; 4 GB: by its size, unread.
    QTest::newRow("3 GB sparse") << "steps.csv"
                                 << "sparse 3"
                                 << "steps.csv line %1: binary data, not text (byte 0x00 at position 1), in a line "
                                    "longer than 335 bytes";
    QTest::newRow("4 GB sparse") << "steps.csv"
                                 << "sparse 4"
                                 << "steps.csv is 4000000000 bytes, more than such a file can be (at most 3350000335 "
                                    "bytes: a steps.csv holds at most 10000000 steps, one line of at most 335 bytes "
                                    "each); it is not read.";
    QTest::newRow("link to /dev/zero") << "steps.csv"
                                       << "dev zero"
                                       << "steps.csv is a device, not a regular file: it is not read.";
    QTest::newRow("FIFO steps.csv") << "steps.csv"
                                    << "fifo"
                                    << "steps.csv is a pipe, not a regular file: it is not read.";
    QTest::newRow("FIFO epochs.csv") << "epochs.csv"
                                     << "fifo"
                                     << "epochs.csv is a pipe, not a regular file: it is not read.";
    QTest::newRow("FIFO config.json") << "config.json"
                                      << "fifo"
                                      << "config.json is a pipe, not a regular file: it is not read.";
    QTest::newRow("FIFO checkpoint.pt") << "checkpoint.pt"
                                        << "fifo"
                                        << "checkpoint.pt is not a regular file (a pipe, a device, a folder): it is "
                                           "not read.";
}

void RunFaultsTest::unreadableRunFileIsNamedAndTheRunKept()
{
    QFETCH(QString, file);
    QFETCH(QString, damage);
    QFETCH(QString, expected);
    static const QRegularExpression notAlphanumeric(QStringLiteral("[^A-Za-z0-9]+"));
    const QString runFolder = copyOfTheReference(
        QStringLiteral("unreadable-")
        + QString::fromLatin1(QTest::currentDataTag()).replace(notAlphanumeric, QStringLiteral("-")));
    QVERIFY(!runFolder.isEmpty());
    const QString path = runFolder + QLatin1Char('/') + file;
    QFile target(path);
    QVERIFY(target.open(QIODevice::ReadOnly));
    const QByteArray content = target.readAll();
    target.close();
    const qsizetype lastLine = content.count('\n');
    expected = expected.arg(damage == QLatin1String("nan epoch") ? lastLine : lastLine + 1);

    if (damage == QLatin1String("fifo") || damage == QLatin1String("dev zero")) {
        QVERIFY(QFile::remove(path));
        if (damage == QLatin1String("fifo"))
            QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0644), 0);
        else
            QVERIFY(QFile::link(QStringLiteral("/dev/zero"), path));
    } else {
        QVERIFY(target.open(QIODevice::ReadWrite));
        if (damage == QLatin1String("blank lines")) {
            QVERIFY(target.seek(target.size()) && target.write("\n\n") == 2);
        } else if (damage == QLatin1String("NUL tail")) {
            QVERIFY(target.seek(target.size()) && target.write(QByteArray(4096, '\0')) == 4096);
        } else if (damage == QLatin1String("binary")) {
            QByteArray bytes;
            for (int at = 0; at < 4096; ++at)
                bytes += static_cast<char>((at * 131 + 7) % 256); // a '\n' only after 129 bytes
            QVERIFY(target.resize(0) && target.write(bytes) == bytes.size());
        } else if (damage == QLatin1String("huge step")) {
            const QByteArray lastRow = content.trimmed().split('\n').back();
            const QByteArray row = "99999999999999999999" + lastRow.mid(lastRow.indexOf(',')) + '\n';
            QVERIFY(target.seek(target.size()) && target.write(row) == row.size());
        } else if (damage == QLatin1String("nan epoch")) {
            QByteArray text = content;
            const int lastRow = text.lastIndexOf('\n', text.size() - 2) + 1;
            text.replace(lastRow, text.indexOf(',', lastRow) - lastRow, "nan");
            QVERIFY(target.resize(0) && target.write(text) == text.size());
        } else if (damage.startsWith(QLatin1String("sparse"))) {
            // A hole: no disk space, but gigabytes of NULs to a reader.
            QVERIFY(target.resize(qint64(damage.back().digitValue()) * 1000 * 1000 * 1000));
        }
        target.close();
    }
    const QMap<QString, QByteArray> before = snapshotOf(runFolder);
    QThread::msleep(20); // a rewrite in the same tick would keep the modification time

    // The issue's own command would stop at "already at step 8"; more epochs make the resume go on.
    const CliResult resumed = runCli({QStringLiteral("train"), QStringLiteral("--resume"), runFolder,
                                      QStringLiteral("--epochs"), QStringLiteral("12")},
                                     scratch.path(), 20000);
    QVERIFY2(resumed.finished, "the resume did not end within 20 s");
    QVERIFY2(resumed.status == QProcess::NormalExit && resumed.exitCode == 1, qPrintable(resumed.describe()));
    QVERIFY2(resumed.err.contains(runFolder + QLatin1Char('/') + expected), qPrintable(resumed.err));
    if (file.endsWith(QLatin1String(".csv")))
        QVERIFY2(resumed.err.contains(QLatin1String("Nothing in the run was changed")), qPrintable(resumed.err));
    const QString changed = differenceBetween(before, snapshotOf(runFolder));
    QVERIFY2(changed.isEmpty(), qPrintable(changed));
}

void RunFaultsTest::runOfTooManyStepsIsRefusedBeforeItsFolder()
{
    // 20 million one-step epochs: more than a run folder's steps.csv holds (10 million steps).
    const QString runs = scratch.filePath(QStringLiteral("runs"));
    QStringList arguments = checkpointEveryStep(runs, QStringLiteral("too-many-steps"));
    arguments[arguments.indexOf(QStringLiteral("--epochs")) + 1] = QStringLiteral("20000000");
    const CliResult refused = runCli(arguments, scratch.path(), 60000);
    QVERIFY2(refused.finished && refused.status == QProcess::NormalExit && refused.exitCode == 1,
             qPrintable(refused.describe()));
    QVERIFY2(refused.out.contains(
                 QLatin1String("This run would take 20000000 steps (20000000 epochs of 1, max steps 0: "
                               "no limit); a run takes at most 10000000 steps")),
             qPrintable(refused.out));
    QVERIFY(!QFileInfo::exists(runs + QStringLiteral("/too-many-steps")));
}

void RunFaultsTest::outOfMemoryFailsTheRunWithAdvice()
{
#if defined(__SANITIZE_ADDRESS__)
    QSKIP("AddressSanitizer reserves terabytes of address space for its shadow memory, so no process of "
          "an ASan build starts under `ulimit -v`; the plain build runs this case.");
#endif
    // 3 GB of address space: the libraries load, a 224 px batch of 256 does not fit.
    QProcess process;
    process.setWorkingDirectory(scratch.path());
    QStringList arguments{QStringLiteral("-c"), QStringLiteral("ulimit -v 3000000 && exec \"$0\" \"$@\""), cliPath()};
    arguments << QStringLiteral("train") << QStringLiteral("--data") << QStringLiteral("synthetic")
              << QStringLiteral("--image-size") << QStringLiteral("224") << QStringLiteral("--batch-size")
              << QStringLiteral("256") << QStringLiteral("--synthetic-size") << QStringLiteral("512")
              << QStringLiteral("--max-steps") << QStringLiteral("2") << QStringLiteral("--workers")
              << QStringLiteral("1") << QStringLiteral("--run-dir") << scratch.filePath(QStringLiteral("runs"))
              << QStringLiteral("--name") << QStringLiteral("out-of-memory") << QStringLiteral("--json");
    process.start(QStringLiteral("/bin/bash"), arguments);
    QVERIFY(process.waitForFinished(240000));
    const QString out = QString::fromUtf8(process.readAllStandardOutput());
    QVERIFY2(process.exitStatus() == QProcess::NormalExit && process.exitCode() == 1,
             qPrintable(out + QString::fromUtf8(process.readAllStandardError())));
    const QJsonObject finished = jsonLines(out).back();
    QCOMPARE(finished.value(QLatin1String("state")).toString(), QStringLiteral("failed"));
    const QString message = finished.value(QLatin1String("message")).toString();
    QVERIFY2(message.startsWith(QLatin1String("Out of memory"))
                 && message.contains(QLatin1String("smaller batch size")),
             qPrintable(message));
    QCOMPARE(readJsonFile(scratch.filePath(QStringLiteral("runs/out-of-memory/summary.json")))
                 .value(QLatin1String("state"))
                 .toString(),
             QStringLiteral("failed"));
}

QTEST_GUILESS_MAIN(RunFaultsTest)
#include "RunFaultsTest.moc"
