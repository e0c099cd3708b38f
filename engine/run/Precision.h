#pragma once

#include <c10/core/DeviceType.h>
#include <c10/core/ScalarType.h>

#include <optional>
#include <string>

namespace ampwb {

/// How a run computes: full single precision, or automatic mixed precision (autocast in the
/// AmpDtype below; fp16 with dynamic loss scaling by default).
enum class Precision { Fp32, Amp };

/// "fp32" or "amp".
std::string toString(Precision precision);
/// Parses "fp32" / "amp" (case-insensitive); nullopt for anything else.
std::optional<Precision> parsePrecision(const std::string& text);

/// The type AMP's autocast computes in: Auto = fp16 on CUDA, bf16 on the CPU (autocast's own defaults).
/// fp16 runs with dynamic loss scaling unless the run turns it off; bf16 has fp32's range and needs none.
enum class AmpDtype { Auto, BFloat16, Float16 };

/// "auto", "bfloat16" or "float16".
std::string toString(AmpDtype dtype);
/// Parses "auto", "bfloat16" / "bf16", "float16" / "fp16" (case-insensitive); nullopt for anything else.
std::optional<AmpDtype> parseAmpDtype(const std::string& text);
/// What `dtype` means on a device type: BFloat16 or Float16, never Auto.
AmpDtype resolvedAmpDtype(AmpDtype dtype, c10::DeviceType device);
/// The scalar type autocast casts to for `dtype` on a device type.
c10::ScalarType autocastScalarType(AmpDtype dtype, c10::DeviceType device);
/// "bf16" or "fp16" as reports write it ("auto" for Auto).
std::string shortName(AmpDtype dtype);
/// A run's precision as a comparison names it: "FP32", "AMP bf16", "AMP fp16" ("AMP" for Auto).
std::string precisionLabel(Precision precision, AmpDtype dtype);

} // namespace ampwb
