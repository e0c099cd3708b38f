#pragma once

#include "system/EngineMessage.h"

#include <QDateTime>
#include <QString>

#include <cstdint>
#include <optional>

/// One row of the Runs table: what a run folder says about itself.
struct RunRecord {
    QString directory;         ///< absolute path of the run folder
    QString name;              ///< path below the runs folder, e.g. "compare-…/amp"
    bool inComparison = false; ///< the fp32/ or amp/ run of a comparison folder
    QDateTime created;
    QString precision; ///< "FP32" or "AMP"
    QString policy;    ///< the name of the precision policy it trained under (config.json), empty for none
    QString device;    ///< the device line the run folder records (English), or the device asked for before it has one
    /// `device` as a message, to show it in the user's language; none where config.json cannot say (older runs).
    std::optional<ampwb::EngineMessage> deviceMessage;
    QString dataset;
    int64_t epochs = 0;        ///< complete epochs
    bool partialEpoch = false; ///< the run stopped inside its last epoch (which has results too)
    double bestTop1 = -1.0;    ///< best validation top-1 (fraction), −1 when none
    double imagesPerSecond = 0.0;
    int64_t peakMemoryBytes = 0;
    QString state; ///< the engine's run state word, e.g. "finished"
};
