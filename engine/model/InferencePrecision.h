#pragma once

#include <optional>
#include <string>

namespace ampwb {

/// The number format the Classifier computes in on the CPU: fp32, or bf16 weights and
/// activations (fast where the CPU has bf16 units, see DeviceInfo::cpuHasBf16Units).
enum class InferencePrecision { Fp32, Bf16 };

/// "fp32" or "bf16".
std::string toString(InferencePrecision precision);
/// Parses "fp32" / "bf16" (case-insensitive); nullopt for anything else.
std::optional<InferencePrecision> parseInferencePrecision(const std::string& text);

} // namespace ampwb
