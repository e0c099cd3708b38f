#include "OptionTable.h"

#include "OptionValue.h"

#include <algorithm>
#include <sstream>

namespace ampwb::cli {
namespace {

/// Explanations start two spaces after the longest name, but no further in than this; a longer name
/// has its explanation on the next line.
constexpr size_t kMaxExplanationColumn = 26;

std::string labelOf(const Option& row)
{
    return row.valueName.empty() ? row.name : row.name + " " + row.valueName;
}

} // namespace

void OptionTable::add(std::vector<Option> rows)
{
    addGroup({}, std::move(rows));
}

void OptionTable::addGroup(std::string heading, std::vector<Option> rows)
{
    groups.push_back({std::move(heading), std::move(rows)});
}

void OptionTable::refuse(std::string option, std::string message)
{
    refusals.emplace_back(std::move(option), std::move(message));
}

void OptionTable::takePositional(std::function<void(const std::string& argument)> store)
{
    storePositional = std::move(store);
}

const std::string* OptionTable::refusalOf(const std::string& name) const
{
    for (const auto& [refused, message] : refusals)
        if (name == refused)
            return &message;
    return nullptr;
}

const Option* OptionTable::find(const std::string& name) const
{
    for (const Group& group : groups) {
        for (const Option& row : group.rows) {
            if (row.name == name)
                return &row;
        }
    }
    return nullptr;
}

ParseOutcome OptionTable::parse(const std::vector<std::string>& arguments) const
{
    ParseOutcome outcome = ParseOutcome::Parsed;
    bool optionsEnded = false;
    for (size_t i = 0; i < arguments.size(); ++i) {
        const std::string& argument = arguments[i];
        if (optionsEnded || argument.size() < 2 || argument[0] != '-') {
            if (!storePositional)
                throw UsageError("Unexpected argument \"" + argument + "\".");
            storePositional(argument);
            continue;
        }
        if (argument == "--") {
            optionsEnded = true;
            continue;
        }
        const size_t equals = argument.find('=');
        const bool inlineValue = equals != std::string::npos;
        const std::string name = argument.substr(0, equals);
        if (const std::string* message = refusalOf(name))
            throw UsageError(*message);
        if ((name == "--help" || name == "-h") && !inlineValue) {
            outcome = ParseOutcome::HelpAsked;
            continue;
        }
        const Option* row = find(name);
        const bool flag = row && row->valueName.empty();
        if (!row || (flag && inlineValue))
            throw UsageError("Unknown option \"" + argument + "\".");
        if (flag) {
            row->store(OptionValue(name, {}));
        } else if (inlineValue) {
            row->store(OptionValue(name, argument.substr(equals + 1)));
        } else if (i + 1 < arguments.size()) {
            row->store(OptionValue(name, arguments[++i]));
        } else {
            throw UsageError(name + " needs a value.");
        }
    }
    return outcome;
}

std::string OptionTable::help() const
{
    size_t longestLabel = 0;
    for (const Group& group : groups) {
        for (const Option& row : group.rows)
            if (!refusalOf(row.name))
                longestLabel = std::max(longestLabel, labelOf(row).size());
    }
    const size_t column = std::min(2 + longestLabel + 2, kMaxExplanationColumn);
    const std::string indent(column, ' ');

    std::ostringstream help;
    for (const Group& group : groups) {
        if (!group.heading.empty())
            help << group.heading << '\n';
        for (const Option& row : group.rows) {
            if (refusalOf(row.name))
                continue;
            const std::string label = "  " + labelOf(row);
            help << label;
            if (label.size() + 2 <= column)
                help << std::string(column - label.size(), ' ');
            else
                help << '\n' << indent;
            for (size_t start = 0;;) {
                const size_t end = row.help.find('\n', start);
                help << row.help.substr(start, end - start) << '\n';
                if (end == std::string::npos)
                    break;
                help << indent;
                start = end + 1;
            }
        }
    }
    return help.str();
}

} // namespace ampwb::cli
