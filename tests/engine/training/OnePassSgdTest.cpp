// OnePassSgd: libtorch's SGD, each parameter updated in one pass, bit for bit libtorch's results, and
// the weights' bf16 copies written in that pass bit for bit autocast's casts.
#include "training/OnePassSgd.h"

#include "amp/AutocastWeightCopies.h"

#include "TestSupport.h"

#include <torch/serialize.h>
#include <torch/torch.h>

using namespace ampwb;

namespace {

/// The parameters a step sees: ResNet-18's shapes and layouts (a channels_last 3×3 kernel large
/// enough to be split between threads, the stem's, a batch-norm vector, the head's 10 biases) and a
/// length that is no multiple of any vector width.
std::vector<torch::Tensor> someParameters(torch::ScalarType type = torch::kFloat)
{
    torch::manual_seed(7);
    const auto options = torch::TensorOptions().dtype(type);
    return {torch::randn({512, 512, 3, 3}, options).contiguous(torch::MemoryFormat::ChannelsLast),
            torch::randn({64, 3, 7, 7}, options),
            torch::randn({512, 256, 1, 1}, options).contiguous(torch::MemoryFormat::ChannelsLast),
            torch::randn({256}, options),
            torch::randn({10}, options),
            torch::randn({100003}, options)};
}

std::vector<torch::Tensor> copies(const std::vector<torch::Tensor>& tensors)
{
    std::vector<torch::Tensor> result;
    for (const auto& tensor : tensors)
        result.push_back(tensor.clone().set_requires_grad(true));
    return result;
}

/// Two groups, the second with a tenth of the learning rate (the backbone's own rate).
std::vector<torch::optim::OptimizerParamGroup> groupsOf(const std::vector<torch::Tensor>& parameters)
{
    return {torch::optim::OptimizerParamGroup({parameters.begin(), parameters.begin() + 3}),
            torch::optim::OptimizerParamGroup({parameters.begin() + 3, parameters.end()},
                                              std::make_unique<torch::optim::SGDOptions>(0.01))};
}

/// Gives both sets of parameters the same random gradient, laid out as each parameter, except that a
/// 1×1 kernel's gradient is contiguous (the same memory order as its channels_last weight, other
/// strides for its size-1 dimensions, as autograd hands it over).
void setGradients(const std::vector<torch::Tensor>& first, const std::vector<torch::Tensor>& second, int step)
{
    torch::manual_seed(100 + step);
    for (size_t i = 0; i < first.size(); ++i) {
        const auto gradient = torch::randn(first[i].sizes(), first[i].options());
        const bool oneByOne = first[i].dim() == 4 && first[i].size(2) == 1 && first[i].size(3) == 1;
        first[i].mutable_grad() = oneByOne ? gradient.clone() : torch::empty_like(first[i]).copy_(gradient);
        second[i].mutable_grad() = oneByOne ? gradient.clone() : torch::empty_like(second[i]).copy_(gradient);
    }
}

torch::Tensor momentumBuffer(torch::optim::Optimizer& optimizer, const torch::Tensor& parameter)
{
    const auto found = optimizer.state().find(parameter.unsafeGetTensorImpl());
    return found == optimizer.state().end()
             ? torch::Tensor()
             : static_cast<torch::optim::SGDParamState&>(*found->second).momentum_buffer();
}

/// Fails with the first parameter or momentum buffer that is not bit-identical.
void verifyIdentical(torch::optim::Optimizer& ours, const std::vector<torch::Tensor>& ourParameters,
                     torch::optim::Optimizer& libtorchs, const std::vector<torch::Tensor>& theirParameters, int step)
{
    for (size_t i = 0; i < ourParameters.size(); ++i) {
        const auto where = QStringLiteral("step %1, parameter %2").arg(step).arg(i);
        QVERIFY2(torch::equal(ourParameters[i], theirParameters[i]),
                 qPrintable(where
                            + QStringLiteral(": %1 elements differ, by up to %2")
                                  .arg((ourParameters[i] != theirParameters[i]).sum().item<int64_t>())
                                  .arg((ourParameters[i] - theirParameters[i]).abs().max().item<double>())));
        QCOMPARE(ourParameters[i].strides(), theirParameters[i].strides());
        const auto ourBuffer = momentumBuffer(ours, ourParameters[i]);
        const auto theirBuffer = momentumBuffer(libtorchs, theirParameters[i]);
        QCOMPARE(ourBuffer.defined(), theirBuffer.defined());
        if (ourBuffer.defined())
            QVERIFY2(torch::equal(ourBuffer, theirBuffer), qPrintable(where + QStringLiteral(": momentum differs")));
    }
}

/// The same parameters (someParameters) under OnePassSgd and under libtorch's SGD.
struct SideBySide {
    explicit SideBySide(const torch::optim::SGDOptions& options, torch::ScalarType type = torch::kFloat)
        : start(someParameters(type))
        , ourParameters(copies(start))
        , theirParameters(copies(start))
        , ours(groupsOf(ourParameters), options)
        , libtorchs(groupsOf(theirParameters), options)
    {
    }
    void setGradients(int step) { ::setGradients(ourParameters, theirParameters, step); }
    void step()
    {
        ours.step();
        libtorchs.step();
    }
    void verifyIdentical(int step) { ::verifyIdentical(ours, ourParameters, libtorchs, theirParameters, step); }

    const std::vector<torch::Tensor> start;
    const std::vector<torch::Tensor> ourParameters;
    const std::vector<torch::Tensor> theirParameters;
    OnePassSgd ours;
    torch::optim::SGD libtorchs;
};

} // namespace

class OnePassSgdTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void followsLibtorchsSgdBitForBit_data();
    void followsLibtorchsSgdBitForBit();
    void followsAtensPlainKernelsToo();
    void otherTensorsTakeLibtorchsPath();
    void momentumCarriesOverToLibtorchsSgd();
};

void OnePassSgdTest::followsLibtorchsSgdBitForBit_data()
{
    QTest::addColumn<double>("momentum");
    QTest::addColumn<double>("dampening");
    QTest::addColumn<double>("weightDecay");
    QTest::addColumn<bool>("nesterov");
    QTest::newRow("learning rate only") << 0.0 << 0.0 << 0.0 << false;
    QTest::newRow("weight decay only") << 0.0 << 0.0 << 5e-4 << false;
    QTest::newRow("momentum") << 0.9 << 0.0 << 0.0 << false;
    QTest::newRow("the workbench's defaults") << 0.9 << 0.0 << 5e-4 << false;
    QTest::newRow("dampening") << 0.8 << 0.3 << 1e-3 << false;
    QTest::newRow("nesterov") << 0.9 << 0.0 << 5e-4 << true;
}

void OnePassSgdTest::followsLibtorchsSgdBitForBit()
{
    QFETCH(double, momentum);
    QFETCH(double, dampening);
    QFETCH(double, weightDecay);
    QFETCH(bool, nesterov);
    SideBySide sides(torch::optim::SGDOptions(0.1)
                         .momentum(momentum)
                         .dampening(dampening)
                         .weight_decay(weightDecay)
                         .nesterov(nesterov));
    // Each weight's bf16 copy, rewritten in the update's pass, holds what autocast's cast of it gives.
    AutocastWeightCopies autocastCopies;
    sides.ours.writeAutocastCopies(&autocastCopies);
    std::vector<torch::Tensor> bfloat16Copies;
    for (const auto& parameter : sides.ourParameters)
        bfloat16Copies.push_back(autocastCopies.copyOf(parameter));
    for (int step = 1; step <= 4; ++step) {
        sides.setGradients(step);
        for (const auto& parameter : sides.ourParameters)
            QVERIFY(sides.ours.updatesInOnePass(parameter));
        sides.step();
        sides.verifyIdentical(step);
        for (size_t i = 0; i < bfloat16Copies.size(); ++i)
            QVERIFY2(torch::equal(bfloat16Copies[i], sides.ourParameters[i].to(torch::kBFloat16)),
                     qPrintable(QStringLiteral("step %1, parameter %2: the bf16 copy differs").arg(step).arg(i)));
        if (QTest::currentTestFailed())
            return;
    }
    QVERIFY(!torch::equal(sides.ourParameters[0], sides.start[0])); // the steps moved the weights
}

void OnePassSgdTest::followsAtensPlainKernelsToo()
{
    // ATen's kernels for CPUs without AVX2 round a·b + c twice; with ATEN_CPU_CAPABILITY=default it runs
    // them on any CPU, and the one-pass update must then round twice too.
    if (qEnvironmentVariable("ATEN_CPU_CAPABILITY") == QLatin1String("default"))
        QSKIP("this is the run with ATen's plain kernels");
    QProcess run;
    auto environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("ATEN_CPU_CAPABILITY"), QStringLiteral("default"));
    run.setProcessEnvironment(environment);
    run.setProcessChannelMode(QProcess::MergedChannels);
    run.start(QCoreApplication::applicationFilePath(), {QStringLiteral("followsLibtorchsSgdBitForBit")});
    QVERIFY(run.waitForFinished(120000));
    const QString output = QString::fromUtf8(run.readAll());
    QVERIFY2(run.exitStatus() == QProcess::NormalExit && run.exitCode() == 0, qPrintable(output));
    QVERIFY2(output.count(QLatin1String("PASS   : OnePassSgdTest::followsLibtorchsSgdBitForBit(")) == 6
                 && output.contains(QLatin1String(" 0 failed")),
             qPrintable(output));
}

void OnePassSgdTest::otherTensorsTakeLibtorchsPath()
{
    const auto options = torch::optim::SGDOptions(0.1).momentum(0.9).weight_decay(5e-4);

    SideBySide doubles(options, torch::kDouble);
    doubles.setGradients(1);
    QVERIFY(!doubles.ours.updatesInOnePass(doubles.ourParameters[1]));
    doubles.step();
    doubles.verifyIdentical(1);

    // a gradient laid out otherwise than its channels_last weight
    SideBySide otherLayout(options);
    otherLayout.setGradients(1);
    for (const auto& parameters : {otherLayout.ourParameters, otherLayout.theirParameters})
        parameters[0].mutable_grad() = parameters[0].grad().contiguous();
    QVERIFY(!otherLayout.ours.updatesInOnePass(otherLayout.ourParameters[0]));
    QVERIFY(otherLayout.ours.updatesInOnePass(otherLayout.ourParameters[1]));
    otherLayout.step();
    otherLayout.verifyIdentical(1);
}

void OnePassSgdTest::momentumCarriesOverToLibtorchsSgd()
{
    // A checkpoint's optimizer state is SGD's: one written after one-pass steps resumes in libtorch's SGD
    // as if SGD had taken every step.
    const auto options = torch::optim::SGDOptions(0.1).momentum(0.9).weight_decay(5e-4);
    SideBySide sides(options);
    for (int step = 1; step <= 2; ++step) {
        sides.setGradients(step);
        sides.step();
    }
    std::ostringstream saved;
    torch::save(sides.ours, saved);
    torch::optim::SGD resumed(groupsOf(sides.ourParameters), options);
    std::istringstream reading(saved.str());
    torch::load(resumed, reading);

    sides.setGradients(3);
    resumed.step();
    sides.libtorchs.step();
    verifyIdentical(resumed, sides.ourParameters, sides.libtorchs, sides.theirParameters, 3);
}

QTEST_GUILESS_MAIN(OnePassSgdTest)
#include "OnePassSgdTest.moc"
