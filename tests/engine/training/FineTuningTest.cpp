// Fine-tuning from pretrained weights: files that Debian's python3-torch wrote in torchvision's
// format start runs on an ImageFolder of real photos (opencv-doc's); the head is replaced or kept,
// a frozen backbone stays bit-identical, the losses follow torchvision's own SGD loop, the export
// loads into torchvision, and a file that does not fit stops the run before anything is written.
#include "ClassifyTestSupport.h"
#include "RunRecorder.h"

#include "data/DataLoader.h"
#include "data/DataSource.h"
#include "model/ResNet18.h"
#include "model/ResNet18StateDict.h"
#include "modelfiles/CheckpointWeights.h"
#include "modelfiles/ModelExport.h"
#include "modelfiles/ModelLoading.h"
#include "modelfiles/StartingWeights.h"
#include "modelfiles/StateDictFile.h"
#include "run/RunFolder.h"
#include "training/Comparison.h"
#include "training/Trainer.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <map>

using namespace ampwb;
using ampwb::test::Recorder;

namespace {

constexpr int kClasses = 4;

/// The file's tensors by name.
std::map<std::string, torch::Tensor> tensorsOf(const StateDict& stateDict)
{
    return {stateDict.begin(), stateDict.end()};
}

bool isHead(const std::string& name)
{
    return name.rfind("fc.", 0) == 0;
}

/// The names of the tensors of `model` that differ from `expected`'s, head left out.
QStringList changedBackboneTensors(const ResNet18Impl& model, const std::map<std::string, torch::Tensor>& expected)
{
    QStringList changed;
    for (const auto& [name, tensor] : stateDictOf(model)) {
        if (!isHead(name) && !torch::equal(tensor.cpu().contiguous(), expected.at(name)))
            changed << QString::fromStdString(name);
    }
    return changed;
}

} // namespace

class FineTuningTest : public QObject, private ampwb::test::ReferenceScratch {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void theHeadIsReplacedAndTheBackboneKept();
    void aFineTunedRunRecordsItsStartAndExportsForTorchvision();
    void aNewHeadCanBeAskedForAtTheSameClassCount();
    void lossesFollowTorchvisionsSgdLoop_data();
    void lossesFollowTorchvisionsSgdLoop();
    void aFrozenBackboneStaysBitIdentical();
    void theBackboneLearningRateIsScaled();
    void filesThatDoNotFitStopTheRunBeforeItStarts_data();
    void filesThatDoNotFitStopTheRunBeforeItStarts();
    void bothRunsOfAComparisonStartFromTheSameWeights();

private:
    /// The photo folder whose images are `side` pixels square (256 or 64).
    QString photoFolder(int side) const { return path(QStringLiteral("photos-%1").arg(side)); }
    /// A run on the 256 px photos starting from `weights`: batches of all 8 photos.
    TrainingConfig fineTuningConfig(const QString& weights, const char* name) const;
    /// Runs `config` to its end; the recorder gets every report.
    RunSummary train(const TrainingConfig& config, Recorder& recorder) const;
};

void FineTuningTest::initTestCase()
{
    torch::set_num_threads(2);
    if (!findReference(8))
        return;
    for (const int side : {256, 64}) {
        QCOMPARE(ampwb::test::runReference(QStringList{"folder", photoFolder(side), "--classes",
                                                       QString::number(kClasses), "--side", QString::number(side)}
                                               + photos,
                                           nullptr, QStringLiteral("finetune_reference.py")),
                 QString());
    }
    QCOMPARE(ampwb::test::runReference({"state-dict", path("four.pth"), "--classes", QString::number(kClasses)}),
             QString());
    QCOMPARE(ampwb::test::runReference({"state-dict", path("thousand.pth"), "--classes", "1000"}), QString());
}

TrainingConfig FineTuningTest::fineTuningConfig(const QString& weights, const char* name) const
{
    TrainingConfig config;
    config.name = name;
    config.dataset = photoFolder(256).toStdString();
    config.initWeights = weights.toStdString();
    config.device = "cpu";
    config.batchSize = 8;
    config.epochs = 10;
    config.maxSteps = 2;
    config.learningRate = 0.01;
    config.schedule = LearningRateSchedule::Constant;
    config.augment = false;
    config.workers = 1;
    config.validationLimit = 4;
    config.seed = 5;
    config.runsDirectory = path("runs").toStdString();
    return config;
}

RunSummary FineTuningTest::train(const TrainingConfig& config, Recorder& recorder) const
{
    Trainer trainer(config);
    trainer.addObserver(&recorder);
    return trainer.run();
}

void FineTuningTest::theHeadIsReplacedAndTheBackboneKept()
{
    AMPWB_REQUIRE_REFERENCE();
    const auto file = tensorsOf(readStateDictFile(path("thousand.pth").toStdString()));
    StartingModel start = loadStartingModel(path("thousand.pth").toStdString());
    QCOMPARE(start.origin.fileClasses, int64_t(1000));
    QCOMPARE(start.origin.imageSize, int64_t(224));
    QVERIFY(start.network->is_training());
    torch::manual_seed(5);
    fitHead(start, kClasses);
    QVERIFY(start.origin.headReplaced);
    QCOMPARE(start.network->numClasses(), int64_t(kClasses));
    QCOMPARE(changedBackboneTensors(*start.network, file), QStringList());
    const auto head = tensorsOf(stateDictOf(*start.network));
    QCOMPARE(head.at("fc.weight").sizes().vec(), (std::vector<int64_t>{kClasses, 512}));
    // nn.Linear's initialisation: weight and bias uniform within ±1/sqrt(512).
    const double bound = 1.0 / std::sqrt(512.0);
    QVERIFY(head.at("fc.weight").abs().max().item<double>() <= bound);
    QVERIFY(head.at("fc.weight").std().item<double>() > bound / 4.0);
    QVERIFY(head.at("fc.bias").abs().max().item<double>() <= bound);

    // The new head comes from the run's seed: the same seed, the same head.
    StartingModel again = loadStartingModel(path("thousand.pth").toStdString());
    torch::manual_seed(5);
    fitHead(again, kClasses);
    QVERIFY(torch::equal(tensorsOf(stateDictOf(*again.network)).at("fc.weight"), head.at("fc.weight")));

    // A matching head is kept.
    StartingModel four = loadStartingModel(path("four.pth").toStdString());
    fitHead(four, kClasses);
    QVERIFY(!four.origin.headReplaced);
    QVERIFY(torch::equal(tensorsOf(stateDictOf(*four.network)).at("fc.weight"),
                         tensorsOf(readStateDictFile(path("four.pth").toStdString())).at("fc.weight")));

    // Asked for (other classes in the same number), the head is new all the same, and the backbone kept.
    StartingModel fresh = loadStartingModel(path("four.pth").toStdString());
    fitHead(fresh, kClasses, true);
    QVERIFY(fresh.origin.headReplaced);
    const auto fourFile = tensorsOf(readStateDictFile(path("four.pth").toStdString()));
    QVERIFY(!torch::equal(tensorsOf(stateDictOf(*fresh.network)).at("fc.weight"), fourFile.at("fc.weight")));
    QCOMPARE(changedBackboneTensors(*fresh.network, fourFile), QStringList());

    // The recorded SHA-256 is the file's, as Debian's sha256sum computes it.
    QProcess sha256sum;
    sha256sum.start("sha256sum", {path("thousand.pth")});
    QVERIFY(sha256sum.waitForFinished(60000));
    QCOMPARE(QString::fromStdString(start.origin.sha256),
             QString(sha256sum.readAllStandardOutput()).section(' ', 0, 0));
}

void FineTuningTest::aFineTunedRunRecordsItsStartAndExportsForTorchvision()
{
    AMPWB_REQUIRE_REFERENCE();
    TrainingConfig config = fineTuningConfig(path("thousand.pth"), "from-thousand");
    config.imageSize = 0; // the weights' own size
    Recorder recorder;
    const RunSummary summary = train(config, recorder);
    QVERIFY2(summary.state == RunState::Finished, summary.message.english().c_str());
    QCOMPARE(summary.imageSize, int64_t(224));
    QVERIFY(recorder.started.start.has_value());
    QVERIFY(recorder.started.start->headReplaced);

    const std::string run = summary.runDirectory;
    const TrainingConfig saved = RunFolder::readConfig(run);
    QCOMPARE(saved.initWeights, config.initWeights);
    QCOMPARE(saved.imageSize, int64_t(224)); // recorded, so a resumed run keeps it
    const auto start = RunFolder::readStart(run);
    QVERIFY(start.has_value());
    QCOMPARE(start->file, config.initWeights);
    QCOMPARE(start->sha256, recorder.started.start->sha256);
    QCOMPARE(start->sha256.size(), size_t(64));
    QCOMPARE(start->fileClasses, int64_t(1000));
    QVERIFY(start->headReplaced);
    QCOMPARE(start->mean[0], 0.485);
    QCOMPARE(start->std[2], 0.225);

    // The fine-tuned model classifies with its folder's class names, and its export loads strictly
    // into torchvision.models.resnet18(num_classes=4).
    const ClassifierModel model = loadClassifierModel(run);
    QCOMPARE(model.card.classNames, (std::vector<std::string>{"class-0", "class-1", "class-2", "class-3"}));
    exportStateDict(model, path("fine-tuned.pth").toStdString());
    QCOMPARE(ampwb::test::runReference({"logits", path("fine-tuned.pth"), "--classes", QString::number(kClasses),
                                        "--out", path("fine-tuned.json"), photos[0]}),
             QString());
}

void FineTuningTest::aNewHeadCanBeAskedForAtTheSameClassCount()
{
    AMPWB_REQUIRE_REFERENCE();
    TrainingConfig config = fineTuningConfig(path("four.pth"), "new-head");
    config.newHead = true;
    config.maxSteps = 1;
    Recorder recorder;
    const RunSummary summary = train(config, recorder);
    QVERIFY2(summary.state == RunState::Finished, summary.message.english().c_str());
    QVERIFY(recorder.started.start.has_value() && recorder.started.start->headReplaced);
    QVERIFY(RunFolder::readConfig(summary.runDirectory).newHead);
    const auto start = RunFolder::readStart(summary.runDirectory);
    QVERIFY(start.has_value() && start->headReplaced);
    QCOMPARE(start->fileClasses, int64_t(kClasses));
}

void FineTuningTest::lossesFollowTorchvisionsSgdLoop_data()
{
    QTest::addColumn<bool>("amp");
    QTest::addColumn<int64_t>("imageSize");
    QTest::addColumn<bool>("channelsLast");
    // Both loops take the same bits: the same pixels (the photos are stored at the size the eval
    // transform keeps, normalised in the engine's arithmetic), each step's batch in the order the
    // engine's loader shuffled it, one operator thread each, and libtorch's own kernels under both.
    // Anything less diverges: with batch norm on a batch of eight, a last-bit difference in the
    // input grows to 2.6e-4 of the loss by step 2 and 5 % by step 10 (torchvision against itself),
    // so 1e-4 holds only for the same arithmetic (and memory layout: each layout has its own kernels), in
    // FP32 and under CPU bf16 autocast alike.
    QTest::newRow("fp32, 224 px") << false << int64_t(224) << false;
    QTest::newRow("amp, 64 px") << true << int64_t(64) << false;                 // bf16 without bf16 units is slow
    QTest::newRow("fp32, 64 px, channels_last") << false << int64_t(64) << true; // the default layout
    QTest::newRow("amp, 64 px, channels_last") << true << int64_t(64) << true;
}

void FineTuningTest::lossesFollowTorchvisionsSgdLoop()
{
    AMPWB_REQUIRE_REFERENCE();
    QFETCH(bool, amp);
    QFETCH(int64_t, imageSize);
    QFETCH(bool, channelsLast);
    const int steps = 10;
    torch::set_num_threads(1);
    const auto restoreThreads = qScopeGuard([] { torch::set_num_threads(2); });
    const QByteArray name = QStringLiteral("loop-%1-%2px%3")
                                .arg(amp ? "amp" : "fp32")
                                .arg(imageSize)
                                .arg(channelsLast ? "-channels-last" : "")
                                .toUtf8();
    TrainingConfig config = fineTuningConfig(path("four.pth"), name.constData());
    config.precision = amp ? Precision::Amp : Precision::Fp32;
    config.maxSteps = steps;
    config.imageSize = imageSize;
    config.channelsLast = channelsLast;
    const QString folder = photoFolder(imageSize == 224 ? 256 : 64);
    config.dataset = folder.toStdString();
    Recorder recorder;
    const RunSummary summary = train(config, recorder);
    QVERIFY2(summary.state == RunState::Finished, summary.message.english().c_str());
    QCOMPARE(recorder.steps.size(), size_t(steps));

    // Full batches: epoch e is one step, its images in the order the loader gives that epoch.
    QStringList orders;
    LoaderOptions loading;
    loading.batchSize = config.batchSize;
    loading.seed = config.seed;
    const DataLoader loader(openDataSource(dataSourceOptions(config)).train, ImageTransform({}), loading);
    for (int64_t epoch = 0; epoch < steps; ++epoch) {
        QStringList order;
        for (const int64_t index : loader.epochOrder(epoch))
            order << QString::number(index);
        orders << order.join(',');
    }

    const QString out = path(QString::fromUtf8(name) + ".json");
    QStringList arguments{"sgd-losses",     path("four.pth"),
                          "--classes",      QString::number(kClasses),
                          "--folder",       folder,
                          "--steps",        QString::number(steps),
                          "--lr",           QString::number(config.learningRate),
                          "--momentum",     QString::number(config.momentum),
                          "--weight-decay", QString::number(config.weightDecay),
                          "--image-size",   QString::number(imageSize),
                          "--threads",      "1",
                          "--orders",       orders.join(';'),
                          "--out",          out};
    if (amp)
        arguments << "--amp";
    if (channelsLast)
        arguments << "--channels-last";
    QCOMPARE(ampwb::test::runReference(arguments, nullptr, QStringLiteral("finetune_reference.py")), QString());
    QFile losses(out);
    QVERIFY(losses.open(QIODevice::ReadOnly));
    const QJsonArray expected = QJsonDocument::fromJson(losses.readAll()).object().value("losses").toArray();
    QCOMPARE(expected.size(), steps);
    // Under AMP the workbench sums layer3's and layer4's bf16 weight gradients in another order, and
    // on a CPU with AMX computes their forward and input gradients by matrix products too
    // (model/SmallMapConvolution.h): the first loss (before any update) agrees to 1e-3 and the second
    // (after one update) to 1 %. bf16 training magnifies such roundings from there on, as a
    // gradient that differs in its last bits flips the bf16 rounding of some weights: in a like
    // setting (ResNet-18, 8 random 64 px images, lr 0.01) PyTorch's own loop moved its third loss by
    // 1.5-3.2 % when those input gradients were perturbed by 2^-8 of themselves, and on 2 threads it
    // differed from itself on 1 by up to 2.2 % within ten steps; with AMX the workbench's losses
    // differed from it by up to 31 % in steps 3 to 10 (2.1 % on the same Xeon with only the weight
    // gradients by matrix products, as on CPUs without AMX). So later losses agree to 50 %, and the
    // workbench must learn as the loop does.
    const auto tolerance = [amp](int step) { return !amp ? 1e-4 : step == 0 ? 1e-3 : step == 1 ? 1e-2 : 0.5; };
    QStringList differences;
    for (int step = 0; step < steps; ++step) {
        const double engine = recorder.steps[static_cast<size_t>(step)].loss;
        const double torchvision = expected.at(step).toDouble();
        const double relative = std::abs(engine - torchvision) / std::abs(torchvision);
        differences << QString::number(relative, 'g', 2);
        QVERIFY2(relative <= tolerance(step), qPrintable(QStringLiteral("step %1: engine %2, torchvision %3")
                                                             .arg(step + 1)
                                                             .arg(engine, 0, 'g', 9)
                                                             .arg(torchvision, 0, 'g', 9)));
    }
    QVERIFY(expected.at(steps - 1).toDouble() < expected.at(0).toDouble() / 2.0); // it did learn
    QVERIFY(recorder.steps.back().loss < recorder.steps.front().loss / 2.0);      // and so did the workbench
    qInfo("relative differences, steps 1 to %d: %s", steps, qPrintable(differences.join(' ')));
}

void FineTuningTest::aFrozenBackboneStaysBitIdentical()
{
    AMPWB_REQUIRE_REFERENCE();
    TrainingConfig config = fineTuningConfig(path("thousand.pth"), "frozen");
    config.freezeBackbone = true;
    config.maxSteps = 3;
    config.imageSize = 224;
    Recorder recorder;
    const RunSummary summary = train(config, recorder);
    QVERIFY2(summary.state == RunState::Finished, summary.message.english().c_str());
    QVERIFY(recorder.started.backboneFrozen);

    const ResNet18 trained = loadCheckpointWeights(summary.runDirectory + "/checkpoint.pt");
    const auto file = tensorsOf(readStateDictFile(path("thousand.pth").toStdString()));
    // Weights, batch-norm statistics and their step counts: all as loaded.
    QCOMPARE(changedBackboneTensors(*trained, file), QStringList());
    // Only the head trained: it moved away from the one the run started with.
    StartingModel start = loadStartingModel(path("thousand.pth").toStdString());
    torch::manual_seed(static_cast<uint64_t>(config.seed));
    fitHead(start, kClasses);
    const auto initialHead = tensorsOf(stateDictOf(*start.network));
    const auto trainedHead = tensorsOf(stateDictOf(*trained));
    QVERIFY(!torch::equal(trainedHead.at("fc.weight"), initialHead.at("fc.weight")));
    QVERIFY(!torch::equal(trainedHead.at("fc.bias"), initialHead.at("fc.bias")));
}

void FineTuningTest::theBackboneLearningRateIsScaled()
{
    AMPWB_REQUIRE_REFERENCE();
    // One plain SGD step (no momentum, no weight decay) from the same weights and data: the
    // backbone moves by lr × scale × its gradient, the head by lr × its gradient.
    const auto file = tensorsOf(readStateDictFile(path("four.pth").toStdString()));
    std::map<double, std::map<std::string, torch::Tensor>> moved;
    for (const double scale : {1.0, 0.25}) {
        TrainingConfig config = fineTuningConfig(path("four.pth"), scale == 1.0 ? "scale-1" : "scale-0.25");
        config.backboneLearningRateScale = scale;
        config.maxSteps = 1;
        config.momentum = 0.0;
        config.weightDecay = 0.0;
        config.imageSize = 64;
        Recorder recorder;
        const RunSummary summary = train(config, recorder);
        QVERIFY2(summary.state == RunState::Finished, summary.message.english().c_str());
        for (const auto& [name, tensor] : stateDictOf(*loadCheckpointWeights(summary.runDirectory + "/checkpoint.pt")))
            moved[scale][name] = tensor - file.at(name);
    }
    // How far the scaled run moved a tensor, along and relative to the unscaled run's move. The
    // early layers' gradients differ between two runs by a few 1e-3 (see above), so 2 % is the margin.
    const auto movedRatio = [&moved](const char* name) {
        const torch::Tensor full = moved[1.0].at(name).to(torch::kDouble);
        return ((moved[0.25].at(name).to(torch::kDouble) * full).sum() / (full * full).sum()).item<double>();
    };
    for (const char* name : {"conv1.weight", "layer4.1.conv2.weight", "layer2.0.bn1.bias"})
        QVERIFY2(std::abs(movedRatio(name) - 0.25) < 0.25 * 0.02, qPrintable(QString::number(movedRatio(name))));
    QVERIFY2(std::abs(movedRatio("fc.weight") - 1.0) < 0.02, qPrintable(QString::number(movedRatio("fc.weight"))));
}

void FineTuningTest::filesThatDoNotFitStopTheRunBeforeItStarts_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("problem");
    QTest::newRow("ResNet-34") << "resnet34.pth"
                               << "layer1.2";
    QTest::newRow("truncated file") << "truncated.pth"
                                    << "truncated.pth";
    QTest::newRow("not a state dict") << "notes.pth"
                                      << "not a state dict";
    QTest::newRow("missing file") << "absent.pth"
                                  << "There is no model file";
}

void FineTuningTest::filesThatDoNotFitStopTheRunBeforeItStarts()
{
    AMPWB_REQUIRE_REFERENCE();
    QFETCH(QString, file);
    QFETCH(QString, problem);
    if (!QFileInfo::exists(path("resnet34.pth"))) {
        QCOMPARE(ampwb::test::runReference(
                     {"state-dict", path("resnet34.pth"), "--classes", "4", "--architecture", "resnet34"}),
                 QString());
        QFile whole(path("four.pth"));
        QVERIFY(whole.open(QIODevice::ReadOnly));
        QFile truncated(path("truncated.pth"));
        QVERIFY(truncated.open(QIODevice::WriteOnly));
        truncated.write(whole.read(whole.size() / 2));
        QFile notes(path("notes.pth"));
        QVERIFY(notes.open(QIODevice::WriteOnly));
        notes.write("weights: see the wiki\n");
    }
    TrainingConfig config = fineTuningConfig(path(file), "must-not-exist");
    config.runsDirectory = path("refused-runs").toStdString();
    Recorder recorder;
    const RunSummary summary = train(config, recorder);
    QVERIFY(summary.state == RunState::Failed);
    const QString message = QString::fromStdString(summary.message.english());
    QVERIFY2(message.contains(path(file)), qPrintable(message));
    QVERIFY2(message.contains(problem), qPrintable(message));
    QCOMPARE(recorder.startedCount, 0);
    QVERIFY(!QFileInfo::exists(path("refused-runs/must-not-exist")));
}

void FineTuningTest::bothRunsOfAComparisonStartFromTheSameWeights()
{
    AMPWB_REQUIRE_REFERENCE();
    TrainingConfig config = fineTuningConfig(path("thousand.pth"), "compare-start");
    config.maxSteps = 1;
    config.imageSize = 64;
    Comparison comparison(config);
    const ComparisonResult result = comparison.run();
    QVERIFY2(result.fp32.state == RunState::Finished, result.fp32.message.english().c_str());
    QVERIFY2(result.amp.at(0).state == RunState::Finished, result.amp.at(0).message.english().c_str());
    const auto fp32 = RunFolder::readStart(result.fp32.runDirectory);
    const auto amp = RunFolder::readStart(result.amp.at(0).runDirectory);
    QVERIFY(fp32 && amp);
    QCOMPARE(amp->sha256, fp32->sha256);
    QVERIFY(fp32->headReplaced && amp->headReplaced);
    // The same new head too: both runs' checkpoints moved from one start by one step; their heads
    // differ from each other by far less than from a head drawn from another seed.
    const auto headOf = [](const std::string& run) {
        return tensorsOf(stateDictOf(*loadCheckpointWeights(run + "/checkpoint.pt"))).at("fc.weight");
    };
    StartingModel other = loadStartingModel(path("thousand.pth").toStdString());
    torch::manual_seed(static_cast<uint64_t>(config.seed) + 1);
    fitHead(other, kClasses);
    const torch::Tensor fp32Head = headOf(result.fp32.runDirectory);
    const double between = (headOf(result.amp.at(0).runDirectory) - fp32Head).abs().max().item<double>();
    const double fromOther =
        (tensorsOf(stateDictOf(*other.network)).at("fc.weight") - fp32Head).abs().max().item<double>();
    QVERIFY2(between < fromOther / 10.0, qPrintable(QStringLiteral("%1 vs %2").arg(between).arg(fromOther)));
}

QTEST_GUILESS_MAIN(FineTuningTest)
#include "FineTuningTest.moc"
