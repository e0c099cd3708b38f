#include "training/Precision.h"

#include <algorithm>
#include <cctype>

namespace ampwb {

std::string toString(Precision precision)
{
    return precision == Precision::Amp ? "amp" : "fp32";
}

std::optional<Precision> parsePrecision(const std::string& text)
{
    std::string lower = text;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (lower == "fp32")
        return Precision::Fp32;
    if (lower == "amp")
        return Precision::Amp;
    return std::nullopt;
}

} // namespace ampwb
