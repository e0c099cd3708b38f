// Files written by the builds on Debian's libtorch 1.13 (tests/data/libtorch-1.13, from commit 80c699a):
// their checkpoint loads value for value, their run folder reads, and the CLI resumes the run and
// classifies with its model.
#include "CliProcess.h"

#include "model/ResNet18.h"
#include "run/RunFolder.h"
#include "training/Checkpoint.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <torch/optim/sgd.h>

using namespace ampwb;

namespace {

const QString kFixtures = QStringLiteral(AMPWB_SOURCE_DIR "/tests/data/libtorch-1.13");

/// The 1.13 run folder copied into `folder`, with its checkpoint unpacked beside it; "" when it could not be.
QString unpackRun(const QTemporaryDir& folder)
{
    const QString run = folder.filePath(QStringLiteral("from-1.13"));
    QDir().mkpath(run);
    for (const QString& file : QDir(kFixtures + QStringLiteral("/run")).entryList(QDir::Files))
        if (!QFile::copy(kFixtures + QStringLiteral("/run/") + file, run + QLatin1Char('/') + file))
            return {};
    QProcess xz;
    xz.setStandardOutputFile(run + QStringLiteral("/checkpoint.pt"));
    xz.start(QStringLiteral("xz"), {QStringLiteral("-dc"), kFixtures + QStringLiteral("/checkpoint.pt.xz")});
    if (!xz.waitForFinished(60000) || xz.exitCode() != 0)
        return {};
    return run;
}

bool allEqual(const torch::Tensor& tensor, double value)
{
    return torch::all(tensor.to(torch::kDouble) == value).item<bool>();
}

} // namespace

class OlderVersionFilesTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void checkpointLoadsValueForValue();
    void runFolderReads();
    void cliResumesTheRun();
    void cliClassifiesWithItsModel();

private:
    QTemporaryDir scratch;
    QString run;
};

void OlderVersionFilesTest::initTestCase()
{
    QVERIFY(scratch.isValid());
    run = unpackRun(scratch);
    QVERIFY2(!run.isEmpty(), "could not unpack tests/data/libtorch-1.13 (is xz installed?)");
}

void OlderVersionFilesTest::checkpointLoadsValueForValue()
{
    // The rule the fixture was written by (tests/data/libtorch-1.13/README.md).
    ResNet18 model(10);
    torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.1).momentum(0.9).weight_decay(5e-4));
    GradScaler scaler(GradScalerOptions{false});
    const TrainingProgress progress = loadCheckpoint((run + QStringLiteral("/checkpoint.pt")).toStdString(), model,
                                                     optimizer, scaler);

    const auto parameters = model->named_parameters();
    QCOMPARE(parameters.size(), size_t(62));
    for (size_t i = 0; i < parameters.size(); ++i)
        QVERIFY2(allEqual(parameters[i].value(), double(i + 1) / 64.0), parameters[i].key().c_str());
    const auto buffers = model->named_buffers();
    QCOMPARE(buffers.size(), size_t(60));
    for (size_t j = 0; j < buffers.size(); ++j) {
        const torch::Tensor& buffer = buffers[j].value();
        const double expected = buffer.scalar_type() == torch::kLong ? double(j + 1) : double(j + 1) / 128.0;
        QVERIFY2(allEqual(buffer, expected), buffers[j].key().c_str());
    }
    // The momentum of each parameter, though 1.13 keyed it by a memory address of the process that wrote it.
    for (size_t i = 0; i < parameters.size(); ++i) {
        const auto found = optimizer.state().find(parameters[i].value().unsafeGetTensorImpl());
        QVERIFY2(found != optimizer.state().end(), parameters[i].key().c_str());
        const auto& state = static_cast<const torch::optim::SGDParamState&>(*found->second);
        QVERIFY2(allEqual(state.momentum_buffer(), -double(i + 1) / 256.0), parameters[i].key().c_str());
    }
    QCOMPARE(scaler.saveState().scale, 1024.0);
    QCOMPARE(scaler.saveState().growthTracker, int64_t(3));
    QCOMPARE(progress.epoch, int64_t(1));
    QCOMPARE(progress.nextBatch, int64_t(2));
    QCOMPARE(progress.globalStep, int64_t(4));
    QCOMPARE(progress.trainSeconds, 12.5);
    QCOMPARE(progress.nonFiniteLosses, int64_t(5));
    QCOMPARE(progress.skippedSteps, int64_t(6));
    QCOMPARE(progress.currentEpoch.lossSum, 7.75);
    QCOMPARE(progress.currentEpoch.correct, int64_t(11));
    QCOMPARE(progress.currentEpoch.images, int64_t(16));
    QCOMPARE(progress.currentEpoch.steps, int64_t(8));
    QCOMPARE(progress.currentEpoch.skippedSteps, int64_t(7));
    QCOMPARE(progress.currentEpoch.seconds, 9.25);
}

void OlderVersionFilesTest::runFolderReads()
{
    const TrainingConfig config = RunFolder::readConfig(run.toStdString());
    QVERIFY(config.precision == Precision::Amp);
    QVERIFY(config.ampDtype == AmpDtype::Auto); // before the field: autocast's own default type
    QVERIFY(config.enginePaths == EnginePaths::tuned());
    QCOMPARE(config.batchSize, int64_t(8));
    const auto summary = RunFolder::readSummary(run.toStdString());
    QVERIFY(summary);
    QVERIFY(summary->state == RunState::Finished);
    QCOMPARE(summary->steps, int64_t(4));
    QVERIFY(summary->ampDtype == AmpDtype::Auto);
    QVERIFY(!summary->memoryIsCuda);
}

void OlderVersionFilesTest::cliResumesTheRun()
{
    // The checkpoint's markers put the run in its second epoch at batch 2 after 4 steps: two more steps.
    const CliResult resumed = runCli({QStringLiteral("train"), QStringLiteral("--resume"), run,
                                      QStringLiteral("--epochs"), QStringLiteral("2"), QStringLiteral("--max-steps"),
                                      QStringLiteral("6"), QStringLiteral("--json"), QStringLiteral("--no-validation")},
                                     scratch.path());
    QVERIFY2(resumed.finished && resumed.exitCode == 0, qPrintable(resumed.describe()));
    const QList<QJsonObject> events = jsonLines(resumed.out);
    QCOMPARE(events.front().value(QLatin1String("first_step")).toInt(), 5);
    QCOMPARE(events.back().value(QLatin1String("state")).toString(), QStringLiteral("finished"));
    QCOMPARE(events.back().value(QLatin1String("steps")).toInt(), 6);
}

void OlderVersionFilesTest::cliClassifiesWithItsModel()
{
    const QString photo = QStringLiteral("/usr/share/doc/opencv-doc/examples/data/baboon.jpg");
    if (!QFile::exists(photo))
        QSKIP("needs Debian's opencv-doc photos");
    const CliResult result = runCli(
        {QStringLiteral("classify"), QStringLiteral("--model"), run, QStringLiteral("--json"), photo}, scratch.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(result.describe()));
    const QJsonObject classified = QJsonDocument::fromJson(result.out.toUtf8()).object();
    QCOMPARE(classified.value(QLatin1String("classes")).toInt(), 10);
    QCOMPARE(classified.value(QLatin1String("failed")).toInt(), 0);
    QCOMPARE(classified.value(QLatin1String("images")).toArray().size(), 1);
}

QTEST_GUILESS_MAIN(OlderVersionFilesTest)
#include "OlderVersionFilesTest.moc"
