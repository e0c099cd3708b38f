#include "training/LearningRate.h"

#include <algorithm>
#include <cmath>

namespace ampwb {

double learningRateAt(const TrainingConfig& config, int64_t step, int64_t stepsPerEpoch)
{
    const double base = config.learningRate;
    const auto warmupSteps = static_cast<int64_t>(std::llround(config.warmupEpochs * stepsPerEpoch));
    if (step < warmupSteps)
        return base * static_cast<double>(step + 1) / static_cast<double>(warmupSteps);
    switch (config.schedule) {
    case LearningRateSchedule::Constant: return base;
    case LearningRateSchedule::Step:
        return base
             * std::pow(config.gamma,
                        static_cast<double>((step / std::max<int64_t>(1, stepsPerEpoch)) / config.stepSize));
    case LearningRateSchedule::Cosine: {
        int64_t total = config.epochs * stepsPerEpoch;
        if (config.maxSteps > 0)
            total = std::min(total, config.maxSteps);
        const double span = std::max<int64_t>(1, total - warmupSteps);
        const double progress = std::min(1.0, static_cast<double>(step - warmupSteps) / span);
        return base * 0.5 * (1.0 + std::cos(M_PI * progress));
    }
    }
    return base;
}

} // namespace ampwb
