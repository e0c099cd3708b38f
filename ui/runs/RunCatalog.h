#pragma once

#include "runs/RunRecord.h"

#include <QByteArray>
#include <QList>

/// Finds the runs in a runs folder: run folders (with config.json) directly inside it,
/// and the fp32/ and amp/ runs inside comparison folders.
class RunCatalog {
public:
    static QList<RunRecord> scan(const QString& runsDirectory);
    /// The runs of a folder the user opened: the folder itself when it is a run folder,
    /// else the runs in it as scan() finds them, named after the folder ("runs/amp-…").
    static QList<RunRecord> scanOpened(const QString& folder);
    /// What a single run folder says about itself; `name` is how the table shows it.
    static RunRecord describe(const QString& directory, const QString& name);
    /// Changes when a run appears in or leaves `folders` (runs folders or opened folders), or one of
    /// their runs writes its summary or an epoch: cheap enough to check every few seconds.
    static QByteArray fingerprint(const QStringList& folders);

private:
    /// The run folders scan() finds, with only their directory, name and inComparison set.
    static QList<RunRecord> locate(const QString& runsDirectory);
};
