#pragma once

#include "runs/RunHistories.h"

#include <QByteArray>
#include <QList>
#include <QStringList>
#include <QTimer>
#include <QWidget>

#include <vector>

class EngineController;
class EvaluationWindow;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class RunFollower;
class RunTableModel;
class TrainingCharts;
struct RunRecord;

/// Every run in the runs folder, and in run folders opened from elsewhere, as a sortable table:
/// open runs to plot them (their charts grow while another process still writes them), compare
/// two or more, rename, delete, open the folder, or reuse a run's configuration.
class RunsTab : public QWidget {
    Q_OBJECT
public:
    RunsTab(EngineController& engine, QWidget* parent = nullptr);

    /// Reads the runs folder again (also done when the tab is shown, after each run, and when
    /// a run appears or changes while the tab is visible).
    void refresh();
    void setRunsDirectory(const QString& directory);

    /// The records of the selected rows, in table order.
    QList<RunRecord> selectedRuns() const;
    /// Selects the rows whose run folders are in `directories`.
    void selectRuns(const QStringList& directories);
    /// Plots the selected runs (FP32 before AMP) in this tab's charts and follows them as their
    /// folders grow; false when none is selected.
    bool openSelected();
    /// Lists the runs in `folder`, from anywhere (a run folder, or a folder of runs such as the
    /// --run-dir of a CLI or torchrun job), and plots the run, or the newest of them; false with
    /// `error` set when it holds no run yet (it is listed once one appears).
    bool openRunFolder(const QString& folder, QString* error = nullptr);
    /// Opens the Evaluation view for the selected run (or two runs, the FP32 one first) on its
    /// validation images, or on every image in `folder` (a folder of class folders); null when
    /// one or two runs are not selected.
    EvaluationWindow* evaluateSelected(const QString& folder = {});
    /// Renames a run folder (for a run of a comparison, the comparison's folder).
    bool renameRun(const RunRecord& run, const QString& newName, QString* error = nullptr);
    /// Deletes run folders for good (the run of a comparison: just that run).
    bool deleteRuns(const QList<RunRecord>& runs, QString* error = nullptr);

    QTableView& table() const { return *runsTable; }
    /// The runs opened here.
    const RunHistories& histories() const { return runHistories; }
    TrainingCharts& charts() const { return *trainingCharts; }

Q_SIGNALS:
    /// The user wants these runs compared in the Compare tab.
    void compareRequested(const std::vector<RunHistory>& runs);
    /// The user wants to train again with this run's configuration.
    void configurationRequested(const ampwb::TrainingConfig& config);
    /// The user wants the stopped or failed run in `directory` continued from its checkpoint.
    void resumeRequested(const QString& directory);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void openRunFolderWithDialog();
    /// Refreshes the table when a run appeared, left or wrote its summary or an epoch.
    void refreshIfChanged();
    QStringList watchedFolders() const;
    std::vector<RunHistory> readSelected() const;
    /// The table's height that shows `rows` runs below its header.
    int tableHeightFor(int rows) const;
    void compareSelected();
    void renameWithDialog();
    void deleteWithConfirmation();
    void openFolder();
    void useConfiguration();
    void updateButtons();

    EngineController& engine;
    QString runsDirectory;
    /// Folders opened with "Open run folder…" that are not in the runs folder.
    QStringList openedFolders;
    QByteArray listedFingerprint;
    QTimer watchTimer;
    RunTableModel* model;
    QSortFilterProxyModel* sortedModel;
    QTableView* runsTable;
    RunHistories runHistories;
    TrainingCharts* trainingCharts;
    RunFollower* follower;
    QLabel* folderLabel;
    QLabel* followLabel;
    QPushButton* openButton;
    QPushButton* compareButton;
    QPushButton* renameButton;
    QPushButton* deleteButton;
    QPushButton* folderButton;
    QPushButton* configButton;
    QPushButton* resumeButton;
    QPushButton* evaluateButton;
};
