#include "charts/DebiasedEma.h"

#include <cmath>
#include <limits>

DebiasedEma::DebiasedEma(double smoothing)
    : smoothing(smoothing)
{
}

double DebiasedEma::add(double value)
{
    if (!std::isfinite(value))
        return std::numeric_limits<double>::quiet_NaN();
    average = smoothing * average + (1.0 - smoothing) * value;
    weightOfStart *= smoothing;
    return average / (1.0 - weightOfStart);
}
