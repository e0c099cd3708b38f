// Precision policies: the file, the presets, the rule that gives each module its precision, and a ResNet-18
// computing under a policy: bit for bit FP32 or AMP where the policy says so everywhere, and loss for loss the
// Python loop with the same nested torch.autocast contexts where it mixes them.
#include "model/ModulePrecisions.h"

#include "amp/AutocastGuard.h"
#include "model/ResNet18.h"
#include "model/ResNet18StateDict.h"
#include "model/SmallMapConvolution.h"
#include "run/PrecisionPolicy.h"
#include "training/MasterWeights.h"

#include "TestSupport.h"

#include <QTemporaryDir>

#include <torch/nn/functional/loss.h>
#include <torch/optim/sgd.h>
#include <torch/torch.h>

#include <cmath>
#include <fstream>

using namespace ampwb;

// What Qt Test prints of a value that differs.
namespace QTest {
template <>
char* toString(const PrecisionPolicy& policy)
{
    return qstrdup(precisionPolicyJson(policy).c_str());
}
} // namespace QTest

namespace {

QString named(ModulePrecision precision)
{
    return QString::fromStdString(toString(precision));
}

/// A model's output and every parameter's gradient after one forward and backward.
struct StepResult {
    torch::Tensor logits;
    std::vector<torch::Tensor> gradients;
};

/// One train-mode forward + backward of a fresh seeded ResNet-18 on a fixed batch, inside an outer autocast
/// region of `outer` (nullopt: none), under `policy` resolved with `ampType` (nullopt: no policy).
StepResult stepOf(std::optional<c10::ScalarType> outer, const std::optional<PrecisionPolicy>& policy,
                  c10::ScalarType ampType = c10::kBFloat16)
{
    torch::manual_seed(7);
    ResNet18 model(10);
    if (policy)
        model->setModulePrecisions(std::make_shared<ModulePrecisions>(*policy, c10::DeviceType::CPU, ampType));
    model->train();
    const torch::Tensor input = torch::randn({4, 3, 32, 32});
    const torch::Tensor target = torch::tensor({1, 4, 7, 9}, torch::kLong);
    torch::Tensor logits;
    torch::Tensor loss;
    {
        const AutocastGuard region(c10::Device(c10::kCPU), outer.has_value(), outer.value_or(c10::kFloat));
        logits = model->forward(input);
        loss = torch::nn::functional::cross_entropy(logits, target);
    }
    loss.backward();
    StepResult result{logits.detach(), {}};
    for (const torch::Tensor& parameter : model->parameters())
        result.gradients.push_back(parameter.grad().clone());
    return result;
}

bool sameBits(const StepResult& left, const StepResult& right)
{
    if (!torch::equal(left.logits, right.logits) || left.gradients.size() != right.gradients.size())
        return false;
    for (size_t index = 0; index < left.gradients.size(); ++index)
        if (!torch::equal(left.gradients[index], right.gradients[index]))
            return false;
    return true;
}

PrecisionPolicy preset(const std::string& name)
{
    return *presetPrecisionPolicy(name);
}

} // namespace

class ModulePrecisionsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void eachModuleTakesTheLongestPathNamingIt();
    void smallMapsPresetFollowsTheImageSize_data();
    void smallMapsPresetFollowsTheImageSize();
    void policyFileReadsBackAsWritten();
    void badPolicyFilesAreRefusedByName_data();
    void badPolicyFilesAreRefusedByName();
    void pathsTheModelLacksAreRefused();
    void everyModuleFp32IsFp32BitForBit();
    void everyModuleAutocastIsAmpBitForBit_data();
    void everyModuleAutocastIsAmpBitForBit();
    void mixedPolicyChangesTheResult();
    void mixedPolicyMatchesPythonsNestedAutocast_data();
    void mixedPolicyMatchesPythonsNestedAutocast();

private:
    QTemporaryDir scratch;
};

void ModulePrecisionsTest::eachModuleTakesTheLongestPathNamingIt()
{
    PrecisionPolicy policy;
    policy.otherwise = ModulePrecision::Amp;
    policy.modules = {{"layer2", ModulePrecision::Fp32}, {"layer2.0.conv1", ModulePrecision::Fp16}};
    QCOMPARE(named(policy.precisionOf("layer2.0.conv1")), named(ModulePrecision::Fp16));
    QCOMPARE(named(policy.precisionOf("layer2.0.conv2")), named(ModulePrecision::Fp32));
    QCOMPARE(named(policy.precisionOf("layer2.0.downsample.1", true)), named(ModulePrecision::Fp32));
    QCOMPARE(named(policy.precisionOf("layer2")), named(ModulePrecision::Fp32));
    QCOMPARE(named(policy.precisionOf("layer20")), named(ModulePrecision::Amp)); // a path, not a text prefix
    QCOMPARE(named(policy.precisionOf("layer3.1.bn2", true)), named(ModulePrecision::Amp));
    QCOMPARE(named(policy.precisionOf("fc")), named(ModulePrecision::Amp));
    policy.batchNormFp32 = true;
    QCOMPARE(named(policy.precisionOf("layer3.1.bn2", true)), named(ModulePrecision::Fp32));
    QCOMPARE(named(policy.precisionOf("layer3.1.conv2")), named(ModulePrecision::Amp));

    const ModulePrecisions resolved(policy, c10::DeviceType::CPU, c10::kBFloat16);
    QVERIFY(resolved.typeOf("layer2.0.conv1") == std::optional<c10::ScalarType>(c10::kHalf));
    QVERIFY(resolved.typeOf("layer2.1.conv1") == std::optional<c10::ScalarType>());
    QVERIFY(resolved.typeOf("fc") == std::optional<c10::ScalarType>(c10::kBFloat16));
    QVERIFY(resolved.usesFloat16());
    QVERIFY(!ModulePrecisions(preset("amp"), c10::DeviceType::CPU, c10::kBFloat16).usesFloat16());
    QVERIFY(ModulePrecisions(preset("amp"), c10::DeviceType::CUDA, c10::kHalf).usesFloat16());
    QCOMPARE(QString::fromStdString(describePrecisionPolicy(policy)),
             QStringLiteral("custom: amp, and fp32 in layer2, and fp16 in layer2.0.conv1; batch norms in fp32"));
    QVERIFY(!preset("fp32").usesReducedPrecision());
    QVERIFY(preset("amp").usesReducedPrecision());
}

void ModulePrecisionsTest::smallMapsPresetFollowsTheImageSize_data()
{
    QTest::addColumn<int>("imageSize");
    QTest::addColumn<QStringList>("fp32Modules");
    // Stage maps: 28 px → 7, 4, 2, 1; 64 px → 16, 8, 4, 2; 224 px → 56, 28, 14, 7.
    QTest::newRow("28 px") << 28 << QStringList{"fc", "layer1", "layer2", "layer3", "layer4"};
    QTest::newRow("64 px") << 64 << QStringList{"fc", "layer3", "layer4"};
    QTest::newRow("224 px") << 224 << QStringList{"fc", "layer4"};
    QTest::newRow("512 px") << 512 << QStringList{};
}

void ModulePrecisionsTest::smallMapsPresetFollowsTheImageSize()
{
    QFETCH(int, imageSize);
    QFETCH(QStringList, fp32Modules);
    const PrecisionPolicy policy = preset("amp-keep-small-maps-fp32").resolvedFor(imageSize);
    QStringList paths;
    for (const auto& [path, precision] : policy.modules) {
        QCOMPARE(named(precision), named(ModulePrecision::Fp32));
        paths << QString::fromStdString(path);
    }
    QCOMPARE(paths, fp32Modules);
    QCOMPARE(named(policy.otherwise), named(ModulePrecision::Amp));
}

void ModulePrecisionsTest::policyFileReadsBackAsWritten()
{
    for (const std::string& name : precisionPolicyPresets()) {
        const PrecisionPolicy policy = preset(name);
        QCOMPARE(parsePrecisionPolicy(precisionPolicyJson(policy), "text"), policy);
        QCOMPARE(parsePrecisionPolicy(precisionPolicyJson(policy, -1), "text"), policy);
        QCOMPARE(readPrecisionPolicy(name), policy);
    }
    PrecisionPolicy mixed;
    mixed.name = "mine";
    mixed.otherwise = ModulePrecision::Fp32;
    mixed.batchNormFp32 = true;
    mixed.modules = {{"layer1", ModulePrecision::Bf16}, {"fc", ModulePrecision::Fp16}};
    const std::string path = scratch.filePath(QStringLiteral("mine.json")).toStdString();
    std::ofstream(path) << precisionPolicyJson(mixed);
    QCOMPARE(readPrecisionPolicy(path), mixed);
    // Upper case and a file without a name.
    const PrecisionPolicy unnamed = parsePrecisionPolicy(R"({"otherwise": "FP32", "modules": {"fc": "BF16"}})", "t");
    QCOMPARE(unnamed.name, std::string("custom"));
    QCOMPARE(named(unnamed.otherwise), named(ModulePrecision::Fp32));
    QCOMPARE(named(unnamed.modules.at("fc")), named(ModulePrecision::Bf16));
}

void ModulePrecisionsTest::badPolicyFilesAreRefusedByName_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("not JSON") << "{otherwise: amp"
                              << "p.json is not a JSON object.";
    QTest::newRow("a list") << "[1, 2]"
                            << "p.json is not a JSON object.";
    QTest::newRow("unknown key") << R"({"default": "amp"})"
                                 << "has the key \"default\"";
    QTest::newRow("unknown precision") << R"({"otherwise": "int8"})"
                                       << "gives \"otherwise\" \"int8\"";
    QTest::newRow("module precision a number") << R"({"modules": {"fc": 16}})"
                                               << "gives module \"fc\" 16";
    QTest::newRow("modules a list") << R"({"modules": ["fc"]})"
                                    << "gives \"modules\" [\"fc\"]";
    QTest::newRow("batchNormFp32 text") << R"({"batchNormFp32": "yes"})"
                                        << "it must be true or false";
    QTest::newRow("smallMapsFp32 a number") << R"({"smallMapsFp32": 1})"
                                            << "gives \"smallMapsFp32\" 1; it must be true or false";
    QTest::newRow("reducedWeights a string") << R"({"reducedWeights": "bf16"})"
                                             << "gives \"reducedWeights\" \"bf16\"; it must be true or false";
}

void ModulePrecisionsTest::badPolicyFilesAreRefusedByName()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const std::string path = scratch.filePath(QStringLiteral("p.json")).toStdString();
    std::ofstream(path) << text.toStdString();
    try {
        readPrecisionPolicy(path);
        QFAIL("the policy was read");
    } catch (const std::runtime_error& error) {
        const QString message = QString::fromUtf8(error.what());
        QVERIFY2(message.startsWith(QStringLiteral("The precision policy ") + QString::fromStdString(path)),
                 qPrintable(message));
        QVERIFY2(message.contains(expected.startsWith(QStringLiteral("p.json")) ? expected.mid(7) : expected),
                 qPrintable(message));
    }
    try {
        readPrecisionPolicy(scratch.filePath(QStringLiteral("none.json")).toStdString());
        QFAIL("a missing file was read");
    } catch (const std::runtime_error& error) {
        QVERIFY2(QString::fromUtf8(error.what())
                     .contains(QStringLiteral("neither a precision policy preset (fp32, "
                                              "amp, amp-batchnorm-fp32")),
                 error.what());
    }
}

void ModulePrecisionsTest::pathsTheModelLacksAreRefused()
{
    ResNet18 model(10);
    PrecisionPolicy policy = preset("amp");
    policy.modules = {{"layer5", ModulePrecision::Fp32},
                      {"layer1.0.downsample", ModulePrecision::Fp32},
                      {"layer2.0.downsample.1", ModulePrecision::Fp32}};
    try {
        model->setModulePrecisions(std::make_shared<ModulePrecisions>(policy, c10::DeviceType::CPU, c10::kBFloat16));
        QFAIL("a policy naming modules the model lacks was taken");
    } catch (const std::runtime_error& error) {
        QVERIFY2(QString::fromUtf8(error.what())
                     .startsWith(QStringLiteral("The precision policy names \"layer1.0.downsample\", \"layer5\", which "
                                                "ResNet-18 does not have")),
                 error.what());
    }
    QVERIFY(!model->modulePrecisions());
}

void ModulePrecisionsTest::everyModuleFp32IsFp32BitForBit()
{
    const StepResult plain = stepOf(std::nullopt, std::nullopt);
    QVERIFY(sameBits(stepOf(std::nullopt, preset("fp32")), plain));
    // Naming every stage fp32 opens regions at every level; still the same bits.
    PrecisionPolicy named = preset("fp32");
    for (const char* path : {"conv1", "bn1", "layer1", "layer2.0", "layer3.1.conv2", "layer4.0.downsample", "fc"})
        named.modules[path] = ModulePrecision::Fp32;
    named.batchNormFp32 = true;
    QVERIFY(sameBits(stepOf(std::nullopt, named), plain));
}

void ModulePrecisionsTest::everyModuleAutocastIsAmpBitForBit_data()
{
    QTest::addColumn<int>("type");
    QTest::addColumn<bool>("libtorchConvolutionsOnly");
    QTest::newRow("bf16, tuned paths") << int(c10::kBFloat16) << false;
    QTest::newRow("bf16, libtorch") << int(c10::kBFloat16) << true;
    QTest::newRow("fp16, libtorch") << int(c10::kHalf) << true;
}

void ModulePrecisionsTest::everyModuleAutocastIsAmpBitForBit()
{
    QFETCH(int, type);
    QFETCH(bool, libtorchConvolutionsOnly);
    const LibtorchConvolutionsOnly stock(libtorchConvolutionsOnly);
    const auto scalarType = static_cast<c10::ScalarType>(type);
    const StepResult amp = stepOf(scalarType, std::nullopt);
    QVERIFY(sameBits(stepOf(scalarType, preset("amp"), scalarType), amp));
    PrecisionPolicy named = preset("amp");
    const ModulePrecision explicitType = scalarType == c10::kHalf ? ModulePrecision::Fp16 : ModulePrecision::Bf16;
    for (const char* path : {"conv1", "layer1", "layer2.0", "layer3.1.conv2", "layer4.0.downsample.1", "fc"})
        named.modules[path] = explicitType;
    QVERIFY(sameBits(stepOf(scalarType, named, scalarType), amp));
}

void ModulePrecisionsTest::mixedPolicyChangesTheResult()
{
    // The regions act: the same step with a stage in fp32, or batch norms kept in fp32, gives other bits.
    const StepResult amp = stepOf(c10::kBFloat16, std::nullopt);
    PrecisionPolicy stageFp32 = preset("amp");
    stageFp32.modules["layer1"] = ModulePrecision::Fp32;
    QVERIFY(!sameBits(stepOf(c10::kBFloat16, stageFp32), amp));
    QVERIFY(!sameBits(stepOf(c10::kBFloat16, preset("amp-batchnorm-fp32")), amp));
}

void ModulePrecisionsTest::mixedPolicyMatchesPythonsNestedAutocast_data()
{
    QTest::addColumn<bool>("reducedWeights");
    QTest::newRow("fp32 weights, autocast's casts") << false;
    // The script stores them as Apex O2 does: param.data in the module's type, SGD on fp32 master copies.
    QTest::newRow("weights stored reduced, fp32 masters") << true;
}

void ModulePrecisionsTest::mixedPolicyMatchesPythonsNestedAutocast()
{
    AMPWB_REQUIRE_REFERENCE_PYTHON();
    QFETCH(bool, reducedWeights);
    PrecisionPolicy policy = preset("amp-batchnorm-fp32");
    policy.reducedWeights = reducedWeights;
    policy.modules = {{"layer3", ModulePrecision::Fp32},
                      {"layer4.1", ModulePrecision::Fp32},
                      {"layer2.0.conv1", ModulePrecision::Fp32},
                      {"layer1.1.conv2", ModulePrecision::Bf16},
                      {"fc", ModulePrecision::Fp32}};
    const QString policyPath = scratch.filePath(QStringLiteral("mixed.json"));
    std::ofstream(policyPath.toStdString()) << precisionPolicyJson(policy);
    const QString output = scratch.filePath(QStringLiteral("mixed.pt"));
    constexpr int kSteps = 4;
    const QString failure = ampwb::test::runReferenceScript("precision_policy_reference.py",
                                                            {output, policyPath, QString::number(kSteps)});
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    const std::map<std::string, torch::Tensor> reference = ampwb::test::loadTensorDict(output);

    // libtorch's convolutions, as Python runs them; one thread, as the script does.
    const LibtorchConvolutionsOnly stock(true);
    const int threads = torch::get_num_threads();
    torch::set_num_threads(1);
    ResNet18 model(10);
    {
        torch::NoGradGuard noGrad;
        for (auto& [name, tensor] : stateDictOf(*model))
            tensor.copy_(reference.at("param:" + name));
    }
    const auto precisions = std::make_shared<ModulePrecisions>(policy, c10::DeviceType::CPU, c10::kBFloat16);
    model->setModulePrecisions(precisions);
    model->train();
    std::optional<MasterWeights> masters;
    if (reducedWeights) {
        masters.emplace(model, *precisions);
        // layer1, layer2 (but layer2.0.conv1) and the stem's convolutions; fc and layer3-4 compute in fp32.
        QCOMPARE(model->named_parameters()["layer1.0.conv1.weight"].scalar_type(), c10::kBFloat16);
        QCOMPARE(model->named_parameters()["layer2.0.conv1.weight"].scalar_type(), c10::kFloat);
        QCOMPARE(model->named_parameters()["layer1.0.bn1.weight"].scalar_type(), c10::kFloat);
        QCOMPARE(model->named_parameters()["fc.weight"].scalar_type(), c10::kFloat);
    }
    torch::optim::SGD optimizer(masters ? masters->forOptimizer(model->parameters()) : model->parameters(),
                                torch::optim::SGDOptions(0.01).momentum(0.9));
    const torch::Tensor losses = reference.at("losses");
    for (int step = 0; step < kSteps; ++step) {
        optimizer.zero_grad();
        torch::Tensor loss;
        {
            const AutocastGuard region(c10::Device(c10::kCPU), true, c10::kBFloat16);
            loss = torch::nn::functional::cross_entropy(model->forward(reference.at("input")), reference.at("target"));
        }
        loss.backward();
        if (masters)
            masters->gradientsToMasters();
        optimizer.step();
        if (masters)
            masters->mastersToModel();
        // The same operators in the same precisions on the same library: the same losses, to fp32's last bit
        // at most (the loss is an fp32 sum; only the kernels' own threading could reorder it, and both use one).
        const double expected = losses[step].item<double>();
        const double got = loss.item<double>();
        QVERIFY2(std::abs(got - expected) <= std::abs(expected) * std::ldexp(1.0, -23),
                 qPrintable(QStringLiteral("step %1: engine %2, Python %3")
                                .arg(step + 1)
                                .arg(got, 0, 'g', 9)
                                .arg(expected, 0, 'g', 9)));
    }
    torch::set_num_threads(threads);
}

QTEST_GUILESS_MAIN(ModulePrecisionsTest)
#include "ModulePrecisionsTest.moc"
