// Gradient ranges: the counts of values that underflow, turn subnormal or overflow in fp16 and bf16
// (as they are and times a loss scale) are exact at the formats' boundaries, the log2 histogram bins
// values exactly, the two agree on a real ResNet-18 gradient, and gradstats.csv, written through a run folder, reads
// back what was written.
#include "model/ResNet18.h"
#include "run/GradientRanges.h"
#include "run/RunFolder.h"

#include <torch/nn/functional/loss.h>

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <fstream>
#include <limits>
#include <numeric>

using namespace ampwb;

namespace {

torch::Tensor floats(const std::vector<float>& values)
{
    return torch::tensor(values, torch::kFloat);
}

float below(float value)
{
    return std::nextafter(value, 0.0f);
}

float above(float value)
{
    return std::nextafter(value, std::numeric_limits<float>::infinity());
}

/// The histogram's count of values whose floor(log2 |v|) is at most `log2`.
int64_t countAtOrBelow(const GradientRange& range, int log2)
{
    const auto end = range.log2Histogram.begin() + (log2 - kLowestLog2 + 1);
    return std::accumulate(range.log2Histogram.begin(), end, int64_t(0));
}

} // namespace

class GradientRangesTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void fp16BoundariesAreCountedExactly()
    {
        const float tiny = std::ldexp(1.0f, -24);
        const float normal = std::ldexp(1.0f, -14);
        const FormatFit fit = measureGradientRange("w",
                                                   floats({0.0f, tiny / 2, below(tiny), tiny, below(normal), normal,
                                                           1.0f, 65504.0f, above(65504.0f), -tiny / 2, -65536.0f}),
                                                   1.0)
                                  .fp16;
        QCOMPARE(fit.underflow, int64_t(3)); // 2^-25, just under 2^-24, -2^-25 (not the zero)
        QCOMPARE(fit.subnormal, int64_t(2)); // 2^-24 and just under 2^-14
        QCOMPARE(fit.overflow, int64_t(2));  // just over 65504, and 65536
    }

    void aLossScaleMovesValuesAcrossTheBoundaries()
    {
        // Times 1024 = 2^10: 2^-35 → 2^-25 (underflows), 2^-34 → 2^-24 (subnormal), 2^-24 → 2^-14 (normal),
        // 63.96875 → 65504 (fits), 64 → 65536 (overflows).
        const torch::Tensor values = floats(
            {std::ldexp(1.0f, -35), std::ldexp(1.0f, -34), std::ldexp(1.0f, -24), 63.96875f, 64.0f});
        const GradientRange range = measureGradientRange("w", values, 1024.0);
        const FormatFit& scaled = range.fp16Scaled;
        QCOMPARE(scaled.underflow, int64_t(1));
        QCOMPARE(scaled.subnormal, int64_t(1));
        QCOMPARE(scaled.overflow, int64_t(1));
        const FormatFit& plain = range.fp16;
        QCOMPARE(plain.underflow, int64_t(2));
        QCOMPARE(plain.subnormal, int64_t(1));
        QCOMPARE(plain.overflow, int64_t(0));
    }

    void bf16BoundariesAreCountedExactly()
    {
        const float tiny = std::ldexp(1.0f, -133);
        const float normal = std::ldexp(1.0f, -126);
        const float largest = 3.3895313892515355e+38f; // bf16's largest, exactly a float
        const GradientRange range = measureGradientRange("w",
                                                         floats({tiny / 2, tiny, below(normal), normal, largest,
                                                                 above(largest), std::numeric_limits<float>::max(),
                                                                 65536.0f}),
                                                         1.0);
        QCOMPARE(range.bf16.underflow, int64_t(1));
        QCOMPARE(range.bf16.subnormal, int64_t(2));
        QCOMPARE(range.bf16.overflow, int64_t(2));
        QCOMPARE(range.fp16.overflow, int64_t(4)); // all but the two smallest overflow fp16
        QCOMPARE(range.fp16.underflow, int64_t(4));
    }

    void theHistogramBinsFloorLog2()
    {
        const float infinity = std::numeric_limits<float>::infinity();
        const GradientRange range = measureGradientRange("w",
                                                         floats({0.2f, 0.125f, below(0.125f), 1.0f, 3.0f, -3.0f,
                                                                 std::ldexp(1.0f, -70), std::ldexp(1.0f, 20), 0.0f,
                                                                 infinity, std::nanf("")}),
                                                         1.0);
        QCOMPARE(range.elements, int64_t(11));
        QCOMPARE(range.zeros, int64_t(1));
        QCOMPARE(range.nonFinite, int64_t(2));
        QCOMPARE(int(range.log2Histogram.size()), kLog2Bins);
        const auto bin = [&](int log2) { return range.log2Histogram[size_t(log2 - kLowestLog2)]; };
        QCOMPARE(bin(-3), int64_t(2)); // 0.2 and 0.125
        QCOMPARE(bin(-4), int64_t(1)); // just under 0.125
        QCOMPARE(bin(0), int64_t(1));
        QCOMPARE(bin(1), int64_t(2));            // 3 and -3
        QCOMPARE(bin(kLowestLog2), int64_t(1));  // 2^-70, clamped
        QCOMPARE(bin(kHighestLog2), int64_t(1)); // 2^20, clamped
        QCOMPARE(std::accumulate(range.log2Histogram.begin(), range.log2Histogram.end(), int64_t(0)), int64_t(8));
    }

    void aRealGradientAgreesWithItsHistogram()
    {
        torch::manual_seed(3);
        ResNet18 model(10);
        model->train();
        const torch::Tensor images = torch::randn({4, 3, 32, 32});
        torch::nn::functional::cross_entropy(model->forward(images), torch::tensor({1, 2, 3, 4})).backward();
        const double scale = 65536.0; // 2^16
        int64_t rescued = 0;
        for (const auto& item : model->named_parameters()) {
            const GradientRange range = measureGradientRange(item.key(), item.value().grad(), scale);
            const int64_t binned = std::accumulate(range.log2Histogram.begin(), range.log2Histogram.end(), int64_t(0));
            QCOMPARE(binned + range.zeros + range.nonFinite, range.elements);
            // |v| < 2^-24 ⇔ floor(log2 |v|) ≤ -25; times 2^16, ≤ -41. Subnormal: -24 … -15.
            QCOMPARE(range.fp16.underflow, countAtOrBelow(range, -25));
            QCOMPARE(range.fp16.subnormal, countAtOrBelow(range, -15) - countAtOrBelow(range, -25));
            QCOMPARE(range.fp16Scaled.underflow, countAtOrBelow(range, -41));
            QCOMPARE(range.fp16.overflow, binned - countAtOrBelow(range, 15));
            QCOMPARE(range.bf16.underflow, int64_t(0)); // float32 gradients this size are far above 2^-133
            rescued += range.fp16.underflow - range.fp16Scaled.underflow;
        }
        QVERIFY2(rescued > 0, "some small gradients underflow in fp16 unless scaled");
    }

    void gradstatsCsvReadsBackWhatWasWritten()
    {
        QTemporaryDir parent;
        RunFolder folder = RunFolder::create(parent.path().toStdString(), "run");
        const std::string path = folder.gradientStatsPath();
        const GradientRange first = measureGradientRange("layer1.0.conv1.weight", floats({1e-9f, 0.5f, 0.0f}), 1024.0);
        const GradientRange second = measureGradientRange("fc.bias", floats({70000.0f}), 1.0);
        folder.openGradientStats(0);
        folder.appendGradientStats(1, {first, second});
        folder.appendGradientStats(5, {first});
        folder.appendGradientStats(9, {second});
        // Resumed from a checkpoint at step 6: the rows after it go; the header is not written twice.
        RunFolder resumed(folder.directory());
        resumed.openGradientStats(6);
        {
            std::ofstream broken(path, std::ios::app);
            broken << "6,fc.bias,1,2\n"
                   << "7,fc.bias,one" << std::string(size_t(6 + 12 + kLog2Bins - 3), ',') << "\n";
        }
        const auto rows = readGradientStats(path);
        QCOMPARE(rows.size(), size_t(3));
        QCOMPARE(rows[0].step, int64_t(1));
        QCOMPARE(rows[2].step, int64_t(5));
        QCOMPARE(rows[1].range.parameter, std::string("fc.bias"));
        QCOMPARE(rows[1].range.fp16.overflow, int64_t(1));
        const GradientRange& read = rows[0].range;
        QCOMPARE(read.parameter, first.parameter);
        QCOMPARE(read.elements, int64_t(3));
        QCOMPARE(read.zeros, int64_t(1));
        QCOMPARE(read.lossScale, 1024.0);
        QCOMPARE(read.fp16.underflow, int64_t(1)); // 1e-9 < 2^-24
        QCOMPARE(read.fp16Scaled.underflow, int64_t(0));
        QCOMPARE(read.fp16Scaled.subnormal, int64_t(1)); // 1e-9 · 1024 ≈ 1e-6, above 2^-24
        QCOMPARE(read.log2Histogram, first.log2Histogram);
        QVERIFY(readGradientStats(parent.filePath("missing.csv").toStdString()).empty());
        std::ifstream text(path);
        std::string header;
        std::getline(text, header);
        QCOMPARE(header, gradientStatsHeader());
    }

    void anUnwritableFileIsAClearError()
    {
        QTemporaryDir parent;
        RunFolder folder(parent.filePath("no-such-folder").toStdString());
        try {
            folder.openGradientStats(0);
            QFAIL("no error");
        } catch (const std::runtime_error& error) {
            QVERIFY2(QString(error.what()).contains(QString::fromStdString(folder.gradientStatsPath())), error.what());
        }
    }
};

QTEST_GUILESS_MAIN(GradientRangesTest)
#include "GradientRangesTest.moc"
