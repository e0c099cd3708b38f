// The convolution whose gradients an X-ray profile times apart: the same bits as libtorch's own
// convolution and its backward, in FP32 and under CPU autocast, and taken only while operators are
// recorded.
#include "amp/AutocastGuard.h"
#include "model/ConvolutionGradientsApart.h"
#include "model/SmallMapConvolution.h"
#include "xray/OperatorRecording.h"

#include <QtTest>

#include <torch/torch.h>

#include <algorithm>

using namespace ampwb;

namespace {

struct Result {
    torch::Tensor output, input, weight, bias;
    std::string backwardName;
};

/// `run`'s output (under CPU autocast when `autocast`) and the gradients of sum(output · outputGradient).
template <typename Run>
Result gradientsOf(torch::nn::Conv2d& conv, const torch::Tensor& input, bool inputNeedsGradient, bool autocast, Run run)
{
    const torch::Tensor x = input.detach().requires_grad_(inputNeedsGradient);
    conv->zero_grad();
    torch::Tensor output;
    {
        const AutocastGuard guard(c10::Device(c10::DeviceType::CPU), autocast, c10::kBFloat16);
        output = run(x);
    }
    const torch::Tensor outputGradient = torch::linspace(-1.0, 1.0, output.numel()).view(output.sizes());
    (output.to(torch::kFloat) * outputGradient).sum().backward();
    return {output.detach(), inputNeedsGradient ? x.grad().clone() : torch::Tensor(), conv->weight.grad().clone(),
            conv->bias.defined() ? conv->bias.grad().clone() : torch::Tensor(), output.grad_fn()->name()};
}

bool same(const torch::Tensor& a, const torch::Tensor& b)
{
    return a.defined() == b.defined() && (!a.defined() || torch::equal(a, b));
}

int rangesNamed(const std::vector<RecordedEvent>& events, const char* name)
{
    return static_cast<int>(
        std::count_if(events.begin(), events.end(), [&](const RecordedEvent& event) { return event.name == name; }));
}

} // namespace

class ConvolutionGradientsApartTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void sameBitsAsLibtorchsConvolution_data()
    {
        QTest::addColumn<int>("inChannels");
        QTest::addColumn<int>("outChannels");
        QTest::addColumn<int>("kernel");
        QTest::addColumn<int>("stride");
        QTest::addColumn<int>("padding");
        QTest::addColumn<bool>("bias");
        QTest::addColumn<bool>("inputNeedsGradient");
        QTest::addColumn<bool>("autocast");
        QTest::addColumn<bool>("channelsLast");
        for (const bool autocast : {false, true}) {
            const QByteArray precision = autocast ? ", AMP" : ", FP32";
            QTest::newRow("stem 7×7 stride 2, image input" + precision)
                << 3 << 64 << 7 << 2 << 3 << false << false << autocast << true;
            QTest::newRow("3×3" + precision) << 64 << 64 << 3 << 1 << 1 << false << true << autocast << true;
            QTest::newRow("3×3 contiguous" + precision)
                << 64 << 64 << 3 << 1 << 1 << false << true << autocast << false;
            QTest::newRow("1×1 stride 2 (downsample)" + precision)
                << 64 << 128 << 1 << 2 << 0 << false << true << autocast << true;
            QTest::newRow("3×3 with a bias: libtorch's own" + precision)
                << 32 << 48 << 3 << 1 << 1 << true << true << autocast << true;
        }
    }

    void sameBitsAsLibtorchsConvolution()
    {
        QFETCH(int, inChannels);
        QFETCH(int, outChannels);
        QFETCH(int, kernel);
        QFETCH(int, stride);
        QFETCH(int, padding);
        QFETCH(bool, bias);
        QFETCH(bool, inputNeedsGradient);
        QFETCH(bool, autocast);
        QFETCH(bool, channelsLast);
        torch::manual_seed(3);
        const auto format = channelsLast ? at::MemoryFormat::ChannelsLast : at::MemoryFormat::Contiguous;
        torch::nn::Conv2d conv(
            torch::nn::Conv2dOptions(inChannels, outChannels, kernel).stride(stride).padding(padding).bias(bias));
        conv->weight.set_data(conv->weight.contiguous(format));
        const torch::Tensor input = torch::randn({4, inChannels, 16, 16}).contiguous(format);

        const Result libtorch = gradientsOf(conv, input, inputNeedsGradient, autocast,
                                            [&](const torch::Tensor& x) { return conv->forward(x); });
        const Result apart = gradientsOf(conv, input, inputNeedsGradient, autocast, [&](const torch::Tensor& x) {
            return convolutionWithGradientsApart(*conv, x);
        });
        QCOMPARE(apart.backwardName, bias ? std::string("ConvolutionBackward0")
                                          : std::string("torch::autograd::CppNode<ampwb::ConvolutionGradientsApart>"));
        QCOMPARE(apart.output.scalar_type(), autocast ? torch::kBFloat16 : torch::kFloat);
        QVERIFY(same(apart.output, libtorch.output));
        QCOMPARE(apart.output.strides(), libtorch.output.strides());
        QVERIFY(same(apart.input, libtorch.input));
        QVERIFY(same(apart.weight, libtorch.weight));
        QVERIFY(same(apart.bias, libtorch.bias));
        QVERIFY(apart.weight.abs().sum().item<double>() > 0.0);
    }

    void takenOnlyWhileOperatorsAreRecorded()
    {
        torch::nn::Conv2d conv(torch::nn::Conv2dOptions(16, 16, 3).padding(1).bias(false));
        const torch::Tensor input = torch::randn({2, 16, 8, 8});
        QVERIFY(!operatorsAreRecorded());
        QCOMPARE(convolve(*conv, input).grad_fn()->name(), std::string("ConvolutionBackward0"));

        OperatorRecording recording;
        QVERIFY(operatorsAreRecorded());
        torch::Tensor output = convolve(*conv, input.requires_grad_(true));
        QCOMPARE(output.grad_fn()->name(), std::string("torch::autograd::CppNode<ampwb::ConvolutionGradientsApart>"));
        output.sum().backward();
        {
            const torch::NoGradGuard evaluation; // no backward, nothing to time apart
            QCOMPARE(convolve(*conv, input).grad_fn(), nullptr);
        }
        const std::vector<RecordedEvent> events = recording.finish();
        QVERIFY(!operatorsAreRecorded());
        QCOMPARE(rangesNamed(events, kConvolutionForwardName), 1);
        QCOMPARE(rangesNamed(events, kConvolutionInputGradientName), 1);
        QCOMPARE(rangesNamed(events, kConvolutionWeightGradientName), 1);
    }
};

QTEST_GUILESS_MAIN(ConvolutionGradientsApartTest)
#include "ConvolutionGradientsApartTest.moc"
