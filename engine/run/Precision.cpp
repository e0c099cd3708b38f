#include "run/Precision.h"

#include "system/EnumNames.h"

namespace ampwb {
namespace {

constexpr EnumName<Precision> kPrecisionNames[] = {
    {Precision::Fp32, "fp32"},
    {Precision::Amp, "amp"},
};

// The first name of each is the one written; the short ones are read too.
constexpr EnumName<AmpDtype> kAmpDtypeNames[] = {
    {AmpDtype::Auto, "auto"},     {AmpDtype::BFloat16, "bfloat16"}, {AmpDtype::Float16, "float16"},
    {AmpDtype::BFloat16, "bf16"}, {AmpDtype::Float16, "fp16"},
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

std::string toString(AmpDtype dtype)
{
    return enumName(dtype, kAmpDtypeNames);
}

std::optional<AmpDtype> parseAmpDtype(const std::string& text)
{
    return enumFromName(text, kAmpDtypeNames, NameMatch::IgnoringCase);
}

AmpDtype resolvedAmpDtype(AmpDtype dtype, c10::DeviceType device)
{
    if (dtype != AmpDtype::Auto)
        return dtype;
    return device == c10::DeviceType::CUDA ? AmpDtype::Float16 : AmpDtype::BFloat16;
}

c10::ScalarType autocastScalarType(AmpDtype dtype, c10::DeviceType device)
{
    return resolvedAmpDtype(dtype, device) == AmpDtype::Float16 ? c10::kHalf : c10::kBFloat16;
}

std::string shortName(AmpDtype dtype)
{
    switch (dtype) {
    case AmpDtype::BFloat16: return "bf16";
    case AmpDtype::Float16: return "fp16";
    case AmpDtype::Auto: break;
    }
    return "auto";
}

std::string precisionLabel(Precision precision, AmpDtype dtype)
{
    if (precision == Precision::Fp32)
        return "FP32";
    return dtype == AmpDtype::Auto ? "AMP" : "AMP " + shortName(dtype);
}

} // namespace ampwb
