// amp-workbench-cli classify, evaluate and export, run as a user would: JSON that parses, bad
// images reported while the others are classified, runs exported for torchvision,
// existing files kept, exit codes for every mistake, and a pickle bomb refused in little memory.
#include "BlackPng.h"
#include "ClassifyTestSupport.h"
#include "TorchZip.h"

#include <QDir>
#include <QFileInfo>
#include <QProcessEnvironment>
#include <QTemporaryDir>

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <chrono>
#include <vector>

extern char** environ;

using namespace ampwb::test;

namespace {

struct CliResult {
    int exitCode = -1;
    QByteArray output;
    QString errors;
};

CliResult runCli(const QStringList& arguments,
                 const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment())
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(AMPWB_CLI_PATH), arguments);
    if (!process.waitForFinished(300000)) {
        process.kill();
        process.waitForFinished();
    }
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
            QString::fromLocal8Bit(process.readAllStandardError())};
}

/// How a process ended and the most memory it held (its own ru_maxrss, by wait4).
struct Measured {
    int exitCode = -1;
    long peakKilobytes = -1;
    double seconds = 0;
};

/// Runs the CLI with `arguments`, its output thrown away, and measures its peak resident memory.
Measured runCliMeasured(const QStringList& arguments)
{
    std::vector<std::string> texts{AMPWB_CLI_PATH};
    for (const QString& argument : arguments)
        texts.push_back(argument.toStdString());
    std::vector<char*> argv;
    for (std::string& text : texts)
        argv.push_back(text.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    const auto start = std::chrono::steady_clock::now();
    pid_t pid = 0;
    Measured measured;
    if (posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ) == 0) {
        int status = 0;
        rusage usage{};
        if (wait4(pid, &status, 0, &usage) == pid) {
            measured.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
            measured.peakKilobytes = usage.ru_maxrss;
        }
    }
    posix_spawn_file_actions_destroy(&actions);
    measured.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return measured;
}

} // namespace

class ClassifyCliTest : public QObject, private ReferenceScratch {
    Q_OBJECT

    /// Trains runs/`name`: `steps` steps on 32 px synthetic images, batch 4.
    CliResult trainTinyRun(const QString& name, int steps, const QString& precision = QStringLiteral("fp32"))
    {
        return runCli({"train",
                       "--precision",
                       precision,
                       "--data",
                       "synthetic",
                       "--max-steps",
                       QString::number(steps),
                       "--image-size",
                       "32",
                       "--batch-size",
                       "4",
                       "--synthetic-size",
                       "8",
                       "--validation-limit",
                       "4",
                       "--workers",
                       "1",
                       "--run-dir",
                       path("runs"),
                       "--name",
                       name,
                       "--quiet"});
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (!findReference(3))
            return;
        QCOMPARE(runReference(QStringList{"state-dict", path("ten.pth"), "--classes", "10", "--prototypes"} + photos),
                 QString());
        QFile corrupt(path("corrupt.jpg"));
        QVERIFY(corrupt.open(QIODevice::WriteOnly));
        corrupt.write("not an image at all");
    }

    void classifyJsonParsesAndReportsBadImages()
    {
        AMPWB_REQUIRE_REFERENCE();
        const CliResult result = runCli({"classify", "--model", path("ten.pth"), "--json", "--top-k", "3", "--logits",
                                         photos[0], photos[1], path("corrupt.jpg"), photos[2]});
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.errors.contains("1 of 4 images could not be read"), qPrintable(result.errors));
        QJsonParseError parseError;
        const QJsonObject document = QJsonDocument::fromJson(result.output, &parseError).object();
        QCOMPARE(parseError.error, QJsonParseError::NoError);
        QCOMPARE(document.value("classes").toInt(), 10);
        QCOMPARE(document.value("precision").toString(), QString("fp32"));
        QCOMPARE(document.value("failed").toInt(), 1);
        const QJsonArray images = document.value("images").toArray();
        QCOMPARE(images.size(), 4);
        const QJsonObject bad = images.at(2).toObject();
        QCOMPARE(bad.value("path").toString(), path("corrupt.jpg"));
        QVERIFY(bad.value("error").toString().contains(path("corrupt.jpg")));
        const int photoRows[] = {0, 1, 3};
        for (int photo = 0; photo < 3; ++photo) {
            const QJsonObject image = images.at(photoRows[photo]).toObject();
            QCOMPARE(image.value("path").toString(), photos[photo]);
            const QJsonArray top = image.value("top").toArray();
            QCOMPARE(top.size(), 3);
            QCOMPARE(top.at(0).toObject().value("index").toInt(), photo); // the prototype head knows each photo
            QCOMPARE(top.at(0).toObject().value("label").toString(), QString("class %1").arg(photo));
            QVERIFY(top.at(0).toObject().value("probability").toDouble()
                    >= top.at(1).toObject().value("probability").toDouble());
            QCOMPARE(image.value("logits").toArray().size(), 10);
            QVERIFY(image.value("inference_ms").toDouble() > 0.0);
        }
    }

    void classifyPrintsRankedClasses()
    {
        AMPWB_REQUIRE_REFERENCE();
        const CliResult result = runCli({"classify", "--model", path("ten.pth"), "--precision", "bf16", photos[1]});
        QCOMPARE(result.exitCode, 0);
        const QString text = QString::fromUtf8(result.output);
        QVERIFY2(text.contains("Precision: bf16") && text.contains("1. ") && text.contains("class 1 (1)"),
                 qPrintable(text));
    }

    void runsAreClassifiedAndExportedForTorchvision()
    {
        AMPWB_REQUIRE_REFERENCE();
        const CliResult trained = trainTinyRun(QStringLiteral("tiny"), 1);
        QVERIFY2(trained.exitCode == 0, qPrintable(trained.errors));
        const QString run = path("runs/tiny");

        const CliResult classified = runCli({"classify", "--model", run, "--json", photos[0]});
        QVERIFY2(classified.exitCode == 0, qPrintable(classified.errors));
        const QJsonObject document = QJsonDocument::fromJson(classified.output).object();
        QCOMPARE(document.value("classes").toInt(), 10);
        QCOMPARE(document.value("input_size").toInt(), 32);

        const CliResult exported = runCli(
            {"export", "--model", run + "/checkpoint.pt", "--format", "pth", "--out", path("tiny.pth")});
        QVERIFY2(exported.exitCode == 0, qPrintable(exported.errors));
        QVERIFY(QFileInfo::exists(path("tiny.pth.json")));
        QCOMPARE(runReference({"logits", path("tiny.pth"), "--classes", "10", "--out", path("tiny.logits"), photos[0]}),
                 QString());

        const CliResult again = runCli({"export", "--model", run, "--format", "pth", "--out", path("tiny.pth")});
        QCOMPARE(again.exitCode, 1);
        QVERIFY2(again.errors.contains("already exists"), qPrintable(again.errors));
        const CliResult forced = runCli(
            {"export", "--model", run, "--format", "pth", "--out", path("tiny.pth"), "--force"});
        QCOMPARE(forced.exitCode, 0);

        // --force replaces files, never a device, pipe or folder, and writes no model card beside one.
        QCOMPARE(::mkfifo(path("pipe").toLocal8Bit().constData(), 0600), 0);
        QVERIFY(QDir().mkpath(path("folder.pth")));
        for (const QString& special : {path("pipe"), path("folder.pth")}) {
            const CliResult refused = runCli(
                {"export", "--model", run, "--format", "pth", "--out", special, "--force"});
            QCOMPARE(refused.exitCode, 1);
            QVERIFY2(refused.errors.contains("not a file: it is not replaced"), qPrintable(refused.errors));
            QVERIFY(!QFileInfo::exists(special + ".json"));
        }
        struct stat pipe {};
        QVERIFY(::stat(path("pipe").toLocal8Bit().constData(), &pipe) == 0 && S_ISFIFO(pipe.st_mode));
        QVERIFY(QFileInfo(path("folder.pth")).isDir());
    }

    void aRunIsEvaluatedOnItsOwnValidationImagesBesideWhatItMeasured()
    {
        // An AMP run validated on its first 4 images in bf16 autocast; the evaluation of its checkpoint reads the same
        // 4 (its validation limit) in fp32 and says what the run measured and in what arithmetic.
        const CliResult trained = trainTinyRun(QStringLiteral("amp-evaluated"), 2, QStringLiteral("amp"));
        QVERIFY2(trained.exitCode == 0, qPrintable(trained.errors));
        const QString run = path("runs/amp-evaluated");
        const CliResult evaluated = runCli({"evaluate", "--model", run, "--json"});
        QVERIFY2(evaluated.exitCode == 0, qPrintable(evaluated.errors));
        const QJsonObject document = QJsonDocument::fromJson(evaluated.output).object();
        QCOMPARE(document.value("images").toInt(), 4);
        const QJsonObject measured = document.value("run_measured").toObject();
        QCOMPARE(measured.value("images").toInt(), 4);
        QCOMPARE(measured.value("arithmetic").toString(), QStringLiteral("bf16 autocast"));
        QFile summary(run + QStringLiteral("/summary.json"));
        QVERIFY(summary.open(QIODevice::ReadOnly));
        QCOMPARE(measured.value("top1").toDouble(),
                 QJsonDocument::fromJson(summary.readAll()).object().value("final_top1").toDouble());

        const CliResult told = runCli({"evaluate", "--model", run});
        QVERIFY2(told.exitCode == 0, qPrintable(told.errors));
        QVERIFY2(told.output.contains("The run measured top-1 ")
                     && told.output.contains(" of 4 images) in bf16 "
                                             "autocast as it ended"),
                 told.output.constData());
        QVERIFY2(told.output.contains("here, in fp32 with batch norm folded into the convolutions"),
                 told.output.constData());

        // Another split, or other data, is not what the run measured: nothing to set beside it.
        const CliResult trainSplit = runCli({"evaluate", "--model", run, "--split", "train", "--json"});
        QVERIFY2(trainSplit.exitCode == 0, qPrintable(trainSplit.errors));
        QVERIFY(!QJsonDocument::fromJson(trainSplit.output).object().contains("run_measured"));
    }

    void runsAreEvaluated()
    {
        AMPWB_REQUIRE_PHOTOS();
        const CliResult trained = trainTinyRun(QStringLiteral("evaluated"), 1);
        QVERIFY2(trained.exitCode == 0, qPrintable(trained.errors));
        const QString run = path("runs/evaluated");

        const CliResult evaluated = runCli({"evaluate", "--model", run, "--limit", "50", "--json"});
        QVERIFY2(evaluated.exitCode == 0, qPrintable(evaluated.errors));
        const QJsonObject document = QJsonDocument::fromJson(evaluated.output).object();
        QCOMPARE(document.value("images").toInt(), 50);
        QCOMPARE(document.value("per_class").toArray().size(), 10);
        QCOMPARE(document.value("folder").toString(), run + QStringLiteral("/evaluation"));
        int support = 0;
        for (const QJsonValue& row : document.value("per_class").toArray())
            support += row.toObject().value("support").toInt();
        QCOMPARE(support, 50);
        // predictions.csv: a header and one row per image, whose top-1 hits give the reported accuracy.
        QFile predictions(run + QStringLiteral("/evaluation/predictions.csv"));
        QVERIFY(predictions.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = predictions.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 51);
        int correct = 0;
        for (const QByteArray& line : lines.mid(1)) {
            const QList<QByteArray> cells = line.split(',');
            correct += cells[2] == cells[5] ? 1 : 0; // true_class, top1_class
        }
        QCOMPARE(document.value("top1").toDouble(), correct / 50.0);
        QVERIFY(QFileInfo::exists(run + QStringLiteral("/evaluation/confusion.csv")));
        QVERIFY(QFileInfo::exists(run + QStringLiteral("/evaluation/per-class.csv")));

        // Against a second run on the same images: the agreement is a recount of the two predictions files.
        const CliResult second = trainTinyRun(QStringLiteral("second"), 2);
        QVERIFY2(second.exitCode == 0, qPrintable(second.errors));
        const CliResult compared = runCli(
            {"evaluate", "--model", run, "--against", path("runs/second"), "--limit", "50", "--json"});
        QVERIFY2(compared.exitCode == 0, qPrintable(compared.errors));
        const QJsonObject agreement = QJsonDocument::fromJson(compared.output).object().value("agreement").toObject();
        const auto topOnes = [](const QString& file) {
            QFile csv(file);
            csv.open(QIODevice::ReadOnly);
            QList<QByteArray> values;
            for (const QByteArray& line : csv.readAll().trimmed().split('\n').mid(1))
                values << line.split(',').value(5);
            return values;
        };
        const QList<QByteArray> first = topOnes(run + QStringLiteral("/evaluation/predictions.csv"));
        const QList<QByteArray> other = topOnes(path("runs/second/evaluation/predictions.csv"));
        QCOMPARE(first.size(), 50);
        QCOMPARE(other.size(), 50);
        int same = 0;
        for (int image = 0; image < 50; ++image)
            same += first[image] == other[image] ? 1 : 0;
        QCOMPARE(agreement.value("top1_agreement").toDouble(), same / 50.0);
        QFile disagreements(run + QStringLiteral("/evaluation/disagreements.csv"));
        QVERIFY(disagreements.open(QIODevice::ReadOnly));
        QCOMPARE(disagreements.readAll().trimmed().split('\n').size() - 1, 50 - same);

        // Data with other classes than the model's: refused, naming both counts, nothing written.
        QVERIFY(QDir().mkpath(path("two-classes/a")) && QDir().mkpath(path("two-classes/b")));
        for (const char* folder : {"a", "b"})
            QFile::copy(testPhotos().value(0), path(QStringLiteral("two-classes/%1/photo.jpg").arg(folder)));
        const CliResult refused = runCli(
            {"evaluate", "--model", run, "--data", path("two-classes"), "--out", path("refused")});
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.errors.contains("The model has 10 classes and the dataset has 2"), qPrintable(refused.errors));
        QVERIFY(!QFileInfo::exists(path("refused")));

        // --split all: every image of a folder of ten class folders (100 photos), not the tenth held out.
        for (int label = 0; label < 10; ++label) {
            QVERIFY(QDir().mkpath(path(QStringLiteral("ten-classes/c%1").arg(label))));
            for (int each = 0; each < 10; ++each)
                QVERIFY(QFile::copy(testPhotos().value(each % 2),
                                    path(QStringLiteral("ten-classes/c%1/%2.jpg").arg(label).arg(each))));
        }
        const CliResult everyImage = runCli({"evaluate", "--model", run, "--data", path("ten-classes"), "--split",
                                             "all", "--out", path("every"), "--json"});
        QVERIFY2(everyImage.exitCode == 0, qPrintable(everyImage.errors));
        QCOMPARE(QJsonDocument::fromJson(everyImage.output).object().value("images").toInt(), 100);
        const CliResult validationOnly = runCli(
            {"evaluate", "--model", run, "--data", path("ten-classes"), "--out", path("held-out"), "--json"});
        QVERIFY2(validationOnly.exitCode == 0, qPrintable(validationOnly.errors));
        QCOMPARE(QJsonDocument::fromJson(validationOnly.output).object().value("images").toInt(), 10);
    }

    void exportsOnnx()
    {
        AMPWB_REQUIRE_REFERENCE();
        const CliResult result = runCli(
            {"export", "--model", path("ten.pth"), "--format", "onnx", "--out", path("ten.onnx")});
#ifdef AMPWB_WITH_ONNX
        QVERIFY2(result.exitCode == 0, qPrintable(result.errors));
        QVERIFY(QFileInfo(path("ten.onnx")).size() > 40'000'000);
#else
        QCOMPARE(result.exitCode, 1);
        QVERIFY(result.errors.contains("no ONNX support"));
#endif
    }

    void torchvisionMeansTheHubCache()
    {
        AMPWB_REQUIRE_REFERENCE();
        const QString hub = path("torch-home/hub/checkpoints");
        QVERIFY(QDir().mkpath(hub));
        QVERIFY(QFile::copy(path("ten.pth"), hub + "/resnet18-f37072fd.pth"));
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert("TORCH_HOME", path("torch-home"));
        const CliResult result = runCli({"classify", "--model", "torchvision", "--json", photos[0]}, environment);
        QVERIFY2(result.exitCode == 0, qPrintable(result.errors));
        QVERIFY(QJsonDocument::fromJson(result.output)
                    .object()
                    .value("model")
                    .toString()
                    .contains("resnet18-f37072fd.pth"));
    }

    void badModelsAreNamed_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("message");
        // clang-format off
        QTest::newRow("missing file") << "absent.pth" << "There is no model file";
        QTest::newRow("an image as model") << "corrupt.jpg" << "not a state dict saved with torch.save";
        QTest::newRow("folder without checkpoint") << "." << "not a run folder with a checkpoint.pt";
        // clang-format on
    }

    void badModelsAreNamed()
    {
        AMPWB_REQUIRE_REFERENCE();
        QFETCH(QString, model);
        QFETCH(QString, message);
        const CliResult result = runCli({"classify", "--model", path(model), photos[0]});
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.errors.contains(message), qPrintable(result.errors));
    }

    void pickleBombIsRefusedInLittleMemory()
    {
        // The adversarial pass's file: a 100 kB .pth whose deflated data.pkl is \x80\x02, 100 MB of N, and STOP
        // (it took 3.4 GB and ended in std::bad_alloc when larger). A missing model is the baseline.
        const QString bomb = path("bomb.pth");
        QCOMPARE(ampwb::test::writeTorchZip(bomb, {{"data.pkl", "\x80\x02", 'N', 100 * 1000 * 1000, ".", true}}),
                 QString());
        QVERIFY(QFileInfo(bomb).size() < 200 * 1000);
        QFile image(path("black.png"));
        QVERIFY(image.open(QIODevice::WriteOnly));
        image.write(blackPng(32));
        image.close();
        const Measured baseline = runCliMeasured({"classify", "--model", path("absent.pth"), path("black.png")});
        const Measured refused = runCliMeasured({"classify", "--model", bomb, path("black.png")});
        qInfo("classify with the bomb: exit %d, %.1f s, peak %ld MB (a missing model: %ld MB)", refused.exitCode,
              refused.seconds, refused.peakKilobytes / 1000, baseline.peakKilobytes / 1000);
        QCOMPARE(baseline.exitCode, 1);
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.peakKilobytes - baseline.peakKilobytes < 200 * 1000,
                 qPrintable(
                     QString("peak %1 kB, baseline %2 kB").arg(refused.peakKilobytes).arg(baseline.peakKilobytes)));
        QVERIFY2(refused.seconds < 20, qPrintable(QString::number(refused.seconds)));
        const CliResult result = runCli({"classify", "--model", bomb, path("black.png")});
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.errors.contains("The file " + bomb
                                        + " is refused: its data.pkl would unpack to 100000003 "
                                          "bytes, more than the limit of 4194304 (4 MiB)"),
                 qPrintable(result.errors));
    }

    void usageMistakesExitWithTwo_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("no model") << QStringList{"classify", "a.jpg"} << "--model is required";
        QTest::newRow("no images") << QStringList{"classify", "--model", "m.pth"} << "at least one image";
        QTest::newRow("fp16") << QStringList{"classify", "--model", "m.pth", "--precision", "fp16", "a.jpg"}
                              << "fp32 or bf16";
        QTest::newRow("top-k 0") << QStringList{"classify", "--model", "m.pth", "--top-k", "0", "a.jpg"}
                                 << "--top-k must be at least 1";
        QTest::newRow("top-k word") << QStringList{"classify", "--model", "m.pth", "--top-k", "five", "a.jpg"}
                                    << "whole number";
        QTest::newRow("unknown option") << QStringList{"classify", "--model", "m.pth", "--colour", "a.jpg"}
                                        << "Unknown option";
        QTest::newRow("export format") << QStringList{"export", "--model", "m.pth", "--format", "tflite", "--out", "x"}
                                       << "--format must be pth or onnx";
        QTest::newRow("evaluate without model")
            << QStringList{"evaluate", "--data", "synthetic"} << "--model is required";
        QTest::newRow("evaluate a file without data")
            << QStringList{"evaluate", "--model", "m.pth"} << "--data is required when --model is not a run folder";
        QTest::newRow("evaluate split") << QStringList{"evaluate", "--model", "m.pth", "--split", "test"}
                                        << "validation, train or all";
        QTest::newRow("export without out")
            << QStringList{"export", "--model", "m.pth", "--format", "pth"} << "--model and --out are required";
    }

    void usageMistakesExitWithTwo()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const CliResult result = runCli(arguments);
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.errors.contains(message), qPrintable(result.errors));
    }

    void helpIsPrinted()
    {
        for (const char* command : {"classify", "export", "evaluate"}) {
            const CliResult result = runCli({command, "--help"});
            QCOMPARE(result.exitCode, 0);
            QVERIFY(result.output.contains("Usage: amp-workbench-cli"));
        }
    }
};

QTEST_GUILESS_MAIN(ClassifyCliTest)
#include "ClassifyCliTest.moc"
