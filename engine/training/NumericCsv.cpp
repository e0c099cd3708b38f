#include "training/NumericCsv.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <iterator>
#include <limits>
#include <sstream>

namespace ampwb {
namespace {

constexpr const char* kWhitespace = " \t\n\v\f\r";

std::string trimmed(const std::string& text)
{
    const size_t first = text.find_first_not_of(kWhitespace);
    if (first == std::string::npos)
        return {};
    return text.substr(first, text.find_last_not_of(kWhitespace) - first + 1);
}

/// The pieces of `text` between separators (one more than there are separators).
std::vector<std::string> split(const std::string& text, char separator)
{
    std::vector<std::string> pieces;
    size_t start = 0;
    for (size_t end; (end = text.find(separator, start)) != std::string::npos; start = end + 1)
        pieces.push_back(text.substr(start, end - start));
    pieces.push_back(text.substr(start));
    return pieces;
}

} // namespace

double csvCellNumber(const std::string& cell)
{
    const char* first = cell.data();
    const char* last = first + cell.size();
    while (first != last && std::isspace(static_cast<unsigned char>(*first)))
        ++first;
    if (first != last && *first == '+')
        ++first;
    double value = 0.0;
    const auto [end, error] = std::from_chars(first, last, value);
    if (error == std::errc::result_out_of_range) {
        // Too large or too small for a double: infinity or zero, with the number's sign.
        const std::string text(first, end);
        const size_t exponent = text.find_first_of("eE");
        const bool tiny = exponent != std::string::npos && text.find('-', exponent) != std::string::npos;
        const double magnitude = tiny ? 0.0 : std::numeric_limits<double>::infinity();
        return text.front() == '-' ? -magnitude : magnitude;
    }
    return error == std::errc() ? value : 0.0;
}

std::optional<NumericCsv> NumericCsv::read(const std::string& path)
{
    std::ifstream file(path, std::ios::binary);
    if (!file)
        return std::nullopt;
    std::ostringstream content;
    content << file.rdbuf();
    const std::vector<std::string> lines = split(content.str(), '\n');
    NumericCsv csv;
    csv.names = split(trimmed(lines.front()), ',');
    for (size_t line = 1; line < lines.size(); ++line) {
        const std::string text = trimmed(lines[line]);
        if (text.empty())
            continue;
        const std::vector<std::string> cells = split(text, ',');
        if (cells.size() != csv.names.size())
            continue;
        std::vector<double> row;
        row.reserve(cells.size());
        std::transform(cells.begin(), cells.end(), std::back_inserter(row), csvCellNumber);
        csv.rows.push_back(std::move(row));
    }
    return csv;
}

std::optional<size_t> NumericCsv::column(const std::string& name) const
{
    const auto found = std::find(names.begin(), names.end(), name);
    if (found == names.end())
        return std::nullopt;
    return static_cast<size_t>(found - names.begin());
}

} // namespace ampwb
