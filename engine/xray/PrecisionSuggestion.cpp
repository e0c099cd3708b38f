#include "xray/PrecisionSuggestion.h"

#include "model/PolicyModules.h"
#include "xray/StepScopes.h"

#include <algorithm>
#include <cstdio>
#include <map>

namespace ampwb {
namespace {

/// What a suggestion chooses for, in the model's order: the modules the X-ray times on their own, a
/// convolution together with the batch norm right after it.
struct ChosenModule {
    std::string path;
    std::string batchNorm; ///< empty for none
};

std::vector<ChosenModule> suggestedModules()
{
    std::vector<ChosenModule> chosen;
    for (const PolicyModule& module : resNet18PolicyModules()) {
        if (!module.timedAlone)
            continue;
        if (module.isBatchNorm && !chosen.empty() && chosen.back().batchNorm.empty())
            chosen.back().batchNorm = module.path;
        else
            chosen.push_back({module.path, {}});
    }
    return chosen;
}

/// Forward plus backward of the rows `counts` selects, added in the order of their names (the same sum whatever
/// order the profile lists them in); none without a profile or without such rows.
template <typename Selection>
std::optional<double> millisecondsOf(const std::optional<OperatorProfile>& profile, Selection counts)
{
    if (!profile)
        return std::nullopt;
    std::map<std::string, double> selected;
    for (const ModuleTime& row : profile->modules)
        if (counts(row.module))
            selected[row.module] += row.forwardMilliseconds + row.backwardMilliseconds;
    if (selected.empty())
        return std::nullopt;
    double total = 0.0;
    for (const auto& [module, milliseconds] : selected)
        total += milliseconds;
    return total;
}

/// One module's gradients at one step, against both formats.
struct FlushCount {
    int64_t fp16Flushed = 0;
    int64_t bf16Flushed = 0;
    int64_t representable = 0; ///< finite non-zero values
};

struct FlushedFractions {
    std::optional<double> fp16;
    std::optional<double> bf16;
};

/// Whether `parameter` ("layer1.0.conv1.weight") belongs to the module at `path`.
bool belongsTo(const std::string& parameter, const std::string& path)
{
    return !path.empty() && parameter.rfind(path + ".", 0) == 0;
}

/// The worst step's flushed fractions of the module's parameters' gradients (those named "<module>.…", and
/// "<batch norm>.…" for the batch norm chosen with it).
FlushedFractions flushedFractionsOf(const ChosenModule& module, const std::vector<GradientStatsRow>& gradients)
{
    std::map<int64_t, FlushCount> steps;
    for (const GradientStatsRow& row : gradients) {
        if (!belongsTo(row.range.parameter, module.path) && !belongsTo(row.range.parameter, module.batchNorm))
            continue;
        FlushCount& step = steps[row.step];
        step.fp16Flushed += row.range.fp16Scaled.underflow;
        step.bf16Flushed += row.range.bf16.underflow;
        step.representable += row.range.elements - row.range.zeros - row.range.nonFinite;
    }
    FlushedFractions worst;
    for (const auto& [step, count] : steps) {
        const auto fraction = [&count](int64_t flushed) {
            return count.representable > 0 ? static_cast<double>(flushed) / static_cast<double>(count.representable)
                                           : 0.0;
        };
        worst.fp16 = std::max(worst.fp16.value_or(0.0), fraction(count.fp16Flushed));
        worst.bf16 = std::max(worst.bf16.value_or(0.0), fraction(count.bf16Flushed));
    }
    return worst;
}

/// The rule applied to one module's table row (its times and fractions filled in).
void choose(ModuleChoice& choice, const SuggestionRule& rule)
{
    const auto allowed = [&rule](const std::optional<double>& flushed) {
        return !flushed || *flushed <= rule.maxFlushedFraction;
    };
    const auto replaces = [&rule](const std::optional<double>& candidate, const std::optional<double>& chosen) {
        return candidate && chosen && *candidate <= *chosen * (1.0 - rule.minimumGain);
    };
    std::optional<double> chosenMilliseconds = choice.fp32Milliseconds;
    choice.chosen = ModulePrecision::Fp32;
    if (allowed(choice.bf16FlushedFraction) && replaces(choice.bf16Milliseconds, chosenMilliseconds)) {
        choice.chosen = ModulePrecision::Bf16;
        chosenMilliseconds = choice.bf16Milliseconds;
    }
    const bool fp16Replaces = replaces(choice.fp16Milliseconds, chosenMilliseconds);
    if (fp16Replaces && allowed(choice.fp16FlushedFraction)) {
        choice.chosen = ModulePrecision::Fp16;
        chosenMilliseconds = choice.fp16Milliseconds;
    }
    const auto fasterAndAllowed = [&](const std::optional<double>& milliseconds, const std::optional<double>& flushed) {
        return milliseconds && *milliseconds < *chosenMilliseconds && allowed(flushed);
    };
    if (!choice.fp32Milliseconds || (!choice.bf16Milliseconds && !choice.fp16Milliseconds))
        choice.reason = ChoiceReason::OnlyFp32Measured;
    else if (fp16Replaces && choice.chosen != ModulePrecision::Fp16)
        choice.reason = ChoiceReason::Fp16GradientsFlush;
    else if (fasterAndAllowed(choice.bf16Milliseconds, choice.bf16FlushedFraction)
             || fasterAndAllowed(choice.fp16Milliseconds, choice.fp16FlushedFraction))
        choice.reason = ChoiceReason::NotFasterEnough;
    else
        choice.reason = ChoiceReason::Fastest;
}

std::string percent(double fraction)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.3g %%", 100.0 * fraction);
    return text;
}

std::string cell(const std::optional<double>& milliseconds)
{
    if (!milliseconds)
        return "—";
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", *milliseconds);
    return text;
}

std::string fractionCell(const std::optional<double>& fraction)
{
    return fraction ? percent(*fraction) : "—";
}

} // namespace

PrecisionSuggestion suggestPrecisions(const PrecisionMeasurements& measurements, const SuggestionRule& rule)
{
    const std::vector<ChosenModule> modules = suggestedModules();
    // Each X-ray row's module in the table: its own, the one chosen with it (a batch norm's convolution), or for a
    // row between modules the one whose output it takes; rows of none are `otherwise`'s.
    std::map<std::string, std::string> chosenFor;
    for (const ChosenModule& module : modules) {
        chosenFor[module.path] = module.path;
        if (!module.batchNorm.empty())
            chosenFor[module.batchNorm] = module.path;
    }
    const auto tableRowOf = [&chosenFor](const std::string& row) {
        const auto own = chosenFor.find(row);
        if (own != chosenFor.end())
            return own->second;
        const auto fed = chosenFor.find(row == stepscope::kLoss ? std::string("fc") : moduleFeeding(row));
        return fed != chosenFor.end() ? fed->second : std::string();
    };
    const auto timesOf = [&measurements, &tableRowOf](ModuleChoice& choice) {
        const auto counts = [&](const std::string& row) {
            return !outsidePolicyReach(row) && tableRowOf(row) == choice.module;
        };
        choice.fp32Milliseconds = millisecondsOf(measurements.fp32, counts);
        choice.bf16Milliseconds = millisecondsOf(measurements.bf16, counts);
        choice.fp16Milliseconds = millisecondsOf(measurements.fp16, counts);
    };

    PrecisionSuggestion suggestion;
    suggestion.rule = rule;
    std::map<ModulePrecision, int> reducedChoices;
    for (const ChosenModule& module : modules) {
        ModuleChoice& choice = suggestion.choices.emplace_back();
        choice.module = module.path;
        choice.batchNorm = module.batchNorm;
        timesOf(choice);
        const FlushedFractions flushed = flushedFractionsOf(module, measurements.gradients);
        choice.fp16FlushedFraction = flushed.fp16;
        choice.bf16FlushedFraction = flushed.bf16;
        choose(choice, rule);
        if (choice.chosen != ModulePrecision::Fp32)
            ++reducedChoices[choice.chosen];
    }
    // `otherwise` is the region around the modules. What lies between them computes in the type its input arrives
    // in whatever the region, but the loss computes in fp32 only inside autocast (which lists it as fp32) or on
    // fp32 logits: so fp32 where every module is, else the 16-bit type most modules chose (bf16 on a tie).
    ModuleChoice& rest = suggestion.choices.emplace_back();
    timesOf(rest);
    rest.reason = ChoiceReason::FollowsTheModules;
    rest.chosen = reducedChoices.empty()                                                        ? ModulePrecision::Fp32
                : reducedChoices[ModulePrecision::Fp16] > reducedChoices[ModulePrecision::Bf16] ? ModulePrecision::Fp16
                                                                                                : ModulePrecision::Bf16;

    suggestion.policy.name = "suggested";
    suggestion.policy.otherwise = rest.chosen;
    for (const ModuleChoice& choice : suggestion.choices)
        if (!choice.module.empty() && choice.chosen != rest.chosen)
            for (const std::string& path : {choice.module, choice.batchNorm})
                if (!path.empty())
                    suggestion.policy.modules.emplace(path, choice.chosen);
    return suggestion;
}

EngineMessage describeChoiceReason(ChoiceReason reason, const SuggestionRule& rule)
{
    using Code = EngineMessage::Code;
    switch (reason) {
    case ChoiceReason::Fastest: return EngineMessage(Code::ChoiceFastest);
    case ChoiceReason::NotFasterEnough: return EngineMessage(Code::ChoiceGainTooSmall, {percent(rule.minimumGain)});
    case ChoiceReason::Fp16GradientsFlush:
        return EngineMessage(Code::ChoiceFp16Flushes, {percent(rule.maxFlushedFraction)});
    case ChoiceReason::FollowsTheModules: return EngineMessage(Code::ChoiceFollowsTheModules);
    case ChoiceReason::OnlyFp32Measured: break;
    }
    return EngineMessage(Code::ChoiceNothingToCompare);
}

bool outsidePolicyReach(const std::string& module)
{
    return module == stepscope::kOptimizer || module == kStepWorkModule;
}

std::string suggestionMarkdown(const PrecisionSuggestion& suggestion)
{
    const SuggestionRule& rule = suggestion.rule;
    std::string text = "Per module the fastest precision measured whose gradients flush to zero at most "
                     + percent(rule.maxFlushedFraction)
                     + " of their non-zero values (fp16 under the fp16 run's loss scale), a 16-bit one only when at "
                       "least "
                     + percent(rule.minimumGain) + " faster than the wider one; times are forward + backward per step, "
                     + "casts included, with what takes the module's output up to the next module (ReLU, pooling, the "
                       "shortcut's addition, after the head the loss), which computes in the type the module hands "
                       "it.\n\n"
                       "| module | fp32 ms | bf16 ms | fp16 ms | fp16 flushed | bf16 flushed | chosen | reason |\n"
                       "|---|---:|---:|---:|---:|---:|---|---|\n";
    for (const ModuleChoice& choice : suggestion.choices)
        text += "| "
              + (choice.module.empty()      ? std::string("(otherwise)")
                 : choice.batchNorm.empty() ? choice.module
                                            : choice.module + " + " + choice.batchNorm)
              + " | " + cell(choice.fp32Milliseconds) + " | " + cell(choice.bf16Milliseconds) + " | "
              + cell(choice.fp16Milliseconds) + " | " + fractionCell(choice.fp16FlushedFraction) + " | "
              + fractionCell(choice.bf16FlushedFraction) + " | " + toString(choice.chosen) + " | "
              + describeChoiceReason(choice.reason, rule).english() + " |\n";
    return text + "\nPolicy: " + describePrecisionPolicy(suggestion.policy) + "\n";
}

} // namespace ampwb
