// A run under a precision policy: a policy of one precision trains bit for bit as that precision's run, a mixed
// one trains as neither, and the policy is recorded in config.json and taken up again by a resume. Weights stored
// reduced with fp32 masters train as autocast's casts of fp32 weights do, and the checkpoint holds the masters.
#include "training/Trainer.h"

#include "model/ResNet18.h"
#include "modelfiles/CheckpointArchive.h"
#include "run/PrecisionPolicy.h"
#include "run/RunFolder.h"

#include "RunRecorder.h"
#include "TestSupport.h"

#include <QTemporaryDir>

#include <torch/torch.h>

using namespace ampwb;
using ampwb::test::Recorder;
using ampwb::test::smallConfig;

namespace {

/// The losses of every step of a run, and how it ended.
struct Trained {
    RunSummary summary;
    std::vector<double> losses;
    bool lossScaling = false;
    int64_t weightsStoredReduced = 0;
};

Trained train(const TrainingConfig& config, const QString& resumeDirectory = {})
{
    Recorder recorder;
    Trainer trainer(config, resumeDirectory.toStdString());
    trainer.addObserver(&recorder);
    Trained trained;
    trained.summary = trainer.run();
    for (const StepMetrics& step : recorder.steps)
        trained.losses.push_back(step.loss);
    trained.lossScaling = recorder.started.lossScaling;
    trained.weightsStoredReduced = recorder.started.weightsStoredReduced;
    return trained;
}

QString lossesText(const std::vector<double>& losses)
{
    QStringList texts;
    for (double loss : losses)
        texts << QString::number(loss, 'g', 17);
    return texts.join(QLatin1Char(' '));
}

/// Resumes the 2-step run of `config` in `folder` to 4 steps and trains 4 straight through as `wholeName`: empty when
/// the resumed steps' losses are the uninterrupted run's 3rd and 4th, else what differs.
QString resumedAsUninterrupted(const TrainingConfig& config, const QString& folder, const char* wholeName)
{
    TrainingConfig longer = config;
    longer.maxSteps = 4;
    const Trained resumed = train(longer, folder);
    if (resumed.summary.state != RunState::Finished)
        return QString::fromStdString(resumed.summary.message.english());
    TrainingConfig whole = config;
    whole.name = wholeName;
    whole.maxSteps = 4;
    const Trained uninterrupted = train(whole);
    if (resumed.losses.size() == 2 && uninterrupted.losses.size() == 4 && resumed.losses[0] == uninterrupted.losses[2]
        && resumed.losses[1] == uninterrupted.losses[3])
        return {};
    return lossesText(resumed.losses) + QStringLiteral(" after a resume; ") + lossesText(uninterrupted.losses);
}

PrecisionPolicy everyModule(ModulePrecision precision)
{
    PrecisionPolicy policy;
    policy.name = "every-module-" + toString(precision);
    policy.otherwise = precision;
    for (const char* stage : {"conv1", "bn1", "layer1", "layer2", "layer3", "layer4", "fc"})
        policy.modules[stage] = precision;
    return policy;
}

} // namespace

class PrecisionPolicyTrainingTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void onePrecisionEverywhereTrainsAsThatPrecision_data();
    void onePrecisionEverywhereTrainsAsThatPrecision();
    void mixedPolicyIsRecordedAndResumed();
    void reducedWeightsTrainAsAutocastsCasts_data();
    void reducedWeightsTrainAsAutocastsCasts();
    void reducedWeightsCheckpointHoldsTheMasters();

private:
    QTemporaryDir runs;
};

void PrecisionPolicyTrainingTest::onePrecisionEverywhereTrainsAsThatPrecision_data()
{
    QTest::addColumn<int>("precision");
    QTest::addColumn<int>("ampDtype");
    QTest::addColumn<int>("steps");
    QTest::newRow("fp32") << int(ModulePrecision::Fp32) << int(AmpDtype::Auto) << 4;
    QTest::newRow("autocast bf16") << int(ModulePrecision::Bf16) << int(AmpDtype::BFloat16) << 4;
    // fp16 convolution gradients are slow on a CPU: two steps.
    QTest::newRow("autocast fp16, loss scaled") << int(ModulePrecision::Fp16) << int(AmpDtype::Float16) << 2;
}

void PrecisionPolicyTrainingTest::onePrecisionEverywhereTrainsAsThatPrecision()
{
    QFETCH(int, precision);
    QFETCH(int, ampDtype);
    QFETCH(int, steps);
    const auto modulePrecision = static_cast<ModulePrecision>(precision);
    TrainingConfig plain = smallConfig(runs.path(), "plain");
    plain.name = "plain-" + toString(modulePrecision);
    plain.maxSteps = steps;
    plain.precision = modulePrecision == ModulePrecision::Fp32 ? Precision::Fp32 : Precision::Amp;
    plain.ampDtype = static_cast<AmpDtype>(ampDtype);
    const Trained reference = train(plain);
    QVERIFY2(reference.summary.state == RunState::Finished, reference.summary.message.english().c_str());
    QCOMPARE(reference.losses.size(), size_t(steps));

    for (const PrecisionPolicy& policy :
         {everyModule(modulePrecision),
          *presetPrecisionPolicy(modulePrecision == ModulePrecision::Fp32 ? "fp32" : "amp")}) {
        TrainingConfig config = plain;
        config.name = "policy-" + policy.name + "-" + toString(modulePrecision);
        config.precision = Precision::Fp32; // the policy decides
        config.precisionPolicy = policy;
        const Trained underPolicy = train(config);
        QVERIFY2(underPolicy.summary.state == RunState::Finished, underPolicy.summary.message.english().c_str());
        QCOMPARE(toString(underPolicy.summary.precision), toString(plain.precision));
        QCOMPARE(underPolicy.lossScaling, reference.lossScaling);
        QVERIFY2(underPolicy.losses == reference.losses,
                 qPrintable(QStringLiteral("%1: %2, plain run: %3")
                                .arg(QString::fromStdString(policy.name), lossesText(underPolicy.losses),
                                     lossesText(reference.losses))));
        QCOMPARE(underPolicy.summary.finalValidationLoss, reference.summary.finalValidationLoss);
    }
    QCOMPARE(reference.lossScaling, modulePrecision == ModulePrecision::Fp16);
}

void PrecisionPolicyTrainingTest::mixedPolicyIsRecordedAndResumed()
{
    PrecisionPolicy policy = *presetPrecisionPolicy("amp-batchnorm-fp32");
    policy.name = "mixed";
    policy.smallMapsFp32 = true; // at 32 px: layer2 (4×4), layer3, layer4 and fc in fp32
    policy.modules["layer1.0.conv1"] = ModulePrecision::Fp16;
    TrainingConfig config = smallConfig(runs.path(), "mixed");
    config.maxSteps = 2;
    config.precisionPolicy = policy;
    const Trained mixed = train(config);
    QVERIFY2(mixed.summary.state == RunState::Finished, mixed.summary.message.english().c_str());
    QCOMPARE(toString(mixed.summary.precision), toString(Precision::Amp));
    QVERIFY(mixed.lossScaling); // a module computes in fp16

    TrainingConfig amp = smallConfig(runs.path(), "mixed-amp");
    amp.maxSteps = 2;
    amp.precision = Precision::Amp;
    const Trained plainAmp = train(amp);
    QVERIFY(mixed.losses != plainAmp.losses);

    // config.json holds the policy as given (its rule, not the modules it resolved to).
    const QString folder = QString::fromStdString(mixed.summary.runDirectory);
    const TrainingConfig saved = RunFolder::readConfig(folder.toStdString());
    QVERIFY(saved.precisionPolicy.has_value());
    QVERIFY(*saved.precisionPolicy == policy);

    // A resume trains on under the same policy: two more steps continue the run's losses as a run of four does.
    const QString failure = resumedAsUninterrupted(config, folder, "mixed-whole");
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

void PrecisionPolicyTrainingTest::reducedWeightsTrainAsAutocastsCasts_data()
{
    QTest::addColumn<int>("precision");
    QTest::addColumn<int>("steps");
    QTest::addColumn<bool>("libtorchOnly");
    QTest::newRow("bf16, tuned paths") << int(ModulePrecision::Bf16) << 4 << false;
    QTest::newRow("bf16, stock libtorch") << int(ModulePrecision::Bf16) << 4 << true;
    QTest::newRow("fp16, loss scaled") << int(ModulePrecision::Fp16) << 2 << false;
}

void PrecisionPolicyTrainingTest::reducedWeightsTrainAsAutocastsCasts()
{
    // A convolution's weight gradient is computed in its reduced type either way: autocast's cast hands it on as
    // fp32, a weight stored reduced keeps it so until its master takes it as fp32. The same values reach the same
    // optimizer, so the runs agree bit for bit; a layer left in fp32 keeps its fp32 weights.
    QFETCH(int, precision);
    QFETCH(int, steps);
    QFETCH(bool, libtorchOnly);
    PrecisionPolicy policy = everyModule(static_cast<ModulePrecision>(precision));
    policy.modules["layer4"] = ModulePrecision::Fp32;
    TrainingConfig config = smallConfig(runs.path(), "casts");
    config.name = "casts-" + policy.name + (libtorchOnly ? "-stock" : "");
    config.maxSteps = steps;
    config.precisionPolicy = policy;
    if (libtorchOnly)
        config.enginePaths = EnginePaths::stock();
    const Trained casts = train(config);
    QVERIFY2(casts.summary.state == RunState::Finished, casts.summary.message.english().c_str());
    QCOMPARE(casts.losses.size(), size_t(steps));

    config.name += "-stored";
    config.precisionPolicy->reducedWeights = true;
    const Trained stored = train(config);
    QVERIFY2(stored.summary.state == RunState::Finished, stored.summary.message.english().c_str());
    // Every convolution's and the head's values but layer4's; no batch norm's.
    int64_t reducedValues = 0;
    for (const auto& parameter : ResNet18(10)->named_parameters()) {
        const std::string& name = parameter.key();
        const bool batchNorm = name.find(".bn") != std::string::npos || name.rfind("bn1.", 0) == 0
                            || name.find("downsample.1.") != std::string::npos;
        if (!batchNorm && name.rfind("layer4.", 0) != 0)
            reducedValues += parameter.value().numel();
    }
    QCOMPARE(casts.weightsStoredReduced, int64_t(0));
    QCOMPARE(stored.weightsStoredReduced, reducedValues);
    QCOMPARE(stored.lossScaling, casts.lossScaling);
    QVERIFY2(stored.losses == casts.losses,
             qPrintable(lossesText(stored.losses) + QStringLiteral(" stored reduced; autocast's casts: ")
                        + lossesText(casts.losses)));
    QCOMPARE(stored.summary.finalValidationLoss, casts.summary.finalValidationLoss);
    QCOMPARE(casts.lossScaling, precision == int(ModulePrecision::Fp16));
}

void PrecisionPolicyTrainingTest::reducedWeightsCheckpointHoldsTheMasters()
{
    TrainingConfig config = smallConfig(runs.path(), "stored");
    config.maxSteps = 2;
    config.precisionPolicy = *presetPrecisionPolicy("amp-reduced-weights");
    const Trained first = train(config);
    QVERIFY2(first.summary.state == RunState::Finished, first.summary.message.english().c_str());
    const QString folder = QString::fromStdString(first.summary.runDirectory);
    QVERIFY(RunFolder::readConfig(folder.toStdString()).precisionPolicy->reducedWeights);

    // The checkpoint's weights are fp32 (the masters): a classifier or an export reads full precision.
    CheckpointArchive checkpoint = openCheckpoint(RunFolder(folder.toStdString()).checkpointPath(),
                                                  torch::Device(torch::kCPU));
    ResNet18 saved(checkpoint.classCount);
    torch::serialize::InputArchive modelArchive;
    checkpoint.archive.read("model", modelArchive);
    saved->load(modelArchive);
    for (const auto& parameter : saved->named_parameters())
        QVERIFY2(parameter.value().scalar_type() == torch::kFloat, parameter.key().c_str());

    // A resume stores them reduced again from the masters and goes on as a run of four steps does; the masters
    // are not the rounded weights (else the runs would part after the resume).
    const QString failure = resumedAsUninterrupted(config, folder, "stored-whole");
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

QTEST_GUILESS_MAIN(PrecisionPolicyTrainingTest)
#include "PrecisionPolicyTrainingTest.moc"
