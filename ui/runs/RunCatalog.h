#pragma once

#include "runs/RunRecord.h"

#include <QList>

/// Finds the runs in a runs folder: run folders (with config.json) directly inside it,
/// and the fp32/ and amp/ runs inside comparison folders.
class RunCatalog {
public:
    static QList<RunRecord> scan(const QString& runsDirectory);
    /// What a single run folder says about itself; `name` is how the table shows it.
    static RunRecord describe(const QString& directory, const QString& name);
};
