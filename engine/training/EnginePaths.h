#pragma once

#include <optional>
#include <string>

namespace ampwb {

/// Which code a run's training step runs on the CPU. Tuned: the workbench's own faster paths where they
/// were measured to win (the small-map convolutions, the one-pass SGD step that also writes AMP's bf16
/// weight copies, glibc's malloc kept from returning freed step memory). Stock: libtorch's own
/// operators and torch::optim::SGD alone, what plain PyTorch does. Both compute the same model; tuned
/// paths differ from stock by at most a rounding of their precision (docs/BENCHMARKS.md).
enum class EnginePaths { Tuned, Stock };

/// "tuned" or "stock".
std::string toString(EnginePaths paths);
/// Parses "tuned" / "stock"; nullopt for anything else.
std::optional<EnginePaths> parseEnginePaths(const std::string& text);

} // namespace ampwb
