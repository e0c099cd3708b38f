// What the X-ray's named scopes cost a training step when nothing records (the profiler off, the
// default): counts the scopes one engine training step opens (from a recording of a real step of the
// engine's Trainer) and times an inactive NamedScope; prints the cost per step.
//
// Usage: named_scope_cost [--size 28] [--batch-size 128]
#include "system/NamedScope.h"
#include "system/ThreadPolicy.h"
#include "training/Trainer.h"
#include "xray/OperatorRecording.h"
#include "xray/StepScopes.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>

using namespace ampwb;

namespace {

/// Records the operators of the run's second step (the first warms up).
class SecondStep : public TrainingObserver {
public:
    void stepFinished(const StepMetrics& step) override
    {
        if (step.step == 1)
            recording = std::make_unique<OperatorRecording>();
        else if (step.step == 2)
            events = recording->finish();
    }
    std::unique_ptr<OperatorRecording> recording;
    std::vector<RecordedEvent> events;
};

} // namespace

int main(int argc, char** argv)
{
    TrainingConfig config;
    config.dataset = "synthetic";
    config.imageSize = 28;
    config.batchSize = 128;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string option = argv[i];
        if (option == "--size")
            config.imageSize = std::stoll(argv[i + 1]);
        else if (option == "--batch-size")
            config.batchSize = std::stoll(argv[i + 1]);
    }
    config.maxSteps = 2;
    config.syntheticTrainSize = config.batchSize * 2;
    config.validationLimit = config.batchSize;
    config.runsDirectory = (std::filesystem::temp_directory_path() / "ampwb-named-scope-cost").string();
    applyThreadPolicy(chooseThreadPolicy());

    SecondStep second;
    Trainer trainer(config);
    trainer.addObserver(&second);
    trainer.run();
    int scopes = 0;
    int operators = 0;
    bool inStep = false;
    for (const RecordedEvent& event : second.events) {
        if (event.kind == RecordedKind::Scope && event.name == stepscope::kTrainingStep)
            inStep = true;
        if (!inStep)
            continue;
        (event.kind == RecordedKind::Scope ? scopes : operators) += 1;
    }

    constexpr int kRepeats = 10'000'000;
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < kRepeats; ++i) {
        NamedScope scope(stepscope::kForward);
        NamedScope module(std::string(), "conv1");
    }
    const double nanoseconds =
        std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count() / (2.0 * kRepeats);
    std::printf("{\"scopes_per_step\": %d, \"operators_per_step\": %d, \"inactive_scope_ns\": %.1f, "
                "\"cost_per_step_us\": %.3f}\n",
                scopes, operators, nanoseconds, scopes * nanoseconds / 1000.0);
    return 0;
}
