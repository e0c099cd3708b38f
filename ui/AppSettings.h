#pragma once

#include "run/TrainingConfig.h"

#include <QString>

/// The workbench's remembered choices (QSettings): the runs folder, the language, the
/// last training configuration, the Classify tab's model and the port it serves on.
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

    /// The port "Serve this model" listens on (0: any free port); 8080 at first, as
    /// amp-workbench-cli serve.
    static int servePort();
    static void setServePort(int port);
};
