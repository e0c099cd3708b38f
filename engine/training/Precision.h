#pragma once

#include <optional>
#include <string>

namespace ampwb {

/// How a run computes: full single precision, or automatic mixed precision
/// (fp16 autocast + dynamic loss scaling on CUDA, bf16 autocast on CPU).
enum class Precision { Fp32, Amp };

/// "fp32" or "amp".
std::string toString(Precision precision);
/// Parses "fp32" / "amp" (case-insensitive); nullopt for anything else.
std::optional<Precision> parsePrecision(const std::string& text);

} // namespace ampwb
