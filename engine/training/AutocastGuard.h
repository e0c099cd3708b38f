#pragma once

#include <c10/core/Device.h>
#include <c10/core/ScalarType.h>

#include <optional>

namespace ampwb {

/// RAII autocast region, the C++ counterpart of `with torch.autocast(device)`:
/// fp16 on CUDA, bf16 on CPU. Restores the previous state (and clears the
/// autocast weight cache when leaving the outermost region). One source for
/// libtorch 1.13 and 2.x, whose autocast function names differ.
class AutocastGuard {
public:
    AutocastGuard(c10::Device device, bool enabled);
    ~AutocastGuard();
    AutocastGuard(const AutocastGuard&) = delete;
    AutocastGuard& operator=(const AutocastGuard&) = delete;

    /// The type autocast casts to on `type` now; nullopt while autocast is off there.
    static std::optional<c10::ScalarType> activeType(c10::DeviceType type);
    /// The reduced-precision type autocast uses on this device type.
    static c10::ScalarType lowPrecisionType(c10::DeviceType type);

private:
    c10::DeviceType deviceType;
    bool active;
    bool previousEnabled = false;
    c10::ScalarType previousType = c10::kFloat;
};

} // namespace ampwb
