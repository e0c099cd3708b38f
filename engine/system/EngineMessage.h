#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace ampwb {

/// A message of the engine's for people, as what it says (its code) and the values it names (its
/// arguments), so that each program words it in its own language: english() for files, the command
/// line and exceptions, ui/EngineText for the window (which translates the code's English text).
class EngineMessage {
public:
    /// One kind of message each; englishText() holds its words.
    enum class Code {
        // validationProblems(): a configuration that cannot train.
        ChooseDataset,
        EpochsBelowOne,
        MaxStepsNegative,
        BatchSizeOutOfRange,
        LearningRateNotPositive,
        MomentumOutOfRange,
        WeightDecayNegative,
        NesterovWithoutMomentum,
        ClipNormNegative,
        StepSizeBelowOneEpoch,
        GammaOutOfRange,
        WarmupNegative,
        ImageSizeOutOfRange,
        WorkersOutOfRange,
        LossScalerOutOfRange,
        SyntheticSizeNotPositive,
        ValidationLimitNegative,
        GradientStatsIntervalNegative,
        ChooseRunsFolder,
        RunNameNotAFolderName,
        NewHeadWithoutWeights,
        FrozenBackboneWithoutWeights,
        BackboneScaleNotPositive,
        // comparisonVerdict(): %1 and %2 are ratios, %3 a percentage, a reason or advice.
        VerdictRunFailed,
        VerdictTooFewSteps,
        VerdictTooShortToTell,
        AdviceTrainMoreStepsOrInterleave,
        AdviceTrainMoreSteps,
        VerdictAmpHelped,
        VerdictAmpHelpedWithLessMemory,
        VerdictAmpDidNotHelp,
        ReasonNoBf16Units,
        ReasonNoFp16Units,
        ReasonCpuFp16Gradients,
        ReasonSmallImages,
        ReasonSmallBatch,
        ReasonNotSpedUpByAutocast,
        // accuracyVerdict(): %1 the top-1 difference in points, then margins, the loss difference and steps.
        AccuracyTooFewSteps,
        AccuracyWithinLossSpread,
        AccuracyWithinSampleMargin,
        AccuracyDifferenceTold,
        // deviceMessage().
        CpuDeviceOneThread,
        CpuDevice,
        CudaDevice,
        NoBf16Units,
        // The descriptions of loadClassifierModel()'s models.
        WorkbenchRunModel,
        StateDictModel,
        TorchvisionModel,
    };

    struct Argument;

    explicit EngineMessage(Code code, std::vector<Argument> arguments = {});

    Code code() const { return messageCode; }
    /// The values for %1, %2, … of the code's text, in order.
    const std::vector<Argument>& arguments() const { return values; }
    /// The message in English: the code's text with its arguments in place (a nested message in English too).
    std::string english() const;

    bool operator==(const EngineMessage& other) const;
    bool operator!=(const EngineMessage& other) const { return !(*this == other); }

private:
    Code messageCode;
    std::vector<Argument> values;
};

/// A value a message names: text shown as it is (a number as the engine formatted it, a path, a CPU's
/// name), or a message of its own, which is worded like the one around it.
struct EngineMessage::Argument {
    Argument(std::string text);
    Argument(const char* text);
    Argument(EngineMessage message);

    std::string text;                             ///< empty for a message
    std::shared_ptr<const EngineMessage> message; ///< none for text

    bool operator==(const Argument& other) const;
};

/// The English text of a message kind, with %1, %2, … where its arguments go; the window's translations are
/// made from these texts (context "EngineText").
const char* englishText(EngineMessage::Code code);

/// `text` with each %1 … %9 replaced by the value of that number in one pass, so that a value holding "%2"
/// stays as it is; a marker without a value stays as written.
std::string substitute(std::string_view text, const std::vector<std::string>& values);

} // namespace ampwb
