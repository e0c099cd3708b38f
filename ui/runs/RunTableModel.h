#pragma once

#include "runs/RunRecord.h"

#include <QAbstractTableModel>
#include <QList>

/// The runs of the runs folder as a table. Qt::DisplayRole is the text shown,
/// kSortRole the raw value to sort by, Qt::ToolTipRole the run's folder (the
/// whole device text on the Device column).
class RunTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    /// State comes early and Device, the longest text, last: on a narrow screen the
    /// device is elided and the rest stays readable.
    enum Column {
        Name,
        State,
        Date,
        Precision,
        Dataset,
        Epochs,
        BestTop1,
        Throughput,
        PeakMemory,
        Device,
        ColumnCount
    };
    static constexpr int kSortRole = Qt::UserRole;

    explicit RunTableModel(QObject* parent = nullptr);

    /// A run state word as the table shows it ("running", "finished", … in the user's language).
    static QString stateText(const QString& state);

    void setRecords(QList<RunRecord> records);
    const RunRecord& record(int row) const { return records[row]; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QList<RunRecord> records;
};
