#pragma once

#include "run/TrainingConfig.h"
#include "training/TrainingJob.h"
#include "xray/PrecisionSuggestion.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace ampwb {

/// Measures what each precision costs each module of the user's model on this machine and their data, and
/// suggests a precision policy from it: trains the same few steps of `config` (same seed, same data order) in
/// fp32, in autocast bf16 and in autocast fp16 with loss scaling, one after the other, profiles the steps after
/// the first, measures the fp16 run's gradients against fp16's range under its loss scale, then applies
/// suggestPrecisions() to what the run folders hold. The runs are kept in one comparison folder under the
/// configuration's runs folder (the configuration's name, or "precision-suggestion-<time>"), with the suggested
/// policy as suggested-policy.json (readPrecisionPolicy reads it) and the table as suggestion.md.
class PrecisionMeasurement : public TrainingJob {
public:
    /// `profiledSteps` (at least 1; EngineError otherwise) steps are profiled after one warm-up step.
    explicit PrecisionMeasurement(TrainingConfig config, int64_t profiledSteps = 5, SuggestionRule rule = {});
    ~PrecisionMeasurement() override;

    void addObserver(TrainingObserver* observer) override;
    /// Refused (throws EngineError): a suggestion is measured in one process.
    void joinGroup(std::shared_ptr<ProcessGroup> group) override;
    /// Trains and profiles the three runs and makes the suggestion; blocks. Throws EngineError when a
    /// finished run's profile or gradient ranges cannot be read back, or the suggestion cannot be written.
    void runJob() override;
    void requestStop() override;
    void setPaused(bool paused) override;

    /// After runJob(): the suggestion, or nullopt when a run failed or was stopped (its RunSummary says why).
    std::optional<PrecisionSuggestion> suggestion() const;
    /// After runJob(): the folder holding the three runs.
    std::string directory() const;

private:
    struct State;
    std::unique_ptr<State> state;
};

/// What the run folders of a measurement hold: each run's latest profile (none where it has none) and the fp16
/// run's gradstats.csv. Throws EngineError naming the fp16 run when it measured no gradients.
PrecisionMeasurements readPrecisionMeasurements(const std::string& fp32Run, const std::string& bf16Run,
                                                const std::string& fp16Run);

} // namespace ampwb
