// amp-workbench-cli, run as a real process: help and usage errors, a short training run
// with JSON output and its run folder, interruption and resume, comparison report, version.
#include "CliProcess.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

class CliTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void helpListsTheCommands_data();
    void helpListsTheCommands();
    void noArgumentsIsAUsageError();
    void commandHelpListsTheOptions_data();
    void commandHelpListsTheOptions();
    void usageErrorsExitWithTwo_data();
    void usageErrorsExitWithTwo();
    void missingDataFolderFailsNamingIt_data();
    void missingDataFolderFailsNamingIt();
    void trainPrintsJsonEventsAndWritesARunFolder();
    void trainWithTheSettingsOfAConfigFile();
    void interruptedRunStopsCleanlyAndResumes();
    void compareWritesTheReport();
    void compareThreeWayWritesThreeRuns();
    void compareWithoutValidation();
    void compareJsonIsOneObjectPerLine_data();
    void compareJsonIsOneObjectPerLine();
    void compareTakesTheOrderAsked_data();
    void compareTakesTheOrderAsked();
    void profilePrintsFp32AgainstAmpAndWritesTheFiles();
    void trainProfilesTheStepsAsked();
    void versionNamesLibtorch();
    void fp16OnTheCpuScalesTheLoss();
    void stockLibtorchIsRecorded();
    void singleTunedPathsCanBeLeftOut();
    void trainUnderAPrecisionPolicy();

private:
    QTemporaryDir scratch;
};

void CliTest::initTestCase()
{
    QVERIFY(scratch.isValid());
    QVERIFY2(QFileInfo(cliPath()).isExecutable(), qPrintable(cliPath()));
}

void CliTest::helpListsTheCommands_data()
{
    QTest::addColumn<QString>("argument");
    QTest::newRow("--help") << QStringLiteral("--help");
    QTest::newRow("-h") << QStringLiteral("-h");
    QTest::newRow("help") << QStringLiteral("help");
}

void CliTest::helpListsTheCommands()
{
    QFETCH(QString, argument);
    const CliResult result = runCli({argument}, scratch.path());
    QVERIFY2(result.finished && result.status == QProcess::NormalExit && result.exitCode == 0,
             qPrintable(result.describe()));
    QVERIFY2(result.out.contains(
                 QRegularExpression(QStringLiteral("^\\s+train\\s"), QRegularExpression::MultilineOption)),
             qPrintable(result.out));
    QVERIFY2(result.out.contains(
                 QRegularExpression(QStringLiteral("^\\s+compare\\s"), QRegularExpression::MultilineOption)),
             qPrintable(result.out));
    QVERIFY(result.out.contains(QLatin1String("--version")));
}

void CliTest::noArgumentsIsAUsageError()
{
    const CliResult result = runCli({}, scratch.path());
    QVERIFY2(result.finished && result.exitCode == 2, qPrintable(result.describe()));
    QVERIFY2(result.err.contains(QLatin1String("Usage")), qPrintable(result.describe()));
}

void CliTest::commandHelpListsTheOptions_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<bool>("hasResume");
    QTest::newRow("train --help") << QStringLiteral("train") << true;
    QTest::newRow("compare --help") << QStringLiteral("compare") << false;
    QTest::newRow("profile --help") << QStringLiteral("profile") << false;
}

void CliTest::commandHelpListsTheOptions()
{
    QFETCH(QString, command);
    QFETCH(bool, hasResume);
    const CliResult result = runCli({command, QStringLiteral("--help")}, scratch.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(result.describe()));
    for (const char* option : {"--precision", "--data", "--batch-size", "--max-steps", "--run-dir", "--json", "--seed"})
        QVERIFY2(result.out.contains(QLatin1String(option)), option);
    QVERIFY(result.out.contains(QLatin1String("fp32|amp")));
    QCOMPARE(result.out.contains(QLatin1String("--resume")), hasResume);
}

void CliTest::usageErrorsExitWithTwo_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("unknown option") << QStringList{"train", "--bogus"} << "--bogus";
    QTest::newRow("--precision fp16") << QStringList{"train", "--precision", "fp16"} << "fp16";
    QTest::newRow("--precision=bf16") << QStringList{"compare", "--precision=bf16"} << "bf16";
    QTest::newRow("unknown command") << QStringList{"frobnicate"} << "frobnicate";
    QTest::newRow("missing value") << QStringList{"train", "--batch-size"} << "--batch-size";
    QTest::newRow("not a number") << QStringList{"train", "--batch-size", "many"} << "many";
    QTest::newRow("--lr 0.1x") << QStringList{"train", "--lr", "0.1x"} << "0.1x";
    QTest::newRow("--threads 0") << QStringList{"train", "--threads", "0"} << "--threads";
    QTest::newRow("--epochs 0") << QStringList{"train", "--epochs", "0"} << "Epochs";
    QTest::newRow("--resume with compare") << QStringList{"compare", "--resume", "somewhere"} << "--resume";
    QTest::newRow("--interleave with train") << QStringList{"train", "--interleave"} << "--interleave";
    QTest::newRow("--three-way with train")
        << QStringList{"train", "--three-way"} << "--three-way is only for `compare`";
    QTest::newRow("--one-after-the-other with profile")
        << QStringList{"profile", "--one-after-the-other"} << "--one-after-the-other is only for `compare`";
    QTest::newRow("both orders") << QStringList{"compare", "--interleave", "--one-after-the-other"}
                                 << "--interleave and --one-after-the-other exclude each other";
    QTest::newRow("--interleave with --nproc-per-node")
        << QStringList{"compare", "--interleave", "--nproc-per-node", "2"} << "--interleave runs FP32 and AMP in one";
    QTest::newRow("--config missing") << QStringList{"train", "--config", "/nonexistent/config.json"}
                                      << "--config cannot use /nonexistent/config.json: Cannot read";
    QTest::newRow("--config not JSON") << QStringList{"train", "--config", "/etc/hostname"} << "not valid JSON";
    QTest::newRow("flag with a value") << QStringList{"train", "--json=yes"} << "--json";
    QTest::newRow("--profile-steps 5") << QStringList{"train", "--profile-steps", "5"} << "A:B";
    QTest::newRow("--profile-steps 3:2") << QStringList{"compare", "--profile-steps", "3:2"} << "3:2";
    QTest::newRow("--profile-steps 0:2") << QStringList{"train", "--profile-steps", "0:2"} << "0:2";
    QTest::newRow("profile --steps 0") << QStringList{"profile", "--steps", "0"} << "--steps";
    QTest::newRow("profile --resume") << QStringList{"profile", "--resume", "somewhere"} << "--resume";
    QTest::newRow("profile --profile-steps") << QStringList{"profile", "--profile-steps", "2:3"} << "--profile-steps";
    // A run name names a folder inside --run-dir, never one elsewhere.
    for (const char* name : {"../escaped", "/tmp/absolute-run", ".", "..", "a\\b", ".hidden"})
        QTest::addRow("--name %s", name) << QStringList{"train", "--name", name} << "A run name cannot";
    QTest::newRow("compare --name ..") << QStringList{"compare", "--name", ".."} << "A run name cannot";
    QTest::newRow("--precision-policy unknown")
        << QStringList{"train", "--precision-policy", "amp-everywhere"}
        << "\"amp-everywhere\" is neither a precision policy preset (fp32, amp, amp-batchnorm-fp32";
    QTest::newRow("--precision-policy not JSON")
        << QStringList{"train", "--precision-policy", "/etc/hostname"} << "/etc/hostname is not a JSON object";
    QTest::newRow("--precision-policy with compare --three-way")
        << QStringList{"compare", "--precision-policy", "amp", "--three-way"} << "leave out --three-way";
}

void CliTest::usageErrorsExitWithTwo()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, mentions);
    const QString runs = scratch.filePath(QStringLiteral("usage-runs"));
    const CliResult result = runCli(arguments + QStringList{QStringLiteral("--run-dir"), runs}, scratch.path());
    QVERIFY2(result.finished && result.status == QProcess::NormalExit && result.exitCode == 2,
             qPrintable(result.describe()));
    QVERIFY2(result.err.contains(mentions), qPrintable(result.describe()));
    QVERIFY2(!result.err.contains(QLatin1String("terminate called")), qPrintable(result.describe()));
    // Nothing was trained or written.
    QVERIFY(!QFileInfo::exists(runs));
    QVERIFY2(!result.out.contains(QLatin1String("\"event\"")), qPrintable(result.out));
}

void CliTest::missingDataFolderFailsNamingIt_data()
{
    QTest::addColumn<bool>("json");
    QTest::newRow("text") << false;
    QTest::newRow("json") << true;
}

void CliTest::missingDataFolderFailsNamingIt()
{
    QFETCH(bool, json);
    const QString runs = scratch.filePath(QStringLiteral("missing-data-runs"));
    QStringList arguments{QStringLiteral("train"), QStringLiteral("--data"),
                          QStringLiteral("fashion-mnist:/nonexistent/fashion-data"), QStringLiteral("--run-dir"), runs};
    if (json)
        arguments << QStringLiteral("--json");
    const CliResult result = runCli(arguments, scratch.path());
    QVERIFY2(result.finished && result.status == QProcess::NormalExit && result.exitCode == 1,
             qPrintable(result.describe()));
    if (!json) {
        QVERIFY2(result.err.contains(QLatin1String("/nonexistent/fashion-data")), qPrintable(result.describe()));
        return;
    }
    const QList<QJsonObject> events = jsonLines(result.out);
    QCOMPARE(eventsOf(events), QStringList{QStringLiteral("finished")});
    QCOMPARE(events.front().value(QLatin1String("state")).toString(), QStringLiteral("failed"));
    QVERIFY2(
        events.front().value(QLatin1String("message")).toString().contains(QLatin1String("/nonexistent/fashion-data")),
        qPrintable(result.out));
}

void CliTest::trainPrintsJsonEventsAndWritesARunFolder()
{
    const QString runs = scratch.filePath(QStringLiteral("train-runs"));
    const CliResult result = runCli(QStringList{QStringLiteral("train")} + tinyRun(runs, QStringLiteral("x"))
                                        + QStringList{QStringLiteral("--json"), QStringLiteral("--threads"),
                                                      QStringLiteral("3")},
                                    scratch.path());
    QVERIFY2(result.finished && result.status == QProcess::NormalExit && result.exitCode == 0,
             qPrintable(result.describe()));

    const QList<QJsonObject> events = jsonLines(result.out);
    QCOMPARE(eventsOf(events), (QStringList{"started", "step", "step", "step", "step", "epoch", "finished"}));
    const QJsonObject started = events.front();
    QCOMPARE(started.value(QLatin1String("precision")).toString(), QStringLiteral("fp32"));
    QCOMPARE(started.value(QLatin1String("total_steps")).toInt(), 4);
    QCOMPARE(started.value(QLatin1String("image_size")).toInt(), 32);
    QCOMPARE(started.value(QLatin1String("train_images")).toInt(), 64);
    const QString runDirectory = runs + QStringLiteral("/x");
    QCOMPARE(QDir(started.value(QLatin1String("run_directory")).toString()).absolutePath(), runDirectory);
    for (int i = 1; i <= 4; ++i) {
        const QJsonObject step = events.at(i);
        QCOMPARE(step.value(QLatin1String("step")).toInt(), i);
        QVERIFY2(step.value(QLatin1String("loss")).isDouble() && step.value(QLatin1String("loss")).toDouble() > 0.0,
                 qPrintable(QString::fromUtf8(QJsonDocument(step).toJson(QJsonDocument::Compact))));
        QVERIFY(step.value(QLatin1String("images_per_s")).toDouble() > 0.0);
    }
    const QJsonObject epoch = events.at(5);
    QCOMPARE(epoch.value(QLatin1String("epoch")).toInt(), 1);
    QCOMPARE(epoch.value(QLatin1String("steps")).toInt(), 4);
    const double top1 = epoch.value(QLatin1String("val_top1")).toDouble(-1.0);
    QVERIFY(top1 >= 0.0 && top1 <= 1.0);
    const QJsonObject finished = events.back();
    QCOMPARE(finished.value(QLatin1String("state")).toString(), QStringLiteral("finished"));
    QCOMPARE(finished.value(QLatin1String("steps")).toInt(), 4);

    // The run folder, as the help text promises.
    for (const char* file : {"config.json", "steps.csv", "epochs.csv", "summary.json", "checkpoint.pt"})
        QVERIFY2(QFileInfo::exists(runDirectory + "/" + file), file);
    const QJsonObject config = readJsonFile(runDirectory + "/config.json");
    QCOMPARE(config.value(QLatin1String("batch_size")).toInt(), 16);
    QCOMPARE(config.value(QLatin1String("max_steps")).toInt(), 4);
    QCOMPARE(config.value(QLatin1String("dataset")).toString(), QStringLiteral("synthetic"));
    const QJsonObject environment = config.value(QLatin1String("environment")).toObject();
    QCOMPARE(environment.value(QLatin1String("cpu_threads")).toInt(), 3);
    QCOMPARE(environment.value(QLatin1String("cpu_threads_chosen_by")).toString(), QStringLiteral("from --threads"));
    QCOMPARE(environment.value(QLatin1String("loader_worker_threads")).toInt(),
             config.value(QLatin1String("workers")).toInt() > 0 ? 1 : 0);
    const QJsonObject summary = readJsonFile(runDirectory + "/summary.json");
    QCOMPARE(summary.value(QLatin1String("state")).toString(), QStringLiteral("finished"));
    QCOMPARE(summary.value(QLatin1String("final_top1")).toDouble(), top1);
    QCOMPARE(summary.value(QLatin1String("validated")).toBool(false), true);
    QFile steps(runDirectory + "/steps.csv");
    QVERIFY(steps.open(QIODevice::ReadOnly));
    QCOMPARE(steps.readAll().trimmed().split('\n').size(), 5); // header + 4 steps
}

void CliTest::trainWithTheSettingsOfAConfigFile()
{
    const QString runs = scratch.filePath(QStringLiteral("config-runs"));
    const QString path = scratch.filePath(QStringLiteral("settings.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QJsonDocument(QJsonObject{{"dataset", "synthetic"},
                                         {"image_size", 32},
                                         {"batch_size", 8},
                                         {"synthetic_train_size", 64},
                                         {"max_steps", 6},
                                         {"learning_rate", 0.05},
                                         {"workers", 1},
                                         {"validation_limit", 16},
                                         {"runs_directory", runs},
                                         {"name", "from-file"},
                                         {"scaler", QJsonObject{{"init_scale", 1024.0}}}})
                   .toJson());
    file.close();
    // Options before --config give way to the file's settings; options after it change them.
    const CliResult result = runCli({QStringLiteral("train"), QStringLiteral("--batch-size"), QStringLiteral("4"),
                                     QStringLiteral("--config"), path, QStringLiteral("--max-steps"),
                                     QStringLiteral("3"), QStringLiteral("--name"), QStringLiteral("changed")},
                                    scratch.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(result.describe()));
    const QJsonObject config = readJsonFile(runs + QStringLiteral("/changed/config.json"));
    QCOMPARE(config.value(QLatin1String("batch_size")).toInt(), 8);
    QCOMPARE(config.value(QLatin1String("max_steps")).toInt(), 3);
    QCOMPARE(config.value(QLatin1String("learning_rate")).toDouble(), 0.05);
    QCOMPARE(config.value(QLatin1String("validation_limit")).toInt(), 16);
    QCOMPARE(config.value(QLatin1String("scaler")).toObject().value(QLatin1String("init_scale")).toDouble(), 1024.0);
    QCOMPARE(lossesOf(runs + QStringLiteral("/changed")).size(), 3);
    QVERIFY(!QFileInfo::exists(runs + QStringLiteral("/from-file")));
}

void CliTest::interruptedRunStopsCleanlyAndResumes()
{
    const QString runs = scratch.filePath(QStringLiteral("interrupt-runs"));
    const QString runDirectory = runs + QStringLiteral("/long");
    QProcess process;
    process.setWorkingDirectory(scratch.path());
    process.start(cliPath(),
                  QStringList{QStringLiteral("train")} + tinyRun(runs, QStringLiteral("long"), 400)
                      + QStringList{QStringLiteral("--epochs"), QStringLiteral("100"), QStringLiteral("--json")});
    QVERIFY(process.waitForStarted());
    // Wait for the first step, then send SIGTERM as a service manager (or Ctrl-C) would.
    QByteArray output;
    while (!output.contains("\"event\":\"step\"") && process.state() == QProcess::Running) {
        if (process.waitForReadyRead(120000))
            output += process.readAllStandardOutput();
        else
            break;
    }
    QVERIFY2(output.contains("\"event\":\"step\""), output.constData());
    process.terminate();
    const bool ended = process.waitForFinished(120000);
    if (!ended) {
        process.kill();
        process.waitForFinished();
    }
    output += process.readAllStandardOutput();
    const QString errors = QString::fromUtf8(process.readAllStandardError());
    QVERIFY2(ended, "the CLI did not stop after SIGTERM");
    QVERIFY2(
        process.exitStatus() == QProcess::NormalExit && process.exitCode() == 130,
        qPrintable(
            QStringLiteral("exit %1 (status %2)\n%3").arg(process.exitCode()).arg(process.exitStatus()).arg(errors)));

    const QList<QJsonObject> events = jsonLines(QString::fromUtf8(output));
    QCOMPARE(eventsOf(events).back(), QStringLiteral("finished"));
    QCOMPARE(events.back().value(QLatin1String("state")).toString(), QStringLiteral("stopped"));
    const int stoppedAt = events.back().value(QLatin1String("steps")).toInt();
    QVERIFY(stoppedAt >= 1 && stoppedAt < 400);
    QCOMPARE(readJsonFile(runDirectory + "/summary.json").value(QLatin1String("state")).toString(),
             QStringLiteral("stopped"));
    QVERIFY(QFileInfo::exists(runDirectory + "/checkpoint.pt"));

    // Resume for two more steps.
    const CliResult resumed = runCli({QStringLiteral("train"), QStringLiteral("--resume"), runDirectory,
                                      QStringLiteral("--max-steps"), QString::number(stoppedAt + 2),
                                      QStringLiteral("--json")},
                                     scratch.path());
    QVERIFY2(resumed.finished && resumed.exitCode == 0, qPrintable(resumed.describe()));
    const QList<QJsonObject> resumedEvents = jsonLines(resumed.out);
    QCOMPARE(resumedEvents.front().value(QLatin1String("event")).toString(), QStringLiteral("started"));
    QCOMPARE(resumedEvents.front().value(QLatin1String("first_step")).toInt(), stoppedAt + 1);
    QStringList stepNumbers;
    for (const QJsonObject& event : resumedEvents)
        if (event.value(QLatin1String("event")).toString() == QLatin1String("step"))
            stepNumbers << QString::number(event.value(QLatin1String("step")).toInt());
    QCOMPARE(stepNumbers, (QStringList{QString::number(stoppedAt + 1), QString::number(stoppedAt + 2)}));
    QCOMPARE(resumedEvents.back().value(QLatin1String("state")).toString(), QStringLiteral("finished"));
    QCOMPARE(resumedEvents.back().value(QLatin1String("steps")).toInt(), stoppedAt + 2);
}

void CliTest::compareWritesTheReport()
{
    const QString runs = scratch.filePath(QStringLiteral("compare-runs"));
    const CliResult result = runCli(QStringList{QStringLiteral("compare")} + tinyRun(runs, QStringLiteral("cmp")),
                                    scratch.path());
    QVERIFY2(result.finished && result.status == QProcess::NormalExit && result.exitCode == 0,
             qPrintable(result.describe()));
    const QString folder = runs + QStringLiteral("/cmp");
    QFile reportFile(folder + "/report.md");
    QVERIFY2(reportFile.open(QIODevice::ReadOnly), qPrintable(result.describe()));
    const QString report = QString::fromUtf8(reportFile.readAll());
    for (const char* row : {"| Epoch time", "| Throughput", "| Peak memory", "| Final top-1", "| Skipped steps"})
        QVERIFY2(report.contains(QLatin1String(row)),
                 qPrintable(QStringLiteral("no row \"%1\" in\n%2").arg(QLatin1String(row), report)));
    // The report is also printed.
    QVERIFY2(result.out.contains(QLatin1String("| Throughput")), qPrintable(result.out));
    QVERIFY(result.out.contains(folder + "/report.md"));
    for (const char* precision : {"fp32", "amp"}) {
        const QJsonObject summary = readJsonFile(folder + "/" + precision + "/summary.json");
        QVERIFY2(!summary.isEmpty(), precision);
        QCOMPARE(summary.value(QLatin1String("state")).toString(), QStringLiteral("finished"));
        QCOMPARE(summary.value(QLatin1String("precision")).toString(), QLatin1String(precision));
        QCOMPARE(summary.value(QLatin1String("steps")).toInt(), 4);
        QCOMPARE(readJsonFile(folder + "/" + precision + "/config.json").value(QLatin1String("seed")).toInt(), 0);
    }
}

void CliTest::compareThreeWayWritesThreeRuns()
{
    const QString runs = scratch.filePath(QStringLiteral("three-way-runs"));
    const CliResult result = runCli(QStringList{QStringLiteral("compare")} + tinyRun(runs, QStringLiteral("three"), 3)
                                        + QStringList{QStringLiteral("--three-way"), QStringLiteral("--json")},
                                    scratch.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(result.describe()));
    const QString folder = runs + QStringLiteral("/three");
    for (const auto& [name, dtype] : {std::pair{"fp32", "auto"}, {"amp-bf16", "bfloat16"}, {"amp-fp16", "float16"}}) {
        const QJsonObject summary = readJsonFile(folder + "/" + name + "/summary.json");
        QVERIFY2(!summary.isEmpty(), name);
        QCOMPARE(summary.value(QLatin1String("state")).toString(), QStringLiteral("finished"));
        QCOMPARE(summary.value(QLatin1String("steps")).toInt(), 3);
        QCOMPARE(readJsonFile(folder + "/" + name + "/config.json").value(QLatin1String("amp_dtype")).toString(),
                 QLatin1String(QByteArray(name) == "fp32" ? "auto" : dtype));
    }
    // Each step event names its run's AMP type, so the two AMP runs' lines can be told apart.
    QMap<QString, int> stepsByType;
    for (const QJsonObject& event : jsonLines(result.out))
        if (event.value(QLatin1String("event")).toString() == QLatin1String("step"))
            ++stepsByType[event.value(QLatin1String("amp_dtype")).toString()];
    QCOMPARE(stepsByType.value(QStringLiteral("auto")), 3);
    QCOMPARE(stepsByType.value(QStringLiteral("bfloat16")), 3);
    QCOMPARE(stepsByType.value(QStringLiteral("float16")), 3);
    QFile reportFile(folder + "/report.md");
    QVERIFY(reportFile.open(QIODevice::ReadOnly));
    const QString report = QString::fromUtf8(reportFile.readAll());
    QVERIFY2(report.contains(
                 QLatin1String("| Metric | FP32 | AMP bf16 | AMP fp16 | AMP bf16 vs FP32 | AMP fp16 vs FP32 |")),
             qPrintable(report));
}

void CliTest::compareWithoutValidation()
{
    const QString runs = scratch.filePath(QStringLiteral("unvalidated-runs"));
    const CliResult result =
        runCli(QStringList{QStringLiteral("compare")} + tinyRun(runs, QStringLiteral("cmp"))
                   + QStringList{QStringLiteral("--no-validation"), QStringLiteral("--validation-limit"),
                                 QStringLiteral("1")}, // without --no-validation: one image, and a top-1 of 0 or 100 %
               scratch.path());
    QVERIFY2(result.finished && result.status == QProcess::NormalExit && result.exitCode == 0,
             qPrintable(result.describe()));
    QCOMPARE(result.out.count(QLatin1String("finished after 4 steps")), 2);
    QCOMPARE(result.out.count(QLatin1String("not validated")), 2);
    const QString folder = runs + QStringLiteral("/cmp");
    QFile reportFile(folder + "/report.md");
    QVERIFY2(reportFile.open(QIODevice::ReadOnly), qPrintable(result.describe()));
    const QString report = QString::fromUtf8(reportFile.readAll());
    for (const char* text : {"no validation", "| Final top-1 | – | – |  |", "| Final top-5 | – | – |  |"})
        QVERIFY2(report.contains(QString::fromUtf8(text)), qPrintable(report));
    for (const char* precision : {"fp32", "amp"}) {
        const QString run = folder + "/" + precision;
        const QJsonObject summary = readJsonFile(run + "/summary.json");
        QCOMPARE(summary.value(QLatin1String("state")).toString(), QStringLiteral("finished"));
        QCOMPARE(summary.value(QLatin1String("validated")).toBool(true), false);
        QCOMPARE(readJsonFile(run + "/config.json").value(QLatin1String("validation")).toBool(true), false);
    }
}

void CliTest::profilePrintsFp32AgainstAmpAndWritesTheFiles()
{
    const QString runs = scratch.filePath(QStringLiteral("profile-runs"));
    const CliResult result = runCli(QStringList{QStringLiteral("profile")} + tinyRun(runs, QStringLiteral("xray"))
                                        + QStringList{QStringLiteral("--steps"), QStringLiteral("2")},
                                    scratch.path());
    QVERIFY2(result.finished && result.status == QProcess::NormalExit && result.exitCode == 0,
             qPrintable(result.describe()));
    // "AMP's step is … faster/slower", or "took … FP32's" when two steps' spread covers the difference (a busy
    // machine).
    for (const char* text :
         {"FP32 against AMP", "steps 2–3", "convolution forward", "bfloat16", "casts", "AMP's step ", "trace.json"})
        QVERIFY2(result.out.contains(QString::fromUtf8(text)), qPrintable(result.describe()));
    for (const char* precision : {"fp32", "amp"}) {
        const QString run = runs + QStringLiteral("/xray/") + QLatin1String(precision);
        QCOMPARE(readJsonFile(run + QStringLiteral("/summary.json")).value(QLatin1String("steps")).toInt(), 3);
        const QJsonObject profile = readJsonFile(run + QStringLiteral("/profile/steps-2-3/profile.json"));
        QCOMPARE(profile.value(QLatin1String("precision")).toString(), QLatin1String(precision));
        QCOMPARE(profile.value(QLatin1String("first_step")).toInt(), 2);
        for (const char* file : {"trace.json", "classes.csv", "modules.csv", "operators.csv"})
            QVERIFY2(QFileInfo(run + QStringLiteral("/profile/steps-2-3/") + QLatin1String(file)).size() > 0, file);
    }
}

void CliTest::trainProfilesTheStepsAsked()
{
    const QString runs = scratch.filePath(QStringLiteral("train-profile-runs"));
    const CliResult result = runCli(QStringList{QStringLiteral("train")} + tinyRun(runs, QStringLiteral("x"))
                                        + QStringList{QStringLiteral("--profile-steps"), QStringLiteral("3:4")},
                                    scratch.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(result.describe()));
    QVERIFY2(result.out.contains(QStringLiteral("fp32 — Operator profile of steps 3–4")), qPrintable(result.out));
    QVERIFY2(result.out.contains(QStringLiteral("Heaviest modules")), qPrintable(result.out));
    QVERIFY(QFileInfo::exists(runs + QStringLiteral("/x/profile/steps-3-4/trace.json")));
    QCOMPARE(QDir(runs + QStringLiteral("/x/profile")).entryList(QDir::Dirs | QDir::NoDotAndDotDot),
             QStringList{QStringLiteral("steps-3-4")});
}

void CliTest::compareJsonIsOneObjectPerLine_data()
{
    QTest::addColumn<QString>("folderName");
    QTest::newRow("plain folder") << QStringLiteral("compare-json");
    // Legal on every Unix file system; JSON must escape both characters.
    QTest::newRow("folder with quotes and a backslash") << QStringLiteral("my \"best\" runs\\2024");
}

void CliTest::compareJsonIsOneObjectPerLine()
{
    QFETCH(QString, folderName);
    const QString runs = scratch.filePath(folderName);
    QStringList arguments = QStringList{QStringLiteral("compare")} + tinyRun(runs, QStringLiteral("cmp"), 1);
    arguments << QStringLiteral("--synthetic-size") << QStringLiteral("16") << QStringLiteral("--json")
              << QStringLiteral("--one-after-the-other");
    const CliResult result = runCli(arguments, scratch.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(result.describe()));
    const QList<QJsonObject> events = jsonLines(result.out);
    QCOMPARE(eventsOf(events),
             (QStringList{"started", "step", "epoch", "finished", "started", "step", "epoch", "finished", "report"}));
    QCOMPARE(events.at(0).value(QLatin1String("precision")).toString(), QStringLiteral("fp32"));
    QCOMPARE(events.at(4).value(QLatin1String("precision")).toString(), QStringLiteral("amp"));
    const QString reportPath = events.back().value(QLatin1String("path")).toString();
    QCOMPARE(reportPath, runs + QStringLiteral("/cmp/report.md"));
    QVERIFY(QFileInfo::exists(reportPath));
}

void CliTest::compareTakesTheOrderAsked_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QStringList>("stepPrecisions");
    QTest::addColumn<QString>("reportSays");
    const QStringList inTurns{"fp32", "amp", "fp32", "amp", "fp32", "amp"};
    QTest::newRow("default on the CPU") << QStringList{"--device", "cpu"} << inTurns << "interleaved step by step";
    QTest::newRow("--interleave") << QStringList{"--interleave"} << inTurns << "interleaved step by step";
    QTest::newRow("--one-after-the-other")
        << QStringList{"--one-after-the-other"} << QStringList{"fp32", "fp32", "fp32", "amp", "amp", "amp"}
        << "one run after the other";
}

void CliTest::compareTakesTheOrderAsked()
{
    QFETCH(QStringList, options);
    QFETCH(QStringList, stepPrecisions);
    QFETCH(QString, reportSays);
    const QString runs = scratch.filePath(QStringLiteral("compare-order-") + QTest::currentDataTag());
    QStringList arguments = QStringList{QStringLiteral("compare")} + tinyRun(runs, QStringLiteral("cmp"), 3);
    arguments << options << QStringLiteral("--json");
    const CliResult result = runCli(arguments, scratch.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(result.describe()));
    QStringList stepsTaken;
    for (const QJsonObject& event : jsonLines(result.out)) {
        if (event.value(QLatin1String("event")).toString() == QLatin1String("step"))
            stepsTaken << event.value(QLatin1String("precision")).toString();
    }
    QCOMPARE(stepsTaken, stepPrecisions);
    QFile reportFile(runs + QStringLiteral("/cmp/report.md"));
    QVERIFY(reportFile.open(QIODevice::ReadOnly));
    const QString report = QString::fromUtf8(reportFile.readAll());
    QVERIFY2(report.contains(reportSays), qPrintable(report));
}

void CliTest::versionNamesLibtorch()
{
    const CliResult result = runCli({QStringLiteral("--version")}, scratch.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(result.describe()));
    QVERIFY2(result.out.contains(
                 QRegularExpression(QStringLiteral("^libtorch \\d+\\.\\d+"), QRegularExpression::MultilineOption)),
             qPrintable(result.out));
    QVERIFY2(result.out.startsWith(QLatin1String("amp-workbench-cli ")), qPrintable(result.out));
    QCOMPARE(result.out.split(QLatin1Char('\n')).value(1), QStringLiteral("License: GPL-3.0-or-later"));
    // What the build's CUDA part is (or why there is none), then the device or "no device".
    QVERIFY2(result.out.contains(
                 QRegularExpression(QStringLiteral("^CUDA: (built with CUDA \\d+\\.\\d+|.*CUDA part.*), .+$"),
                                    QRegularExpression::MultilineOption)),
             qPrintable(result.out));
    QVERIFY2(result.out.contains(QRegularExpression(QStringLiteral("^fp16: "), QRegularExpression::MultilineOption)),
             qPrintable(result.out));
    // The thread policy: one operator thread per physical core, unless OMP_NUM_THREADS says otherwise.
    QVERIFY2(result.out.contains(
                 QRegularExpression(QStringLiteral("^CPU: .+ \\(\\d+ threads?, one per physical core\\)$"),
                                    QRegularExpression::MultilineOption)),
             qPrintable(result.out));
    qputenv("OMP_NUM_THREADS", "1");
    const CliResult oneThread = runCli({QStringLiteral("--version")}, scratch.path());
    qunsetenv("OMP_NUM_THREADS");
    QVERIFY2(oneThread.out.contains(QRegularExpression(QStringLiteral("^CPU: .+ \\(1 thread, from OMP_NUM_THREADS\\)$"),
                                                       QRegularExpression::MultilineOption)),
             qPrintable(oneThread.out));
}

void CliTest::fp16OnTheCpuScalesTheLoss()
{
    // An initial scale of 2^24 makes fp16's gradients overflow: the first steps are skipped and the scale halves.
    const QString runs = scratch.filePath(QStringLiteral("fp16-runs"));
    const CliResult result = runCli(QStringList{QStringLiteral("train")} + tinyRun(runs, QStringLiteral("fp16"), 4)
                                        + QStringList{QStringLiteral("--json"), QStringLiteral("--precision"),
                                                      QStringLiteral("amp"), QStringLiteral("--amp-dtype"),
                                                      QStringLiteral("float16"), QStringLiteral("--init-scale"),
                                                      QStringLiteral("16777216")},
                                    scratch.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(result.describe()));
    const QList<QJsonObject> events = jsonLines(result.out);
    QCOMPARE(events.front().value(QLatin1String("amp_dtype")).toString(), QStringLiteral("float16"));
    QCOMPARE(events.front().value(QLatin1String("loss_scaling")).toBool(), true);
    QList<double> scales;
    int skipped = 0;
    for (const QJsonObject& event : events) {
        if (event.value(QLatin1String("event")).toString() != QLatin1String("step"))
            continue;
        scales << event.value(QLatin1String("loss_scale")).toDouble();
        skipped += event.value(QLatin1String("skipped")).toBool() ? 1 : 0;
    }
    QCOMPARE(scales.size(), 4);
    QCOMPARE(scales.front(), 16777216.0);
    QVERIFY2(skipped >= 1 && scales.back() < scales.front(),
             qPrintable(
                 QStringLiteral("%1 skipped, scale %2 → %3").arg(skipped).arg(scales.front()).arg(scales.back())));
    const QJsonObject config = readJsonFile(runs + QStringLiteral("/fp16/config.json"));
    QCOMPARE(config.value(QLatin1String("amp_dtype")).toString(), QStringLiteral("float16"));
    QCOMPARE(config.value(QLatin1String("engine_paths")).toString(), QStringLiteral("tuned"));
    const QJsonObject summary = readJsonFile(runs + QStringLiteral("/fp16/summary.json"));
    QCOMPARE(summary.value(QLatin1String("amp_dtype")).toString(), QStringLiteral("float16"));
    QCOMPARE(summary.value(QLatin1String("skipped_steps")).toInt(), skipped);
}

void CliTest::stockLibtorchIsRecorded()
{
    const QString runs = scratch.filePath(QStringLiteral("stock-runs"));
    const CliResult result = runCli(QStringList{QStringLiteral("compare")} + tinyRun(runs, QStringLiteral("stock"), 2)
                                        + QStringList{QStringLiteral("--stock-libtorch")},
                                    scratch.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(result.describe()));
    for (const char* run : {"fp32", "amp"}) {
        const QJsonObject config = readJsonFile(runs + QStringLiteral("/stock/") + QLatin1String(run) + "/config.json");
        QCOMPARE(config.value(QLatin1String("engine_paths")).toString(), QStringLiteral("stock"));
    }
    QFile report(runs + QStringLiteral("/stock/report.md"));
    QVERIFY(report.open(QIODevice::ReadOnly));
    QVERIFY(QString::fromUtf8(report.readAll()).contains(QLatin1String("- Engine paths: stock libtorch")));
}

void CliTest::trainUnderAPrecisionPolicy()
{
    // A policy file: printed at the start, recorded in config.json, refused when it names a module ResNet-18 lacks.
    const QString runs = scratch.filePath(QStringLiteral("policy-runs"));
    const QString policy = scratch.filePath(QStringLiteral("policy.json"));
    const auto writePolicy = [&policy](const char* text) {
        QFile file(policy);
        return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(text) == qint64(qstrlen(text));
    };
    QVERIFY(writePolicy(R"({"name": "head-fp32", "otherwise": "amp", "modules": {"fc": "fp32"}})"));
    const CliResult result = runCli(QStringList{QStringLiteral("train")} + tinyRun(runs, QStringLiteral("policy"), 2)
                                        + QStringList{QStringLiteral("--precision-policy"), policy},
                                    scratch.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(result.describe()));
    QVERIFY2(result.out.contains(QLatin1String("amp (bf16) run in")), qPrintable(result.out));
    QVERIFY2(result.out.contains(QLatin1String("precision policy: head-fp32: amp, and fp32 in fc\n")),
             qPrintable(result.out));
    const QJsonObject config = readJsonFile(runs + QStringLiteral("/policy/config.json"));
    QCOMPARE(config.value(QLatin1String("precision")).toString(), QStringLiteral("amp"));
    const QJsonObject recorded = config.value(QLatin1String("precision_policy")).toObject();
    QCOMPARE(recorded.value(QLatin1String("name")).toString(), QStringLiteral("head-fp32"));
    QCOMPARE(recorded.value(QLatin1String("modules")).toObject().value(QLatin1String("fc")).toString(),
             QStringLiteral("fp32"));

    QVERIFY(writePolicy(R"({"modules": {"layer5": "fp32"}})"));
    const CliResult refused = runCli(QStringList{QStringLiteral("train")} + tinyRun(runs, QStringLiteral("layer5"), 2)
                                         + QStringList{QStringLiteral("--precision-policy"), policy},
                                     scratch.path());
    QVERIFY2(refused.finished && refused.exitCode != 0, qPrintable(refused.describe()));
    QVERIFY2(refused.err.contains(
                 QLatin1String("The precision policy names \"layer5\", which ResNet-18 does not have")),
             qPrintable(refused.describe()));
    QVERIFY2(!QDir(runs + QStringLiteral("/layer5")).exists(), "a run folder was left by a refused policy");
}

void CliTest::singleTunedPathsCanBeLeftOut()
{
    // Leaving paths out is recorded in config.json and the report, and a run trained from that file leaves
    // out the same ones.
    const QString runs = scratch.filePath(QStringLiteral("without-runs"));
    const CliResult result =
        runCli(QStringList{QStringLiteral("compare")} + tinyRun(runs, QStringLiteral("without"), 2)
                   + QStringList{QStringLiteral("--without-tuned-path"), QStringLiteral("kept-freed-memory"),
                                 QStringLiteral("--without-tuned-path"), QStringLiteral("one-pass-sgd")},
               scratch.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(result.describe()));
    const QString expected = QStringLiteral("tuned without one-pass-sgd,kept-freed-memory");
    const QString configPath = runs + QStringLiteral("/without/amp/config.json");
    QCOMPARE(readJsonFile(configPath).value(QLatin1String("engine_paths")).toString(), expected);
    QFile report(runs + QStringLiteral("/without/report.md"));
    QVERIFY(report.open(QIODevice::ReadOnly));
    QVERIFY(QString::fromUtf8(report.readAll()).contains(QStringLiteral("- Engine paths: ") + expected));

    const CliResult again = runCli(QStringList{QStringLiteral("train"), QStringLiteral("--config"), configPath,
                                               QStringLiteral("--run-dir"), runs, QStringLiteral("--name"),
                                               QStringLiteral("again")},
                                   scratch.path());
    QVERIFY2(again.finished && again.exitCode == 0, qPrintable(again.describe()));
    QCOMPARE(readJsonFile(runs + QStringLiteral("/again/config.json")).value(QLatin1String("engine_paths")).toString(),
             expected);

    const CliResult wrong = runCli({QStringLiteral("train"), QStringLiteral("--without-tuned-path"),
                                    QStringLiteral("everything")},
                                   scratch.path());
    QVERIFY2(wrong.finished && wrong.exitCode == 2 && wrong.err.contains(QLatin1String("everything")),
             qPrintable(wrong.describe()));
}

QTEST_GUILESS_MAIN(CliTest)
#include "CliTest.moc"
