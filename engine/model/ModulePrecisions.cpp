#include "model/ModulePrecisions.h"

#include <algorithm>
#include <utility>

namespace ampwb {

ModulePrecisions::ModulePrecisions(PrecisionPolicy policy, c10::DeviceType device, c10::ScalarType ampType)
    : resolved(std::move(policy))
    , deviceType(device)
    , ampScalarType(ampType)
{
}

std::optional<c10::ScalarType> ModulePrecisions::typeFor(ModulePrecision precision) const
{
    switch (precision) {
    case ModulePrecision::Fp32: return std::nullopt;
    case ModulePrecision::Amp: return ampScalarType;
    case ModulePrecision::Bf16: return c10::kBFloat16;
    case ModulePrecision::Fp16: return c10::kHalf;
    }
    return std::nullopt;
}

std::optional<c10::ScalarType> ModulePrecisions::typeOf(const std::string& path, bool isBatchNorm) const
{
    return typeFor(resolved.precisionOf(path, isBatchNorm));
}

std::optional<c10::ScalarType> ModulePrecisions::outerType() const
{
    return typeFor(resolved.otherwise);
}

bool ModulePrecisions::usesFloat16() const
{
    if (outerType() == c10::kHalf)
        return true;
    return std::any_of(resolved.modules.begin(), resolved.modules.end(),
                       [this](const auto& named) { return typeFor(named.second) == c10::kHalf; });
}

std::vector<std::string> ModulePrecisions::unknownPaths(const std::vector<std::string>& modulePaths) const
{
    std::vector<std::string> unknown;
    for (const auto& [path, precision] : resolved.modules)
        if (std::find(modulePaths.begin(), modulePaths.end(), path) == modulePaths.end())
            unknown.push_back(path);
    return unknown;
}

} // namespace ampwb
