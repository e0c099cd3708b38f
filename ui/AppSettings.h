#pragma once

#include "TrainingConfig.h"

#include <QString>

/// The workbench's remembered choices (QSettings): the runs folder, the language, the
/// last training configuration and the Classify tab's model.
class AppSettings {
public:
    /// Where runs are saved: the user's choice, else AppDataLocation/runs.
    static QString runsDirectory();
    static void setRunsDirectory(const QString& directory);
    static QString defaultRunsDirectory();

    /// "en", "zh_CN", or empty to follow the system locale.
    static QString language();
    static void setLanguage(const QString& language);

    /// The configuration of the last run started (the engine's defaults on first start).
    static ampwb::TrainingConfig trainingConfig();
    static void setTrainingConfig(const ampwb::TrainingConfig& config);

    /// The Classify tab's last model choice (ModelChoice::toSetting), empty at first.
    static QString classifyModel();
    static void setClassifyModel(const QString& model);
};
