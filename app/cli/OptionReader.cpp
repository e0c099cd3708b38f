#include "OptionReader.h"

#include "CommandLine.h"

namespace ampwb::cli {

OptionReader::OptionReader(const std::vector<std::string>& arguments, const std::set<std::string>& valuedOptions,
                           const std::set<std::string>& flagOptions)
{
    bool optionsEnded = false;
    for (size_t i = 0; i < arguments.size(); ++i) {
        const std::string& argument = arguments[i];
        if (optionsEnded || argument.size() < 2 || argument[0] != '-') {
            positionalArguments.push_back(argument);
            continue;
        }
        if (argument == "--") {
            optionsEnded = true;
            continue;
        }
        const auto equals = argument.find('=');
        const std::string name = argument.substr(0, equals);
        if (flagOptions.count(name) && equals == std::string::npos) {
            flags.insert(name);
        } else if (valuedOptions.count(name)) {
            if (equals != std::string::npos)
                values.emplace_back(name, argument.substr(equals + 1));
            else if (i + 1 < arguments.size())
                values.emplace_back(name, arguments[++i]);
            else
                throw UsageError(name + " needs a value.");
        } else {
            throw UsageError("Unknown option \"" + argument + "\".");
        }
    }
}

std::optional<std::string> OptionReader::value(const std::string& option) const
{
    std::optional<std::string> found;
    for (const auto& [name, text] : values) {
        if (name == option)
            found = text;
    }
    return found;
}

bool OptionReader::flag(const std::string& option) const
{
    return flags.count(option) > 0;
}

long long wholeNumber(const std::string& option, const std::string& text)
{
    try {
        size_t used = 0;
        const long long number = std::stoll(text, &used);
        if (used == text.size())
            return number;
    } catch (const std::exception&) {
    }
    throw UsageError(option + " expects a whole number, not \"" + text + "\".");
}

} // namespace ampwb::cli
