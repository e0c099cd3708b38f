#include "training/PrecisionMeasurement.h"

#include "run/RunFolder.h"
#include "system/AtomicFile.h"
#include "system/EngineError.h"
#include "training/Comparison.h"
#include "training/Trainer.h"
#include "xray/ProfileFiles.h"
#include "xray/StepProfiler.h"

namespace ampwb {
namespace {

/// The configuration the three runs train with: `config`'s data, model and optimiser, no policy of its own,
/// one warm-up step and `profiledSteps` profiled ones, every step's gradients measured, one batch validated.
TrainingConfig measuredConfig(TrainingConfig config, int64_t profiledSteps)
{
    config.precisionPolicy.reset();
    config.maxSteps = 1 + profiledSteps;
    config.gradientStatsEvery = 1;
    config.validationLimit = config.batchSize;
    if (config.name.empty())
        config.name = Trainer::timestampedRunName("precision-suggestion");
    return config;
}

/// A run's latest profile; none when it has none.
std::optional<OperatorProfile> latestProfileOf(const std::string& runDirectory)
{
    const std::optional<std::string> directory = latestProfileDirectory(runDirectory);
    return directory ? readProfile(*directory) : std::nullopt;
}

} // namespace

struct PrecisionMeasurement::State {
    State(TrainingConfig config, int64_t profiledSteps, SuggestionRule rule)
        : rule(rule)
        , comparison(measuredConfig(std::move(config), profiledSteps), ComparisonOrder::Sequential,
                     ComparisonRuns::ThreeWay)
        , profiler(StepRange{2, 1 + profiledSteps})
    {
    }

    SuggestionRule rule;
    Comparison comparison;
    StepProfiler profiler;
    std::string directory;
    std::optional<PrecisionSuggestion> suggestion;
};

PrecisionMeasurement::PrecisionMeasurement(TrainingConfig config, int64_t profiledSteps, SuggestionRule rule)
    : state(std::make_unique<State>(std::move(config), profiledSteps, rule))
{
    if (profiledSteps < 1)
        throw EngineError(EngineMessage(EngineMessage::Code::SuggestionProfilesNoStep));
    state->comparison.addObserver(&state->profiler);
}

PrecisionMeasurement::~PrecisionMeasurement() = default;

void PrecisionMeasurement::addObserver(TrainingObserver* observer)
{
    state->comparison.addObserver(observer);
}

void PrecisionMeasurement::joinGroup(std::shared_ptr<ProcessGroup>)
{
    throw EngineError(EngineMessage(EngineMessage::Code::SuggestionNotDistributed));
}

void PrecisionMeasurement::runJob()
{
    const ComparisonResult result = state->comparison.run();
    state->directory = result.directory;
    std::string bf16Run;
    std::string fp16Run;
    if (result.fp32.state != RunState::Finished)
        return;
    for (const RunSummary& amp : result.amp) {
        if (amp.state != RunState::Finished)
            return;
        (amp.ampDtype == AmpDtype::BFloat16 ? bf16Run : fp16Run) = amp.runDirectory;
    }
    const PrecisionMeasurements measured = readPrecisionMeasurements(result.fp32.runDirectory, bf16Run, fp16Run);
    for (const auto& [run, profile] : {std::pair{result.fp32.runDirectory, &measured.fp32},
                                       std::pair{bf16Run, &measured.bf16}, std::pair{fp16Run, &measured.fp16}})
        if (!*profile)
            throw EngineError(EngineMessage(EngineMessage::Code::SuggestionRunWithoutProfile, {run}));
    PrecisionSuggestion suggestion = suggestPrecisions(measured, state->rule);
    writeTextAtomically(result.directory + "/suggested-policy.json", precisionPolicyJson(suggestion.policy) + "\n");
    writeTextAtomically(result.directory + "/suggestion.md",
                        "# Suggested precision policy\n\n" + suggestionMarkdown(suggestion));
    state->suggestion = std::move(suggestion);
}

void PrecisionMeasurement::requestStop()
{
    state->comparison.requestStop();
}

void PrecisionMeasurement::setPaused(bool paused)
{
    state->comparison.setPaused(paused);
}

std::optional<PrecisionSuggestion> PrecisionMeasurement::suggestion() const
{
    return state->suggestion;
}

std::string PrecisionMeasurement::directory() const
{
    return state->directory;
}

PrecisionMeasurements readPrecisionMeasurements(const std::string& fp32Run, const std::string& bf16Run,
                                                const std::string& fp16Run)
{
    PrecisionMeasurements measured;
    measured.fp32 = latestProfileOf(fp32Run);
    measured.bf16 = latestProfileOf(bf16Run);
    measured.fp16 = latestProfileOf(fp16Run);
    const std::string gradients = RunFolder(fp16Run).gradientStatsPath();
    measured.gradients = readGradientStats(gradients);
    if (measured.gradients.empty())
        throw EngineError(EngineMessage(EngineMessage::Code::SuggestionWithoutGradientRanges, {gradients}));
    return measured;
}

} // namespace ampwb
