// The small-map convolution: where it is taken, and that it gives autocast's own convolution's
// output and input gradient exactly (or, computed by matrix products, as accurately up to one bf16
// rounding) and its weight gradient as accurately up to one bf16 rounding, against the exact (fp64)
// products of the bf16 operands autocast hands the convolution.
#include "amp/AutocastGuard.h"
#include "model/SmallMapConvolution.h"
#include "system/DeviceInfo.h"

#include <QtTest>

#include <torch/torch.h>

using namespace ampwb;

Q_DECLARE_METATYPE(ampwb::PatchProducts)

namespace {

torch::nn::Conv2d convolution(int64_t in, int64_t out, int64_t stride)
{
    return torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, 3).stride(stride).padding(1).bias(false));
}

struct Gradients {
    torch::Tensor output, input, weight;
    std::string backwardName;
};

/// `run`'s output under CPU autocast (or in FP32), and the gradients of sum(output · outputGradient).
template <typename Run>
Gradients gradientsOf(torch::nn::Conv2d& conv, const torch::Tensor& input, const torch::Tensor& outputGradient, Run run,
                      bool autocast = true)
{
    const torch::Tensor x = input.detach().requires_grad_(true);
    conv->zero_grad();
    torch::Tensor output;
    {
        const AutocastGuard guard(c10::Device(c10::DeviceType::CPU), autocast, c10::kBFloat16);
        output = run(x);
    }
    (output.to(torch::kFloat) * outputGradient).sum().backward();
    return {output.detach(), x.grad().clone(), conv->weight.grad().clone(), output.grad_fn()->name()};
}

/// gradientsOf's output and gradients computed exactly (in fp64) from the operands autocast hands the convolution:
/// the input, the weight and the output's gradient, each rounded to bf16.
Gradients exactGradientsOf(torch::nn::Conv2d& conv, const torch::Tensor& input, const torch::Tensor& outputGradient,
                           int64_t stride)
{
    const auto rounded = [](const torch::Tensor& value) {
        return value.detach().to(torch::kBFloat16).to(torch::kDouble).contiguous();
    };
    const torch::Tensor x = rounded(input).requires_grad_(true);
    const torch::Tensor w = rounded(conv->weight).requires_grad_(true);
    const torch::Tensor output = torch::conv2d(x, w, {}, stride, 1);
    (output * rounded(outputGradient)).sum().backward();
    return {output.detach(), x.grad(), w.grad(), {}};
}

/// Whether `tuned` is as close to `exact` as `autocast` is, up to one bf16 rounding of the largest exact element
/// (and says how close each is). Autocast's own convolution rounds more than once on some CPUs (oneDNN's bf16
/// without bf16 instructions, on AVX2): the tuned path need not repeat those roundings, only be no less accurate.
bool asAccurateAsAutocast(const char* what, const torch::Tensor& exact, const torch::Tensor& autocast,
                          const torch::Tensor& tuned)
{
    const double largest = exact.abs().max().item<double>();
    const auto errorOf = [&exact](const torch::Tensor& value) {
        return (value.to(torch::kDouble) - exact).abs().max().item<double>();
    };
    const double autocastError = errorOf(autocast);
    const double tunedError = errorOf(tuned);
    qInfo("%s: largest %.4g, largest error %.3g (%.2g of it), autocast's %.3g (%.2g of it)", what, largest, tunedError,
          tunedError / largest, autocastError, autocastError / largest);
    return largest > 0.0 && tunedError <= autocastError + largest / 128.0;
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
        QTest::addColumn<bool>("withoutAmx");
        QTest::addColumn<bool>("withAmx");
        QTest::newRow("layer4 at 64 px (2×2)") << 512 << 512 << 1 << 2 << true << true << true << true;
        QTest::newRow("layer4.0.conv1 at 64 px (4×4 to 2×2)") << 256 << 512 << 2 << 4 << true << true << true << true;
        QTest::newRow("layer3 at 64 px (4×4)") << 256 << 256 << 1 << 4 << true << true << true << true;
        QTest::newRow("layer4 at 224 px (7×7)") << 512 << 512 << 1 << 7 << true << true << true << true;
        QTest::newRow("layer3 at 224 px (14×14)") << 256 << 256 << 1 << 14 << true << true << false << false;
        QTest::newRow("layer3.0.conv1 at 28 px (128 channels, 4×4 to 2×2)")
            << 128 << 256 << 2 << 4 << true << true << true << true;
        QTest::newRow("layer2 at 28 px (128 channels, 4×4)") << 128 << 128 << 1 << 4 << true << true << false << true;
        QTest::newRow("layer2.0.conv1 at 28 px (64 channels, 7×7 to 4×4)")
            << 64 << 128 << 2 << 7 << true << true << true << true;
        QTest::newRow("layer2.0.conv1 at 64 px (16×16 to 8×8)")
            << 64 << 128 << 2 << 16 << true << true << true << false;
        QTest::newRow("layer3.0.conv1 at 64 px (8×8 to 4×4)") << 128 << 256 << 2 << 8 << true << true << true << true;
        QTest::newRow("layer3.0.conv1 at 224 px (28×28 to 14×14)")
            << 128 << 256 << 2 << 28 << true << true << false << false;
        QTest::newRow("layer2 at 64 px (8×8)") << 128 << 128 << 1 << 8 << true << true << false << false;
        QTest::newRow("layer2 at 224 px (28×28)") << 128 << 128 << 1 << 28 << true << true << false << false;
        QTest::newRow("layer1 at 28 px (64 channels, 7×7)") << 64 << 64 << 1 << 7 << true << true << false << false;
        QTest::newRow("FP32") << 512 << 512 << 1 << 2 << false << true << false << false;
        QTest::newRow("FP32, layer4 at 28 px (1×1)") << 512 << 512 << 1 << 1 << false << true << true << true;
        QTest::newRow("FP32, layer4.0.conv1 at 28 px (2×2 to 1×1)")
            << 256 << 512 << 2 << 2 << false << true << true << true;
        QTest::newRow("FP32, stride 2, 3×3 to 2×2") << 256 << 512 << 2 << 3 << false << true << false << false;
        QTest::newRow("one position, 64 channels (2×2 to 1×1)") << 64 << 128 << 2 << 2 << true << true << true << true;
        QTest::newRow("whole maps, 64 channels (2×2)") << 64 << 64 << 1 << 2 << true << true << true << true;
        QTest::newRow("evaluation (no gradients)") << 512 << 512 << 1 << 2 << true << false << false << false;
    }

    void takenOnlyWhereItHelps()
    {
        QFETCH(int, inChannels);
        QFETCH(int, outChannels);
        QFETCH(int, stride);
        QFETCH(int, side);
        QFETCH(bool, autocast);
        QFETCH(bool, gradients);
        QFETCH(bool, withoutAmx);
        QFETCH(bool, withAmx);
        torch::nn::Conv2d conv = convolution(inChannels, outChannels, stride);
        const torch::Tensor input = torch::zeros({2, inChannels, side, side});
        const torch::AutoGradMode gradMode(gradients);
        const AutocastGuard guard(c10::Device(c10::DeviceType::CPU), autocast, c10::kBFloat16);
        QCOMPARE(takesSmallMapPath(*conv, input, SmallMapCpu::WithoutAmx), withoutAmx);
        QCOMPARE(takesSmallMapPath(*conv, input, SmallMapCpu::WithAmx), withAmx);
        const bool amx = probeDevices().cpuHasAmxBf16;
        QCOMPARE(thisCpu(), amx ? SmallMapCpu::WithAmx : SmallMapCpu::WithoutAmx);
        QCOMPARE(takesSmallMapPath(*conv, input), amx ? withAmx : withoutAmx);
    }

    void gradientsAreAsAccurateAsAutocasts_data()
    {
        QTest::addColumn<int>("inChannels");
        QTest::addColumn<int>("outChannels");
        QTest::addColumn<int>("stride");
        QTest::addColumn<int>("side");
        QTest::addColumn<bool>("channelsLast");
        QTest::addColumn<PatchProducts>("products");
        for (const PatchProducts products : {PatchProducts::WeightGradient, PatchProducts::All}) {
            const QByteArray by = products == PatchProducts::All ? ", all by patches" : ", weight gradient by patches";
            QTest::newRow("512 to 512, 2×2, channels last" + by) << 512 << 512 << 1 << 2 << true << products;
            QTest::newRow("512 to 512, 2×2, contiguous" + by) << 512 << 512 << 1 << 2 << false << products;
            QTest::newRow("512 to 512, 1×1" + by) << 512 << 512 << 1 << 1 << true << products;
            QTest::newRow("256 to 512, stride 2, 4×4" + by) << 256 << 512 << 2 << 4 << true << products;
            QTest::newRow("256 to 512, stride 2, 5×5 (odd)" + by) << 256 << 512 << 2 << 5 << true << products;
            QTest::newRow("256 to 256, 7×7" + by) << 256 << 256 << 1 << 7 << false << products;
            QTest::newRow("128 to 256, stride 2, 4×4" + by) << 128 << 256 << 2 << 4 << true << products;
            QTest::newRow("64 to 128, stride 2, 7×7" + by) << 64 << 128 << 2 << 7 << true << products;
        }
        const PatchProducts whole = PatchProducts::WholeMaps;
        QTest::newRow("512 to 512, 1×1, whole maps") << 512 << 512 << 1 << 1 << true << whole;
        QTest::newRow("512 to 512, 1×1, contiguous, whole maps") << 512 << 512 << 1 << 1 << false << whole;
        QTest::newRow("256 to 512, stride 2, 2×2 to 1×1, whole maps") << 256 << 512 << 2 << 2 << true << whole;
        QTest::newRow("256 to 512, stride 2, 2×2 to 1×1, contiguous, whole maps")
            << 256 << 512 << 2 << 2 << false << whole;
        QTest::newRow("512 to 512, 2×2, whole maps") << 512 << 512 << 1 << 2 << true << whole;
        QTest::newRow("256 to 256, 2×2, contiguous, whole maps") << 256 << 256 << 1 << 2 << false << whole;
    }

    void gradientsAreAsAccurateAsAutocasts()
    {
        QFETCH(int, inChannels);
        QFETCH(int, outChannels);
        QFETCH(int, stride);
        QFETCH(int, side);
        QFETCH(bool, channelsLast);
        QFETCH(PatchProducts, products);
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
        const Gradients smallMap = gradientsOf(conv, input, outputGradient, [&](const torch::Tensor& x) {
            return smallMapConvolution(*conv, x, products);
        });
        QCOMPARE(smallMap.backwardName, std::string(kSmallMapConvolutionBackwardName));
        QCOMPARE(smallMap.output.scalar_type(), torch::kBFloat16);
        QCOMPARE(smallMap.output.sizes(), autocast.output.sizes());
        QCOMPARE(smallMap.output.suggest_memory_format(), format);
        QCOMPARE(smallMap.input.sizes(), autocast.input.sizes());
        QCOMPARE(smallMap.input.suggest_memory_format(), autocast.input.suggest_memory_format());
        const Gradients exact = exactGradientsOf(conv, input, outputGradient, stride);
        if (products != PatchProducts::WeightGradient) {
            QVERIFY2(asAccurateAsAutocast("output", exact.output, autocast.output, smallMap.output),
                     "the output is less accurate than autocast's by more than one bf16 rounding");
            QVERIFY2(asAccurateAsAutocast("input gradient", exact.input, autocast.input, smallMap.input),
                     "the input gradient is less accurate than autocast's by more than one bf16 rounding");
        } else {
            QVERIFY(torch::equal(smallMap.output, autocast.output));
            QVERIFY(torch::equal(smallMap.input, autocast.input));
        }
        QCOMPARE(smallMap.weight.scalar_type(), torch::kFloat);
        QCOMPARE(smallMap.weight.sizes(), autocast.weight.sizes());
        QVERIFY2(asAccurateAsAutocast("weight gradient", exact.weight, autocast.weight, smallMap.weight),
                 "the weight gradient is less accurate than autocast's by more than one bf16 rounding");
        QCOMPARE(smallMap.weight.strides(), conv->weight.strides());
        if (products == PatchProducts::WholeMaps && outSide == 1) {
            // The taps that see only padding: zero in autocast's gradient, and exactly so here.
            const torch::Tensor unreached = torch::ones({3, 3}, torch::kBool);
            unreached.slice(0, 1, 1 + side).slice(1, 1, 1 + side).fill_(false);
            const auto zeroWhereUnreached = [&](const torch::Tensor& gradient) {
                return gradient.masked_select(unreached).abs().max().item<float>() == 0.0f;
            };
            QVERIFY(zeroWhereUnreached(autocast.weight));
            QVERIFY(zeroWhereUnreached(smallMap.weight));
        }
    }

    void fp32OntoOnePositionIsTheConvolutionsUpToSummationOrder_data()
    {
        QTest::addColumn<int>("inChannels");
        QTest::addColumn<int>("stride");
        QTest::addColumn<int>("side");
        QTest::addColumn<bool>("channelsLast");
        QTest::newRow("512 to 512, 1×1, channels last") << 512 << 1 << 1 << true;
        QTest::newRow("512 to 512, 1×1, contiguous") << 512 << 1 << 1 << false;
        QTest::newRow("256 to 512, stride 2, 2×2 to 1×1, channels last") << 256 << 2 << 2 << true;
        QTest::newRow("256 to 512, stride 2, 2×2 to 1×1, contiguous") << 256 << 2 << 2 << false;
    }

    void fp32OntoOnePositionIsTheConvolutionsUpToSummationOrder()
    {
        QFETCH(int, inChannels);
        QFETCH(int, stride);
        QFETCH(int, side);
        QFETCH(bool, channelsLast);
        torch::manual_seed(11);
        torch::nn::Conv2d conv = convolution(inChannels, 512, stride);
        const auto format = channelsLast ? at::MemoryFormat::ChannelsLast : at::MemoryFormat::Contiguous;
        conv->weight.set_data(conv->weight.contiguous(format));
        const torch::Tensor input = torch::randn({16, inChannels, side, side}).contiguous(format);
        const torch::Tensor outputGradient = torch::randn({16, 512, 1, 1});

        const Gradients oneDnn = gradientsOf(
            conv, input, outputGradient, [&](const torch::Tensor& x) { return conv->forward(x); }, false);
        const Gradients onePosition = gradientsOf(
            conv, input, outputGradient,
            [&](const torch::Tensor& x) { return smallMapConvolution(*conv, x, PatchProducts::WholeMaps); }, false);
        QCOMPARE(onePosition.backwardName, std::string(kSmallMapConvolutionBackwardName));
        const std::pair<const char*, std::pair<torch::Tensor, torch::Tensor>> compared[] = {
            {"output", {oneDnn.output, onePosition.output}},
            {"input gradient", {oneDnn.input, onePosition.input}},
            {"weight gradient", {oneDnn.weight, onePosition.weight}}};
        for (const auto& [what, pair] : compared) {
            const auto& [expected, actual] = pair;
            QCOMPARE(actual.scalar_type(), torch::kFloat);
            QCOMPARE(actual.sizes(), expected.sizes());
            QCOMPARE(actual.strides(), expected.strides());
            // float32 sums of 512–4,608 products in another order: a few roundings of the largest term.
            const double largest = expected.abs().max().item<double>();
            const double difference = (actual - expected).abs().max().item<double>();
            qInfo("%s: largest %.4g, largest difference %.3g (%.2g of it)", what, largest, difference,
                  difference / largest);
            QVERIFY2(difference <= largest * 1e-5, what);
        }
    }

    void productsByMapAndCpu_data()
    {
        QTest::addColumn<int>("inChannels");
        QTest::addColumn<int>("stride");
        QTest::addColumn<int>("side");
        QTest::addColumn<PatchProducts>("withAmx");
        QTest::addColumn<PatchProducts>("withoutAmx");
        const PatchProducts whole = PatchProducts::WholeMaps, all = PatchProducts::All,
                            weight = PatchProducts::WeightGradient;
        QTest::newRow("layer4 at 28 px (1×1)") << 512 << 1 << 1 << whole << whole;
        QTest::newRow("layer4.0.conv1 at 28 px (2×2 to 1×1)") << 256 << 2 << 2 << whole << whole;
        QTest::newRow("layer3 at 28 px (2×2)") << 256 << 1 << 2 << whole << whole;
        QTest::newRow("layer3.0.conv1 at 28 px (4×4 to 2×2)") << 128 << 2 << 4 << all << weight;
        QTest::newRow("layer4 at 64 px (2×2)") << 512 << 1 << 2 << whole << whole;
        QTest::newRow("layer4.0.conv1 at 64 px (4×4 to 2×2)") << 256 << 2 << 4 << all << weight;
        QTest::newRow("layer3 at 64 px (4×4)") << 256 << 1 << 4 << weight << weight;
        QTest::newRow("layer4 at 224 px (7×7)") << 512 << 1 << 7 << weight << weight;
    }

    void productsByMapAndCpu()
    {
        QFETCH(int, inChannels);
        QFETCH(int, stride);
        QFETCH(int, side);
        QFETCH(PatchProducts, withAmx);
        QFETCH(PatchProducts, withoutAmx);
        torch::nn::Conv2d conv = convolution(inChannels, 512, stride);
        const torch::Tensor input = torch::zeros({2, inChannels, side, side});
        QCOMPARE(patchProductsFor(*conv, input, SmallMapCpu::WithAmx), withAmx);
        QCOMPARE(patchProductsFor(*conv, input, SmallMapCpu::WithoutAmx), withoutAmx);
    }

    void weightGradientKeepsTheWeightsLayout_data()
    {
        QTest::addColumn<bool>("channelsLast");
        QTest::newRow("contiguous") << false;
        QTest::newRow("channels last") << true;
    }

    void weightGradientKeepsTheWeightsLayout()
    {
        // Float32 in the weight's layout straight from the function: else autograd casts the bf16 gradient
        // and copies it again (9 MB per layer4 weight, each pass over memory).
        QFETCH(bool, channelsLast);
        const auto format = channelsLast ? at::MemoryFormat::ChannelsLast : at::MemoryFormat::Contiguous;
        torch::nn::Conv2d conv = convolution(512, 512, 1);
        conv->weight.set_data(conv->weight.contiguous(format));
        const torch::Tensor input = torch::randn({2, 512, 2, 2}).contiguous(format);
        torch::Tensor output;
        {
            const AutocastGuard autocast(c10::Device(c10::DeviceType::CPU), true, c10::kBFloat16);
            output = smallMapConvolution(*conv, input);
        }
        const torch::autograd::variable_list gradients = (*output.grad_fn())({torch::ones_like(output)});
        QCOMPARE(gradients.size(), size_t(2)); // input, weight
        QCOMPARE(gradients[1].scalar_type(), torch::kFloat);
        QCOMPARE(gradients[1].strides(), conv->weight.strides());
        QCOMPARE(output.grad_fn()->next_edges()[1].function->name(), std::string("torch::autograd::AccumulateGrad"));
    }
};

QTEST_GUILESS_MAIN(SmallMapConvolutionTest)
#include "SmallMapConvolutionTest.moc"
