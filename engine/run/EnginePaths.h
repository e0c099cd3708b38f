#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace ampwb {

/// One of the workbench's own faster paths on the CPU, each measured against libtorch's own
/// (docs/BENCHMARKS.md, "What each tuned path is worth").
enum class TunedPath : uint8_t {
    SmallMapConvolutions = 1, ///< convolutions on small maps by matrix products (SmallMapConvolution)
    OnePassSgd = 2,           ///< SGD in one pass over each tensor, writing AMP's bf16 weight copies too
    KeptFreedMemory = 4,      ///< glibc's malloc kept from returning freed step memory to the system
};

/// Which code a run's training step runs on the CPU. Tuned, the default: every TunedPath. Stock: libtorch's
/// own operators and torch::optim::SGD alone, what plain PyTorch does. Both compute the same model; tuned
/// paths differ from stock by at most a rounding of their precision (docs/BENCHMARKS.md). A run may also
/// leave out single tuned paths, to measure what each is worth.
class EnginePaths {
public:
    /// Every tuned path.
    static EnginePaths tuned();
    /// No tuned path: stock libtorch.
    static EnginePaths stock();

    bool uses(TunedPath path) const { return (paths & static_cast<uint8_t>(path)) != 0; }
    /// Whether no tuned path is used.
    bool isStock() const { return paths == 0; }
    /// These paths without `path`.
    EnginePaths without(TunedPath path) const;

    bool operator==(const EnginePaths& other) const { return paths == other.paths; }
    bool operator!=(const EnginePaths& other) const { return paths != other.paths; }

private:
    explicit EnginePaths(uint8_t paths)
        : paths(paths)
    {
    }
    uint8_t paths;
};

/// "small-map-convolutions", "one-pass-sgd" or "kept-freed-memory".
std::string toString(TunedPath path);
/// Parses toString's words; nullopt for anything else.
std::optional<TunedPath> parseTunedPath(const std::string& text);

/// "tuned", "stock", or "tuned without " and the left-out paths joined by commas.
std::string toString(EnginePaths paths);
/// Parses what toString writes; nullopt for anything else.
std::optional<EnginePaths> parseEnginePaths(const std::string& text);

} // namespace ampwb
