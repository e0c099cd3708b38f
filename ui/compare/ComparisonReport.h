#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>

class ChartPanel;
class ComparisonTable;

/// A comparison as a document: a Markdown (.md) or HTML (.html) file with the table,
/// the verdict and every chart as a PNG in a "<name>_charts" folder beside it.
class ComparisonReport {
    Q_DECLARE_TR_FUNCTIONS(ComparisonReport)
public:
    QString title;
    QString details; ///< one paragraph: data, batch, device …
    /// What an FP32/AMP pair was made with, as Markdown list items (ampwb::comparisonSetup); may be empty
    QString setup;
    QString verdict;

    /// Writes the report to `path` (HTML when it ends in .html/.htm, else Markdown).
    bool write(const QString& path, const ComparisonTable& table, const QList<ChartPanel*>& charts,
               QString* error = nullptr) const;
};
