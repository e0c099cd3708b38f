#pragma once

#include "runs/RunHistory.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

/// Turns a run folder, as the engine reads it back (ampwb::RunFiles), into a RunHistory for replotting.
class RunFolderReader {
    Q_DECLARE_TR_FUNCTIONS(RunFolderReader)
public:
    /// The run in `directory`, or nullopt with `error` set when it has no readable steps.csv (or the engine
    /// refused one of its files: then its reason, ampwb::RunFiles::read's).
    static std::optional<RunHistory> read(const QString& directory, const QString& label, const QColor& color,
                                          QString* error = nullptr);
    /// The run in `directory` with its configuration (when config.json reads) but no rows yet:
    /// RunFollower reads them, and keeps reading them while the run goes on.
    static RunHistory withoutRows(const QString& directory, const QString& label, const QColor& color);
    /// Whether the run in `directory` stopped or failed and left a checkpoint to resume from.
    static bool canResume(const QString& directory);
};
