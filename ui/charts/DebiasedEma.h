#pragma once

#include <cstdint>

/// An exponential moving average corrected for its zero start (as TensorBoard smooths
/// scalars): after n values, average / (1 − smoothingⁿ). Used only to draw a smoothed
/// copy of a series; the values fed in are never changed.
class DebiasedEma {
public:
    /// `smoothing` in [0, 1): 0 draws the values themselves, 0.99 smooths heavily.
    explicit DebiasedEma(double smoothing);

    /// Adds a value and returns the smoothed value; NaN/Inf are ignored (NaN returned).
    double add(double value);

private:
    double smoothing;
    double average = 0.0;
    double weightOfStart = 1.0; ///< smoothingⁿ
};
