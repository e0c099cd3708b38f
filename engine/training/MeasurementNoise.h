#pragma once

#include <cstdint>
#include <vector>

namespace ampwb {

/// The relative standard error of the mean of `values` (standard deviation ÷ mean ÷ √n): a throughput
/// measured over these step times is uncertain by about ± this fraction. 0 with fewer than two values.
double relativeStandardError(const std::vector<double>& values);

/// Half the width of the 95 % interval of the ratio of two throughputs whose relative standard errors
/// are `first` and `second`, as a fraction of the ratio. 0 when neither is known (NaN or 0).
double throughputRatioMargin(double first, double second);

/// Half the width of the 95 % interval of the difference between two accuracies (fractions), measured
/// on `firstImages` and `secondImages` images (Agresti–Coull); 0 when either count is 0.
double accuracyDifferenceMargin(double first, int64_t firstImages, double second, int64_t secondImages);

} // namespace ampwb
