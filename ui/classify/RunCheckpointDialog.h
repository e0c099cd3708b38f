#pragma once

#include <QDialog>
#include <QString>

class QTableView;
class RunTableModel;

/// Chooses a run's checkpoint from a list of the runs in the runs folder that have one (newest first, as
/// the Runs tab shows them), or any checkpoint file through "Other file…".
class RunCheckpointDialog : public QDialog {
    Q_OBJECT
public:
    explicit RunCheckpointDialog(const QString& runsDirectory, QWidget* parent = nullptr);

    /// The chosen checkpoint file; empty until one is chosen.
    const QString& checkpoint() const { return chosen; }
    /// The list of runs shown.
    QTableView& runList() const { return *list; }

private:
    void acceptSelectedRun();
    void chooseOtherFile();

    QString runsFolder;
    RunTableModel* runs;
    QTableView* list;
    QString chosen;
};
