#pragma once

#include <QHash>
#include <QString>

#include <vector>

/// A numeric CSV file with a header row (as the engine writes steps.csv and epochs.csv),
/// read whole and looked up by column name. Cells that are not numbers read as 0;
/// "nan" and "inf" read as NaN and infinity.
class CsvColumns {
public:
    /// Reads `path`; false when it cannot be opened.
    bool load(const QString& path);

    size_t rowCount() const { return rows.size(); }
    /// The cell of `row` in `column` (0 when there is no such column).
    double value(size_t row, const QString& column) const;

private:
    QHash<QString, int> index;
    std::vector<std::vector<double>> rows;
};
