#include "model/InferencePrecision.h"

#include <algorithm>
#include <cctype>

namespace ampwb {

std::string toString(InferencePrecision precision)
{
    return precision == InferencePrecision::Bf16 ? "bf16" : "fp32";
}

std::optional<InferencePrecision> parseInferencePrecision(const std::string& text)
{
    std::string lower = text;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    if (lower == "fp32")
        return InferencePrecision::Fp32;
    if (lower == "bf16")
        return InferencePrecision::Bf16;
    return std::nullopt;
}

} // namespace ampwb
