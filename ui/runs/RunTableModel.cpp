#include "runs/RunTableModel.h"

#include "DisplayFormat.h"
#include "EngineText.h"
#include "xray/PolicyText.h"

namespace {

/// The run's device in the user's language where the run folder records it as a message, else as recorded.
QString deviceText(const RunRecord& run)
{
    return run.deviceMessage ? EngineText::render(*run.deviceMessage) : run.device;
}

} // namespace

QString RunTableModel::stateText(const QString& state)
{
    if (state == QLatin1String("running"))
        return tr("running");
    if (state == QLatin1String("finished"))
        return tr("finished");
    if (state == QLatin1String("stopped"))
        return tr("stopped");
    if (state == QLatin1String("failed"))
        return tr("failed");
    if (state == QLatin1String("unreadable"))
        return tr("unreadable");
    return state;
}

RunTableModel::RunTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void RunTableModel::setRecords(QList<RunRecord> newRecords)
{
    beginResetModel();
    records = std::move(newRecords);
    endResetModel();
}

int RunTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(records.size());
}

int RunTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid())
        return {};
    const RunRecord& run = records[index.row()];
    if (role == Qt::ToolTipRole)
        return index.column() == Device ? deviceText(run) : run.directory;
    if (role == Qt::TextAlignmentRole)
        return index.column() >= Epochs && index.column() <= PeakMemory ? int(Qt::AlignRight | Qt::AlignVCenter)
                                                                        : int(Qt::AlignLeft | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != kSortRole)
        return {};
    const bool display = role == Qt::DisplayRole;
    switch (index.column()) {
    case Name: return run.name;
    case State: return stateText(run.state);
    case Date: // ISO date and 24-hour time: unambiguous in every language
        return display ? run.created.toString(QStringLiteral("yyyy-MM-dd HH:mm")) : QVariant(run.created);
    case Precision: return run.policy.isEmpty() ? run.precision : PolicyText::runLabel(run.policy);
    case Dataset: return run.dataset;
    case Epochs:
        // A run stopped early in its first epoch trained 0 whole epochs, not 1; it sorts between 0 and 1.
        if (!display)
            return double(run.epochs) + (run.partialEpoch ? 0.5 : 0.0);
        return run.partialEpoch ? tr("%1 + part of one").arg(run.epochs) : QString::number(run.epochs);
    case BestTop1:
        if (!display)
            return run.bestTop1;
        return run.bestTop1 >= 0.0 ? DisplayFormat::percent(run.bestTop1) : QStringLiteral("–");
    case Throughput:
        return display ? QVariant(DisplayFormat::throughput(run.imagesPerSecond)) : QVariant(run.imagesPerSecond);
    case PeakMemory:
        return display ? QVariant(DisplayFormat::memory(run.peakMemoryBytes))
                       : QVariant(qlonglong(run.peakMemoryBytes));
    case Device: return deviceText(run);
    default: return {};
    }
}

QVariant RunTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Name: return tr("Name");
    case State: return tr("State");
    case Date: return tr("Date");
    case Precision: return tr("Precision");
    case Dataset: return tr("Dataset");
    case Epochs: return tr("Epochs");
    case BestTop1: return tr("Best top-1");
    case Throughput: return tr("Images/s");
    case PeakMemory: return tr("Peak memory");
    case Device: return tr("Device");
    default: return {};
    }
}
