#pragma once

#include "run/PrecisionPolicy.h"

#include <c10/core/DeviceType.h>
#include <c10/core/ScalarType.h>

#include <optional>
#include <string>
#include <vector>

namespace ampwb {

/// A PrecisionPolicy resolved for where a run trains: the autocast region each module of a ResNet-18 computes
/// in, as the policy's nested `torch.autocast` contexts would open them in Python.
class ModulePrecisions {
public:
    /// `ampType` is what the policy's "amp" means here (the run's AMP type on `device`).
    ModulePrecisions(PrecisionPolicy policy, c10::DeviceType device, c10::ScalarType ampType);

    /// The type autocast casts to inside the module at `path` ("layer2.0.conv1", "fc"); nullopt: autocast off
    /// there and the module's inputs cast to fp32.
    std::optional<c10::ScalarType> typeOf(const std::string& path, bool isBatchNorm = false) const;
    /// The region around the modules (the policy's "otherwise"): what a training step opens.
    std::optional<c10::ScalarType> outerType() const;
    /// Whether some part computes in fp16 (then its gradients want loss scaling).
    bool usesFloat16() const;
    c10::DeviceType device() const { return deviceType; }
    const PrecisionPolicy& policy() const { return resolved; }

    /// The paths the policy names that are not among `modulePaths` (a model's module paths); empty when it
    /// names only modules the model has.
    std::vector<std::string> unknownPaths(const std::vector<std::string>& modulePaths) const;

private:
    std::optional<c10::ScalarType> typeFor(ModulePrecision precision) const;

    PrecisionPolicy resolved;
    c10::DeviceType deviceType;
    c10::ScalarType ampScalarType;
};

} // namespace ampwb
