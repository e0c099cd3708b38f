#include "training/AutocastGuard.h"

#include <ATen/autocast_mode.h>
#include <torch/version.h>

namespace ampwb {
namespace {

// The per-device-type functions arrived in 2.4; the CUDA/CPU-specific ones are deprecated since.
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 4)
bool isEnabled(c10::DeviceType type)
{
    return at::autocast::is_autocast_enabled(type);
}
void setEnabled(c10::DeviceType type, bool on)
{
    at::autocast::set_autocast_enabled(type, on);
}
c10::ScalarType currentType(c10::DeviceType type)
{
    return at::autocast::get_autocast_dtype(type);
}
void setType(c10::DeviceType type, c10::ScalarType dtype)
{
    at::autocast::set_autocast_dtype(type, dtype);
}
#else
bool isEnabled(c10::DeviceType type)
{
    return type == c10::DeviceType::CUDA ? at::autocast::is_enabled() : at::autocast::is_cpu_enabled();
}
void setEnabled(c10::DeviceType type, bool on)
{
    if (type == c10::DeviceType::CUDA)
        at::autocast::set_enabled(on);
    else
        at::autocast::set_cpu_enabled(on);
}
c10::ScalarType currentType(c10::DeviceType type)
{
    return type == c10::DeviceType::CUDA ? at::autocast::get_autocast_gpu_dtype()
                                         : at::autocast::get_autocast_cpu_dtype();
}
void setType(c10::DeviceType type, c10::ScalarType dtype)
{
    if (type == c10::DeviceType::CUDA)
        at::autocast::set_autocast_gpu_dtype(dtype);
    else
        at::autocast::set_autocast_cpu_dtype(dtype);
}
#endif

} // namespace

std::optional<c10::ScalarType> AutocastGuard::activeType(c10::DeviceType type)
{
    if (!isEnabled(type))
        return std::nullopt;
    return currentType(type);
}

c10::ScalarType AutocastGuard::lowPrecisionType(c10::DeviceType type)
{
    return type == c10::DeviceType::CUDA ? c10::kHalf : c10::kBFloat16;
}

AutocastGuard::AutocastGuard(c10::Device device, bool enabled)
    : deviceType(device.type())
    , active(enabled)
{
    if (!active)
        return;
    previousEnabled = isEnabled(deviceType);
    previousType = currentType(deviceType);
    setType(deviceType, lowPrecisionType(deviceType));
    setEnabled(deviceType, true);
    at::autocast::increment_nesting();
}

AutocastGuard::~AutocastGuard()
{
    if (!active)
        return;
    if (at::autocast::decrement_nesting() == 0)
        at::autocast::clear_cache();
    setEnabled(deviceType, previousEnabled);
    setType(deviceType, previousType);
}

} // namespace ampwb
