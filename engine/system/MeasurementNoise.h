#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

namespace ampwb {

/// The median of `values`: the middle one, or the mean of the two middle ones of an even count; 0 when empty.
double median(std::vector<double> values);

/// The relative standard error of the mean of `values` (standard deviation ÷ mean ÷ √n): a throughput
/// measured over these step times is uncertain by about ± this fraction. 0 with fewer than two values.
double relativeStandardError(const std::vector<double>& values);

/// Half the width of the 95 % interval of the ratio of two throughputs whose relative standard errors
/// are `first` and `second`, as a fraction of the ratio. 0 when neither is known (NaN or 0).
double throughputRatioMargin(double first, double second);

/// Half the width of the 95 % interval of the difference between two accuracies (fractions), measured
/// on `firstImages` and `secondImages` images (Agresti–Coull); 0 when either count is 0.
double accuracyDifferenceMargin(double first, int64_t firstImages, double second, int64_t secondImages);

/// How the training losses of two runs that took the same batches in the same order differ at their end:
/// the mean of their step-by-step differences over the last quarter of their common steps (at least 8),
/// with the 95 % margin of that mean from the differences' own spread. Steps with a non-finite loss in
/// either run are left out; `steps` is 0 when fewer than 8 remain.
struct LossDifference {
    double mean = 0.0; ///< the second run's loss less the first's
    double margin = 0.0;
    int64_t steps = 0;
    /// Whether the losses differ by more than their spread: something this length of run can tell.
    bool apart() const { return steps > 0 && std::abs(mean) > margin; }
};
LossDifference finalLossDifference(const std::vector<double>& firstLosses, const std::vector<double>& secondLosses);

} // namespace ampwb
