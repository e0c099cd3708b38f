#include "run/EnginePaths.h"

#include "system/EnumNames.h"

#include <sstream>

namespace ampwb {
namespace {

constexpr EnumName<TunedPath> kTunedPathNames[] = {
    {TunedPath::SmallMapConvolutions, "small-map-convolutions"},
    {TunedPath::OnePassSgd, "one-pass-sgd"},
    {TunedPath::KeptFreedMemory, "kept-freed-memory"},
};

constexpr const char* kWithout = "tuned without ";

} // namespace

EnginePaths EnginePaths::tuned()
{
    uint8_t all = 0;
    for (const auto& entry : kTunedPathNames)
        all |= static_cast<uint8_t>(entry.value);
    return EnginePaths(all);
}

EnginePaths EnginePaths::stock()
{
    return EnginePaths(0);
}

EnginePaths EnginePaths::without(TunedPath path) const
{
    return EnginePaths(static_cast<uint8_t>(paths & ~static_cast<uint8_t>(path)));
}

std::string toString(TunedPath path)
{
    return enumName(path, kTunedPathNames);
}

std::optional<TunedPath> parseTunedPath(const std::string& text)
{
    return enumFromName(text, kTunedPathNames);
}

std::string toString(EnginePaths paths)
{
    if (paths == EnginePaths::tuned())
        return "tuned";
    if (paths.isStock())
        return "stock";
    std::string leftOut;
    for (const auto& entry : kTunedPathNames)
        if (!paths.uses(entry.value))
            leftOut += (leftOut.empty() ? "" : ",") + toString(entry.value);
    return kWithout + leftOut;
}

std::optional<EnginePaths> parseEnginePaths(const std::string& text)
{
    if (text == "tuned")
        return EnginePaths::tuned();
    if (text == "stock")
        return EnginePaths::stock();
    if (text.rfind(kWithout, 0) != 0)
        return std::nullopt;
    EnginePaths paths = EnginePaths::tuned();
    std::istringstream list(text.substr(std::char_traits<char>::length(kWithout)));
    for (std::string word; std::getline(list, word, ',');) {
        const std::optional<TunedPath> path = parseTunedPath(word);
        if (!path)
            return std::nullopt;
        paths = paths.without(*path);
    }
    return paths;
}

} // namespace ampwb
