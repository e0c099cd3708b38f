#include "AppSettings.h"

#include <QSettings>
#include <QStandardPaths>

#include <exception>

namespace {

const QString kRunsDirectoryKey = QStringLiteral("runs/directory");
const QString kLanguageKey = QStringLiteral("ui/language");
const QString kTrainingConfigKey = QStringLiteral("training/config");
const QString kClassifyModelKey = QStringLiteral("classify/model");
const QString kServePortKey = QStringLiteral("classify/servePort");
constexpr int kDefaultServePort = 8080;

} // namespace

QString AppSettings::runsDirectory()
{
    const QString chosen = QSettings().value(kRunsDirectoryKey).toString();
    return chosen.isEmpty() ? defaultRunsDirectory() : chosen;
}

void AppSettings::setRunsDirectory(const QString& directory)
{
    QSettings().setValue(kRunsDirectoryKey, directory);
}

QString AppSettings::defaultRunsDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/runs");
}

QString AppSettings::language()
{
    return QSettings().value(kLanguageKey).toString();
}

void AppSettings::setLanguage(const QString& language)
{
    QSettings().setValue(kLanguageKey, language);
}

ampwb::TrainingConfig AppSettings::trainingConfig()
{
    const QString json = QSettings().value(kTrainingConfigKey).toString();
    if (!json.isEmpty()) {
        try {
            return ampwb::trainingConfigFromJson(json.toStdString());
        } catch (const std::exception&) {
            // An unreadable saved configuration falls back to the defaults.
        }
    }
    return ampwb::TrainingConfig{};
}

void AppSettings::setTrainingConfig(const ampwb::TrainingConfig& config)
{
    QSettings().setValue(kTrainingConfigKey, QString::fromStdString(ampwb::toJson(config)));
}

QString AppSettings::classifyModel()
{
    return QSettings().value(kClassifyModelKey).toString();
}

void AppSettings::setClassifyModel(const QString& model)
{
    QSettings().setValue(kClassifyModelKey, model);
}

int AppSettings::servePort()
{
    bool valid = false;
    const int port = QSettings().value(kServePortKey, kDefaultServePort).toInt(&valid);
    return valid && port >= 0 && port <= 65535 ? port : kDefaultServePort;
}

void AppSettings::setServePort(int port)
{
    QSettings().setValue(kServePortKey, port);
}
