#include "classify/ModelChoice.h"

#include "runs/RunCatalog.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace {

const QString kLatestRun = QStringLiteral("latest-run");
const QString kTorchvision = QStringLiteral("torchvision");

} // namespace

QString ModelChoice::toSetting() const
{
    switch (kind) {
    case Kind::LatestRun: return kLatestRun;
    case Kind::Torchvision: return kTorchvision;
    case Kind::File: return path;
    }
    return kLatestRun;
}

ModelChoice ModelChoice::fromSetting(const QString& setting)
{
    if (setting == kTorchvision)
        return torchvision();
    if (setting.isEmpty() || setting == kLatestRun)
        return latestRun();
    return file(setting);
}

QString ModelChoice::modelName(const QString& runsDirectory, QString* problem) const
{
    if (kind == Kind::Torchvision)
        return kTorchvision;
    if (kind == Kind::File)
        return path;
    const RunRecord* newest = nullptr;
    const QList<RunRecord> runs = RunCatalog::scan(runsDirectory);
    for (const RunRecord& run : runs) {
        if (QFileInfo::exists(run.directory + QStringLiteral("/checkpoint.pt"))
            && (!newest || run.created > newest->created))
            newest = &run;
    }
    if (newest)
        return newest->directory;
    if (problem)
        *problem = QCoreApplication::translate("ModelChoice",
                                               "No run with a checkpoint in %1 yet: train one, or choose "
                                               "a model file.")
                       .arg(runsDirectory);
    return {};
}
