// Trainer: short real training runs on the CPU — learning, run files, AMP (bf16 autocast),
// stop and resume, pause, validation, and divergence. Runs are kept to tens of steps.
#include "data/DataSource.h"
#include "data/IdxDataset.h"
#include "model/ResNet18.h"
#include "run/GradientRanges.h"
#include "run/RunFolder.h"
#include "system/AtomicFile.h"
#include "training/Checkpoint.h"
#include "training/Evaluation.h"
#include "training/Trainer.h"
#ifdef AMPWB_WITH_OPENCV
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#endif

#include "RunRecorder.h"
#include "TestSupport.h"

#include <QDir>
#include <QDirIterator>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <torch/optim/sgd.h>
#include <torch/torch.h>

#include <array>
#include <atomic>
#include <cmath>
#include <functional>
#include <mutex>
#include <numeric>
#include <thread>

using namespace ampwb;
using ampwb::test::JobThread;
using ampwb::test::Recorder;
using ampwb::test::smallConfig;

namespace {

/// A CSV file as a header and rows of fields.
struct Csv {
    QStringList header;
    std::vector<QStringList> rows;
    int column(const char* name) const { return header.indexOf(QLatin1String(name)); }
};

Csv readCsv(const QString& path)
{
    Csv csv;
    const QList<QByteArray> lines = ampwb::test::readBytes(path).split('\n');
    for (const QByteArray& line : lines) {
        if (line.isEmpty())
            continue;
        const QStringList fields = QString::fromUtf8(line).split(QLatin1Char(','));
        if (csv.header.isEmpty())
            csv.header = fields;
        else
            csv.rows.push_back(fields);
    }
    return csv;
}

/// An engine enum in words (QCOMPARE cannot print the enums themselves).
template <typename Enum>
QString named(Enum value)
{
    return QString::fromStdString(toString(value));
}

double mean(const std::vector<double>& values, size_t from, size_t count)
{
    double sum = 0.0;
    for (size_t i = from; i < from + count; ++i)
        sum += values.at(i);
    return sum / static_cast<double>(count);
}

bool closeRelative(double a, double b, double tolerance)
{
    return std::abs(a - b) <= tolerance * std::max(std::abs(a), std::abs(b));
}

QStringList partialFiles(const QString& directory)
{
    QStringList found;
    QDirIterator it(directory, {QStringLiteral("*.partial")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        found << it.next();
    return found;
}

} // namespace

class TrainerTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void shortRunLearnsAndWritesItsRunFolder();
    void ampOnCpuTrainsInBfloat16_data();
    void ampOnCpuTrainsInBfloat16();
    void stoppedRunResumesWhereItStopped_data();
    void stoppedRunResumesWhereItStopped();
    void pauseHoldsTheRunBetweenSteps_data();
    void pauseHoldsTheRunBetweenSteps();
    void invalidConfigurationsAreRejected_data();
    void invalidConfigurationsAreRejected();
    void divergingRunFailsAndKeepsTheLastCheckpoint_data();
    void divergingRunFailsAndKeepsTheLastCheckpoint();
    void collapsingLossScaleFailsTheRun();
    void gradientClippingBoundsTheTrueUpdate_data();
    void gradientClippingBoundsTheTrueUpdate();
    void unreadableImagesAreSkippedAndListed();
    void gradientRangesAreRecordedEveryKSteps();

private:
    QTemporaryDir runs;
};

void TrainerTest::initTestCase()
{
    // One compute thread: the loader thread has the other core, and results do not depend on
    // how many cores the test machine has.
    torch::set_num_threads(1);
    QVERIFY(runs.isValid());
}

void TrainerTest::shortRunLearnsAndWritesItsRunFolder()
{
    // Real data when the package is there (Fashion-MNIST, 28 px); otherwise 32 synthetic
    // images with random labels, which the network must memorise.
    const bool fashion = QFileInfo::exists(QString::fromUtf8(kFashionMnistDirectory));
    TrainingConfig config = smallConfig(runs.path(), "learns");
    if (fashion) {
        config.dataset = "fashion-mnist";
        config.imageSize = 0; // native 28 px
        config.batchSize = 32;
        config.validationLimit = 256;
    } else {
        config.syntheticTrainSize = 32;
        config.epochs = 30;
    }
    config.maxSteps = 60;
    config.augment = false;
    config.learningRate = 0.01;
    config.momentum = 0.9;
    config.seed = 11;

    Recorder recorder;
    Trainer trainer(config);
    trainer.addObserver(&recorder);
    const RunSummary summary = trainer.run();
    QVERIFY2(summary.state == RunState::Finished, summary.message.english().c_str());
    QCOMPARE(summary.steps, int64_t(60));
    QCOMPARE(recorder.startedCount, 1);
    QCOMPARE(recorder.finishedCount, 1);
    QCOMPARE(recorder.started.imageSize, fashion ? int64_t(28) : int64_t(32));
    QCOMPARE(recorder.started.totalSteps, int64_t(60));
    QCOMPARE(recorder.steps.size(), size_t(60));
    for (size_t i = 0; i < recorder.steps.size(); ++i) {
        QCOMPARE(recorder.steps[i].step, static_cast<int64_t>(i + 1));
        QVERIFY(std::isfinite(recorder.steps[i].loss));
        QVERIFY(!recorder.steps[i].skipped);
        QCOMPARE(recorder.steps[i].lossScale, 1.0);
    }

    // It learns: the last ten losses are well below the first ten.
    const std::vector<double> losses = recorder.losses();
    const double first = mean(losses, 0, 10);
    const double last = mean(losses, 50, 10);
    QVERIFY2(last < 0.8 * first,
             qPrintable(QStringLiteral("mean loss of steps 1-10: %1, of steps 51-60: %2").arg(first).arg(last)));

    const QString folder = QString::fromStdString(summary.runDirectory);
    QCOMPARE(folder, runs.filePath(QStringLiteral("learns")));

    // config.json: everything needed to repeat the run, plus the machine.
    const TrainingConfig saved = RunFolder::readConfig(summary.runDirectory);
    QCOMPARE(saved.name, config.name);
    QCOMPARE(saved.dataset, config.dataset);
    QCOMPARE(saved.imageSize, config.imageSize);
    QCOMPARE(saved.syntheticTrainSize, config.syntheticTrainSize);
    QCOMPARE(named(saved.precision), named(config.precision));
    QCOMPARE(saved.device, config.device);
    QCOMPARE(saved.epochs, config.epochs);
    QCOMPARE(saved.maxSteps, config.maxSteps);
    QCOMPARE(saved.batchSize, config.batchSize);
    QCOMPARE(saved.learningRate, config.learningRate);
    QCOMPARE(saved.momentum, config.momentum);
    QCOMPARE(saved.weightDecay, config.weightDecay);
    QCOMPARE(named(saved.schedule), named(config.schedule));
    QCOMPARE(saved.augment, config.augment);
    QCOMPARE(named(saved.lossScaling), named(config.lossScaling));
    QCOMPARE(saved.scaler.initScale, config.scaler.initScale);
    QCOMPARE(saved.seed, config.seed);
    QCOMPARE(saved.workers, config.workers);
    QCOMPARE(saved.validationLimit, config.validationLimit);
    QCOMPARE(saved.runsDirectory, config.runsDirectory);
    const QJsonObject configJson = QJsonDocument::fromJson(ampwb::test::readBytes(folder + "/config.json")).object();
    QVERIFY(!configJson.value(QLatin1String("environment"))
                 .toObject()
                 .value(QLatin1String("libtorch_version"))
                 .toString()
                 .isEmpty());

    // steps.csv: a header and one row per step, with the losses the observers saw.
    const Csv steps = readCsv(folder + "/steps.csv");
    QCOMPARE(steps.header.value(0), QStringLiteral("step"));
    const int lossColumn = steps.column("loss");
    QVERIFY(lossColumn > 0);
    QCOMPARE(steps.rows.size(), size_t(60));
    for (size_t i = 0; i < steps.rows.size(); ++i) {
        QCOMPARE(steps.rows[i].value(0).toLongLong(), static_cast<qlonglong>(i + 1));
        QCOMPARE(steps.rows[i].size(), steps.header.size());
        QVERIFY2(closeRelative(steps.rows[i].value(lossColumn).toDouble(), losses[i], 1e-5),
                 qPrintable(QStringLiteral("step %1: %2 in steps.csv, %3 observed")
                                .arg(i + 1)
                                .arg(steps.rows[i].value(lossColumn))
                                .arg(losses[i])));
    }

    // epochs.csv: the (partial) epoch with its validation figures.
    const Csv epochs = readCsv(folder + "/epochs.csv");
    QCOMPARE(epochs.header.value(0), QStringLiteral("epoch"));
    QCOMPARE(epochs.rows.size(), recorder.epochs.size());
    QVERIFY(!epochs.rows.empty());
    const EpochMetrics& lastEpoch = recorder.epochs.back();
    QVERIFY(lastEpoch.validationTop1 >= 0.0 && lastEpoch.validationTop1 <= lastEpoch.validationTop5
            && lastEpoch.validationTop5 <= 1.0);
    QVERIFY(
        closeRelative(epochs.rows.back().value(epochs.column("val_loss")).toDouble(), lastEpoch.validationLoss, 1e-5));

    // summary.json, as written and as read back.
    const QJsonObject summaryJson = QJsonDocument::fromJson(ampwb::test::readBytes(folder + "/summary.json")).object();
    QCOMPARE(summaryJson.value(QLatin1String("state")).toString(), QStringLiteral("finished"));
    QCOMPARE(summaryJson.value(QLatin1String("steps")).toInt(), 60);
    const std::optional<RunSummary> readBack = RunFolder::readSummary(summary.runDirectory);
    QVERIFY(readBack.has_value());
    QCOMPARE(named(readBack->state), named(RunState::Finished));
    QCOMPARE(readBack->finalTop1, summary.finalTop1);

    // checkpoint.pt holds the final weights: evaluating them reproduces the final top-1.
    ResNet18 model(10);
    torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.01).momentum(0.9));
    GradScaler scaler;
    const TrainingProgress progress = loadCheckpoint(folder.toStdString() + "/checkpoint.pt", model, optimizer, scaler);
    QCOMPARE(progress.globalStep, int64_t(60));
    DataSourceOptions source;
    source.spec = config.dataset;
    source.imageSize = 32;
    source.syntheticTrainSize = config.syntheticTrainSize;
    source.syntheticValidationSize = config.syntheticValidationSize;
    source.seed = config.seed;
    const DataSplits data = openDataSource(source);
    const Evaluation evaluation = evaluate(model, *data.validation, recorder.started.imageSize, config.batchSize, 1,
                                           config.validationLimit, c10::Device(c10::DeviceType::CPU), std::nullopt,
                                           false);
    QCOMPARE(evaluation.top1, summary.finalTop1);
    QVERIFY(closeRelative(evaluation.loss, summary.finalValidationLoss, 1e-6));
    QVERIFY2(partialFiles(folder).isEmpty(), qPrintable(partialFiles(folder).join(QLatin1Char(' '))));
}

void TrainerTest::ampOnCpuTrainsInBfloat16_data()
{
    QTest::addColumn<int>("lossScaling");
    QTest::addColumn<bool>("expectScaler");
    QTest::newRow("loss scaling auto (off for CPU bf16)") << int(LossScaling::Auto) << false;
    QTest::newRow("loss scaling on") << int(LossScaling::On) << true;
}

void TrainerTest::ampOnCpuTrainsInBfloat16()
{
    QFETCH(int, lossScaling);
    QFETCH(bool, expectScaler);
    TrainingConfig fp32Config = smallConfig(runs.path(), "amp-reference-fp32");
    fp32Config.maxSteps = 1;
    Recorder fp32;
    Trainer fp32Trainer(fp32Config);
    fp32Trainer.addObserver(&fp32);
    QVERIFY(fp32Trainer.run().state == RunState::Finished);

    TrainingConfig config = smallConfig(runs.path(), "amp");
    config.precision = Precision::Amp;
    config.lossScaling = static_cast<LossScaling>(lossScaling);
    config.epochs = 2; // four steps per epoch
    config.maxSteps = 8;
    Recorder recorder;
    Trainer trainer(config);
    trainer.addObserver(&recorder);
    const RunSummary summary = trainer.run();
    QVERIFY2(summary.state == RunState::Finished, summary.message.english().c_str());
    QCOMPARE(named(summary.precision), named(Precision::Amp));
    QCOMPARE(summary.steps, int64_t(8));
    QCOMPARE(summary.nonFiniteLosses, int64_t(0));
    QCOMPARE(summary.skippedSteps, int64_t(0));
    QCOMPARE(recorder.started.lossScaling, expectScaler);
    QCOMPARE(recorder.steps.size(), size_t(8));
    for (const StepMetrics& step : recorder.steps) {
        QVERIFY2(std::isfinite(step.loss), qPrintable(QString::number(step.step)));
        QCOMPARE(step.lossScale, expectScaler ? config.scaler.initScale : 1.0);
    }
    QCOMPARE(summary.finalLossScale, expectScaler ? config.scaler.initScale : 1.0);
    // Same data and initial weights as the FP32 run: the first loss agrees to bf16 accuracy
    // but is not bit-identical, which shows the forward really ran in bf16.
    const double fp32Loss = fp32.steps.at(0).loss;
    const double ampLoss = recorder.steps.at(0).loss;
    QVERIFY2(closeRelative(ampLoss, fp32Loss, 0.05) && ampLoss != fp32Loss,
             qPrintable(
                 QStringLiteral("first loss: AMP %1, FP32 %2").arg(ampLoss, 0, 'g', 10).arg(fp32Loss, 0, 'g', 10)));
    const TrainingConfig saved = RunFolder::readConfig(summary.runDirectory);
    QCOMPARE(named(saved.precision), named(Precision::Amp));
}

void TrainerTest::stoppedRunResumesWhereItStopped_data()
{
    QTest::addColumn<int64_t>("stopAfter");
    // 64 images in batches of 16: four steps per epoch; ten steps in all.
    QTest::newRow("mid-epoch, after step 6") << int64_t(6);
    QTest::newRow("at an epoch's end, after step 4") << int64_t(4);
    QTest::newRow("after step 1") << int64_t(1);
}

void TrainerTest::stoppedRunResumesWhereItStopped()
{
    QFETCH(int64_t, stopAfter);
    const int64_t totalSteps = 10;
    const QString parent = runs.filePath(QStringLiteral("resume-%1").arg(stopAfter));
    TrainingConfig config = smallConfig(parent, "uninterrupted");
    config.epochs = 3;
    config.maxSteps = totalSteps;
    config.augment = true;
    config.learningRate = 0.02;
    config.momentum = 0.9;
    config.seed = 21;

    Recorder uninterrupted;
    Trainer runA(config);
    runA.addObserver(&uninterrupted);
    const RunSummary summaryA = runA.run();
    QVERIFY2(summaryA.state == RunState::Finished, summaryA.message.english().c_str());
    QCOMPARE(uninterrupted.steps.size(), size_t(totalSteps));

    config.name = "interrupted";
    Recorder beforeStop;
    Trainer runB(config);
    beforeStop.onStep = [&](const StepMetrics& step) {
        if (step.step == stopAfter)
            runB.requestStop();
    };
    runB.addObserver(&beforeStop);
    const RunSummary stopped = runB.run();
    QVERIFY2(stopped.state == RunState::Stopped,
             qPrintable(QString::fromStdString(toString(stopped.state) + ": " + stopped.message.english())));
    QCOMPARE(stopped.steps, stopAfter);
    QCOMPARE(beforeStop.steps.size(), size_t(stopAfter));
    const QString folderB = QString::fromStdString(stopped.runDirectory);
    QVERIFY(QFileInfo::exists(folderB + "/checkpoint.pt"));
    QCOMPARE(named(RunFolder::readSummary(stopped.runDirectory)->state), named(RunState::Stopped));

    // Resume: only epochs / max steps come from this config; the rest from B's config.json.
    TrainingConfig extension = config;
    extension.name = "ignored";
    extension.seed = 999;
    Recorder afterResume;
    Trainer resumed(extension, folderB.toStdString());
    resumed.addObserver(&afterResume);
    const RunSummary finished = resumed.run();
    QVERIFY2(finished.state == RunState::Finished, finished.message.english().c_str());
    QCOMPARE(finished.runDirectory, stopped.runDirectory);
    QCOMPARE(finished.steps, totalSteps);
    QCOMPARE(afterResume.started.firstStep, stopAfter + 1);
    QCOMPARE(afterResume.steps.size(), size_t(totalSteps - stopAfter));
    QVERIFY(!QFileInfo::exists(runs.filePath(QStringLiteral("resume-%1/ignored").arg(stopAfter))));

    // The losses the resumed run reports continue A's sequence: same weights, momentum,
    // BN statistics, data order and augmentation.
    const std::vector<double> a = uninterrupted.losses();
    for (size_t i = 0; i < afterResume.steps.size(); ++i) {
        const StepMetrics& step = afterResume.steps[i];
        QCOMPARE(step.step, stopAfter + 1 + static_cast<int64_t>(i));
        QVERIFY2(closeRelative(step.loss, a.at(static_cast<size_t>(step.step - 1)), 1e-5),
                 qPrintable(QStringLiteral("step %1: resumed loss %2, uninterrupted %3")
                                .arg(step.step)
                                .arg(step.loss, 0, 'g', 10)
                                .arg(a.at(static_cast<size_t>(step.step - 1)), 0, 'g', 10)));
    }
    for (size_t i = 0; i < beforeStop.steps.size(); ++i)
        QCOMPARE(beforeStop.steps[i].loss, a[i]);

    // B's steps.csv: steps 1..10 once each, with A's losses.
    const Csv stepsA = readCsv(QString::fromStdString(summaryA.runDirectory) + "/steps.csv");
    const Csv stepsB = readCsv(folderB + "/steps.csv");
    QCOMPARE(stepsB.rows.size(), size_t(totalSteps));
    const int loss = stepsB.column("loss");
    for (size_t i = 0; i < stepsB.rows.size(); ++i) {
        QCOMPARE(stepsB.rows[i].value(0).toLongLong(), static_cast<qlonglong>(i + 1));
        QVERIFY2(closeRelative(stepsB.rows[i].value(loss).toDouble(), stepsA.rows[i].value(loss).toDouble(), 1e-5),
                 qPrintable(QStringLiteral("steps.csv row %1: %2 vs %3")
                                .arg(i + 1)
                                .arg(stepsB.rows[i].value(loss), stepsA.rows[i].value(loss))));
    }
    // …and the same epochs, with the same training and validation figures.
    const Csv epochsA = readCsv(QString::fromStdString(summaryA.runDirectory) + "/epochs.csv");
    const Csv epochsB = readCsv(folderB + "/epochs.csv");
    QCOMPARE(epochsB.rows.size(), epochsA.rows.size());
    for (size_t i = 0; i < epochsA.rows.size(); ++i) {
        for (const char* column : {"epoch", "steps", "complete"})
            QCOMPARE(epochsB.rows[i].value(epochsB.column(column)), epochsA.rows[i].value(epochsA.column(column)));
        for (const char* column : {"train_loss", "val_loss", "val_top1"})
            QVERIFY2(closeRelative(epochsB.rows[i].value(epochsB.column(column)).toDouble(),
                                   epochsA.rows[i].value(epochsA.column(column)).toDouble(), 1e-5),
                     qPrintable(QStringLiteral("epoch %1 %2: %3 vs %4")
                                    .arg(i + 1)
                                    .arg(QLatin1String(column))
                                    .arg(epochsB.rows[i].value(epochsB.column(column)),
                                         epochsA.rows[i].value(epochsA.column(column)))));
    }
    QCOMPARE(finished.finalTop1, summaryA.finalTop1);
}

void TrainerTest::pauseHoldsTheRunBetweenSteps_data()
{
    QTest::addColumn<bool>("stopWhilePaused");
    QTest::newRow("pause, then continue") << false;
    QTest::newRow("pause, then stop") << true;
}

void TrainerTest::pauseHoldsTheRunBetweenSteps()
{
    QFETCH(bool, stopWhilePaused);
    TrainingConfig config = smallConfig(runs.path(), stopWhilePaused ? "pause-stop" : "pause");
    config.maxSteps = 8;
    config.epochs = 2;
    Recorder recorder;
    Trainer trainer(config);
    recorder.onStep = [&](const StepMetrics& step) {
        if (step.step == 3)
            trainer.setPaused(true);
    };
    trainer.addObserver(&recorder);
    JobThread worker(trainer);

    QTRY_VERIFY_WITH_TIMEOUT(recorder.stepCount.load() >= 3 || recorder.done.load(), 120000);
    QVERIFY2(!recorder.done.load(), "the run ended before pausing");
    QVERIFY(trainer.isPaused());
    // While paused no step may start: watch for 300 ms.
    for (int check = 0; check < 6; ++check) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        QCOMPARE(recorder.stepCount.load(), 3);
    }
    if (stopWhilePaused)
        trainer.requestStop();
    else
        trainer.setPaused(false);
    worker.finish();

    const RunSummary& summary = recorder.finished;
    if (stopWhilePaused) {
        QVERIFY2(summary.state == RunState::Stopped, summary.message.english().c_str());
        QCOMPARE(summary.steps, int64_t(3));
        QVERIFY(QFileInfo::exists(QString::fromStdString(summary.runDirectory) + "/checkpoint.pt"));
    } else {
        QVERIFY2(summary.state == RunState::Finished, summary.message.english().c_str());
        QCOMPARE(summary.steps, int64_t(8));
        QCOMPARE(recorder.stepCount.load(), 8);
    }
}

void TrainerTest::invalidConfigurationsAreRejected_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("epochs 0") << "epochs" << 0.0 << "Epochs";
    QTest::newRow("max steps -1") << "maxSteps" << -1.0 << "Max steps";
    QTest::newRow("batch size 0") << "batchSize" << 0.0 << "Batch size";
    QTest::newRow("learning rate -0.1") << "learningRate" << -0.1 << "learning rate";
    QTest::newRow("learning rate NaN") << "learningRate" << std::nan("") << "learning rate";
    QTest::newRow("learning rate inf") << "learningRate" << HUGE_VAL << "learning rate";
    QTest::newRow("momentum 1") << "momentum" << 1.0 << "Momentum";
    QTest::newRow("gamma 0") << "gamma" << 0.0 << "gamma";
    QTest::newRow("image size 4") << "imageSize" << 4.0 << "image size";
    QTest::newRow("workers -1") << "workers" << -1.0 << "Workers";
    QTest::newRow("growth factor 1") << "growthFactor" << 1.0 << "scale";
    QTest::newRow("synthetic size 0") << "syntheticTrainSize" << 0.0 << "Synthetic";
    QTest::newRow("no dataset") << "dataset" << 0.0 << "dataset";
    QTest::newRow("gradient statistics -1") << "gradientStatsEvery" << -1.0 << "Gradient statistics";
}

void TrainerTest::invalidConfigurationsAreRejected()
{
    QFETCH(QString, field);
    QFETCH(double, value);
    QFETCH(QString, mentions);
    const QString parent = runs.filePath(QStringLiteral("invalid"));
    TrainingConfig config = smallConfig(parent, "invalid");
    QVERIFY(validate(config).empty());
    if (field == QLatin1String("epochs"))
        config.epochs = static_cast<int64_t>(value);
    else if (field == QLatin1String("maxSteps"))
        config.maxSteps = static_cast<int64_t>(value);
    else if (field == QLatin1String("batchSize"))
        config.batchSize = static_cast<int64_t>(value);
    else if (field == QLatin1String("learningRate"))
        config.learningRate = value;
    else if (field == QLatin1String("momentum"))
        config.momentum = value;
    else if (field == QLatin1String("gamma"))
        config.gamma = value;
    else if (field == QLatin1String("imageSize"))
        config.imageSize = static_cast<int64_t>(value);
    else if (field == QLatin1String("workers"))
        config.workers = static_cast<int>(value);
    else if (field == QLatin1String("growthFactor"))
        config.scaler.growthFactor = value;
    else if (field == QLatin1String("syntheticTrainSize"))
        config.syntheticTrainSize = static_cast<int64_t>(value);
    else if (field == QLatin1String("dataset"))
        config.dataset.clear();
    else if (field == QLatin1String("gradientStatsEvery"))
        config.gradientStatsEvery = static_cast<int64_t>(value);
    else
        QFAIL("unknown field");

    const std::vector<std::string> problems = validate(config);
    QCOMPARE(problems.size(), size_t(1));
    QVERIFY2(QString::fromStdString(problems.front()).contains(mentions, Qt::CaseInsensitive),
             problems.front().c_str());

    // The trainer refuses it the same way, before creating a run folder.
    Recorder recorder;
    Trainer trainer(config);
    trainer.addObserver(&recorder);
    const RunSummary summary = trainer.run();
    QCOMPARE(named(summary.state), named(RunState::Failed));
    QCOMPARE(summary.message.english(), problems.front());
    QCOMPARE(recorder.finishedCount, 1);
    QCOMPARE(recorder.stepCount.load(), 0);
    QVERIFY(!QFileInfo::exists(parent + "/invalid"));
}

void TrainerTest::divergingRunFailsAndKeepsTheLastCheckpoint_data()
{
    QTest::addColumn<int64_t>("trainImages");
    QTest::addColumn<bool>("checkpointExpected");
    // 64 images: four steps per epoch, so a divergence in the first epoch precedes any checkpoint.
    QTest::newRow("before any checkpoint") << int64_t(64) << false;
    // 16 images: every step ends an epoch and writes a checkpoint.
    QTest::newRow("after epoch checkpoints") << int64_t(16) << true;
}

void TrainerTest::divergingRunFailsAndKeepsTheLastCheckpoint()
{
    QFETCH(int64_t, trainImages);
    QFETCH(bool, checkpointExpected);
    TrainingConfig config = smallConfig(runs.path(), checkpointExpected ? "diverges-late" : "diverges-early");
    config.syntheticTrainSize = trainImages;
    config.epochs = 8;
    config.learningRate = 1e30;
    config.augment = false;
    Recorder recorder;
    Trainer trainer(config);
    trainer.addObserver(&recorder);
    const RunSummary summary = trainer.run();

    QCOMPARE(named(summary.state), named(RunState::Failed));
    const QString message = QString::fromStdString(summary.message.english());
    QVERIFY2(message.contains(QLatin1String("NaN")) || message.contains(QLatin1String("infinite")),
             qPrintable(message));
    QVERIFY(!recorder.steps.empty());
    QVERIFY(!std::isfinite(recorder.steps.back().loss));
    QCOMPARE(summary.nonFiniteLosses, int64_t(1));
    const int64_t failedStep = recorder.steps.back().step;
    QCOMPARE(summary.steps, failedStep);
    QCOMPARE(named(RunFolder::readSummary(summary.runDirectory)->state), named(RunState::Failed));
    QCOMPARE(readCsv(QString::fromStdString(summary.runDirectory) + "/steps.csv").rows.size(), size_t(failedStep));

    const QString folder = QString::fromStdString(summary.runDirectory);
    QVERIFY2(partialFiles(folder).isEmpty(), qPrintable(partialFiles(folder).join(QLatin1Char(' '))));
    const std::string checkpoint = folder.toStdString() + "/checkpoint.pt";
    if (!checkpointExpected) {
        QVERIFY2(failedStep <= 4, qPrintable(QStringLiteral("diverged only at step %1").arg(failedStep)));
        QVERIFY(!QFileInfo::exists(QString::fromStdString(checkpoint)));
        return;
    }
    // The checkpoint of the last completed epoch (the step before the failure) still loads,
    // with finite weights.
    QVERIFY(failedStep >= 2);
    ResNet18 model(10);
    torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.1).momentum(0.9));
    GradScaler scaler;
    const TrainingProgress progress = loadCheckpoint(checkpoint, model, optimizer, scaler);
    QCOMPARE(progress.globalStep, failedStep - 1);
    QCOMPARE(progress.epoch, failedStep - 1);
    for (const auto& parameter : model->parameters())
        QVERIFY(torch::isfinite(parameter).all().item<bool>());
}

void TrainerTest::collapsingLossScaleFailsTheRun()
{
    // Dynamic loss scaling (on the CPU too when asked) with a learning rate that blows the
    // weights up after step 1: every later step overflows, is skipped and halves the scale.
    // From 2^-15 the scale falls below the 2^-16 floor within a few steps and the run fails
    // with that reason instead of skipping forever.
    TrainingConfig config = smallConfig(runs.path(), "scale-collapse");
    config.lossScaling = LossScaling::On;
    config.scaler.initScale = std::ldexp(1.0, -15);
    config.learningRate = 1e30;
    config.augment = false;
    config.epochs = 4;
    config.maxSteps = 16;
    Recorder recorder;
    Trainer trainer(config);
    trainer.addObserver(&recorder);
    const RunSummary summary = trainer.run();
    QCOMPARE(named(summary.state), named(RunState::Failed));
    QVERIFY2(QString::fromStdString(summary.message.english()).contains(QLatin1String("loss scale")),
             summary.message.english().c_str());
    QVERIFY(recorder.started.lossScaling);
    QVERIFY2(summary.finalLossScale < std::ldexp(1.0, -16), qPrintable(QString::number(summary.finalLossScale)));
    QVERIFY(summary.skippedSteps >= 2);
    QVERIFY(summary.steps < 16);
    QVERIFY(!recorder.steps.front().skipped);
    QVERIFY(recorder.steps.back().skipped);
    // Each skipped step halved the scale the next step used.
    for (size_t i = 1; i < recorder.steps.size(); ++i) {
        if (recorder.steps[i - 1].skipped)
            QCOMPARE(recorder.steps[i].lossScale, recorder.steps[i - 1].lossScale / 2.0);
    }
}

void TrainerTest::gradientClippingBoundsTheTrueUpdate_data()
{
    QTest::addColumn<bool>("lossScaling");
    QTest::newRow("no loss scaling") << false;
    QTest::newRow("loss scale 1024") << true;
}

void TrainerTest::gradientClippingBoundsTheTrueUpdate()
{
    QFETCH(bool, lossScaling);
    // One plain SGD step (no weight decay; momentum adds nothing on the first step) moves the
    // weights by lr × the clipped gradient, whose norm is the clipping norm when the raw
    // gradient is larger. With loss scaling the gradients must be unscaled before clipping,
    // or the step would be 1024 times too small.
    TrainingConfig config = smallConfig(runs.path(), lossScaling ? "clip-scaled" : "clip");
    config.maxSteps = 1;
    config.weightDecay = 0.0;
    config.learningRate = 0.5;
    config.clipGradNorm = 0.01;
    config.augment = false;
    config.lossScaling = lossScaling ? LossScaling::On : LossScaling::Off;
    config.scaler.initScale = 1024.0;
    Trainer trainer(config);
    const RunSummary summary = trainer.run();
    QVERIFY2(summary.state == RunState::Finished, summary.message.english().c_str());

    torch::manual_seed(config.seed); // the trainer's initial weights
    ResNet18 initial(10);
    ResNet18 trained(10);
    torch::optim::SGD optimizer(trained->parameters(), torch::optim::SGDOptions(0.5));
    GradScaler scaler;
    loadCheckpoint(summary.runDirectory + "/checkpoint.pt", trained, optimizer, scaler);
    double squared = 0.0;
    const auto before = initial->parameters();
    const auto after = trained->parameters();
    QCOMPARE(before.size(), after.size());
    for (size_t i = 0; i < before.size(); ++i)
        squared += (after[i] - before[i]).to(torch::kDouble).pow(2).sum().item<double>();
    const double stepNorm = std::sqrt(squared);
    QVERIFY2(closeRelative(stepNorm, config.learningRate * config.clipGradNorm, 1e-3),
             qPrintable(QStringLiteral("the weights moved by %1, expected lr × clip norm = %2")
                            .arg(stepNorm)
                            .arg(config.learningRate * config.clipGradNorm)));
}

void TrainerTest::unreadableImagesAreSkippedAndListed()
{
#ifndef AMPWB_WITH_OPENCV
    QSKIP("This engine build has no OpenCV (no ImageFolder support).");
#else
    // An image folder with two bad files: "b/notes.png" is text (left out when the folder is
    // opened) and "a/broken.png" has a PNG signature but no image (fails when decoded, so
    // the loader replaces it). Class a: broken + img00..08, img08 held out; class b:
    // img00..09, img09 held out: 18 training images, three steps of 6.
    const QString root = runs.filePath(QStringLiteral("folder-with-bad-files"));
    for (const char* name : {"a", "b"}) {
        QDir().mkpath(root + "/" + name);
        for (int i = 0; i < (name[0] == 'a' ? 9 : 10); ++i) {
            cv::Mat image(40, 40, CV_8UC3, name[0] == 'a' ? cv::Scalar(200, 30, 30) : cv::Scalar(30, 30, 200));
            cv::randn(image, cv::Scalar::all(name[0] == 'a' ? 60 : 180), cv::Scalar::all(20));
            QVERIFY(cv::imwrite(QStringLiteral("%1/%2/img%3.png")
                                    .arg(root, QLatin1String(name))
                                    .arg(i, 2, 10, QLatin1Char('0'))
                                    .toStdString(),
                                image));
        }
    }
    const QString broken = root + "/a/broken.png";
    const QString notes = root + "/b/notes.png";
    QVERIFY(ampwb::test::writeBytes(broken, QByteArray("\x89PNG\r\n\x1a\n", 8)));
    QVERIFY(ampwb::test::writeBytes(notes, "not an image\n"));

    TrainingConfig config = smallConfig(runs.path(), "bad-files");
    config.dataset = root.toStdString();
    config.imageSize = 32;
    config.batchSize = 6;
    config.augment = false;
    config.validationLimit = 0;
    Recorder recorder;
    Trainer trainer(config);
    trainer.addObserver(&recorder);
    const RunSummary summary = trainer.run();
    QVERIFY2(summary.state == RunState::Finished, summary.message.english().c_str());
    QCOMPARE(recorder.started.trainImages, int64_t(18));
    QCOMPARE(recorder.started.validationImages, int64_t(2));
    QCOMPARE(recorder.started.unusableFiles, int64_t(1));
    QCOMPARE(summary.steps, int64_t(3));
    QCOMPARE(summary.unreadableImages, int64_t(2));
    const QString list = QString::fromUtf8(
        ampwb::test::readBytes(QString::fromStdString(summary.runDirectory) + "/unreadable-images.txt"));
    const QStringList lines = list.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    QVERIFY2(list.contains(broken) && list.contains(notes), qPrintable(list));
    QCOMPARE(RunFolder::readSummary(summary.runDirectory)->unreadableImages, int64_t(2));
#endif
}

void TrainerTest::gradientRangesAreRecordedEveryKSteps()
{
    TrainingConfig config = smallConfig(runs.path(), "gradient-ranges");
    config.epochs = 2;
    config.maxSteps = 5;
    config.gradientStatsEvery = 2;
    const RunSummary summary = Trainer(config).run();
    QVERIFY2(summary.state == RunState::Finished, summary.message.english().c_str());
    QCOMPARE(RunFolder::readConfig(summary.runDirectory).gradientStatsEvery, int64_t(2));

    // Step 1, then every second step: each of ResNet-18's parameters once per measured step, in the
    // model's order, every element either zero, non-finite or in the histogram.
    ResNet18 model(10);
    std::vector<std::string> names;
    int64_t parameterCount = 0;
    for (const auto& item : model->named_parameters()) {
        names.push_back(item.key());
        parameterCount += item.value().numel();
    }
    const auto rows = readGradientStats(RunFolder(summary.runDirectory).gradientStatsPath());
    const std::array<int64_t, 3> measuredSteps{1, 2, 4};
    QCOMPARE(rows.size(), measuredSteps.size() * names.size());
    for (size_t measured = 0; measured < measuredSteps.size(); ++measured) {
        int64_t elements = 0;
        for (size_t i = 0; i < names.size(); ++i) {
            const GradientStatsRow& row = rows[measured * names.size() + i];
            QCOMPARE(row.step, measuredSteps[measured]);
            QCOMPARE(row.range.parameter, names[i]);
            QCOMPARE(row.range.lossScale, 1.0); // FP32: no loss scaling
            const int64_t binned = std::accumulate(row.range.log2Histogram.begin(), row.range.log2Histogram.end(),
                                                   int64_t(0));
            QCOMPARE(binned + row.range.zeros + row.range.nonFinite, row.range.elements);
            QVERIFY(binned > 0);
            elements += row.range.elements;
        }
        QCOMPARE(elements, parameterCount);
    }

    // Off: no file.
    config.name = "no-gradient-ranges";
    config.maxSteps = 1;
    config.gradientStatsEvery = 0;
    const RunSummary off = Trainer(config).run();
    QVERIFY2(off.state == RunState::Finished, off.message.english().c_str());
    QVERIFY(!QFile::exists(QString::fromStdString(RunFolder(off.runDirectory).gradientStatsPath())));
}

QTEST_GUILESS_MAIN(TrainerTest)
#include "TrainerTest.moc"
