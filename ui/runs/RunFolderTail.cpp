#include "runs/RunFolderTail.h"

#include "run/RunFolder.h"

#include <QFileInfo>

#include <algorithm>

RunFolderTail::RunFolderTail(QString directory)
    : folder(std::move(directory))
    , stepsFile(QString::fromStdString(ampwb::RunFolder(folder.toStdString()).stepsPath()))
    , epochsFile(QString::fromStdString(ampwb::RunFolder(folder.toStdString()).epochsPath()))
{
}

bool RunFolderTail::exists() const
{
    return QFileInfo(folder).isDir();
}

QDateTime RunFolderTail::lastWritten() const
{
    return QFileInfo(stepsFile.path()).lastModified();
}

template <typename Format>
void RunFolderTail::take(const FileTail::Lines& read, CsvRowParser<Format>& parser,
                         std::vector<typename Format::Row>& rows)
{
    for (const QByteArray& line : read.lines) {
        if (!parser.hasHeader())
            parser.setHeader(line);
        else if (auto row = parser.parse(line))
            rows.push_back(*row);
    }
}

RunFolderTail::News RunFolderTail::read(qint64 maxBytes)
{
    News news;
    readSummaryIfChanged(news);
    FileTail::Lines steps = stepsFile.readAppended(maxBytes);
    FileTail::Lines epochs = epochsFile.readAppended(maxBytes);
    if (steps.rewritten || epochs.rewritten) {
        // Both files start over together, so that no epoch outlives the steps it summed up.
        news.rewritten = true;
        stepsFile.rewind();
        epochsFile.rewind();
        stepsParser = {};
        epochsParser = {};
        stepsPerEpoch = 0;
        steps = stepsFile.readAppended(maxBytes);
        epochs = epochsFile.readAppended(maxBytes);
    }
    take(steps, stepsParser, news.steps);
    take(epochs, epochsParser, news.epochs);
    complete(news.steps);
    news.moreToRead = steps.moreToRead || epochs.moreToRead;
    return news;
}

void RunFolderTail::readSummaryIfChanged(News& news)
{
    const ampwb::RunFolder run(folder.toStdString());
    const QDateTime written = QFileInfo(QString::fromStdString(run.summaryPath())).lastModified();
    if (written == summaryWritten)
        return;
    summaryWritten = written;
    news.summary = ampwb::RunFolder::readSummary(run.directory());
    if (news.summary)
        memoryIsCuda = news.summary->memoryIsCuda;
}

void RunFolderTail::complete(std::vector<ampwb::StepMetrics>& steps)
{
    // As ampwb::RunFiles reads a whole file: an epoch has as many steps as the longest one so far, and
    // without a summary the memory figures are CUDA's when there is no RSS but reserved memory.
    for (ampwb::StepMetrics& step : steps) {
        stepsPerEpoch = std::max(stepsPerEpoch, step.stepInEpoch);
        step.stepsPerEpoch = stepsPerEpoch;
        ampwb::MemoryUsage& memory = step.memory;
        memory.isCuda = memoryIsCuda.value_or(memory.residentBytes == 0 && memory.reservedBytes > 0);
    }
}
