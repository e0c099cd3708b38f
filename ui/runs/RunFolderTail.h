#pragma once

#include "run/RunFileFormat.h"
#include "runs/CsvRowParser.h"
#include "runs/FileTail.h"

#include <QDateTime>
#include <QString>

#include <optional>
#include <vector>

/// A run folder another process may still be writing, read a piece at a time: the rows added
/// to steps.csv and epochs.csv since the last read, and summary.json whenever it changes.
class RunFolderTail {
public:
    explicit RunFolderTail(QString directory);

    /// What one read found.
    struct News {
        /// steps.csv or epochs.csv was rewritten (a resumed run drops the rows after its
        /// checkpoint): the rows are the files' from their start, and the ones read before are void.
        bool rewritten = false;
        std::vector<ampwb::StepMetrics> steps;
        std::vector<ampwb::EpochMetrics> epochs;
        std::optional<ampwb::RunSummary> summary; ///< set when summary.json changed
        /// The files hold more than this read took: read again soon.
        bool moreToRead = false;
    };

    /// Reads what was added since the last read, at most about `maxBytes` of each file.
    News read(qint64 maxBytes);

    const QString& directory() const { return folder; }
    bool exists() const;
    /// When steps.csv was last written (invalid while it does not exist).
    QDateTime lastWritten() const;

private:
    template <typename Format>
    static void take(const FileTail::Lines& read, CsvRowParser<Format>& parser,
                     std::vector<typename Format::Row>& rows);
    void readSummaryIfChanged(News& news);
    void complete(std::vector<ampwb::StepMetrics>& steps);

    QString folder;
    FileTail stepsFile;
    FileTail epochsFile;
    CsvRowParser<ampwb::StepsCsv> stepsParser;
    CsvRowParser<ampwb::EpochsCsv> epochsParser;
    QDateTime summaryWritten;
    std::optional<bool> memoryIsCuda;
    int64_t stepsPerEpoch = 0;
};
