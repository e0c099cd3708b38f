#pragma once

#include "runs/RunHistory.h"

#include <QObject>

#include <vector>

/// The runs a tab shows, with everything each has recorded: the tab adds runs and
/// records their rows here, then announces the changes once per batch, and the views
/// (TrainingCharts) draw what the signals tell them.
class RunHistories : public QObject {
    Q_OBJECT
public:
    explicit RunHistories(QObject* parent = nullptr);

    /// Removes every run and tells the views at once (`cleared`).
    void clear();
    /// Adds a run, drawn from the next announceChanges(); the reference stays valid until
    /// the next add or clear.
    RunHistory& add(RunHistory run);
    /// Records a step of the run at `index`.
    void appendStep(size_t index, const ampwb::StepMetrics& step);
    /// Records an epoch of the run at `index`.
    void appendEpoch(size_t index, const ampwb::EpochMetrics& epoch);
    /// The run at `index` resumes: drops what it recorded after the checkpoint it starts from.
    void continueFrom(size_t index, const ampwb::RunStarted& resumed);
    /// Drops every row of the run at `index`, whose files were rewritten, to record them again.
    void dropRows(size_t index);
    /// Tells the views what changed since the last call: `rowsDropped` when a run dropped
    /// rows (so everything is drawn again), else `appended` when runs or rows were added.
    void announceChanges();

    const std::vector<RunHistory>& runs() const { return shownRuns; }
    const RunHistory& at(size_t index) const { return shownRuns.at(index); }
    /// The run at `index`, to set what the charts do not draw (its configuration, start,
    /// summary and folder); its rows are recorded through this class.
    RunHistory& at(size_t index) { return shownRuns.at(index); }
    size_t size() const { return shownRuns.size(); }
    bool empty() const { return shownRuns.empty(); }

Q_SIGNALS:
    /// Every run was removed.
    void cleared();
    /// Runs or rows were added since the last announcement: the views draw what is new.
    void appended();
    /// A resumed run dropped rows since the last announcement: the views draw everything again.
    void rowsDropped();

private:
    enum class Change { None, Appended, RowsDropped };

    void note(Change change);

    std::vector<RunHistory> shownRuns;
    Change pendingChange = Change::None;
};
