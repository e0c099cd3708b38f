#include "classify/ClassifiedImageList.h"

#include <QFileInfo>

#include <algorithm>

int ClassifiedImageList::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows.size());
}

QVariant ClassifiedImageList::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const Row& row = rows[static_cast<size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole: return row.name;
    case Qt::DecorationRole: return row.thumbnail;
    case Qt::ToolTipRole: return row.error.isEmpty() ? row.source.path : row.error;
    case StateRole: return static_cast<int>(row.state);
    case LabelsRole: return row.labels;
    case ProbabilitiesRole: {
        QVariantList probabilities;
        for (const double probability : row.probabilities)
            probabilities << probability;
        return probabilities;
    }
    case LatencyRole: return row.preprocessMilliseconds + row.inferenceMilliseconds;
    case PreprocessRole: return row.preprocessMilliseconds;
    case InferenceRole: return row.inferenceMilliseconds;
    case ErrorRole: return row.error;
    default: return {};
    }
}

ClassificationRequest ClassifiedImageList::addFile(const QString& path)
{
    Row row;
    row.name = QFileInfo(path).fileName();
    row.source.path = path;
    append(row);
    return rows.back().source;
}

ClassificationRequest ClassifiedImageList::addImage(const QImage& image, const QString& name)
{
    Row row;
    row.name = name;
    row.source.image = image;
    append(row);
    return rows.back().source;
}

void ClassifiedImageList::addFailure(const QString& name, const QString& error)
{
    Row row;
    row.name = name;
    row.sourceUsable = false;
    row.state = State::Failed;
    row.error = error;
    append(row);
}

void ClassifiedImageList::append(Row row)
{
    const int index = rowCount();
    row.id = nextId++;
    row.source.rowId = row.id;
    beginInsertRows({}, index, index);
    rowOfId.insert(row.id, index);
    rows.push_back(std::move(row));
    endInsertRows();
}

std::vector<ClassificationRequest> ClassifiedImageList::requestsForAll()
{
    std::vector<ClassificationRequest> requests;
    for (Row& row : rows) {
        if (!row.sourceUsable)
            continue;
        row.state = State::Waiting;
        row.labels.clear();
        row.probabilities.clear();
        row.preprocessMilliseconds = 0.0;
        row.inferenceMilliseconds = 0.0;
        row.error.clear();
        row.unlike = {};
        requests.push_back(row.source);
    }
    if (!rows.empty())
        Q_EMIT dataChanged(index(0), index(rowCount() - 1));
    return requests;
}

void ClassifiedImageList::apply(const std::vector<ClassificationResult>& results)
{
    int first = rowCount();
    int last = -1;
    for (const ClassificationResult& result : results) {
        const auto found = rowOfId.constFind(result.rowId);
        if (found == rowOfId.constEnd())
            continue;
        Row& row = rows[static_cast<size_t>(*found)];
        row.state = result.error.isEmpty() ? State::Classified : State::Failed;
        if (!result.thumbnail.isNull())
            row.thumbnail = result.thumbnail;
        row.labels = result.labels;
        row.probabilities = result.probabilities;
        row.preprocessMilliseconds = result.preprocessMilliseconds;
        row.inferenceMilliseconds = result.inferenceMilliseconds;
        row.error = result.error;
        row.unlike = result.unlike;
        first = std::min(first, *found);
        last = std::max(last, *found);
    }
    if (last >= first)
        Q_EMIT dataChanged(index(first), index(last));
}

void ClassifiedImageList::clear()
{
    beginResetModel();
    rows.clear();
    rowOfId.clear();
    endResetModel();
}

int ClassifiedImageList::count(State state) const
{
    return static_cast<int>(
        std::count_if(rows.begin(), rows.end(), [state](const Row& row) { return row.state == state; }));
}

int ClassifiedImageList::countUnlike(Unlikeness& seen) const
{
    int count = 0;
    seen = {};
    for (const Row& row : rows) {
        if (row.state == State::Classified && row.unlike.any()) {
            ++count;
            seen |= row.unlike;
        }
    }
    return count;
}
