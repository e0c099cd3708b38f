// MeasurementNoise: the margins the comparison report and verdict give hold what they promise — simulated
// runs with known true speeds and accuracies fall inside the 95 % margins about 95 % of the time, and the
// relative standard error is that of the textbook formula.
#include "system/MeasurementNoise.h"

#include <QtTest>

#include <cmath>
#include <random>
#include <vector>

using namespace ampwb;

class MeasurementNoiseTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void medianOfOddAndEvenCounts();
    void standardErrorOfKnownValues();
    void throughputMarginsCoverTheTrueRatio();
    void accuracyMarginsCoverTheTrueDifference();
    void unknownInputsGiveNoMargin();
    void lossDifferenceWeighsTheLastStepsSpread();
};

void MeasurementNoiseTest::medianOfOddAndEvenCounts()
{
    QCOMPARE(median({3.0, 1.0, 2.0}), 2.0);
    QCOMPARE(median({4.0, 1.0, 3.0, 2.0}), 2.5); // the mean of the two middle ones
    QCOMPARE(median({9.0, 1.0, 9.0, 1.0, 5.0, 100.0}), 7.0);
    QCOMPARE(median({7.0}), 7.0);
    QCOMPARE(median({}), 0.0);
}

void MeasurementNoiseTest::standardErrorOfKnownValues()
{
    // 1, 2, 3, 4: mean 2.5, sample standard deviation sqrt(5/3), four values.
    QVERIFY(std::abs(relativeStandardError({1.0, 2.0, 3.0, 4.0}) - std::sqrt(5.0 / 3.0) / 2.5 / 2.0) < 1e-12);
    QCOMPARE(relativeStandardError({7.0, 7.0, 7.0}), 0.0);
    QCOMPARE(relativeStandardError({7.0}), 0.0);
    QCOMPARE(relativeStandardError({}), 0.0);
}

void MeasurementNoiseTest::throughputMarginsCoverTheTrueRatio()
{
    // Step times of two runs, 20 steps each, noisy by 15 % and 25 %; the true throughput ratio is 1.3.
    std::mt19937_64 random(7);
    std::normal_distribution<double> fp32Step(100.0, 15.0);
    std::normal_distribution<double> ampStep(100.0 / 1.3, 0.25 * 100.0 / 1.3);
    const int trials = 4000;
    int covered = 0;
    for (int trial = 0; trial < trials; ++trial) {
        std::vector<double> fp32(20);
        std::vector<double> amp(20);
        for (double& seconds : fp32)
            seconds = fp32Step(random);
        for (double& seconds : amp)
            seconds = ampStep(random);
        const auto mean = [](const std::vector<double>& values) {
            double sum = 0.0;
            for (double value : values)
                sum += value;
            return sum / static_cast<double>(values.size());
        };
        const double ratio = mean(fp32) / mean(amp); // throughput ratio, AMP over FP32
        const double margin = throughputRatioMargin(relativeStandardError(amp), relativeStandardError(fp32));
        covered += std::abs(ratio - 1.3) <= margin * ratio;
    }
    const double coverage = static_cast<double>(covered) / trials;
    QVERIFY2(coverage > 0.92 && coverage < 0.98, qPrintable(QString::number(coverage)));
}

void MeasurementNoiseTest::accuracyMarginsCoverTheTrueDifference()
{
    // Two models of the same true accuracy, each measured on its own 500 images: the margin covers
    // the true difference (zero) at least 95 % of the time; with 80 images the margin is wider.
    std::mt19937_64 random(11);
    std::binomial_distribution<int> correct(500, 0.82);
    const int trials = 4000;
    int covered = 0;
    for (int trial = 0; trial < trials; ++trial) {
        const double first = correct(random) / 500.0;
        const double second = correct(random) / 500.0;
        covered += std::abs(first - second) <= accuracyDifferenceMargin(first, 500, second, 500);
    }
    const double coverage = static_cast<double>(covered) / trials;
    QVERIFY2(coverage > 0.94 && coverage < 0.99, qPrintable(QString::number(coverage)));
    QVERIFY(accuracyDifferenceMargin(0.82, 80, 0.82, 80) > 2.0 * accuracyDifferenceMargin(0.82, 500, 0.82, 500));
    // 100 % on a handful of images is not certainty.
    QVERIFY(accuracyDifferenceMargin(1.0, 8, 1.0, 8) > 0.2);
}

void MeasurementNoiseTest::unknownInputsGiveNoMargin()
{
    QCOMPARE(throughputRatioMargin(std::nan(""), 0.0), 0.0);
    QVERIFY(std::abs(throughputRatioMargin(std::nan(""), 0.1) - 0.196) < 1e-12);
    QCOMPARE(accuracyDifferenceMargin(0.5, 0, 0.5, 100), 0.0);
}

void MeasurementNoiseTest::lossDifferenceWeighsTheLastStepsSpread()
{
    // 40 steps: the last quarter is 10 steps (30–39). The second run's losses sit 0.2 above the first's there,
    // give or take 0.01: apart, by 0.2 ± a 95 % margin of 1.96 × 0.0105 / √10 ≈ 0.0065.
    std::vector<double> first;
    std::vector<double> second;
    for (int step = 0; step < 40; ++step) {
        first.push_back(2.0 - 0.03 * step + (step % 3) * 0.05);
        second.push_back(first.back() + (step < 30 ? 1.0 : 0.2 + (step % 2 ? 0.01 : -0.01)));
    }
    LossDifference apart = finalLossDifference(first, second);
    QCOMPARE(apart.steps, int64_t(10));
    QVERIFY(std::abs(apart.mean - 0.2) < 1e-12);
    QVERIFY2(std::abs(apart.margin - 1.96 * std::sqrt(0.01 * 0.01 * 10 / 9) / std::sqrt(10.0)) < 1e-9,
             qPrintable(QString::number(apart.margin)));
    QVERIFY(apart.apart());

    // The same runs ±0.3 apart in turn: a mean of 0 with a wide spread is not a difference.
    for (int step = 30; step < 40; ++step)
        second[step] = first[step] + (step % 2 ? 0.3 : -0.3);
    second[28] = second[29] = 0.0; // before the window: no weight
    const LossDifference mixed = finalLossDifference(first, second);
    QVERIFY(!mixed.apart());

    // A non-finite loss is left out; fewer than 8 usable steps tell nothing.
    second[39] = std::nan("");
    QCOMPARE(finalLossDifference(first, second).steps, int64_t(9));
    const std::vector<double> shortRun(first.begin(), first.begin() + 7);
    QCOMPARE(finalLossDifference(shortRun, shortRun).steps, int64_t(0));
    QVERIFY(!finalLossDifference(shortRun, shortRun).apart());
}

QTEST_GUILESS_MAIN(MeasurementNoiseTest)
#include "MeasurementNoiseTest.moc"
