#pragma once

#include "run/TrainingConfig.h"

#include <QString>
#include <QTemporaryDir>

/// Settings and runs of a GUI test in a temporary folder, away from the user's
/// (QStandardPaths test mode, QSettings redirected, runs folder inside).
class GuiTestEnvironment {
public:
    GuiTestEnvironment();

    bool isValid() const { return folder.isValid(); }
    QString runsDirectory() const { return folder.filePath(QStringLiteral("runs")); }
    QString path(const QString& name) const { return folder.filePath(name); }

    /// A run that takes seconds: synthetic 32 px images, batch 8, `maxSteps` steps,
    /// 64 validation images.
    ampwb::TrainingConfig quickConfig(int maxSteps) const;

private:
    QTemporaryDir folder;
};
