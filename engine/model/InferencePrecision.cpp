#include "model/InferencePrecision.h"

#include "system/EnumNames.h"

namespace ampwb {
namespace {

constexpr EnumName<InferencePrecision> kInferencePrecisionNames[] = {
    {InferencePrecision::Fp32, "fp32"},
    {InferencePrecision::Bf16, "bf16"},
};

} // namespace

std::string toString(InferencePrecision precision)
{
    return enumName(precision, kInferencePrecisionNames);
}

std::optional<InferencePrecision> parseInferencePrecision(const std::string& text)
{
    return enumFromName(text, kInferencePrecisionNames, NameMatch::IgnoringCase);
}

} // namespace ampwb
