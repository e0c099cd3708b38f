// GradScaler: the dynamic loss-scaling rule of torch.amp.GradScaler, what it does to real
// gradients and optimizer steps of a small model, and ResNet-18 in fp16 on the CPU step by step
// beside torch.amp.GradScaler("cpu") (tests/python/grad_scaler_reference.py).
#include "training/GradScaler.h"

#include "amp/AutocastGuard.h"
#include "model/ResNet18StateDict.h"
#include "modelfiles/StateDictFile.h"

#include "TestSupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <ATen/CPUGeneratorImpl.h>
#include <torch/nn/functional/loss.h>

#include <torch/nn/modules/linear.h>
#include <torch/optim/sgd.h>
#include <torch/torch.h>

#include <limits>

using namespace ampwb;
using namespace ampwb::test;

namespace {

/// A Linear(4 → 3) whose loss is sum(W x + b): dL/dW = 1 · xᵀ and dL/db = 1, exactly.
struct LinearProblem {
    torch::nn::Linear model{torch::nn::LinearOptions(4, 3)};
    torch::Tensor input = torch::tensor({{0.5f, -1.0f, 2.0f, 0.25f}});
    torch::Tensor expectedWeightGrad = torch::ones({3, 1}).matmul(torch::tensor({{0.5f, -1.0f, 2.0f, 0.25f}}));
    torch::Tensor expectedBiasGrad = torch::ones({3});

    torch::Tensor loss() { return model->forward(input).sum(); }
};

QString values(const torch::Tensor& tensor)
{
    QStringList parts;
    const torch::Tensor flat = tensor.detach().flatten().to(torch::kDouble);
    for (int64_t i = 0; i < flat.numel(); ++i)
        parts << QString::number(flat[i].item<double>());
    return parts.join(QStringLiteral(", "));
}

/// Batch `step` of the reference script: 8 random 32 px images and labels from a generator seeded 1000 + step.
std::pair<torch::Tensor, torch::Tensor> referenceBatch(int step)
{
    auto generator = at::make_generator<at::CPUGeneratorImpl>(1000 + step);
    torch::Tensor images = at::randn({8, 3, 32, 32}, generator);
    torch::Tensor labels = at::randint(0, 10, {8}, generator, torch::kLong);
    return {images, labels};
}

torch::Tensor entry(const StateDict& stateDict, const std::string& name)
{
    for (const auto& [key, tensor] : stateDict)
        if (key == name)
            return tensor;
    return {};
}

} // namespace

class GradScalerTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void defaultsAreTorchs();
    void updateRuleFollowsHandComputedSequence();
    void growthThatWouldOverflowFloatKeepsTheScale();
    void scaleLossMultipliesByTheScale();
    void unscaleDividesRealGradients();
    void unscaleDetectsNonFiniteGradients_data();
    void unscaleDetectsNonFiniteGradients();
    void stepSkipsTheOptimizerOnOverflow();
    void stepAppliesUnscaledGradients();
    void unscaleTwicePerStepDividesOnce();
    void disabledScalerAlwaysSteps();
    void stateRoundTrips();
    void fp16OnTheCpuScalesAsTorchDoes();
};

void GradScalerTest::defaultsAreTorchs()
{
    // torch.amp.GradScaler(init_scale=2**16, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000)
    GradScaler scaler;
    QVERIFY(scaler.isEnabled());
    QCOMPARE(scaler.scale(), 65536.0);
    QCOMPARE(scaler.options().growthFactor, 2.0);
    QCOMPARE(scaler.options().backoffFactor, 0.5);
    QCOMPARE(scaler.options().growthInterval, int64_t(2000));
    QCOMPARE(scaler.growthTracker(), int64_t(0));
}

void GradScalerTest::updateRuleFollowsHandComputedSequence()
{
    GradScalerOptions options;
    options.initScale = 8.0;
    options.growthFactor = 2.0;
    options.backoffFactor = 0.5;
    options.growthInterval = 3;
    GradScaler scaler(options);

    // The rule (torch's _amp_update_scale_): on overflow, scale × backoff and tracker = 0;
    // otherwise tracker + 1, and when that reaches the interval, scale × growth and tracker = 0.
    struct Expected {
        bool overflow;
        double scale;
        int64_t tracker;
        const char* why;
    };
    const Expected sequence[] = {
        {false, 8, 1, "1st clean step: tracker 0 → 1"},
        {false, 8, 2, "2nd clean step: tracker 1 → 2"},
        {false, 16, 0, "3rd clean step in a row reaches the interval: 8 × 2, tracker reset"},
        {true, 8, 0, "overflow: 16 × 0.5"},
        {false, 8, 1, "clean after the overflow starts counting from 0"},
        {false, 8, 2, "two clean"},
        {true, 4, 0, "overflow one step short of growing: 8 × 0.5 and the two clean steps are forgotten"},
        {false, 4, 1, ""},
        {false, 4, 2, ""},
        {false, 8, 0, "three clean in a row again: 4 × 2"},
        {true, 4, 0, "overflow"},
        {true, 2, 0, "overflow twice in a row halves twice"},
        {false, 2, 1, ""},
    };
    int index = 0;
    for (const Expected& expected : sequence) {
        scaler.update(expected.overflow);
        ++index;
        QVERIFY2(scaler.scale() == expected.scale && scaler.growthTracker() == expected.tracker,
                 qPrintable(QStringLiteral("update %1 (%2): scale %3 tracker %4, expected %5 / %6")
                                .arg(index)
                                .arg(QLatin1String(expected.why))
                                .arg(scaler.scale())
                                .arg(scaler.growthTracker())
                                .arg(expected.scale)
                                .arg(expected.tracker)));
    }
}

void GradScalerTest::growthThatWouldOverflowFloatKeepsTheScale()
{
    // The scale is an fp32 value: 2^127 × 2 = 2^128 is inf in fp32, so torch keeps 2^127
    // (and still resets the tracker).
    GradScalerOptions options;
    options.initScale = std::ldexp(1.0, 127);
    options.growthInterval = 1;
    GradScaler scaler(options);
    scaler.update(false);
    QCOMPARE(scaler.scale(), std::ldexp(1.0, 127));
    QCOMPARE(scaler.growthTracker(), int64_t(0));
    QVERIFY(std::isfinite(scaler.scale()));
    scaler.update(true);
    QCOMPARE(scaler.scale(), std::ldexp(1.0, 126));
}

void GradScalerTest::scaleLossMultipliesByTheScale()
{
    GradScalerOptions options;
    options.initScale = 1024.0;
    GradScaler scaler(options);
    const torch::Tensor loss = torch::tensor(1.5f);
    const torch::Tensor scaled = scaler.scaleLoss(loss);
    QCOMPARE(scaled.item<float>(), 1536.0f);
    QCOMPARE(scaled.scalar_type(), torch::kFloat);
    // Still part of the graph: backward through the scaled loss gives scale × gradient.
    auto x = torch::tensor(3.0f, torch::requires_grad());
    scaler.scaleLoss(x * x).backward();
    QCOMPARE(x.grad().item<float>(), 1024.0f * 6.0f);
}

void GradScalerTest::unscaleDividesRealGradients()
{
    GradScalerOptions options;
    options.initScale = 4096.0;
    GradScaler scaler(options);
    LinearProblem problem;
    torch::optim::SGD optimizer(problem.model->parameters(), torch::optim::SGDOptions(0.1));
    scaler.scaleLoss(problem.loss()).backward();
    QVERIFY(torch::allclose(problem.model->weight.grad(), problem.expectedWeightGrad * 4096.0f));
    scaler.unscale(optimizer);
    // Powers of two divide exactly.
    QVERIFY2(torch::equal(problem.model->weight.grad(), problem.expectedWeightGrad),
             qPrintable(values(problem.model->weight.grad())));
    QVERIFY2(torch::equal(problem.model->bias.grad(), problem.expectedBiasGrad),
             qPrintable(values(problem.model->bias.grad())));
    QVERIFY(scaler.step(optimizer));
}

void GradScalerTest::unscaleDetectsNonFiniteGradients_data()
{
    QTest::addColumn<float>("poison");
    QTest::addColumn<bool>("inBias");
    QTest::newRow("inf in a weight gradient") << std::numeric_limits<float>::infinity() << false;
    QTest::newRow("-inf in a bias gradient") << -std::numeric_limits<float>::infinity() << true;
    QTest::newRow("NaN in a weight gradient") << std::numeric_limits<float>::quiet_NaN() << false;
    QTest::newRow("NaN in a bias gradient") << std::numeric_limits<float>::quiet_NaN() << true;
}

void GradScalerTest::unscaleDetectsNonFiniteGradients()
{
    QFETCH(float, poison);
    QFETCH(bool, inBias);
    GradScalerOptions options;
    options.initScale = 256.0;
    GradScaler scaler(options);
    LinearProblem problem;
    torch::optim::SGD optimizer(problem.model->parameters(), torch::optim::SGDOptions(0.1));
    scaler.scaleLoss(problem.loss()).backward();
    {
        torch::NoGradGuard noGrad;
        (inBias ? problem.model->bias : problem.model->weight).grad().view({-1})[1] = poison;
    }
    const torch::Tensor weightBefore = problem.model->weight.detach().clone();
    const torch::Tensor biasBefore = problem.model->bias.detach().clone();
    QVERIFY(!scaler.step(optimizer));
    QVERIFY(torch::equal(problem.model->weight.detach(), weightBefore));
    QVERIFY(torch::equal(problem.model->bias.detach(), biasBefore));
    scaler.update();
    QCOMPARE(scaler.scale(), 128.0);
    QCOMPARE(scaler.growthTracker(), int64_t(0));
}

void GradScalerTest::stepSkipsTheOptimizerOnOverflow()
{
    GradScalerOptions options;
    options.initScale = 64.0;
    options.growthInterval = 2;
    GradScaler scaler(options);
    LinearProblem problem;
    torch::optim::SGD optimizer(problem.model->parameters(), torch::optim::SGDOptions(0.5).momentum(0.9));

    // A clean step, then one whose loss overflows: the second must leave the weights and the
    // momentum untouched, and the scale must halve.
    scaler.scaleLoss(problem.loss()).backward();
    QVERIFY(scaler.step(optimizer));
    scaler.update();
    QCOMPARE(scaler.growthTracker(), int64_t(1));

    const torch::Tensor weightBefore = problem.model->weight.detach().clone();
    optimizer.zero_grad();
    scaler.scaleLoss(problem.loss() * std::numeric_limits<float>::infinity()).backward();
    QVERIFY(!scaler.step(optimizer));
    QVERIFY(torch::equal(problem.model->weight.detach(), weightBefore));
    scaler.update();
    QCOMPARE(scaler.scale(), 32.0);
    QCOMPARE(scaler.growthTracker(), int64_t(0));

    // The next clean step steps again, from the unchanged weights.
    optimizer.zero_grad();
    scaler.scaleLoss(problem.loss()).backward();
    QVERIFY(scaler.step(optimizer));
    QVERIFY(!torch::equal(problem.model->weight.detach(), weightBefore));
}

void GradScalerTest::stepAppliesUnscaledGradients()
{
    GradScalerOptions options;
    options.initScale = 1024.0;
    GradScaler scaler(options);
    LinearProblem problem;
    const double learningRate = 0.25;
    torch::optim::SGD optimizer(problem.model->parameters(), torch::optim::SGDOptions(learningRate));
    const torch::Tensor weightBefore = problem.model->weight.detach().clone();
    const torch::Tensor biasBefore = problem.model->bias.detach().clone();
    scaler.scaleLoss(problem.loss()).backward();
    QVERIFY(scaler.step(optimizer));
    // Plain SGD: w ← w − lr · g with the true (unscaled) gradient.
    QVERIFY2(torch::allclose(problem.model->weight.detach(), weightBefore - learningRate * problem.expectedWeightGrad),
             qPrintable(values(problem.model->weight - weightBefore)));
    QVERIFY(torch::allclose(problem.model->bias.detach(), biasBefore - learningRate * problem.expectedBiasGrad));
}

void GradScalerTest::unscaleTwicePerStepDividesOnce()
{
    GradScalerOptions options;
    options.initScale = 512.0;
    GradScaler scaler(options);
    LinearProblem problem;
    torch::optim::SGD optimizer(problem.model->parameters(), torch::optim::SGDOptions(0.1));

    for (int iteration = 0; iteration < 2; ++iteration) {
        optimizer.zero_grad();
        scaler.scaleLoss(problem.loss()).backward();
        scaler.unscale(optimizer); // e.g. before gradient clipping
        scaler.unscale(optimizer);
        QVERIFY2(torch::equal(problem.model->bias.grad(), problem.expectedBiasGrad),
                 qPrintable(QStringLiteral("iteration %1: %2").arg(iteration).arg(values(problem.model->bias.grad()))));
        QVERIFY(scaler.step(optimizer)); // must not unscale a third time either
        QVERIFY(torch::equal(problem.model->bias.grad(), problem.expectedBiasGrad));
        // After update() the next iteration's gradients are unscaled again.
        scaler.update();
    }
}

void GradScalerTest::disabledScalerAlwaysSteps()
{
    GradScalerOptions options;
    options.enabled = false;
    options.initScale = 1024.0;
    GradScaler scaler(options);
    QVERIFY(!scaler.isEnabled());
    QCOMPARE(scaler.scale(), 1.0);
    const torch::Tensor loss = torch::tensor(2.5f);
    QCOMPARE(scaler.scaleLoss(loss).item<float>(), 2.5f);

    LinearProblem problem;
    torch::optim::SGD optimizer(problem.model->parameters(), torch::optim::SGDOptions(0.5));
    scaler.scaleLoss(problem.loss()).backward();
    scaler.unscale(optimizer);
    QVERIFY(torch::equal(problem.model->weight.grad(), problem.expectedWeightGrad)); // not divided
    {
        torch::NoGradGuard noGrad;
        problem.model->bias.grad()[0] = std::numeric_limits<float>::infinity();
    }
    const torch::Tensor weightBefore = problem.model->weight.detach().clone();
    QVERIFY(scaler.step(optimizer));
    QVERIFY(!torch::equal(problem.model->weight.detach(), weightBefore));
    scaler.update();
    scaler.update(true);
    QCOMPARE(scaler.scale(), 1.0);
}

void GradScalerTest::stateRoundTrips()
{
    GradScalerOptions options;
    options.initScale = 8.0;
    options.growthInterval = 3;
    GradScaler original(options);
    for (bool overflow : {false, false, false, true, false, false}) // → scale 8, tracker 2
        original.update(overflow);
    const GradScalerState saved = original.saveState();
    QCOMPARE(saved.scale, 8.0);
    QCOMPARE(saved.growthTracker, int64_t(2));

    GradScaler restored(options);
    restored.update(true); // some other history, replaced by the load
    restored.loadState(saved);
    QCOMPARE(restored.scale(), original.scale());
    QCOMPARE(restored.growthTracker(), original.growthTracker());
    // Both continue identically: the next clean step completes the interval.
    original.update(false);
    restored.update(false);
    QCOMPARE(restored.scale(), 16.0);
    QCOMPARE(original.scale(), 16.0);
    QCOMPARE(restored.growthTracker(), int64_t(0));
}

void GradScalerTest::fp16OnTheCpuScalesAsTorchDoes()
{
    AMPWB_REQUIRE_REFERENCE_PYTHON();
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    // An initial scale of 2^24 overflows fp16 for ten steps; growth every 5 clean steps then overflows once more.
    constexpr int kSteps = 26;
    const QString failure = runReferenceScript("grad_scaler_reference.py",
                                               {folder.path(), QStringLiteral("--steps"), QString::number(kSteps),
                                                QStringLiteral("--init-scale"), QStringLiteral("16777216"),
                                                QStringLiteral("--growth-interval"), QStringLiteral("5")});
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    const QJsonArray reference =
        QJsonDocument::fromJson(readBytes(folder.filePath(QStringLiteral("scales.json")))).array();
    QCOMPARE(reference.size(), kSteps);

    // The same images as the script's: libtorch's generator draws what Python's does.
    const StateDict firstBatch = readStateDictFile(folder.filePath(QStringLiteral("first-batch.pth")).toStdString());
    const auto [images, labels] = referenceBatch(0);
    QVERIFY(torch::equal(entry(firstBatch, "images"), images));
    QVERIFY(torch::equal(entry(firstBatch, "labels"), labels));

    torch::set_num_threads(1);
    const std::string weights = folder.filePath(QStringLiteral("weights.pth")).toStdString();
    ResNet18 model = resNet18FromStateDict(readStateDictFile(weights), weights);
    model->train();
    torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.01).momentum(0.9));
    GradScalerOptions options;
    options.initScale = 16777216.0;
    options.growthInterval = 5;
    GradScaler scaler(options);
    int skipped = 0;
    for (int step = 0; step < kSteps; ++step) {
        const auto [x, y] = referenceBatch(step);
        optimizer.zero_grad();
        torch::Tensor loss;
        {
            AutocastGuard autocast(c10::Device(c10::DeviceType::CPU), true, c10::kHalf);
            loss = torch::nn::functional::cross_entropy(model->forward(x), y);
        }
        const double scaleUsed = scaler.scale();
        scaler.scaleLoss(loss).backward();
        const bool stepped = scaler.step(optimizer);
        scaler.update();
        const QJsonObject expected = reference[step].toObject();
        QVERIFY2(scaleUsed == expected.value(QStringLiteral("scale")).toDouble(),
                 qPrintable(QStringLiteral("step %1: scale %2, torch's %3")
                                .arg(step)
                                .arg(scaleUsed)
                                .arg(expected.value(QStringLiteral("scale")).toDouble())));
        QCOMPARE(!stepped, expected.value(QStringLiteral("skipped")).toBool());
        skipped += stepped ? 0 : 1;
    }
    // The run really exercised both directions of the rule.
    QVERIFY(skipped >= 2);
    QVERIFY(scaler.scale() > 1024.0);
}

QTEST_GUILESS_MAIN(GradScalerTest)
#include "GradScalerTest.moc"
