#pragma once

#include "run/TrainingMetrics.h"
#include "training/Comparison.h"
#include "xray/StepProfiler.h"

#include <variant>
#include <vector>

/// One thing the engine reported, copied by value so it can cross from the training
/// thread to the GUI thread.
using TrainingEvent = std::variant<ampwb::RunStarted, ampwb::StepMetrics, ampwb::EpochMetrics, ampwb::RunSummary,
                                   ampwb::ComparisonResult, ampwb::ProfileTaken>;

/// Events in the order the engine reported them.
using TrainingEvents = std::vector<TrainingEvent>;
