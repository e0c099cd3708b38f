#pragma once

#include "run/NumericCsv.h"

#include <QByteArray>
#include <QList>

#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

/// Turns lines of a run's CSV file in `Format` (ampwb::StepsCsv or ampwb::EpochsCsv, whose
/// columns are named once in run/RunFileFormat.h) into rows, one line at a time, as
/// tolerantly as ampwb::RunFiles reads a whole file: a column the header lacks reads as 0, a
/// cell that is not a number as 0, and a line with the wrong number of cells is left out.
template <typename Format>
class CsvRowParser {
public:
    using Row = typename Format::Row;

    /// Takes the header line: the names of the file's columns.
    void setHeader(const QByteArray& line)
    {
        const QList<QByteArray> names = line.trimmed().split(',');
        cellCount = names.size();
        fileColumns.clear();
        const Row sample{};
        Format::forEachColumn(sample, [&](const char* name, const auto&) {
            const qsizetype column = names.indexOf(QByteArray(name));
            fileColumns.push_back(column >= 0 ? std::optional<qsizetype>(column) : std::nullopt);
        });
    }
    bool hasHeader() const { return cellCount > 0; }

    /// The row a line holds; nullopt for an empty line or one whose cell count is not the header's.
    std::optional<Row> parse(const QByteArray& line) const
    {
        const QByteArray text = line.trimmed();
        if (text.isEmpty())
            return std::nullopt;
        const QList<QByteArray> cells = text.split(',');
        if (cells.size() != cellCount)
            return std::nullopt;
        Row row{};
        size_t index = 0;
        Format::forEachColumn(row, [&](const char*, auto& field) {
            const std::optional<qsizetype> column = fileColumns[index++];
            assign(column ? number(cells[*column]) : 0.0, field);
        });
        return row;
    }

private:
    /// The number in a cell, as the engine reads the whole file (ampwb::NumericCsv).
    static double number(const QByteArray& cell) { return ampwb::csvCellNumber(cell.toStdString()); }
    static void assign(double cell, double& field) { field = cell; }
    static void assign(double cell, int64_t& field)
    {
        field = std::isfinite(cell) ? static_cast<int64_t>(std::llround(cell)) : 0;
    }
    static void assign(double cell, bool& field) { field = cell != 0.0; }

    qsizetype cellCount = 0;
    std::vector<std::optional<qsizetype>> fileColumns;
};
