#include "system/MeasurementNoise.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ampwb {

namespace {

constexpr double kZ95 = 1.96; ///< normal quantile of a two-sided 95 % interval

double knownOrZero(double value)
{
    return std::isfinite(value) && value > 0.0 ? value : 0.0;
}

} // namespace

double median(std::vector<double> values)
{
    if (values.empty())
        return 0.0;
    const auto upper = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
    std::nth_element(values.begin(), upper, values.end());
    if (values.size() % 2 == 1)
        return *upper;
    return (*std::max_element(values.begin(), upper) + *upper) / 2.0;
}

double relativeStandardError(const std::vector<double>& values)
{
    const auto n = static_cast<double>(values.size());
    if (values.size() < 2)
        return 0.0;
    const double mean = std::accumulate(values.begin(), values.end(), 0.0) / n;
    if (mean <= 0.0)
        return 0.0;
    double squares = 0.0;
    for (double value : values)
        squares += (value - mean) * (value - mean);
    const double deviation = std::sqrt(squares / (n - 1.0));
    return deviation / mean / std::sqrt(n);
}

double throughputRatioMargin(double first, double second)
{
    const double a = knownOrZero(first);
    const double b = knownOrZero(second);
    return kZ95 * std::sqrt(a * a + b * b);
}

double accuracyDifferenceMargin(double first, int64_t firstImages, double second, int64_t secondImages)
{
    if (firstImages <= 0 || secondImages <= 0)
        return 0.0;
    // Agresti and Coull's adjusted proportions (two successes and two failures added), so that 0 % or
    // 100 % on a few images is not taken as certain; the two measurements are taken as independent,
    // which is cautious when both runs were evaluated on the same images.
    const auto variance = [](double accuracy, int64_t images) {
        const double n = static_cast<double>(images) + 4.0;
        const double adjusted = (accuracy * static_cast<double>(images) + 2.0) / n;
        return adjusted * (1.0 - adjusted) / n;
    };
    return kZ95 * std::sqrt(variance(first, firstImages) + variance(second, secondImages));
}

LossDifference finalLossDifference(const std::vector<double>& firstLosses, const std::vector<double>& secondLosses)
{
    constexpr size_t kFewest = 8;
    const size_t common = std::min(firstLosses.size(), secondLosses.size());
    const size_t from = common - std::max(kFewest, common / 4);
    std::vector<double> differences;
    for (size_t step = common >= kFewest ? from : common; step < common; ++step) {
        if (std::isfinite(firstLosses[step]) && std::isfinite(secondLosses[step]))
            differences.push_back(secondLosses[step] - firstLosses[step]);
    }
    LossDifference difference;
    if (differences.size() < kFewest)
        return difference;
    const auto n = static_cast<double>(differences.size());
    difference.mean = std::accumulate(differences.begin(), differences.end(), 0.0) / n;
    double squares = 0.0;
    for (double value : differences)
        squares += (value - difference.mean) * (value - difference.mean);
    difference.margin = kZ95 * std::sqrt(squares / (n - 1.0) / n);
    difference.steps = static_cast<int64_t>(differences.size());
    return difference;
}

} // namespace ampwb
