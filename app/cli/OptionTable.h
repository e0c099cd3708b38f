#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace ampwb::cli {

class OptionValue;

/// One row of a command's option table.
struct Option {
    std::string name;      ///< as typed: "--epochs"
    std::string valueName; ///< what `--help` shows after the name ("N", "DIR"); empty for a flag, which takes no value
    std::string help;      ///< the explanation in `--help`; each '\n' starts a line under the first
    std::function<void(const OptionValue& value)> store; ///< keeps the value in the command's settings
};

/// Whether the arguments asked for the command's help (`--help` or `-h`) rather than its work.
enum class ParseOutcome { Parsed, HelpAsked };

/// A command's options: parses its arguments and writes its `--help` list, both from the same rows.
/// Takes "--name VALUE", "--name=VALUE", bare flags, `--help`/`-h` and, where the command takes them,
/// positional arguments; "--" ends the options.
class OptionTable {
public:
    /// Options listed in `--help` without a heading.
    void add(std::vector<Option> rows);
    /// Options listed in `--help` under `heading` ("Output:").
    void addGroup(std::string heading, std::vector<Option> rows);
    /// Makes `option` (with or without a value) a mistake that says `message`; it is not listed.
    void refuse(std::string option, std::string message);
    /// Passes each argument that is not an option to `store`; without it such arguments are mistakes.
    void takePositional(std::function<void(const std::string& argument)> store);

    /// Stores each option through its row, in the order given (a repeated option's last value wins).
    /// Throws UsageError for an unknown option, a missing value, a value its row refuses, or an
    /// argument the command does not take.
    ParseOutcome parse(const std::vector<std::string>& arguments) const;
    /// The option list `--help` prints: each row's name, value name and explanation, in table order (refused
    /// options left out).
    std::string help() const;

private:
    struct Group {
        std::string heading;
        std::vector<Option> rows;
    };

    const Option* find(const std::string& name) const;
    /// What refusing `name` says, or nullptr when it is not refused.
    const std::string* refusalOf(const std::string& name) const;

    std::vector<Group> groups;
    std::vector<std::pair<std::string, std::string>> refusals;
    std::function<void(const std::string&)> storePositional;
};

} // namespace ampwb::cli
