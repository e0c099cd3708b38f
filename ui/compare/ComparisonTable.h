#pragma once

#include <QTableWidget>

#include <vector>

class RunHistory;

/// The original recipe's table for a set of runs: epoch time, throughput, peak memory,
/// final top-1/top-5, skipped steps / NaN losses and how each run ended, with every run
/// after the first compared to the first (speedup ×, memory %, accuracy points).
class ComparisonTable : public QTableWidget {
    Q_OBJECT
public:
    explicit ComparisonTable(QWidget* parent = nullptr);

    /// Fills the table from the runs' summaries ("–" where a run has none yet).
    void showRuns(const std::vector<RunHistory>& runs);
    /// The table as Markdown or as an HTML <table>.
    QString toMarkdown() const;
    QString toHtml() const;

private:
    enum Row { EpochTime, Throughput, PeakMemory, Top1, Top5, Skipped, State, RowCount };
    void setCell(int row, int column, const QString& text);
    /// A cell's text on one line, for the exports.
    QString cellText(int row, int column) const;
};
