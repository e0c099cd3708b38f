// The small-map convolution: where it is taken, and that it gives autocast's own convolution's
// output and input gradient exactly and its weight gradient up to one bf16 rounding.
#include "model/SmallMapConvolution.h"
#include "training/AutocastGuard.h"

#include <QtTest>

#include <torch/torch.h>

using namespace ampwb;

namespace {

torch::nn::Conv2d convolution(int64_t in, int64_t out, int64_t stride)
{
    return torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, 3).stride(stride).padding(1).bias(false));
}

struct Gradients {
    torch::Tensor output, input, weight;
    std::string backwardName;
};

/// `run`'s output under CPU autocast, and the gradients of sum(output · outputGradient).
template <typename Run>
Gradients gradientsOf(torch::nn::Conv2d& conv, const torch::Tensor& input, const torch::Tensor& outputGradient, Run run)
{
    const torch::Tensor x = input.detach().requires_grad_(true);
    conv->zero_grad();
    torch::Tensor output;
    {
        const AutocastGuard autocast(c10::Device(c10::DeviceType::CPU), true);
        output = run(x);
    }
    (output.to(torch::kFloat) * outputGradient).sum().backward();
    return {output.detach(), x.grad().clone(), conv->weight.grad().clone(), output.grad_fn()->name()};
}

} // namespace

class SmallMapConvolutionTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void takenOnlyWhereItHelps_data()
    {
        QTest::addColumn<int>("inChannels");
        QTest::addColumn<int>("outChannels");
        QTest::addColumn<int>("stride");
        QTest::addColumn<int>("side");
        QTest::addColumn<bool>("autocast");
        QTest::addColumn<bool>("gradients");
        QTest::addColumn<bool>("taken");
        QTest::newRow("layer4 at 64 px (2×2)") << 512 << 512 << 1 << 2 << true << true << true;
        QTest::newRow("layer4.0.conv1 at 64 px (4×4 to 2×2)") << 256 << 512 << 2 << 4 << true << true << true;
        QTest::newRow("layer3 at 64 px (4×4)") << 256 << 256 << 1 << 4 << true << true << true;
        QTest::newRow("layer4 at 224 px (7×7)") << 512 << 512 << 1 << 7 << true << true << true;
        QTest::newRow("layer3 at 224 px (14×14)") << 256 << 256 << 1 << 14 << true << true << false;
        QTest::newRow("layer2 at 64 px (128 channels)") << 128 << 128 << 1 << 8 << true << true << false;
        QTest::newRow("FP32") << 512 << 512 << 1 << 2 << false << true << false;
        QTest::newRow("evaluation (no gradients)") << 512 << 512 << 1 << 2 << true << false << false;
    }

    void takenOnlyWhereItHelps()
    {
        QFETCH(int, inChannels);
        QFETCH(int, outChannels);
        QFETCH(int, stride);
        QFETCH(int, side);
        QFETCH(bool, autocast);
        QFETCH(bool, gradients);
        QFETCH(bool, taken);
        torch::nn::Conv2d conv = convolution(inChannels, outChannels, stride);
        const torch::Tensor input = torch::zeros({2, inChannels, side, side});
        const torch::AutoGradMode gradMode(gradients);
        const AutocastGuard guard(c10::Device(c10::DeviceType::CPU), autocast);
        QCOMPARE(takesSmallMapPath(*conv, input), taken);
    }

    void gradientsAreAutocastsUpToBf16Rounding_data()
    {
        QTest::addColumn<int>("inChannels");
        QTest::addColumn<int>("outChannels");
        QTest::addColumn<int>("stride");
        QTest::addColumn<int>("side");
        QTest::addColumn<bool>("channelsLast");
        QTest::newRow("512 to 512, 2×2, channels last") << 512 << 512 << 1 << 2 << true;
        QTest::newRow("512 to 512, 2×2, contiguous") << 512 << 512 << 1 << 2 << false;
        QTest::newRow("256 to 512, stride 2, 4×4") << 256 << 512 << 2 << 4 << true;
        QTest::newRow("256 to 512, stride 2, 5×5 (odd)") << 256 << 512 << 2 << 5 << true;
        QTest::newRow("256 to 256, 7×7") << 256 << 256 << 1 << 7 << false;
    }

    void gradientsAreAutocastsUpToBf16Rounding()
    {
        QFETCH(int, inChannels);
        QFETCH(int, outChannels);
        QFETCH(int, stride);
        QFETCH(int, side);
        QFETCH(bool, channelsLast);
        torch::manual_seed(7);
        torch::nn::Conv2d conv = convolution(inChannels, outChannels, stride);
        const auto format = channelsLast ? at::MemoryFormat::ChannelsLast : at::MemoryFormat::Contiguous;
        conv->to(torch::kFloat);
        conv->weight.set_data(conv->weight.contiguous(format));
        const torch::Tensor input = torch::randn({4, inChannels, side, side}).contiguous(format);
        const int64_t outSide = (side - 1) / stride + 1;
        const torch::Tensor outputGradient = torch::randn({4, outChannels, outSide, outSide});

        const Gradients autocast = gradientsOf(conv, input, outputGradient,
                                               [&](const torch::Tensor& x) { return conv->forward(x); });
        const Gradients smallMap = gradientsOf(conv, input, outputGradient,
                                               [&](const torch::Tensor& x) { return smallMapConvolution(*conv, x); });
        QCOMPARE(smallMap.backwardName, std::string(kSmallMapConvolutionBackwardName));
        QCOMPARE(smallMap.output.scalar_type(), torch::kBFloat16);
        QVERIFY(torch::equal(smallMap.output, autocast.output));
        QVERIFY(torch::equal(smallMap.input, autocast.input));
        QCOMPARE(smallMap.weight.scalar_type(), torch::kFloat);
        QCOMPARE(smallMap.weight.sizes(), autocast.weight.sizes());
        const double largest = autocast.weight.abs().max().item<double>();
        const double difference = (smallMap.weight - autocast.weight).abs().max().item<double>();
        qInfo("weight gradient: largest %.4g, largest difference %.3g (%.2g of it)", largest, difference,
              difference / largest);
        QVERIFY(largest > 0.0);
        QVERIFY2(difference <= largest / 128.0, "the weight gradients differ by more than one bf16 rounding");
    }

    void weightGradientKeepsTheWeightsLayout_data()
    {
        QTest::addColumn<bool>("channelsLast");
        QTest::newRow("contiguous") << false;
        QTest::newRow("channels last") << true;
    }

    void weightGradientKeepsTheWeightsLayout()
    {
        // Else autograd copies every float32 weight gradient into the weight's layout (9 MB per layer4 weight).
        QFETCH(bool, channelsLast);
        const auto format = channelsLast ? at::MemoryFormat::ChannelsLast : at::MemoryFormat::Contiguous;
        torch::nn::Conv2d conv = convolution(512, 512, 1);
        conv->weight.set_data(conv->weight.contiguous(format));
        const torch::Tensor input = torch::randn({2, 512, 2, 2}).contiguous(format);
        torch::Tensor output;
        {
            const AutocastGuard autocast(c10::Device(c10::DeviceType::CPU), true);
            output = smallMapConvolution(*conv, input);
        }
        const torch::autograd::variable_list gradients = (*output.grad_fn())({torch::ones_like(output)});
        QCOMPARE(gradients.size(), size_t(2)); // input, weight
        QCOMPARE(gradients[1].scalar_type(), torch::kBFloat16);
        QCOMPARE(gradients[1].strides(), conv->weight.strides());
    }
};

QTEST_GUILESS_MAIN(SmallMapConvolutionTest)
#include "SmallMapConvolutionTest.moc"
