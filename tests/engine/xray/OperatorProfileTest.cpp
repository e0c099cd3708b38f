// The X-ray's operator profile of real training steps (the engine's Trainer on synthetic data): the
// dtypes autocast gives each kind of work, attribution to ResNet-18's modules, the times adding up to
// the measured step, and the files (Chrome trace, CSV, profile.json) it writes.
#include "model/ConvolutionGradientsApart.h"
#include "model/SmallMapConvolution.h"
#include "training/Comparison.h"
#include "training/OnePassSgd.h"
#include "training/Trainer.h"
#include "xray/OperatorClass.h"
#include "xray/ProfileComparison.h"
#include "xray/ProfileFiles.h"
#include "xray/StepProfiler.h"

#include "../training/RunRecorder.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <optional>

using namespace ampwb;
using ampwb::test::smallConfig;

namespace {

struct ProfiledRun {
    RunSummary summary;
    std::vector<ProfileTaken> profiles;
    std::vector<double> losses;
};

ProfiledRun trainAndProfile(TrainingConfig config, std::optional<StepRange> range, int64_t requestSteps = 0)
{
    ProfiledRun run;
    StepProfiler profiler(range, [&run](const ProfileTaken& taken) { run.profiles.push_back(taken); });
    if (requestSteps > 0)
        profiler.profileNextSteps(requestSteps);
    ampwb::test::Recorder recorder;
    Trainer trainer(std::move(config));
    trainer.addObserver(&profiler);
    trainer.addObserver(&recorder);
    run.summary = trainer.run();
    run.losses = recorder.losses();
    return run;
}

TrainingConfig profiledConfig(const QString& runs, const char* name, Precision precision)
{
    TrainingConfig config = smallConfig(runs, name);
    config.precision = precision;
    config.maxSteps = 4;
    config.gradientStatsEvery = 2; // step 2 measures gradient ranges inside the profile: left out of it
    return config;
}

const ModuleTime* findModule(const OperatorProfile& profile, const std::string& name)
{
    for (const ModuleTime& module : profile.modules)
        if (module.module == name)
            return &module;
    return nullptr;
}

QStringList dtypesOf(const OperatorTime& row)
{
    return QString::fromStdString(row.inputDtypes).split(QLatin1Char(','));
}

/// One CSV line's cells, quotes honoured.
QStringList csvCells(const QString& line)
{
    QStringList cells;
    QString cell;
    bool quoted = false;
    for (int i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (quoted && c == QLatin1Char('"') && i + 1 < line.size() && line[i + 1] == QLatin1Char('"')) {
            cell += c;
            ++i;
        } else if (c == QLatin1Char('"')) {
            quoted = !quoted;
        } else if (c == QLatin1Char(',') && !quoted) {
            cells << cell;
            cell.clear();
        } else {
            cell += c;
        }
    }
    cells << cell;
    return cells;
}

std::vector<QStringList> readCsv(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    std::vector<QStringList> rows;
    for (const QByteArray& line : file.readAll().split('\n'))
        if (!line.isEmpty())
            rows.push_back(csvCells(QString::fromUtf8(line)));
    return rows;
}

/// A convolution's input and weight gradients each in their own class, none left together: 19 input
/// gradients a step (the first convolution's input, the image, needs none) and 20 weight gradients.
void expectGradientsApart(const OperatorProfile& profile, const std::string& dtype)
{
    const ClassTime& input = profile.of(OperatorClass::ConvolutionInputGradient);
    const ClassTime& weight = profile.of(OperatorClass::ConvolutionWeightGradient);
    QCOMPARE(input.calls, 19.0);
    QCOMPARE(weight.calls, 20.0);
    QVERIFY(input.milliseconds > 0.0);
    QVERIFY(weight.milliseconds > 0.0);
    QCOMPARE(input.dtype, dtype);
    QCOMPARE(weight.dtype, dtype);
    QCOMPARE(profile.of(OperatorClass::ConvolutionBackward).milliseconds, 0.0);
    qInfo("convolution per step: forward %.1f ms, input gradient %.1f ms, weight gradient %.1f ms",
          profile.of(OperatorClass::ConvolutionForward).milliseconds, input.milliseconds, weight.milliseconds);
}

} // namespace

class OperatorProfileTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void operatorNamesFallIntoTheirClasses();
    void ampProfileShowsWhereAutocastPutsEachOperator();
    void fp32ProfileHasNoReducedPrecision();
    void profiledStepsTrainBitForBitAsOthers_data();
    void profiledStepsTrainBitForBitAsOthers();
    void interleavedComparisonProfilesEachRunApart();
    void profileFilesAreChromeTraceAndCsv();
    void requestedProfileCoversTheNextSteps();
    void profileThatCannotBeWrittenLeavesTheRunGoing();
    void comparisonSentenceFollowsTheNumbers();
};

void OperatorProfileTest::operatorNamesFallIntoTheirClasses()
{
    QCOMPARE(classByName("aten::mkldnn_convolution"), OperatorClass::ConvolutionForward);
    QCOMPARE(classByName("ConvolutionBackward0"), OperatorClass::ConvolutionBackward);
    QCOMPARE(classByName(kSmallMapConvolutionName), OperatorClass::ConvolutionForward);
    QCOMPARE(classByName(kConvolutionForwardName), OperatorClass::ConvolutionForward);
    QCOMPARE(classByName(kConvolutionInputGradientName), OperatorClass::ConvolutionInputGradient);
    QCOMPARE(classByName(kConvolutionWeightGradientName), OperatorClass::ConvolutionWeightGradient);
    QVERIFY(!classByName(kSmallMapConvolutionBackwardName)); // its work is in the two gradients' ranges
    QCOMPARE(classByName("aten::native_batch_norm_backward"), OperatorClass::BatchNorm);
    QCOMPARE(classByName("aten::threshold_backward"), OperatorClass::Relu);
    QCOMPARE(classByName("aten::max_pool2d_with_indices"), OperatorClass::Pooling);
    QCOMPARE(classByName("AddmmBackward0"), OperatorClass::Linear);
    QCOMPARE(classByName("aten::_log_softmax"), OperatorClass::Loss);
    QCOMPARE(classByName("NllLossBackward0"), OperatorClass::Loss);
    QVERIFY(!classByName("aten::empty"));
    QVERIFY(isCast("aten::_to_copy", "float32", "bfloat16"));
    QVERIFY(isCast("ToCopyBackward0", "float32", ""));
    QVERIFY(!isCast("aten::to", "float32", "float32"));              // a copy or a device move, not a cast
    QVERIFY(!isCast("aten::_to_copy", "int64", "float32"));          // sizes and counts, not precision
    QVERIFY(!isCast("aten::copy_", "bfloat16,float32", "bfloat16")); // inside a cast, not one itself
    for (int k = 0; k < kOperatorClassCount; ++k)
        QCOMPARE(operatorClassFromKey(operatorClassKey(static_cast<OperatorClass>(k))), static_cast<OperatorClass>(k));
}

void OperatorProfileTest::ampProfileShowsWhereAutocastPutsEachOperator()
{
    QTemporaryDir runs;
    const ProfiledRun run = trainAndProfile(profiledConfig(runs.path(), "amp", Precision::Amp), StepRange{2, 3});
    QVERIFY2(run.summary.state == RunState::Finished, run.summary.message.english().c_str());
    QCOMPARE(run.profiles.size(), size_t(1));
    const ProfileTaken& taken = run.profiles.front();
    QVERIFY2(taken.error.empty(), taken.error.c_str());
    QCOMPARE(taken.profileDirectory, profileDirectory(run.summary.runDirectory, 2, 3));
    const OperatorProfile& profile = taken.profile;
    QCOMPARE(profile.steps(), int64_t(2));

    // Convolutions (forward and both gradients) in bf16, the loss in float32 (autocast's fp32 list).
    QCOMPARE(profile.of(OperatorClass::ConvolutionForward).dtype, std::string("bfloat16"));
    QVERIFY(profile.of(OperatorClass::ConvolutionForward).dtypeShare > 0.99);
    QCOMPARE(profile.of(OperatorClass::ConvolutionForward).calls, 20.0); // ResNet-18's 20 convolutions
    expectGradientsApart(profile, "bfloat16");
    QCOMPARE(profile.of(OperatorClass::Loss).dtype, std::string("float32"));
    // Batch norm normalises the bf16 activations with float32 weights and running statistics.
    int batchNorms = 0;
    for (const OperatorTime& row : profile.operators) {
        if (row.name != "aten::native_batch_norm")
            continue;
        ++batchNorms;
        const QStringList dtypes = dtypesOf(row);
        QCOMPARE(dtypes.size(), 5);
        QCOMPARE(dtypes[0], QStringLiteral("bfloat16"));
        for (int i = 1; i < 5; ++i)
            QCOMPARE(dtypes[i], QStringLiteral("float32"));
    }
    QVERIFY(batchNorms >= 1);
    // Casts: the images, the head and the logits in the forward, gradients back to float32 in the
    // backward. The convolutions' weights arrive as the bf16 copies the optimizer wrote in its pass
    // (AutocastWeightCopies.h): no step after the first casts them in the forward.
    QVERIFY(profile.castsPerStep >= 10.0);
    QVERIFY(profile.of(OperatorClass::Cast).milliseconds > 0.0);
    for (const OperatorTime& row : profile.operators)
        if (row.kind == OperatorClass::Cast && row.pass == StepPass::Forward)
            // (libtorch 2.11's average pool of a bf16 channels_last map sums in float32 and casts the result back)
            QVERIFY2(row.module == "fc" || row.module == "loss" || row.module == "avgpool"
                         || (row.module == "conv1" && row.inputShapes.find("7, 7") == std::string::npos),
                     qPrintable(QString::fromStdString(row.name + " in " + row.module + " " + row.inputShapes)));

    // Modules: the forward ranges name them; backward functions find theirs by autograd's sequence number.
    // layer3.1.conv1 and layer4.1.conv2 take the small-map path (SmallMapConvolution.h).
    for (const char* name : {"conv1", "layer1.0.conv1", "layer2.0.downsample", "layer3.1.conv1", "layer4.1.conv2",
                             "layer4.1.bn2", "fc", "loss"}) {
        const ModuleTime* module = findModule(profile, name);
        QVERIFY2(module, name);
        QVERIFY2(module->forwardMilliseconds > 0.0, name);
        QVERIFY2(module->backwardMilliseconds > 0.0, name);
    }
    QVERIFY(findModule(profile, "layer1.0.conv1")->castMilliseconds > 0.0); // its weight gradient, to float32
    QVERIFY(findModule(profile, "optimizer")->otherMilliseconds > 0.0);
    // The optimizer updates each of ResNet-18's 62 parameters in one pass of its own (OnePassSgd.h).
    QVERIFY(profile.of(OperatorClass::Optimizer).milliseconds > 0.0);
    const auto onePass = std::find_if(profile.operators.begin(), profile.operators.end(), [](const OperatorTime& row) {
        return row.name == kOnePassSgdUpdateName && row.kind == OperatorClass::Optimizer;
    });
    QVERIFY(onePass != profile.operators.end());

    // The classes add up to the recorded steps (less the engine's own code between operators), and
    // those to the steps as the run measured them.
    QVERIFY(std::abs(profile.operatorMilliseconds() + profile.outsideOperatorsMilliseconds
                     - profile.recordedStepMilliseconds)
            < 1e-6 * profile.recordedStepMilliseconds);
    const double coverage = profile.operatorMilliseconds() / profile.measuredStepMilliseconds;
    qInfo("operators %.1f ms of a measured %.1f ms step (%.1f %%), outside operators %.2f ms",
          profile.operatorMilliseconds(), profile.measuredStepMilliseconds, 100.0 * coverage,
          profile.outsideOperatorsMilliseconds);
    QVERIFY2(coverage > 0.9 && coverage <= 1.0, "operator time within 10 % of the measured step");
}

void OperatorProfileTest::fp32ProfileHasNoReducedPrecision()
{
    QTemporaryDir runs;
    const ProfiledRun run = trainAndProfile(profiledConfig(runs.path(), "fp32", Precision::Fp32), StepRange{2, 3});
    QCOMPARE(run.profiles.size(), size_t(1));
    const OperatorProfile& profile = run.profiles.front().profile;
    QVERIFY(profile.operators.size() > 50);
    for (const OperatorTime& row : profile.operators) {
        QVERIFY2(row.inputDtypes.find("bfloat16") == std::string::npos, row.name.c_str());
        QVERIFY2(row.inputDtypes.find("float16") == std::string::npos, row.name.c_str());
    }
    QCOMPARE(profile.castsPerStep, 0.0);
    QCOMPARE(profile.of(OperatorClass::Cast).milliseconds, 0.0);
    QCOMPARE(profile.of(OperatorClass::ConvolutionForward).dtype, std::string("float32"));
    expectGradientsApart(profile, "float32");
    const double coverage = profile.operatorMilliseconds() / profile.measuredStepMilliseconds;
    QVERIFY2(coverage > 0.9 && coverage <= 1.0, qPrintable(QString::number(coverage)));
}

void OperatorProfileTest::profiledStepsTrainBitForBitAsOthers_data()
{
    QTest::addColumn<int>("precision");
    QTest::newRow("fp32") << static_cast<int>(Precision::Fp32);
    QTest::newRow("amp") << static_cast<int>(Precision::Amp);
}

void OperatorProfileTest::profiledStepsTrainBitForBitAsOthers()
{
    // Profiled steps time each convolution's gradients apart, in two calls: the same kernels, the same bits.
    QFETCH(int, precision);
    QTemporaryDir runs;
    const auto config = profiledConfig(runs.path(), "bits", static_cast<Precision>(precision));
    const ProfiledRun profiled = trainAndProfile(config, StepRange{1, 3});
    const ProfiledRun plain = trainAndProfile(config, std::nullopt);
    QCOMPARE(profiled.profiles.size(), size_t(1));
    QCOMPARE(plain.profiles.size(), size_t(0));
    QCOMPARE(profiled.losses.size(), size_t(4));
    QCOMPARE(profiled.losses, plain.losses);
}

void OperatorProfileTest::interleavedComparisonProfilesEachRunApart()
{
    // The two runs take turns on one thread: each profile must hold its own run's operators only.
    QTemporaryDir runs;
    std::vector<ProfileTaken> profiles;
    StepProfiler profiler(StepRange{2, 3}, [&profiles](const ProfileTaken& taken) { profiles.push_back(taken); });
    Comparison comparison(profiledConfig(runs.path(), "interleaved", Precision::Fp32), ComparisonOrder::Interleaved);
    comparison.addObserver(&profiler);
    const ComparisonResult result = comparison.run();
    QVERIFY2(result.fp32.state == RunState::Finished, result.fp32.message.english().c_str());
    QVERIFY2(result.amp.at(0).state == RunState::Finished, result.amp.at(0).message.english().c_str());
    QCOMPARE(profiles.size(), size_t(2));
    for (const ProfileTaken& taken : profiles) {
        const OperatorProfile& profile = taken.profile;
        QCOMPARE(profile.steps(), int64_t(2));
        QCOMPARE(profile.of(OperatorClass::ConvolutionForward).calls, 20.0); // one ResNet-18 a step, not two
        const bool amp = taken.precision == Precision::Amp;
        QCOMPARE(taken.runDirectory, amp ? result.amp.at(0).runDirectory : result.fp32.runDirectory);
        QCOMPARE(profile.of(OperatorClass::ConvolutionForward).dtype, std::string(amp ? "bfloat16" : "float32"));
        QCOMPARE(profile.castsPerStep > 0.0, amp);
    }
    QVERIFY(profiles[0].precision != profiles[1].precision);
}

void OperatorProfileTest::profileFilesAreChromeTraceAndCsv()
{
    QTemporaryDir runs;
    const ProfiledRun run = trainAndProfile(profiledConfig(runs.path(), "files", Precision::Amp), StepRange{2, 2});
    QCOMPARE(run.profiles.size(), size_t(1));
    const QString folder = QString::fromStdString(run.profiles.front().profileDirectory);

    QFile traceFile(folder + QStringLiteral("/trace.json"));
    QVERIFY(traceFile.open(QIODevice::ReadOnly));
    QJsonParseError parseError;
    const QJsonDocument trace = QJsonDocument::fromJson(traceFile.readAll(), &parseError);
    QVERIFY2(parseError.error == QJsonParseError::NoError, qPrintable(parseError.errorString()));
    const QJsonArray events = trace.object().value(QStringLiteral("traceEvents")).toArray();
    QVERIFY(events.size() > 100);
    int convolutions = 0;
    for (const QJsonValue& value : events) {
        const QJsonObject event = value.toObject();
        const QString phase = event.value(QStringLiteral("ph")).toString();
        QVERIFY(phase == QStringLiteral("X") || phase == QStringLiteral("M"));
        QVERIFY(event.value(QStringLiteral("name")).isString());
        QVERIFY(event.value(QStringLiteral("pid")).isDouble());
        QVERIFY(event.value(QStringLiteral("tid")).isDouble());
        if (phase == QStringLiteral("M"))
            continue;
        QVERIFY(event.value(QStringLiteral("ts")).toDouble(-1) >= 0.0);
        QVERIFY(event.value(QStringLiteral("dur")).toDouble(-1) >= 0.0);
        // In profiled steps each convolution runs in one of the engine's own ranges (its gradients timed apart).
        const QString name = event.value(QStringLiteral("name")).toString();
        if (name == QLatin1String(kConvolutionForwardName) || name == QLatin1String(kSmallMapConvolutionName)) {
            ++convolutions;
            QCOMPARE(event.value(QStringLiteral("cat")).toString(), QStringLiteral("conv_forward"));
            const QJsonObject args = event.value(QStringLiteral("args")).toObject();
            QVERIFY(args.value(QStringLiteral("input_dtypes")).toString().startsWith(QStringLiteral("bfloat16")));
            QVERIFY(!args.value(QStringLiteral("module")).toString().isEmpty());
        }
    }
    QCOMPARE(convolutions, 20);

    const std::vector<QStringList> classes = readCsv(folder + QStringLiteral("/classes.csv"));
    QCOMPARE(classes.size(), size_t(kOperatorClassCount + 1));
    QCOMPARE(classes[0].join(QLatin1Char(',')),
             QStringLiteral("class,ms_per_step,share,calls_per_step,dtype,dtype_share"));
    double shares = 0.0;
    for (size_t i = 1; i < classes.size(); ++i) {
        QCOMPARE(classes[i].size(), 6);
        QVERIFY(operatorClassFromKey(classes[i][0].toStdString()));
        bool ok = false;
        shares += classes[i][2].toDouble(&ok);
        QVERIFY(ok);
    }
    QVERIFY(std::abs(shares - 1.0) < 1e-3);
    const std::vector<QStringList> operators = readCsv(folder + QStringLiteral("/operators.csv"));
    QVERIFY(operators.size() > 50);
    for (const QStringList& row : operators)
        QCOMPARE(row.size(), 8); // shapes with commas stay in one quoted cell
    const std::vector<QStringList> modules = readCsv(folder + QStringLiteral("/modules.csv"));
    QVERIFY(modules.size() > 60); // ResNet-18's modules, the loss, the optimizer, the step's own work

    // profile.json reads back as the tables the run computed.
    const std::optional<OperatorProfile> read = readProfile(folder.toStdString());
    QVERIFY(read);
    const OperatorProfile& written = run.profiles.front().profile;
    QCOMPARE(read->firstStep, int64_t(2));
    QCOMPARE(read->modules.size(), written.modules.size());
    for (int k = 0; k < kOperatorClassCount; ++k) {
        QCOMPARE(read->classes[k].milliseconds, written.classes[k].milliseconds);
        QCOMPARE(read->classes[k].dtype, written.classes[k].dtype);
    }
    QCOMPARE(latestProfileDirectory(run.summary.runDirectory), std::optional<std::string>(folder.toStdString()));

    // The clock is written too: a CPU run's profile is on the host's; one taken with CUDA events says so.
    QCOMPARE(read->clock, RecordingClock::Host);
    QTemporaryDir gpuFolder;
    ProfiledSteps onGpu;
    onGpu.profile = written;
    onGpu.profile.clock = RecordingClock::CudaEvents;
    onGpu.profile.measuredStepError = 0.05;
    writeProfile(gpuFolder.path().toStdString(), onGpu, "amp");
    const std::optional<OperatorProfile> readGpu = readProfile(gpuFolder.path().toStdString());
    QVERIFY(readGpu);
    QCOMPARE(readGpu->clock, RecordingClock::CudaEvents);
    QCOMPARE(readGpu->measuredStepError, 0.05);
}

void OperatorProfileTest::requestedProfileCoversTheNextSteps()
{
    QTemporaryDir runs;
    const ProfiledRun run = trainAndProfile(profiledConfig(runs.path(), "asked", Precision::Fp32), std::nullopt,
                                            /*requestSteps=*/2);
    QCOMPARE(run.profiles.size(), size_t(1));
    QCOMPARE(run.profiles.front().profile.firstStep, int64_t(2)); // a run not yet started: from its second step
    QCOMPARE(run.profiles.front().profile.lastStep, int64_t(3));
    // Two steps' times: their spread is known, so the X-ray can say when it is too few to tell.
    QVERIFY(run.profiles.front().profile.measuredStepError > 0.0);
    QVERIFY(
        QFile::exists(QString::fromStdString(run.profiles.front().profileDirectory) + QStringLiteral("/trace.json")));
    // Without a request or a range nothing is recorded.
    const ProfiledRun quiet = trainAndProfile(profiledConfig(runs.path(), "quiet", Precision::Fp32), std::nullopt);
    QVERIFY(quiet.profiles.empty());
    QVERIFY(!latestProfileDirectory(quiet.summary.runDirectory));
}

void OperatorProfileTest::profileThatCannotBeWrittenLeavesTheRunGoing()
{
    QTemporaryDir runs;
    TrainingConfig config = profiledConfig(runs.path(), "blocked", Precision::Fp32);
    struct BlockProfileFolder : TrainingObserver {
        void runStarted(const RunStarted& started) override
        {
            QFile blocker(QString::fromStdString(started.runDirectory) + QStringLiteral("/profile"));
            QVERIFY(blocker.open(QIODevice::WriteOnly)); // a file where the profile folder goes
        }
    } blocker;
    ProfiledRun run;
    StepProfiler profiler(StepRange{2, 2}, [&run](const ProfileTaken& taken) { run.profiles.push_back(taken); });
    Trainer trainer(config);
    trainer.addObserver(&blocker);
    trainer.addObserver(&profiler);
    run.summary = trainer.run();
    QVERIFY2(run.summary.state == RunState::Finished, run.summary.message.english().c_str());
    QCOMPARE(run.profiles.size(), size_t(1));
    QVERIFY(run.profiles.front().profileDirectory.empty());
    QVERIFY2(run.profiles.front().error.find("profile") != std::string::npos, run.profiles.front().error.c_str());
    QVERIFY(run.profiles.front().profile.operatorMilliseconds() > 0.0); // the tables are there all the same
}

void OperatorProfileTest::comparisonSentenceFollowsTheNumbers()
{
    OperatorProfile fp32;
    fp32.measuredStepMilliseconds = 200.0;
    fp32.classes[size_t(OperatorClass::ConvolutionForward)] = {OperatorClass::ConvolutionForward, 60.0, 20, "float32",
                                                               1};
    fp32.classes[size_t(OperatorClass::ConvolutionInputGradient)] = {OperatorClass::ConvolutionInputGradient, 40.0, 19,
                                                                     "float32", 1};
    fp32.classes[size_t(OperatorClass::ConvolutionWeightGradient)] = {OperatorClass::ConvolutionWeightGradient, 60.0,
                                                                      20, "float32", 1};
    fp32.classes[size_t(OperatorClass::BatchNorm)] = {OperatorClass::BatchNorm, 20.0, 20, "float32", 1};
    fp32.classes[size_t(OperatorClass::Other)] = {OperatorClass::Other, 20.0, 20, "float32", 1};
    OperatorProfile amp = fp32;
    amp.measuredStepMilliseconds = 160.0;
    amp.classes[size_t(OperatorClass::ConvolutionForward)].milliseconds = 30.0;
    amp.classes[size_t(OperatorClass::ConvolutionInputGradient)].milliseconds = 20.0;
    amp.classes[size_t(OperatorClass::ConvolutionWeightGradient)].milliseconds = 30.0;
    amp.classes[size_t(OperatorClass::BatchNorm)].milliseconds = 30.0;
    amp.classes[size_t(OperatorClass::Cast)] = {OperatorClass::Cast, 20.0, 60, "bfloat16", 1};
    for (OperatorClass kind : {OperatorClass::ConvolutionForward, OperatorClass::ConvolutionInputGradient,
                               OperatorClass::ConvolutionWeightGradient})
        amp.classes[size_t(kind)].dtype = "bfloat16";
    amp.classes[size_t(OperatorClass::BatchNorm)].dtype = "bfloat16";
    amp.castsPerStep = 60.0;

    const ProfileComparison comparison = compareProfiles(fp32, amp);
    QCOMPARE(comparison.stepSpeedUp(), 1.25);
    QCOMPARE(comparison.convolutions().speedUp(), 2.0);
    QCOMPARE(comparison.addedByAmp().size(), size_t(2));
    QCOMPARE(comparison.addedByAmp()[0].kind, OperatorClass::Cast); // +20 ms before batch norm's +10
    // AMP's operator time is 80 + 30 + 20 + 20 = 150 ms: convolutions 53 %, casts and batch norm 33 %.
    QCOMPARE(QString::fromStdString(describeComparison(comparison)),
             QStringLiteral("AMP's step is 1.25× faster than FP32's (160 against 200 ms): its convolutions run "
                            "2.00× faster and take 53 % of its operator time; casts (+20.0 ms) and batch norm "
                            "(+10.0 ms) cost it more than in FP32 and take 33 %."));
    // With the steps' spread: a margin beside the ratio, or, when the margin covers it, no winner named.
    OperatorProfile steadyFp32 = fp32;
    OperatorProfile steadyAmp = amp;
    steadyFp32.measuredStepError = steadyAmp.measuredStepError = 0.01; // 1.96 × √2 × 1 % ≈ 3 %
    QVERIFY(QString::fromStdString(describeComparison(compareProfiles(steadyFp32, steadyAmp)))
                .startsWith(QStringLiteral("AMP's step is 1.25× faster than FP32's (160 against 200 ms, ±3 %): ")));
    OperatorProfile noisyFp32 = fp32;
    OperatorProfile noisyAmp = amp;
    noisyFp32.measuredStepError = noisyAmp.measuredStepError = 0.2; // ±55 %: more than the 25 % between them
    const ProfileComparison noisy = compareProfiles(noisyFp32, noisyAmp);
    QVERIFY(noisy.tooFewStepsToTell());
    QVERIFY(!compareProfiles(steadyFp32, steadyAmp).tooFewStepsToTell());
    QVERIFY2(QString::fromStdString(describeComparison(noisy))
                 .startsWith(QStringLiteral("AMP's step took 0.80× FP32's (160 against 200 ms), within the ±55 % "
                                            "these profiled steps leave: too few to tell which is faster: ")),
             describeComparison(noisy).c_str());
    QCOMPARE(QString::fromStdString(describeProfile(amp)),
             QStringLiteral("Convolutions take 53 % of the operator time (in bfloat16), batch norm 20 %, "
                            "other 13 %, casts 13 % (60 per step)."));
}

QTEST_GUILESS_MAIN(OperatorProfileTest)
#include "OperatorProfileTest.moc"
