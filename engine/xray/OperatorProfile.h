#pragma once

#include "xray/OperatorClass.h"
#include "xray/OperatorRecording.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ampwb {

/// The part of a training step an operator ran in.
enum class StepPass { Forward, Backward, Optimizer, Other };
/// "forward", "backward", "optimizer", "other".
std::string stepPassName(StepPass pass);

/// The module of the step's own work outside the model, the loss and the optimizer (zeroing the
/// gradients, scaling the loss, counting correct predictions).
inline constexpr const char* kStepWorkModule = "(step)";

/// Where one recorded range's time goes.
struct Attribution {
    bool counted = false; ///< inside a profiled training step, not in a measurement the step leaves out
    OperatorClass kind = OperatorClass::Other;
    std::string module; ///< "layer1.0.conv1", "loss", "optimizer", kStepWorkModule
    StepPass pass = StepPass::Other;
    std::string dtype;           ///< the dtype it computes in: its first floating input's (a cast's: its output's)
    int64_t selfNanoseconds = 0; ///< its time less that of the ranges inside it
};

/// One class's share of a step, per step.
struct ClassTime {
    OperatorClass kind = OperatorClass::Other;
    double milliseconds = 0.0;
    double calls = 0.0;      ///< outermost operators of the class
    std::string dtype;       ///< the dtype most of its time ran in ("" when it took no time)
    double dtypeShare = 0.0; ///< that dtype's part of the class's time (0–1)
};

/// One module's time per step: its forward, its backward and the casts made for it in either.
struct ModuleTime {
    std::string module;
    double forwardMilliseconds = 0.0;
    double backwardMilliseconds = 0.0;
    double castMilliseconds = 0.0;  ///< included in forward and backward
    double otherMilliseconds = 0.0; ///< optimizer and step work
    double totalMilliseconds() const { return forwardMilliseconds + backwardMilliseconds + otherMilliseconds; }
};

/// One operator with the same name, module, pass, dtypes and shapes, per step.
struct OperatorTime {
    std::string name;
    OperatorClass kind = OperatorClass::Other;
    std::string module;
    StepPass pass = StepPass::Other;
    std::string inputDtypes;
    std::string inputShapes;
    double calls = 0.0;
    double selfMilliseconds = 0.0;
};

/// The X-ray of some training steps: where a step's time went, averaged over the steps.
struct OperatorProfile {
    int64_t firstStep = 0;
    int64_t lastStep = 0;
    int64_t steps() const { return lastStep - firstStep + 1; }
    RecordingClock clock = RecordingClock::Host; ///< the clock of the times below but the measured step's
    double measuredStepMilliseconds = 0.0;       ///< the steps' own time as the run measured it (StepMetrics), mean
    /// measuredStepMilliseconds' relative standard error, from the steps' spread (0: fewer than two steps)
    double measuredStepError = 0.0;
    /// the training-step scopes' time in the recording, less the measurements the step's time leaves out, mean
    double recordedStepMilliseconds = 0.0;
    double outsideOperatorsMilliseconds = 0.0; ///< of that, time inside no operator (the engine's own code)
    double castsPerStep = 0.0;
    std::array<ClassTime, kOperatorClassCount> classes{}; ///< indexed by OperatorClass
    std::vector<ModuleTime> modules;                      ///< in the order the step first ran them
    std::vector<OperatorTime> operators;                  ///< largest self time first

    /// The classes' times together (the recorded step less the time outside operators).
    double operatorMilliseconds() const;
    /// The convolution classes' times together (forward and gradients).
    double convolutionMilliseconds() const;
    const ClassTime& of(OperatorClass kind) const { return classes[static_cast<size_t>(kind)]; }
};

/// A recording divided into classes and modules, each range with its attribution (same index).
struct ProfiledSteps {
    std::vector<RecordedEvent> events;
    std::vector<Attribution> attribution;
    OperatorProfile profile;
};

/// Attributes every range of a recording of steps `firstStep`…`lastStep` (ranges outside the
/// steps' training-step scopes are kept for the trace but not counted) and sums the tables per step;
/// `measuredStepMilliseconds` is the steps' own mean time.
ProfiledSteps analyseSteps(std::vector<RecordedEvent> events, int64_t firstStep, int64_t lastStep,
                           double measuredStepMilliseconds);

} // namespace ampwb
