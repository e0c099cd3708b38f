#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ampwb::cli {

/// Splits a subcommand's arguments into options ("--name VALUE", "--name=VALUE" or a
/// bare flag) and the remaining positional arguments. Throws UsageError for an unknown
/// option or a missing value; "--" ends the options.
class OptionReader {
public:
    OptionReader(const std::vector<std::string>& arguments, const std::set<std::string>& valuedOptions,
                 const std::set<std::string>& flagOptions);

    /// The last value given for `option`, if any.
    std::optional<std::string> value(const std::string& option) const;
    bool flag(const std::string& option) const;
    const std::vector<std::string>& positional() const { return positionalArguments; }

private:
    std::vector<std::pair<std::string, std::string>> values;
    std::set<std::string> flags;
    std::vector<std::string> positionalArguments;
};

/// Parses a whole number for `option`; throws UsageError otherwise.
long long wholeNumber(const std::string& option, const std::string& text);

} // namespace ampwb::cli
