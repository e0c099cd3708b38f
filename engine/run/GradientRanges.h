#pragma once

#include <torch/types.h>

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace ampwb {

/// How many of a tensor's finite, non-zero values would fall outside a format's normal range: fp16's
/// (subnormal from 2^-24, normal from 2^-14, at most 65504) or bf16's (2^-133, 2^-126, (2 - 2^-7) · 2^127).
/// The limits are the thresholds themselves, not rounding: a value just under 2^-24 counts as underflowing
/// in fp16 although round-to-nearest would keep it, and one just over 65504 as overflowing.
struct FormatFit {
    int64_t underflow = 0; ///< 0 < |v| < smallestSubnormal
    int64_t subnormal = 0; ///< smallestSubnormal ≤ |v| < smallestNormal
    int64_t overflow = 0;  ///< |v| > largest
};

/// The histogram's bins: bin b counts the finite non-zero values whose floor(log2 |v|) is
/// kLowestLog2 + b; smaller exponents go to the first bin and larger ones to the last.
inline constexpr int kLowestLog2 = -64;
inline constexpr int kHighestLog2 = 15;
inline constexpr int kLog2Bins = kHighestLog2 - kLowestLog2 + 1;

/// One parameter's gradient at one step, against fp16's and bf16's ranges, as is and multiplied by
/// the loss scale (what loss scaling makes of it).
struct GradientRange {
    std::string parameter;
    int64_t elements = 0;
    int64_t zeros = 0;
    int64_t nonFinite = 0;
    double lossScale = 1.0;
    std::vector<int64_t> log2Histogram; ///< kLog2Bins counts of the unscaled values
    FormatFit fp16;
    FormatFit fp16Scaled;
    FormatFit bf16;
    FormatFit bf16Scaled;
};

/// Measures an unscaled FP32 gradient (on any device) of the parameter named `parameter`, whose loss was
/// multiplied by `lossScale` (1 without loss scaling).
GradientRange measureGradientRange(const std::string& parameter, const torch::Tensor& gradient, double lossScale);

/// gradstats.csv, one row per parameter and measured step: step, parameter, elements, zeros, non_finite,
/// loss_scale, then underflow / subnormal / overflow counts for fp16, fp16_scaled, bf16 and bf16_scaled,
/// then the histogram as log2_-64 … log2_15. RunFolder writes the file; these read and write its lines.
std::string gradientStatsHeader();
/// Writes the rows of one step to `out`.
void writeGradientStats(std::ostream& out, int64_t step, const std::vector<GradientRange>& ranges);

/// A row of gradstats.csv read back, with its step.
struct GradientStatsRow {
    int64_t step = 0;
    GradientRange range;
};
/// One line of gradstats.csv after its header; nullopt when it is not a well-formed row (the wrong
/// number of cells, or a cell that is not a number where one belongs).
std::optional<GradientStatsRow> parseGradientStatsLine(const std::string& line);
/// Every well-formed row of the gradstats.csv at `path` (a row with the wrong number of cells, or a cell
/// that is not a number where one belongs, is left out); none when the file is missing.
std::vector<GradientStatsRow> readGradientStats(const std::string& path);

} // namespace ampwb
