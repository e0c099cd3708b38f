// AutocastGuard: an RAII autocast region (bf16 or fp16 on the CPU, fp16 on CUDA), observed through the dtypes real
// libtorch operators produce inside and outside it.
#include "amp/AutocastGuard.h"

#include "run/Precision.h"
#include "system/CudaSupport.h"

#include "TestSupport.h"

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
Q_DECLARE_METATYPE(c10::ScalarType)

class AutocastGuardTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void autocastTypesPerDevice();
    void cpuRegionComputesInItsType_data();
    void cpuRegionComputesInItsType();
    void reductionsStayFloatInsideTheRegion();
    void nestedRegionsRestoreTheOuterState();
    void disabledGuardChangesNothing();
    void cudaRegionComputesInHalf();
};

void AutocastGuardTest::autocastTypesPerDevice()
{
    QCOMPARE(autocastScalarType(AmpDtype::Auto, c10::DeviceType::CPU), c10::kBFloat16);
    QCOMPARE(autocastScalarType(AmpDtype::Auto, c10::DeviceType::CUDA), c10::kHalf);
    QCOMPARE(autocastScalarType(AmpDtype::Float16, c10::DeviceType::CPU), c10::kHalf);
    QCOMPARE(autocastScalarType(AmpDtype::BFloat16, c10::DeviceType::CUDA), c10::kBFloat16);
    QCOMPARE(parseAmpDtype("FP16"), std::optional<AmpDtype>(AmpDtype::Float16));
    QCOMPARE(parseAmpDtype("bfloat16"), std::optional<AmpDtype>(AmpDtype::BFloat16));
    QVERIFY(!parseAmpDtype("fp8"));
    QCOMPARE(toString(AmpDtype::Float16), std::string("float16"));
}

void AutocastGuardTest::cpuRegionComputesInItsType_data()
{
    QTest::addColumn<Operator>("op");
    QTest::addColumn<c10::ScalarType>("dtype");
    for (const c10::ScalarType dtype : {c10::kBFloat16, c10::kHalf}) {
        const QByteArray type = dtype == c10::kHalf ? "fp16" : "bf16";
        QTest::newRow("conv2d " + type) << Operator::Conv2d << dtype;
        QTest::newRow("linear " + type) << Operator::Linear << dtype;
        QTest::newRow("matmul " + type) << Operator::Matmul << dtype;
    }
}

void AutocastGuardTest::cpuRegionComputesInItsType()
{
    QFETCH(Operator, op);
    QFETCH(c10::ScalarType, dtype);
    const c10::Device cpu(c10::DeviceType::CPU);
    QCOMPARE(outputType(op, cpu), torch::kFloat);
    {
        AutocastGuard guard(cpu, true, dtype);
        QCOMPARE(outputType(op, cpu), dtype);
        QCOMPARE(AutocastGuard::activeType(c10::DeviceType::CPU), std::optional<c10::ScalarType>(dtype));
    }
    QCOMPARE(outputType(op, cpu), torch::kFloat);
    QVERIFY(!AutocastGuard::activeType(c10::DeviceType::CPU));
}

void AutocastGuardTest::reductionsStayFloatInsideTheRegion()
{
    // CPU autocast runs losses in fp32: a bf16 matmul output fed to cross_entropy gives fp32.
    const c10::Device cpu(c10::DeviceType::CPU);
    AutocastGuard guard(cpu, true, c10::kBFloat16);
    const torch::Tensor logits = torch::matmul(torch::randn({4, 8}), torch::randn({8, 3}));
    QCOMPARE(logits.scalar_type(), torch::kBFloat16);
    const torch::Tensor loss = torch::nn::functional::cross_entropy(logits, torch::tensor({0, 1, 2, 1}));
    QCOMPARE(loss.scalar_type(), torch::kFloat);
}

void AutocastGuardTest::nestedRegionsRestoreTheOuterState()
{
    const c10::Device cpu(c10::DeviceType::CPU);
    {
        AutocastGuard outer(cpu, true, c10::kBFloat16);
        {
            AutocastGuard inner(cpu, true, c10::kBFloat16);
            QCOMPARE(outputType(Operator::Conv2d, cpu), torch::kBFloat16);
        }
        // Leaving the inner region must not switch autocast off for the outer one.
        QCOMPARE(outputType(Operator::Conv2d, cpu), torch::kBFloat16);
        {
            AutocastGuard inner(cpu, true, c10::kBFloat16);
            AutocastGuard innermost(cpu, true, c10::kBFloat16);
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
        AutocastGuard disabled(cpu, false, c10::kBFloat16);
        QCOMPARE(outputType(Operator::Conv2d, cpu), torch::kFloat);
    }
    QCOMPARE(outputType(Operator::Conv2d, cpu), torch::kFloat);
    {
        AutocastGuard enabled(cpu, true, c10::kBFloat16);
        {
            AutocastGuard disabled(cpu, false, c10::kBFloat16);
            QCOMPARE(outputType(Operator::Conv2d, cpu), torch::kBFloat16);
        }
        QCOMPARE(outputType(Operator::Conv2d, cpu), torch::kBFloat16);
    }
    QCOMPARE(outputType(Operator::Conv2d, cpu), torch::kFloat);
    // A disabled CUDA guard leaves CPU autocast alone as well.
    {
        AutocastGuard cudaDisabled(c10::Device(c10::DeviceType::CUDA, 0), false, c10::kHalf);
        QCOMPARE(outputType(Operator::Matmul, cpu), torch::kFloat);
    }
}

void AutocastGuardTest::cudaRegionComputesInHalf()
{
    if (!cudaAvailable())
        QSKIP(qPrintable(QStringLiteral("needs a CUDA device: ") + QString::fromStdString(cudaBuildDescription())
                         + QStringLiteral(", no device")));
    const c10::Device cuda(c10::DeviceType::CUDA, 0);
    const c10::Device cpu(c10::DeviceType::CPU);
    {
        AutocastGuard guard(cuda, true, c10::kHalf);
        QCOMPARE(outputType(Operator::Conv2d, cuda), torch::kHalf);
        QCOMPARE(outputType(Operator::Conv2d, cpu), torch::kFloat);
    }
    QCOMPARE(outputType(Operator::Conv2d, cuda), torch::kFloat);
}

QTEST_GUILESS_MAIN(AutocastGuardTest)
#include "AutocastGuardTest.moc"
