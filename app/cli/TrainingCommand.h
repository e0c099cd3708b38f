#pragma once

#include "Command.h"
#include "run/TrainingConfig.h"
#include "training/Comparison.h"
#include "xray/PrecisionSuggestion.h"
#include "xray/StepProfiler.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ampwb {
class LocalRanks;
class ProcessGroup;
} // namespace ampwb

namespace ampwb::cli {

enum class ConsoleStyle;

/// `amp-workbench-cli train` (one run into a new run folder, or a stopped one resumed),
/// `amp-workbench-cli compare` (FP32 and AMP with the same seed and data order) and
/// `amp-workbench-cli profile` (a short comparison, or one run, whose steps after the first are
/// profiled operator by operator) and `amp-workbench-cli precision suggest` (a short three-way comparison,
/// profiled, and the precision policy its measurements suggest). run() returns 0 when the runs finished, 130
/// when stopped, 1 when one failed.
class TrainingCommand : public Command {
public:
    enum class Kind { Train, Compare, Profile, SuggestPrecision };

    explicit TrainingCommand(Kind kind);

    int run() override;

private:
    int train();
    int compare();
    /// `precision suggest`: measures, prints the table behind every choice and writes the policy.
    int suggestPrecision();
    /// Records --interleave or --one-after-the-other; throws UsageError when both are given.
    void chooseOrder(ComparisonOrder chosen);
    /// Prints the X-ray of the profiles taken (none: nothing).
    void reportProfiles() const;
    /// The data-parallel group this process is a rank of: under torchrun, or of the ranks it starts into
    /// `localRanks` with --nproc-per-node; none for a single process.
    std::shared_ptr<ProcessGroup> joinDataParallelGroup(std::optional<LocalRanks>& localRanks) const;
    /// `code`, or the first failure of the ranks this process started (each waited for up to the group
    /// timeout, then ended), naming any that failed.
    int withLocalRanks(std::optional<LocalRanks>& localRanks, int code) const;
    ConsoleStyle style() const;

    Kind kind;
    TrainingConfig config;
    std::string resumeDirectory;
    int threads = 0;                      ///< the training step's operator threads (0: the thread policy's choice)
    std::optional<ComparisonOrder> order; ///< `compare`: the order asked for (none: the default)
    ComparisonRuns comparedRuns = ComparisonRuns::Pair; ///< `compare`: FP32 and AMP, or --three-way
    int64_t groupTimeoutSeconds = 300;                  ///< in a data-parallel group: the group's timeout
    int processes = 1;                                  ///< --nproc-per-node: ranks on this machine, started here
    bool json = false;
    bool quiet = false;
    bool precisionChosen = false;          ///< --precision given (`profile` then profiles that run alone)
    std::optional<StepRange> profileSteps; ///< --profile-steps A:B, or `profile`'s steps after the first
    std::vector<ProfileTaken> profiles;    ///< taken during the run, in the order they were written
    std::vector<std::string> words;        ///< `precision`'s action: "suggest"
    SuggestionRule rule;                   ///< `precision suggest`: --max-flushed, --min-gain
    std::string policyOutput;              ///< `precision suggest`: --output, a copy of the suggested policy
};

} // namespace ampwb::cli
