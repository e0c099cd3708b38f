#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace ampwb {

/// A CSV file of numbers with a header row (as RunFolder writes steps.csv and epochs.csv), read whole.
/// Read as tolerantly as a half-written or hand-edited file needs: cells that are not numbers read as 0,
/// "nan" and "inf" as NaN and infinity (whatever the locale), and rows whose cell count is not the
/// header's are left out.
class NumericCsv {
public:
    /// The file at `path`; nullopt when it cannot be opened.
    static std::optional<NumericCsv> read(const std::string& path);

    size_t rowCount() const { return rows.size(); }
    /// The position of the column named `name`, or nullopt when the file has none.
    std::optional<size_t> column(const std::string& name) const;
    double cell(size_t row, size_t column) const { return rows[row][column]; }

private:
    std::vector<std::string> names;
    std::vector<std::vector<double>> rows;
};

/// The decimal number a CSV cell starts with ("nan" and "inf" included), read the same in every locale;
/// 0 when it starts with none. How NumericCsv reads each cell.
double csvCellNumber(const std::string& cell);

} // namespace ampwb
