#pragma once

#include "system/AtomicFile.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ampwb {

/// What each row of a CSV file read strictly must be (NumericCsv::readStrictly): besides a row of
/// numbers with the header's cell count, whole numbers in `wholeColumns`, and in the first column,
/// named `keyColumn` (the step or the epoch), a whole number from 1 to `maxKey`.
struct CsvRules {
    std::string keyColumn;
    int64_t maxKey = 0;
    std::vector<std::string> wholeColumns; ///< counts, bytes and flags
};

/// A CSV file of numbers with a header row (as RunFolder writes steps.csv and epochs.csv), read whole
/// within ReadLimits (readLinesOf: a regular file, never more than the limits).
/// read() reads as tolerantly as a half-written or hand-edited file needs: cells that are not numbers read
/// as 0, "nan" and "inf" as NaN and infinity (whatever the locale), and blank rows and rows whose cell count
/// is not the header's are left out. readStrictly() refuses the file at the first line that is not a
/// complete row, as a resume, which rewrites the file, needs it.
class NumericCsv {
public:
    /// The file at `path`, read tolerantly; nullopt when there is none. Throws FileRefused when it is
    /// not a regular file or exceeds `limits`, std::runtime_error when it cannot be read.
    static std::optional<NumericCsv> read(const std::string& path, const ReadLimits& limits);
    /// The file at `path`, read strictly: the header must name `rules.keyColumn` first, and every line
    /// after it must be a row of the header's cell count, each cell a number, whole where `rules` says.
    /// nullopt when there is no file; throws FileRefused "PATH line N: …" at the first line that is not.
    static std::optional<NumericCsv> readStrictly(const std::string& path, const ReadLimits& limits,
                                                  const CsvRules& rules);
    /// Checks the file at `path` as readStrictly reads it, keeping none of its rows; false when there is none.
    static bool checkStrictly(const std::string& path, const ReadLimits& limits, const CsvRules& rules);

    size_t rowCount() const { return names.empty() ? 0 : cells.size() / names.size(); }
    /// The position of the column named `name`, or nullopt when the file has none.
    std::optional<size_t> column(const std::string& name) const;
    double cell(size_t row, size_t column) const { return cells[row * names.size() + column]; }

private:
    static std::optional<NumericCsv> readWith(const std::string& path, const ReadLimits& limits, const CsvRules* rules,
                                              bool keepRows);

    std::vector<std::string> names;
    std::vector<double> cells; ///< row by row
};

/// The decimal number a CSV cell starts with ("nan" and "inf" included), read the same in every locale;
/// 0 when it starts with none. How NumericCsv reads each cell.
double csvCellNumber(const std::string& cell);

/// The number a whole CSV cell is (surrounding blanks aside; "nan" and "inf" included), or nullopt when the
/// cell is not entirely one number. How NumericCsv::readStrictly reads each cell.
std::optional<double> strictCsvNumber(const std::string& cell);

/// The whole number a CSV row's first cell is (its step or epoch, read as strictCsvNumber reads it), or
/// nullopt when it is none.
std::optional<int64_t> csvRowKey(const std::string& line);

} // namespace ampwb
