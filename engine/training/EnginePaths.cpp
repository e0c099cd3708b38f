#include "training/EnginePaths.h"

#include "system/EnumNames.h"

namespace ampwb {
namespace {

constexpr EnumName<EnginePaths> kEnginePathsNames[] = {
    {EnginePaths::Tuned, "tuned"},
    {EnginePaths::Stock, "stock"},
};

} // namespace

std::string toString(EnginePaths paths)
{
    return enumName(paths, kEnginePathsNames);
}

std::optional<EnginePaths> parseEnginePaths(const std::string& text)
{
    return enumFromName(text, kEnginePathsNames);
}

} // namespace ampwb
