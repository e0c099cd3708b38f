#pragma once

#include <QDateTime>
#include <QString>

#include <cstdint>

/// One row of the Runs table: what a run folder says about itself.
struct RunRecord {
    QString directory;         ///< absolute path of the run folder
    QString name;              ///< path below the runs folder, e.g. "compare-…/amp"
    bool inComparison = false; ///< the fp32/ or amp/ run of a comparison folder
    QDateTime created;
    QString precision; ///< "FP32" or "AMP"
    QString device;
    QString dataset;
    int64_t epochs = 0;        ///< complete epochs
    bool partialEpoch = false; ///< the run stopped inside its last epoch (which has results too)
    double bestTop1 = -1.0;    ///< best validation top-1 (fraction), −1 when none
    double imagesPerSecond = 0.0;
    int64_t peakMemoryBytes = 0;
    QString state; ///< the engine's run state word, e.g. "finished"
};
