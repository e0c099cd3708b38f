#pragma once

#include "UsageError.h"

#include <optional>
#include <string>

namespace ampwb::cli {

/// The text given to one option on the command line, with the conversions the option tables need.
/// Each conversion throws a UsageError that names the option and the text.
class OptionValue {
public:
    OptionValue(std::string option, std::string text);

    /// The value exactly as given (empty for a flag).
    const std::string& text() const { return givenText; }

    /// The value as a whole number ("--epochs expects a whole number, not \"two\".").
    long long wholeNumber() const;
    /// The value as a whole number from low to high ("--port must be between 0 and 65535.").
    long long wholeNumberBetween(long long low, long long high) const;
    /// The value as a real number ("--lr expects a number, not \"0.1x\".").
    double number() const;
    /// `parsed` (the value read as one of a few words), or a mistake listing `choices` ("fp32 or amp").
    template <typename T>
    T oneOf(const std::optional<T>& parsed, const std::string& choices) const
    {
        if (!parsed)
            throw mistake("must be " + choices + ", not \"" + givenText + "\".");
        return *parsed;
    }

    /// A mistake about this option: its name, then `complaint` ("must be at least 1.").
    UsageError mistake(const std::string& complaint) const;

private:
    std::string optionName;
    std::string givenText;
};

} // namespace ampwb::cli
