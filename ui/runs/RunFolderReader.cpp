#include "runs/RunFolderReader.h"

#include "run/RunFiles.h"
#include "run/RunFolder.h"

#include <QFileInfo>

#include <exception>
#include <string>

std::optional<RunHistory> RunFolderReader::read(const QString& directory, const QString& label, const QColor& color,
                                                QString* error)
{
    std::string problem;
    std::optional<ampwb::RunFiles> files = ampwb::RunFiles::read(directory.toStdString(), &problem);
    if (!files) {
        // The engine's reason when it refused a file (a pipe, a file larger than a run writes).
        if (error)
            *error = problem.empty() ? tr("%1 has no readable steps.csv.").arg(directory)
                                     : QString::fromStdString(problem);
        return std::nullopt;
    }
    RunHistory history(label, color);
    history.directory = directory;
    history.config = std::move(files->config);
    history.summary = std::move(files->summary);
    for (const ampwb::StepMetrics& step : files->steps)
        history.appendStep(step);
    for (const ampwb::EpochMetrics& epoch : files->epochs)
        history.appendEpoch(epoch);
    return history;
}

RunHistory RunFolderReader::withoutRows(const QString& directory, const QString& label, const QColor& color)
{
    RunHistory history(label, color);
    history.directory = directory;
    try {
        history.config = ampwb::RunFolder::readConfig(directory.toStdString());
    } catch (const std::exception&) {
        // Without a readable config.json the run still plots; it just cannot be repeated.
    }
    return history;
}

bool RunFolderReader::canResume(const QString& directory)
{
    const ampwb::RunFolder folder(directory.toStdString());
    const auto summary = ampwb::RunFolder::readSummary(folder.directory());
    return summary && (summary->state == ampwb::RunState::Stopped || summary->state == ampwb::RunState::Failed)
        && QFileInfo::exists(QString::fromStdString(folder.checkpointPath()));
}
