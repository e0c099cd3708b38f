#include "OptionValue.h"

namespace ampwb::cli {

OptionValue::OptionValue(std::string option, std::string text)
    : optionName(std::move(option))
    , givenText(std::move(text))
{
}

long long OptionValue::wholeNumber() const
{
    try {
        size_t used = 0;
        const long long number = std::stoll(givenText, &used);
        if (used == givenText.size())
            return number;
    } catch (const std::exception&) {
    }
    throw mistake("expects a whole number, not \"" + givenText + "\".");
}

long long OptionValue::wholeNumberBetween(long long low, long long high) const
{
    const long long number = wholeNumber();
    if (number < low || number > high)
        throw mistake("must be between " + std::to_string(low) + " and " + std::to_string(high) + ".");
    return number;
}

double OptionValue::number() const
{
    try {
        size_t used = 0;
        const double number = std::stod(givenText, &used);
        if (used == givenText.size())
            return number;
    } catch (const std::exception&) {
    }
    throw mistake("expects a number, not \"" + givenText + "\".");
}

UsageError OptionValue::mistake(const std::string& complaint) const
{
    return UsageError(optionName + " " + complaint);
}

} // namespace ampwb::cli
