#include "GuiTestEnvironment.h"

#include "AppSettings.h"

#include <QCoreApplication>
#include <QSettings>
#include <QStandardPaths>

GuiTestEnvironment::GuiTestEnvironment()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("AMPWorkbenchTests"));
    QCoreApplication::setApplicationName(QStringLiteral("amp-workbench-gui-tests"));
    for (const auto format : {QSettings::NativeFormat, QSettings::IniFormat})
        QSettings::setPath(format, QSettings::UserScope, folder.filePath(QStringLiteral("settings")));
    QSettings().clear();
    AppSettings::setRunsDirectory(runsDirectory());
}

ampwb::TrainingConfig GuiTestEnvironment::quickConfig(int maxSteps) const
{
    ampwb::TrainingConfig config;
    config.dataset = "synthetic";
    config.imageSize = 32;
    config.batchSize = 8;
    config.syntheticTrainSize = 512;
    config.syntheticValidationSize = 64;
    config.validationLimit = 64;
    config.maxSteps = maxSteps;
    config.epochs = 1;
    config.workers = 1;
    config.runsDirectory = runsDirectory().toStdString();
    return config;
}
