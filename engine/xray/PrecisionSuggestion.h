#pragma once

#include "run/GradientRanges.h"
#include "run/PrecisionPolicy.h"
#include "system/EngineMessage.h"
#include "xray/OperatorProfile.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ampwb {

/// What a suggestion is made from: the X-ray of the same steps trained in fp32, in autocast bf16 and in
/// autocast fp16 (its loss scaled), and the gradients of the fp16 run (gradstats.csv's rows), measured against
/// fp16's range under that run's loss scale and against bf16's as they are (bf16 is not loss-scaled). A precision
/// without a profile is not a candidate.
struct PrecisionMeasurements {
    std::optional<OperatorProfile> fp32;
    std::optional<OperatorProfile> bf16;
    std::optional<OperatorProfile> fp16;
    std::vector<GradientStatsRow> gradients;
};

/// The rule's two numbers.
struct SuggestionRule {
    /// A precision is allowed for a module only while at most this fraction of its gradients' finite non-zero
    /// values would flush to zero in that format under the loss scale, at every measured step: 1 in 1000, about
    /// what rounding to fp16's 11 significant bits already costs each value (docs/precision-policy.md says why).
    double maxFlushedFraction = 1e-3;
    /// A reduced precision replaces a wider one only when it is at least this much faster on the module (the
    /// profiles' own noise, and the casts a mixed policy adds between modules, are not measured per module).
    double minimumGain = 0.05;
};

/// Why a module got its precision.
enum class ChoiceReason {
    Fastest,            ///< the fastest allowed precision (a reduced one by at least the rule's gain)
    NotFasterEnough,    ///< a reduced precision was faster, but by less than the rule's gain: kept the wider one
    Fp16GradientsFlush, ///< fp16 would have been chosen, but more of its gradients flush to zero than allowed
    OnlyFp32Measured,   ///< no reduced precision was profiled for it (or fp32 was not: nothing to compare with)
    FollowsTheModules,  ///< `otherwise`: fp32 where every module is, else the 16-bit type most modules chose
};

/// One module's choice and the table behind it. A convolution and the batch norm after it are chosen together:
/// autocast lowers no batch norm, so a batch norm computes in the type its convolution hands it; times and
/// flushed fractions are then the pair's.
struct ModuleChoice {
    std::string module; ///< a policy path ("layer2.0.conv1"), or "" for the policy's `otherwise` (the autocast
                        ///< region around the modules)
    /// Forward + backward per step, casts included, of the module's rows and those between modules that take its
    /// output (moduleFeeding; the loss takes the head's); none: not profiled. `otherwise`'s: rows of no module.
    std::optional<double> fp32Milliseconds;
    std::optional<double> bf16Milliseconds;
    std::optional<double> fp16Milliseconds;
    /// The worst measured step's flushed values over the finite non-zero ones of the module's gradients; none
    /// when none of its gradients was measured (a module without parameters, such as `otherwise`'s parts).
    std::optional<double> fp16FlushedFraction;
    std::optional<double> bf16FlushedFraction;
    ModulePrecision chosen = ModulePrecision::Fp32;
    ChoiceReason reason = ChoiceReason::Fastest;
    std::string batchNorm; ///< the batch norm chosen with `module` ("layer2.0.bn1"), or "" for none
};

/// A suggested policy and every choice in it, in the model's order (the `otherwise` choice last).
struct PrecisionSuggestion {
    PrecisionPolicy policy;
    std::vector<ModuleChoice> choices;
    SuggestionRule rule; ///< the rule the choices follow
};

/// Picks, per module of ResNet-18 a policy can name and the X-ray times apart (each convolution with the batch
/// norm after it, each shortcut downsample and the head), the fastest measured precision whose gradients stay
/// representable, by `rule`: a module's time in a precision is its X-ray rows' forward and backward, casts
/// included, with the rows between modules that take its output (ReLU, pooling, the shortcut's addition: autocast
/// lowers none of them, so they compute in the type it hands them; the loss with the head); fp32 is always
/// allowed; a reduced precision (bf16, then fp16) replaces the one chosen so far when it is allowed and at least
/// `rule.minimumGain` faster. `otherwise` is fp32 where every module is, else the 16-bit type most modules chose
/// (bf16 on a tie), so that the loss computes in fp32 inside autocast. The policy is named "suggested" and names
/// the modules (a convolution and its batch norm alike) whose choice is not `otherwise`'s. The same measurements
/// always give the same suggestion.
PrecisionSuggestion suggestPrecisions(const PrecisionMeasurements& measurements, const SuggestionRule& rule = {});

/// The reason in words, with the rule's numbers: "fastest allowed", "bf16 or fp16 faster by under 5 %", …
EngineMessage describeChoiceReason(ChoiceReason reason, const SuggestionRule& rule);

/// Whether an X-ray row is the step's work outside the model (the optimizer, kStepWorkModule), which no policy
/// reaches and a suggestion leaves out.
bool outsidePolicyReach(const std::string& module);

/// The suggestion as Markdown: the rule, then the table behind every choice (module, ms per step in fp32, bf16 and
/// fp16, the flushed fractions, the choice and its reason), then the policy on one line.
std::string suggestionMarkdown(const PrecisionSuggestion& suggestion);

} // namespace ampwb
