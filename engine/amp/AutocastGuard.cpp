#include "amp/AutocastGuard.h"

#include <ATen/autocast_mode.h>

namespace ampwb {

std::optional<c10::ScalarType> AutocastGuard::activeType(c10::DeviceType type)
{
    if (!at::autocast::is_autocast_enabled(type))
        return std::nullopt;
    return at::autocast::get_autocast_dtype(type);
}

AutocastGuard::AutocastGuard(c10::Device device, bool enabled, c10::ScalarType dtype)
    : deviceType(device.type())
    , active(enabled)
{
    if (!active)
        return;
    previousEnabled = at::autocast::is_autocast_enabled(deviceType);
    previousType = at::autocast::get_autocast_dtype(deviceType);
    at::autocast::set_autocast_dtype(deviceType, dtype);
    at::autocast::set_autocast_enabled(deviceType, true);
    at::autocast::increment_nesting();
}

AutocastGuard::AutocastGuard(c10::DeviceType device, std::optional<c10::ScalarType> type)
    : deviceType(device)
    , active(true)
{
    previousEnabled = at::autocast::is_autocast_enabled(deviceType);
    previousType = at::autocast::get_autocast_dtype(deviceType);
    if (type)
        at::autocast::set_autocast_dtype(deviceType, *type);
    at::autocast::set_autocast_enabled(deviceType, type.has_value());
    at::autocast::increment_nesting();
}

AutocastGuard::~AutocastGuard()
{
    if (!active)
        return;
    if (at::autocast::decrement_nesting() == 0)
        at::autocast::clear_cache();
    at::autocast::set_autocast_enabled(deviceType, previousEnabled);
    at::autocast::set_autocast_dtype(deviceType, previousType);
}

} // namespace ampwb
