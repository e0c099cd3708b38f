// Which operators the engine's training steps spend their time in: runs the engine's Trainer
// (the code behind `amp-workbench-cli train`, synthetic data, no augmentation, 2 loader workers)
// and records libtorch's autograd profiler on the training thread from step --from to the last
// step, on the operator threads `amp-workbench-cli train` chooses. Prints one JSON line per
// operator and input shapes: self time per step in ms (time inside the operator less the
// operators it called) and calls per step, largest first.
// python_reference_loop.py --profile-from N prints the same for the Python loop.
//
// Usage: train_profile [--size 64] [--batch-size 64] [--steps 8] [--from 3] [--precision fp32|amp]
//                      [--channels-last]
#include "run/Precision.h"
#include "system/ThreadPolicy.h"
#include "training/Trainer.h"

#include <torch/csrc/autograd/profiler_legacy.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

using namespace ampwb;
namespace profiler = torch::autograd::profiler;

namespace {

struct Settings {
    TrainingConfig config;
    int64_t from = 3;
};

Settings parse(int argc, char** argv)
{
    Settings settings;
    TrainingConfig& config = settings.config;
    config.dataset = "synthetic";
    config.imageSize = 64;
    config.batchSize = 64;
    config.maxSteps = 8;
    config.syntheticTrainSize = 1024;
    config.augment = false;
    for (int i = 1; i < argc; ++i) {
        const std::string option = argv[i];
        if (option == "--channels-last") {
            config.channelsLast = true;
            continue;
        }
        if (i + 1 >= argc)
            throw std::invalid_argument(option + " needs a value");
        const std::string value = argv[++i];
        if (option == "--size") {
            config.imageSize = std::stoll(value);
        } else if (option == "--batch-size") {
            config.batchSize = std::stoll(value);
        } else if (option == "--steps") {
            config.maxSteps = std::stoll(value);
        } else if (option == "--from") {
            settings.from = std::stoll(value);
        } else if (option == "--precision") {
            const auto precision = parsePrecision(value);
            if (!precision)
                throw std::invalid_argument("--precision is fp32 or amp");
            config.precision = *precision;
        } else {
            throw std::invalid_argument("unknown option " + option);
        }
    }
    if (settings.from < 2 || settings.from > config.maxSteps)
        throw std::invalid_argument("--from must be between 2 and --steps");
    config.validationLimit = config.batchSize;
    config.runsDirectory = (std::filesystem::temp_directory_path() / "ampwb-train-profile").string();
    return settings;
}

struct OperatorTime {
    double selfMicroseconds = 0.0;
    int64_t calls = 0;
};

/// An operator's input shapes as Python's profiler prints them, e.g. "[[64, 64, 16, 16], []]".
std::string describeShapes(const std::vector<std::vector<int64_t>>& shapes)
{
    std::string text = "[";
    for (size_t i = 0; i < shapes.size(); ++i) {
        text += i ? ", [" : "[";
        for (size_t d = 0; d < shapes[i].size(); ++d)
            text += (d ? ", " : "") + std::to_string(shapes[i][d]);
        text += "]";
    }
    return text + "]";
}

/// Self time per (operator, input shapes) from the profiler's nested push/pop ranges.
std::map<std::pair<std::string, std::string>, OperatorTime> selfTimes(const profiler::thread_event_lists& threads)
{
    struct Open {
        const profiler::LegacyEvent* push;
        double childMicroseconds;
    };
    std::map<std::pair<std::string, std::string>, OperatorTime> times;
    for (const auto& events : threads) {
        std::vector<Open> stack;
        for (const auto& event : events) {
            const std::string kind = event.kindStr();
            if (kind == "push") {
                stack.push_back({&event, 0.0});
            } else if (kind == "pop" && !stack.empty()) {
                const Open open = stack.back();
                stack.pop_back();
                const double elapsed = open.push->cpuElapsedUs(event);
                OperatorTime& time = times[{open.push->name(), describeShapes(open.push->shapes())}];
                time.selfMicroseconds += elapsed - open.childMicroseconds;
                ++time.calls;
                if (!stack.empty())
                    stack.back().childMicroseconds += elapsed;
            }
        }
    }
    return times;
}

/// Profiles the training thread from one step to the last.
class ProfileWindow : public TrainingObserver {
public:
    ProfileWindow(int64_t from, int64_t last)
        : from(from)
        , last(last)
    {
    }
    void stepFinished(const StepMetrics& step) override
    {
        if (step.step == from - 1)
            profiler::enableProfilerLegacy(torch::profiler::impl::ProfilerConfig(
                torch::profiler::impl::ProfilerState::CPU, /*report_input_shapes=*/true));
        else if (step.step == last)
            events = profiler::disableProfilerLegacy();
    }
    profiler::thread_event_lists events;

private:
    int64_t from;
    int64_t last;
};

} // namespace

int main(int argc, char** argv)
{
    try {
        const Settings settings = parse(argc, argv);
        applyThreadPolicy(chooseThreadPolicy()); // the operator threads `train` uses
        ProfileWindow window(settings.from, settings.config.maxSteps);
        Trainer trainer(settings.config);
        trainer.addObserver(&window);
        const RunSummary summary = trainer.run();
        if (summary.state != RunState::Finished)
            throw std::runtime_error("the run ended " + toString(summary.state) + ": " + summary.message.english());
        const auto steps = static_cast<double>(settings.config.maxSteps - settings.from + 1);
        std::vector<std::pair<std::pair<std::string, std::string>, OperatorTime>> rows;
        for (const auto& entry : selfTimes(window.events))
            rows.emplace_back(entry);
        std::sort(rows.begin(), rows.end(),
                  [](const auto& a, const auto& b) { return a.second.selfMicroseconds > b.second.selfMicroseconds; });
        for (const auto& [key, time] : rows)
            std::printf("{\"runner\": \"engine\", \"op\": \"%s\", \"shapes\": \"%s\", \"self_ms_per_step\": %.3f, "
                        "\"calls_per_step\": %.1f}\n",
                        key.first.c_str(), key.second.c_str(), time.selfMicroseconds / 1000.0 / steps,
                        static_cast<double>(time.calls) / steps);
        return 0;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "train_profile: %s\n", error.what());
        return 1;
    }
}
