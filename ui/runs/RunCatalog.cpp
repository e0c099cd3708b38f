#include "runs/RunCatalog.h"

#include "run/RunFiles.h"
#include "run/RunFolder.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <exception>

namespace {

bool isRunFolder(const QDir& directory)
{
    return directory.exists(QStringLiteral("config.json"));
}

QDateTime creationTime(const QString& directory)
{
    const QFileInfo info(directory);
    const QDateTime born = info.birthTime();
    return born.isValid() ? born : info.lastModified();
}

/// A record that says only where a run is.
RunRecord located(const QString& directory, const QString& name, bool inComparison = false)
{
    RunRecord record;
    record.directory = directory;
    record.name = name;
    record.inComparison = inComparison;
    return record;
}

} // namespace

QList<RunRecord> RunCatalog::locate(const QString& runsDirectory)
{
    QList<RunRecord> records;
    const QDir root(runsDirectory);
    for (const QString& entry : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        const QDir folder(root.filePath(entry));
        if (isRunFolder(folder)) {
            records << located(folder.absolutePath(), entry);
            continue;
        }
        for (const QString& inner : folder.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
            const QDir run(folder.filePath(inner));
            if (isRunFolder(run))
                records << located(run.absolutePath(), entry + QLatin1Char('/') + inner, true);
        }
    }
    return records;
}

QList<RunRecord> RunCatalog::scan(const QString& runsDirectory)
{
    QList<RunRecord> records;
    for (const RunRecord& found : locate(runsDirectory)) {
        RunRecord record = describe(found.directory, found.name);
        record.inComparison = found.inComparison;
        records << record;
    }
    return records;
}

QList<RunRecord> RunCatalog::scanOpened(const QString& folder)
{
    const QFileInfo opened(folder);
    if (isRunFolder(QDir(folder)))
        return {describe(opened.absoluteFilePath(), opened.fileName())};
    QList<RunRecord> records = scan(folder);
    for (RunRecord& record : records)
        record.name = opened.fileName() + QLatin1Char('/') + record.name;
    return records;
}

QByteArray RunCatalog::fingerprint(const QStringList& folders)
{
    QByteArray result;
    const auto addWriteTime = [&result](const QString& path) {
        result += QByteArray::number(QFileInfo(path).lastModified().toMSecsSinceEpoch()) + ' ';
    };
    for (const QString& folder : folders) {
        QList<RunRecord> runs = locate(folder);
        if (isRunFolder(QDir(folder)))
            runs << located(folder, {});
        for (const RunRecord& run : runs) {
            const ampwb::RunFolder files(run.directory.toStdString());
            result += run.directory.toUtf8() + ' ';
            addWriteTime(QString::fromStdString(files.summaryPath()));
            addWriteTime(QString::fromStdString(files.epochsPath()));
        }
    }
    return result;
}

RunRecord RunCatalog::describe(const QString& directory, const QString& name)
{
    RunRecord record;
    record.directory = directory;
    record.name = name;
    record.created = creationTime(directory);
    const std::string path = directory.toStdString();
    try {
        const ampwb::TrainingConfig config = ampwb::RunFolder::readConfig(path);
        record.precision = QString::fromStdString(ampwb::toString(config.precision)).toUpper();
        record.device = QString::fromStdString(config.device);
        record.dataset = QString::fromStdString(config.dataset);
        if (config.precisionPolicy)
            record.policy = QString::fromStdString(config.precisionPolicy->name);
    } catch (const std::exception&) {
        record.state = QStringLiteral("unreadable");
    }
    if (const auto summary = ampwb::RunFolder::readSummary(path)) {
        record.precision = QString::fromStdString(ampwb::toString(summary->precision)).toUpper();
        record.device = QString::fromStdString(summary->deviceDescription);
        const auto device = ampwb::RunFolder::readDevice(path);
        if (device && device->english() == summary->deviceDescription)
            record.deviceMessage = device;
        record.imagesPerSecond = summary->imagesPerSecond;
        record.peakMemoryBytes = summary->peakMemoryBytes;
        record.state = QString::fromStdString(ampwb::toString(summary->state));
    }
    const std::vector<ampwb::EpochMetrics> epochs = ampwb::RunFiles::readEpochs(path);
    for (const ampwb::EpochMetrics& epoch : epochs) {
        record.epochs += epoch.complete ? 1 : 0;
        record.bestTop1 = std::max(record.bestTop1, epoch.validationTop1);
    }
    record.partialEpoch = !epochs.empty() && !epochs.back().complete;
    return record;
}
