#pragma once

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <optional>
#include <string>

namespace ampwb {

/// One value of an enum and the word that names it in run files and on the command line.
template <typename Enum>
struct EnumName {
    Enum value;
    const char* name;
};

/// How enumFromName compares a word with the names: exactly, or ignoring ASCII letter case.
enum class NameMatch { Exact, IgnoringCase };

/// The name of `value` in `names` (the first entry's name for a value the table lacks).
template <typename Enum, std::size_t Count>
std::string enumName(Enum value, const EnumName<Enum> (&names)[Count])
{
    for (const EnumName<Enum>& entry : names) {
        if (entry.value == value)
            return entry.name;
    }
    return names[0].name;
}

/// The value `names` gives the word `text`, or nullopt when no entry has that name.
template <typename Enum, std::size_t Count>
std::optional<Enum> enumFromName(const std::string& text, const EnumName<Enum> (&names)[Count],
                                 NameMatch match = NameMatch::Exact)
{
    const auto same = [match](char a, char b) {
        if (match == NameMatch::Exact)
            return a == b;
        return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
    };
    for (const EnumName<Enum>& entry : names) {
        const std::string name = entry.name;
        if (std::equal(name.begin(), name.end(), text.begin(), text.end(), same))
            return entry.value;
    }
    return std::nullopt;
}

} // namespace ampwb
