#include "training/Precision.h"

#include "system/EnumNames.h"

namespace ampwb {
namespace {

constexpr EnumName<Precision> kPrecisionNames[] = {
    {Precision::Fp32, "fp32"},
    {Precision::Amp, "amp"},
};

} // namespace

std::string toString(Precision precision)
{
    return enumName(precision, kPrecisionNames);
}

std::optional<Precision> parsePrecision(const std::string& text)
{
    return enumFromName(text, kPrecisionNames, NameMatch::IgnoringCase);
}

} // namespace ampwb
