#include "runs/RunHistories.h"

#include <algorithm>
#include <utility>

RunHistories::RunHistories(QObject* parent)
    : QObject(parent)
{
}

void RunHistories::clear()
{
    shownRuns.clear();
    pendingChange = Change::None;
    Q_EMIT cleared();
}

RunHistory& RunHistories::add(RunHistory run)
{
    shownRuns.push_back(std::move(run));
    note(Change::Appended);
    return shownRuns.back();
}

void RunHistories::appendStep(size_t index, const ampwb::StepMetrics& step)
{
    shownRuns.at(index).appendStep(step);
    note(Change::Appended);
}

void RunHistories::appendEpoch(size_t index, const ampwb::EpochMetrics& epoch)
{
    shownRuns.at(index).appendEpoch(epoch);
    note(Change::Appended);
}

void RunHistories::continueFrom(size_t index, const ampwb::RunStarted& resumed)
{
    shownRuns.at(index).continueFrom(resumed);
    note(Change::RowsDropped);
}

void RunHistories::dropRows(size_t index)
{
    shownRuns.at(index).dropRows();
    note(Change::RowsDropped);
}

void RunHistories::announceChanges()
{
    switch (std::exchange(pendingChange, Change::None)) {
    case Change::Appended: Q_EMIT appended(); break;
    case Change::RowsDropped: Q_EMIT rowsDropped(); break;
    case Change::None: break;
    }
}

void RunHistories::note(Change change)
{
    pendingChange = std::max(pendingChange, change);
}
