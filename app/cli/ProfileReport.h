#pragma once

#include "xray/StepProfiler.h"

#include <string>
#include <vector>

namespace ampwb::cli {

/// The X-ray of the profiles a command took, as text for the terminal: one run's time per class
/// of work and its heaviest modules, or FP32 against AMP class by class with the sentence that
/// says where AMP's time goes; then where the files are.
std::string profileReport(const std::vector<ProfileTaken>& profiles);

} // namespace ampwb::cli
