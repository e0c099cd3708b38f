#include "run/GradientRanges.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <optional>
#include <ostream>
#include <sstream>
#include <stdexcept>

namespace ampwb {
namespace {

/// The limits of a 16-bit floating-point format's magnitudes (see FormatFit).
struct NumberFormat {
    double smallestSubnormal; ///< below it a value underflows
    double smallestNormal;    ///< below it (and from smallestSubnormal) a value is subnormal: fewer bits
    double largest;           ///< above it a value overflows
};

constexpr NumberFormat kHalfLimits{5.9604644775390625e-08, 6.103515625e-05, 65504.0};
constexpr NumberFormat kBfloat16Limits{9.183549615799121e-41, 1.1754943508222875e-38, 3.3895313892515355e+38};

/// The fit columns' names, in the order of fitsOf().
constexpr const char* kFitNames[] = {"fp16", "fp16_scaled", "bf16", "bf16_scaled"};

template <typename Range>
auto fitsOf(Range& range)
{
    return std::array{&range.fp16, &range.fp16Scaled, &range.bf16, &range.bf16Scaled};
}

/// `values` as contiguous float32 on the CPU (a copy only where needed).
torch::Tensor cpuFloats(const torch::Tensor& values)
{
    return values.detach().to(torch::kCPU, torch::kFloat).contiguous();
}

/// Adds |value| times `scale` to `fit` (in double: exact for a float times a power of two, never overflowing).
void addToFit(FormatFit& fit, double magnitude, const NumberFormat& format, double scale)
{
    const double scaled = magnitude * scale;
    if (scaled < format.smallestSubnormal)
        ++fit.underflow;
    else if (scaled < format.smallestNormal)
        ++fit.subnormal;
    else if (scaled > format.largest)
        ++fit.overflow;
}

} // namespace

std::string gradientStatsHeader()
{
    std::string text = "step,parameter,elements,zeros,non_finite,loss_scale";
    for (const char* fit : kFitNames) {
        for (const char* column : {"underflow", "subnormal", "overflow"})
            text += std::string(",") + fit + "_" + column;
    }
    for (int log2 = kLowestLog2; log2 <= kHighestLog2; ++log2)
        text += ",log2_" + std::to_string(log2);
    return text;
}

GradientRange measureGradientRange(const std::string& parameter, const torch::Tensor& gradient, double lossScale)
{
    GradientRange range;
    range.parameter = parameter;
    range.lossScale = lossScale;
    range.log2Histogram.assign(kLog2Bins, 0);
    // One pass, allocating nothing of the gradient's size: fresh multi-MB tensors cost more in page
    // faults than the counting itself.
    const torch::Tensor data = cpuFloats(gradient);
    range.elements = data.numel();
    for (const float value : c10::ArrayRef<float>(data.data_ptr<float>(), static_cast<size_t>(data.numel()))) {
        if (!std::isfinite(value)) {
            ++range.nonFinite;
            continue;
        }
        if (value == 0.0f) {
            ++range.zeros;
            continue;
        }
        // ilogb: floor(log2 |v|), exactly, subnormals included.
        const int bin = std::clamp(std::ilogb(value), kLowestLog2, kHighestLog2) - kLowestLog2;
        ++range.log2Histogram[static_cast<size_t>(bin)];
        const double magnitude = std::abs(double(value));
        addToFit(range.fp16, magnitude, kHalfLimits, 1.0);
        addToFit(range.fp16Scaled, magnitude, kHalfLimits, lossScale);
        addToFit(range.bf16, magnitude, kBfloat16Limits, 1.0);
        addToFit(range.bf16Scaled, magnitude, kBfloat16Limits, lossScale);
    }
    return range;
}

void writeGradientStats(std::ostream& out, int64_t step, const std::vector<GradientRange>& ranges)
{
    for (const GradientRange& range : ranges) {
        out << step << "," << range.parameter << "," << range.elements << "," << range.zeros << "," << range.nonFinite
            << "," << range.lossScale;
        for (const FormatFit* fit : fitsOf(range))
            out << "," << fit->underflow << "," << fit->subnormal << "," << fit->overflow;
        for (const int64_t bin : range.log2Histogram)
            out << "," << bin;
        out << "\n";
    }
}

std::optional<GradientStatsRow> parseGradientStatsLine(const std::string& line)
{
    const size_t cells = 6 + 3 * std::size(kFitNames) + kLog2Bins;
    std::vector<std::string> cell;
    std::stringstream split(line);
    for (std::string text; std::getline(split, text, ',');)
        cell.push_back(text);
    if (cell.size() != cells)
        return std::nullopt;
    try {
        GradientStatsRow row;
        row.step = std::stoll(cell[0]);
        row.range.parameter = cell[1];
        row.range.elements = std::stoll(cell[2]);
        row.range.zeros = std::stoll(cell[3]);
        row.range.nonFinite = std::stoll(cell[4]);
        row.range.lossScale = std::stod(cell[5]);
        size_t next = 6;
        for (FormatFit* fit : fitsOf(row.range)) {
            fit->underflow = std::stoll(cell[next++]);
            fit->subnormal = std::stoll(cell[next++]);
            fit->overflow = std::stoll(cell[next++]);
        }
        for (; next < cells; ++next)
            row.range.log2Histogram.push_back(std::stoll(cell[next]));
        return row;
    } catch (const std::exception&) {
        return std::nullopt; // a cell that is not a number, as a row with the wrong cell count
    }
}

std::vector<GradientStatsRow> readGradientStats(const std::string& path)
{
    std::vector<GradientStatsRow> rows;
    std::ifstream in(path);
    std::string line;
    if (!std::getline(in, line))
        return rows;
    while (std::getline(in, line))
        if (std::optional<GradientStatsRow> row = parseGradientStatsLine(line))
            rows.push_back(std::move(*row));
    return rows;
}

} // namespace ampwb
