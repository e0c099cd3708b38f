#pragma once

#include <c10/core/Device.h>
#include <c10/core/ScalarType.h>

#include <optional>

namespace ampwb {

/// RAII autocast region, the C++ counterpart of `with torch.autocast(device, dtype)`.
/// Restores the previous state (and clears the autocast weight cache when leaving the
/// outermost region).
class AutocastGuard {
public:
    /// Autocast to `dtype` (fp16 or bf16) on the device's type while `enabled`; nothing otherwise.
    AutocastGuard(c10::Device device, bool enabled, c10::ScalarType dtype);
    /// A region nested in another, as `with torch.autocast(device, dtype=type)` opens it, or, for nullopt, `with
    /// torch.autocast(device, enabled=False)`: autocast off inside whatever the region around it does.
    AutocastGuard(c10::DeviceType device, std::optional<c10::ScalarType> type);
    ~AutocastGuard();
    AutocastGuard(const AutocastGuard&) = delete;
    AutocastGuard& operator=(const AutocastGuard&) = delete;

    /// The type autocast casts to on `type` now; nullopt while autocast is off there.
    static std::optional<c10::ScalarType> activeType(c10::DeviceType type);

private:
    c10::DeviceType deviceType;
    bool active;
    bool previousEnabled = false;
    c10::ScalarType previousType = c10::kFloat;
};

} // namespace ampwb
