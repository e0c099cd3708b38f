#include "run/NumericCsv.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <utility>

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

/// A cell's text in a message: in quotes, and cut short when long.
std::string inQuotes(const std::string& text)
{
    constexpr size_t kLongest = 40;
    return "\"" + (text.size() <= kLongest ? text : text.substr(0, kLongest) + "…") + "\"";
}

bool isWhole(double value)
{
    return std::isfinite(value) && std::floor(value) == value && std::fabs(value) < 9.2e18;
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

std::optional<double> strictCsvNumber(const std::string& cell)
{
    const std::string text = trimmed(cell);
    const size_t sign = !text.empty() && text.front() == '+' ? 1 : 0;
    if (text.size() == sign || (sign == 1 && text[1] == '-'))
        return std::nullopt;
    double value = 0.0;
    const auto [end, error] = std::from_chars(text.data() + sign, text.data() + text.size(), value);
    if (end != text.data() + text.size() || (error != std::errc() && error != std::errc::result_out_of_range))
        return std::nullopt;
    return csvCellNumber(text);
}

std::optional<int64_t> csvRowKey(const std::string& line)
{
    const std::optional<double> key = strictCsvNumber(line.substr(0, line.find(',')));
    if (!key || !isWhole(*key))
        return std::nullopt;
    return static_cast<int64_t>(*key);
}

std::optional<NumericCsv> NumericCsv::read(const std::string& path, const ReadLimits& limits)
{
    return readWith(path, limits, nullptr, true);
}

std::optional<NumericCsv> NumericCsv::readStrictly(const std::string& path, const ReadLimits& limits,
                                                   const CsvRules& rules)
{
    return readWith(path, limits, &rules, true);
}

bool NumericCsv::checkStrictly(const std::string& path, const ReadLimits& limits, const CsvRules& rules)
{
    return readWith(path, limits, &rules, false).has_value();
}

std::optional<NumericCsv> NumericCsv::readWith(const std::string& path, const ReadLimits& limits, const CsvRules* rules,
                                               bool keepRows)
{
    NumericCsv csv;
    std::vector<bool> whole; // per column, when read strictly
    const auto refuse = [&path](int64_t number, EngineMessage what) {
        throw FileRefused(
            EngineMessage(EngineMessage::Code::FileLineRefused, {path, std::to_string(number), std::move(what)}));
    };
    const bool found = readLinesOf(path, limits, [&](const std::string& line, int64_t number) {
        const std::string text = trimmed(line);
        if (rules) {
            if (std::optional<EngineMessage> binary = binaryContent(line))
                refuse(number, std::move(*binary));
            if (text.empty())
                refuse(number, number == 1 ? EngineMessage(EngineMessage::Code::BlankLineForHeader)
                                           : EngineMessage(EngineMessage::Code::BlankLineForNumbers,
                                                           {std::to_string(csv.names.size())}));
        }
        if (number == 1) {
            csv.names = split(text, ',');
            if (!rules)
                return;
            if (csv.names.front() != rules->keyColumn)
                refuse(number, EngineMessage(EngineMessage::Code::HeaderNamesFirst,
                                             {inQuotes(csv.names.front()), rules->keyColumn}));
            for (const std::string& name : csv.names)
                whole.push_back(name == rules->keyColumn
                                || std::find(rules->wholeColumns.begin(), rules->wholeColumns.end(), name)
                                       != rules->wholeColumns.end());
            return;
        }
        if (text.empty())
            return;
        const std::vector<std::string> cells = split(text, ',');
        if (cells.size() != csv.names.size()) {
            if (rules)
                refuse(number, EngineMessage(cells.size() == 1 ? EngineMessage::Code::OneCellNotAsHeader
                                                               : EngineMessage::Code::CellsNotAsHeader,
                                             {std::to_string(cells.size()), std::to_string(csv.names.size())}));
            return;
        }
        for (size_t column = 0; column < cells.size(); ++column) {
            if (!rules) {
                csv.cells.push_back(csvCellNumber(cells[column]));
                continue;
            }
            const std::string& name = csv.names[column];
            const std::optional<double> value = strictCsvNumber(cells[column]);
            if (!value)
                refuse(number,
                       EngineMessage(EngineMessage::Code::CellNotANumber, {name, inQuotes(trimmed(cells[column]))}));
            if (column == 0 && !(isWhole(*value) && *value >= 1.0 && *value <= static_cast<double>(rules->maxKey)))
                refuse(number, EngineMessage(EngineMessage::Code::CellNotWholeInRange,
                                             {name, trimmed(cells[column]), std::to_string(rules->maxKey)}));
            if (whole[column] && !isWhole(*value))
                refuse(number, EngineMessage(EngineMessage::Code::CellNotWhole, {name, trimmed(cells[column])}));
            if (keepRows)
                csv.cells.push_back(*value);
        }
    });
    if (!found)
        return std::nullopt;
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
