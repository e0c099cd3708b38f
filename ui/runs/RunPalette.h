#pragma once

#include "run/Precision.h"

#include <QColor>

/// The fixed colours runs have on the charts: FP32 blue and AMP orange everywhere, and
/// a list of distinct colours for other sets of runs.
class RunPalette {
public:
    static QColor forPrecision(ampwb::Precision precision);
    /// The colour of the index-th run of a set (the first two are FP32's and AMP's).
    static QColor at(int index);
};
