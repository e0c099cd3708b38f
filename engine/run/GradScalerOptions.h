#pragma once

#include <cstdint>

namespace ampwb {

/// Settings of dynamic loss scaling, with `torch.amp.GradScaler`'s defaults.
struct GradScalerOptions {
    bool enabled = true;
    double initScale = 65536.0;
    double growthFactor = 2.0;
    double backoffFactor = 0.5;
    int64_t growthInterval = 2000;
};

} // namespace ampwb
