// AutocastGuard: an RAII autocast region (bf16 on CPU), observed through the dtypes real
// libtorch operators produce inside and outside it.
#include "training/AutocastGuard.h"

#include "TestSupport.h"

#include <torch/cuda.h>
#include <torch/torch.h>

using namespace ampwb;

namespace {

enum class Operator { Conv2d, Linear, Matmul };

/// Runs a real operator on fp32 inputs on `device` and returns its output's dtype.
torch::ScalarType outputType(Operator op, c10::Device device)
{
    const auto options = torch::TensorOptions().dtype(torch::kFloat).device(device);
    switch (op) {
    case Operator::Conv2d:
        return torch::conv2d(torch::randn({1, 3, 8, 8}, options), torch::randn({4, 3, 3, 3}, options)).scalar_type();
    case Operator::Linear:
        return torch::linear(torch::randn({2, 5}, options), torch::randn({3, 5}, options), torch::randn({3}, options))
            .scalar_type();
    case Operator::Matmul:
        return torch::matmul(torch::randn({4, 5}, options), torch::randn({5, 6}, options)).scalar_type();
    }
    return torch::kFloat;
}

} // namespace

Q_DECLARE_METATYPE(Operator)

class AutocastGuardTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void lowPrecisionTypes();
    void cpuRegionComputesInBfloat16_data();
    void cpuRegionComputesInBfloat16();
    void reductionsStayFloatInsideTheRegion();
    void nestedRegionsRestoreTheOuterState();
    void disabledGuardChangesNothing();
    void cudaRegionComputesInHalf();
};

void AutocastGuardTest::lowPrecisionTypes()
{
    QCOMPARE(AutocastGuard::lowPrecisionType(c10::DeviceType::CPU), c10::kBFloat16);
    QCOMPARE(AutocastGuard::lowPrecisionType(c10::DeviceType::CUDA), c10::kHalf);
}

void AutocastGuardTest::cpuRegionComputesInBfloat16_data()
{
    QTest::addColumn<Operator>("op");
    QTest::newRow("conv2d") << Operator::Conv2d;
    QTest::newRow("linear") << Operator::Linear;
    QTest::newRow("matmul") << Operator::Matmul;
}

void AutocastGuardTest::cpuRegionComputesInBfloat16()
{
    QFETCH(Operator, op);
    const c10::Device cpu(c10::DeviceType::CPU);
    QCOMPARE(outputType(op, cpu), torch::kFloat);
    {
        AutocastGuard guard(cpu, true);
        QCOMPARE(outputType(op, cpu), torch::kBFloat16);
    }
    QCOMPARE(outputType(op, cpu), torch::kFloat);
}

void AutocastGuardTest::reductionsStayFloatInsideTheRegion()
{
    // CPU autocast runs losses in fp32: a bf16 matmul output fed to cross_entropy gives fp32.
    const c10::Device cpu(c10::DeviceType::CPU);
    AutocastGuard guard(cpu, true);
    const torch::Tensor logits = torch::matmul(torch::randn({4, 8}), torch::randn({8, 3}));
    QCOMPARE(logits.scalar_type(), torch::kBFloat16);
    const torch::Tensor loss = torch::nn::functional::cross_entropy(logits, torch::tensor({0, 1, 2, 1}));
    QCOMPARE(loss.scalar_type(), torch::kFloat);
}

void AutocastGuardTest::nestedRegionsRestoreTheOuterState()
{
    const c10::Device cpu(c10::DeviceType::CPU);
    {
        AutocastGuard outer(cpu, true);
        {
            AutocastGuard inner(cpu, true);
            QCOMPARE(outputType(Operator::Conv2d, cpu), torch::kBFloat16);
        }
        // Leaving the inner region must not switch autocast off for the outer one.
        QCOMPARE(outputType(Operator::Conv2d, cpu), torch::kBFloat16);
        {
            AutocastGuard inner(cpu, true);
            AutocastGuard innermost(cpu, true);
            QCOMPARE(outputType(Operator::Linear, cpu), torch::kBFloat16);
        }
        QCOMPARE(outputType(Operator::Linear, cpu), torch::kBFloat16);
    }
    QCOMPARE(outputType(Operator::Conv2d, cpu), torch::kFloat);
    QCOMPARE(outputType(Operator::Linear, cpu), torch::kFloat);
}

void AutocastGuardTest::disabledGuardChangesNothing()
{
    const c10::Device cpu(c10::DeviceType::CPU);
    {
        AutocastGuard disabled(cpu, false);
        QCOMPARE(outputType(Operator::Conv2d, cpu), torch::kFloat);
    }
    QCOMPARE(outputType(Operator::Conv2d, cpu), torch::kFloat);
    {
        AutocastGuard enabled(cpu, true);
        {
            AutocastGuard disabled(cpu, false);
            QCOMPARE(outputType(Operator::Conv2d, cpu), torch::kBFloat16);
        }
        QCOMPARE(outputType(Operator::Conv2d, cpu), torch::kBFloat16);
    }
    QCOMPARE(outputType(Operator::Conv2d, cpu), torch::kFloat);
    // A disabled CUDA guard leaves CPU autocast alone as well.
    {
        AutocastGuard cudaDisabled(c10::Device(c10::DeviceType::CUDA, 0), false);
        QCOMPARE(outputType(Operator::Matmul, cpu), torch::kFloat);
    }
}

void AutocastGuardTest::cudaRegionComputesInHalf()
{
    if (!torch::cuda::is_available())
        QSKIP("This libtorch build or machine has no CUDA device.");
    const c10::Device cuda(c10::DeviceType::CUDA, 0);
    const c10::Device cpu(c10::DeviceType::CPU);
    {
        AutocastGuard guard(cuda, true);
        QCOMPARE(outputType(Operator::Conv2d, cuda), torch::kHalf);
        QCOMPARE(outputType(Operator::Conv2d, cpu), torch::kFloat);
    }
    QCOMPARE(outputType(Operator::Conv2d, cuda), torch::kFloat);
}

QTEST_GUILESS_MAIN(AutocastGuardTest)
#include "AutocastGuardTest.moc"
