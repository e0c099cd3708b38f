#include "system/EngineMessage.h"

#include <cctype>
#include <utility>

// lupdate reads the texts below as the window's translations (context "EngineText"); compiled, each is its text.
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(context, text) text
#endif

namespace ampwb {

EngineMessage::EngineMessage(Code code, std::vector<Argument> arguments)
    : messageCode(code)
    , values(std::move(arguments))
{
}

std::string EngineMessage::english() const
{
    std::vector<std::string> texts;
    texts.reserve(values.size());
    for (const Argument& value : values)
        texts.push_back(value.message ? value.message->english() : value.text);
    return substitute(englishText(messageCode), texts);
}

bool EngineMessage::operator==(const EngineMessage& other) const
{
    return messageCode == other.messageCode && values == other.values;
}

EngineMessage::Argument::Argument(std::string text)
    : text(std::move(text))
{
}

EngineMessage::Argument::Argument(const char* text)
    : text(text)
{
}

EngineMessage::Argument::Argument(EngineMessage message)
    : message(std::make_shared<const EngineMessage>(std::move(message)))
{
}

bool EngineMessage::Argument::operator==(const Argument& other) const
{
    if (message || other.message)
        return message && other.message && *message == *other.message;
    return text == other.text;
}

const char* englishText(EngineMessage::Code code)
{
    using Code = EngineMessage::Code;
    switch (code) {
    case Code::ChooseDataset: return QT_TRANSLATE_NOOP("EngineText", "Choose a dataset.");
    case Code::EpochsBelowOne: return QT_TRANSLATE_NOOP("EngineText", "Epochs must be at least 1.");
    case Code::MaxStepsNegative: return QT_TRANSLATE_NOOP("EngineText", "Max steps must be 0 (no limit) or positive.");
    case Code::BatchSizeOutOfRange: return QT_TRANSLATE_NOOP("EngineText", "Batch size must be between 1 and 65536.");
    case Code::LearningRateNotPositive:
        return QT_TRANSLATE_NOOP("EngineText", "The learning rate must be a positive number.");
    case Code::MomentumOutOfRange: return QT_TRANSLATE_NOOP("EngineText", "Momentum must be in [0, 1).");
    case Code::WeightDecayNegative: return QT_TRANSLATE_NOOP("EngineText", "Weight decay cannot be negative.");
    case Code::NesterovWithoutMomentum:
        return QT_TRANSLATE_NOOP("EngineText", "Nesterov momentum needs a momentum above 0.");
    case Code::ClipNormNegative:
        return QT_TRANSLATE_NOOP("EngineText", "The gradient clipping norm must be 0 (off) or positive.");
    case Code::StepSizeBelowOneEpoch:
        return QT_TRANSLATE_NOOP("EngineText", "The step schedule's step size must be at least 1 epoch.");
    case Code::GammaOutOfRange: return QT_TRANSLATE_NOOP("EngineText", "The step schedule's gamma must be in (0, 1].");
    case Code::WarmupNegative: return QT_TRANSLATE_NOOP("EngineText", "Warm-up epochs cannot be negative.");
    case Code::ImageSizeOutOfRange:
        return QT_TRANSLATE_NOOP("EngineText",
                                 "The image size must be between 8 and 1024 pixels (or 0 for the dataset's own).");
    case Code::WorkersOutOfRange: return QT_TRANSLATE_NOOP("EngineText", "Workers must be between 0 and 64.");
    case Code::LossScalerOutOfRange:
        return QT_TRANSLATE_NOOP("EngineText",
                                 "Loss scaler: init scale > 0, growth factor > 1, backoff in (0, 1), interval ≥ 1.");
    case Code::SyntheticSizeNotPositive:
        return QT_TRANSLATE_NOOP("EngineText", "Synthetic dataset sizes must be positive.");
    case Code::ValidationLimitNegative:
        return QT_TRANSLATE_NOOP("EngineText", "The validation limit cannot be negative.");
    case Code::GradientStatsIntervalNegative:
        return QT_TRANSLATE_NOOP("EngineText", "Gradient statistics: every N steps with N ≥ 1, or 0 for none.");
    case Code::ChooseRunsFolder: return QT_TRANSLATE_NOOP("EngineText", "Choose a folder for runs.");
    case Code::RunNameNotAFolderName:
        return QT_TRANSLATE_NOOP(
            "EngineText",
            "A run name cannot start with a dot or contain / or \\: it names a folder in the runs folder.");
    case Code::NewHeadWithoutWeights:
        return QT_TRANSLATE_NOOP("EngineText", "A new head needs starting weights (ImageNet or a file).");
    case Code::FrozenBackboneWithoutWeights:
        return QT_TRANSLATE_NOOP("EngineText",
                                 "Training only the new head needs starting weights (ImageNet or a file).");
    case Code::BackboneScaleNotPositive:
        return QT_TRANSLATE_NOOP("EngineText", "The backbone's learning rate scale must be a positive number.");

    case Code::VerdictRunFailed: return QT_TRANSLATE_NOOP("EngineText", "No verdict: a run failed (%1).");
    case Code::VerdictTooFewSteps:
        return QT_TRANSLATE_NOOP("EngineText", "No verdict: a run did not take enough steps to measure.");
    case Code::VerdictTooShortToTell:
        return QT_TRANSLATE_NOOP("EngineText", "Too short to tell: AMP ran at %1× the FP32 throughput, but the step "
                                               "times of these runs leave ±%2 % of uncertainty (95 %). %3");
    case Code::AdviceTrainMoreStepsOrInterleave:
        return QT_TRANSLATE_NOOP("EngineText", "Train more steps, or interleave the two runs.");
    case Code::AdviceTrainMoreSteps: return QT_TRANSLATE_NOOP("EngineText", "Train more steps.");
    case Code::VerdictAmpHelped:
        return QT_TRANSLATE_NOOP(
            "EngineText",
            "AMP helped: %1× the FP32 throughput (steady-state images/s), and an epoch took %2× as long.");
    case Code::VerdictAmpHelpedWithLessMemory:
        return QT_TRANSLATE_NOOP("EngineText", "AMP helped: %1× the FP32 throughput (steady-state images/s), and an "
                                               "epoch took %2× as long, with %3 % less peak memory.");
    case Code::VerdictAmpDidNotHelp:
        return QT_TRANSLATE_NOOP("EngineText", "AMP did not help here: %1× the FP32 throughput (steady-state "
                                               "images/s), and an epoch took %2× as long. Likely reason: %3");
    case Code::ReasonNoBf16Units:
        return QT_TRANSLATE_NOOP("EngineText",
                                 "this CPU has no bf16 units (AVX512-BF16 or AMX), so bf16 math is emulated.");
    case Code::ReasonNoFp16Units:
        return QT_TRANSLATE_NOOP("EngineText", "this CPU has no fp16 units (AVX512-FP16 or AMX-FP16), so fp16 math "
                                               "is converted to fp32 and back around every product.");
    case Code::ReasonCpuFp16Gradients:
        return QT_TRANSLATE_NOOP("EngineText", "libtorch's fp16 convolution gradients on the CPU are far slower than "
                                               "its fp32 and bf16 ones; fp16 AMP on a CPU shows loss scaling at work, "
                                               "not speed.");
    case Code::ReasonSmallImages:
        return QT_TRANSLATE_NOOP("EngineText", "the images are small (%1 px), so the layers are too small for reduced "
                                               "precision to pay for its casts.");
    case Code::ReasonSmallBatch:
        return QT_TRANSLATE_NOOP("EngineText", "the batch is small (%1), so per-step overhead dominates.");
    case Code::ReasonNotSpedUpByAutocast:
        return QT_TRANSLATE_NOOP(
            "EngineText",
            "the step is bound by work that autocast does not speed up (casts, batch norm, data loading).");

    case Code::AccuracyTooFewSteps:
        return QT_TRANSLATE_NOOP("EngineText", "Accuracy: top-1 %1 pt, but the runs are too short to tell a "
                                               "difference from run-to-run variation (fewer than 8 steps with a loss "
                                               "each).");
    case Code::AccuracyWithinLossSpread:
        return QT_TRANSLATE_NOOP("EngineText", "Accuracy: top-1 %1 pt is within what runs this short can tell: the "
                                               "training losses differ by %2 (±%3) over the last %4 steps, inside "
                                               "their step-to-step spread. Train longer before reading it as AMP's.");
    case Code::AccuracyWithinSampleMargin:
        return QT_TRANSLATE_NOOP("EngineText", "Accuracy: top-1 %1 pt is within the validation sample's margin (±%2), "
                                               "though the training losses differ by %3 (±%4) over the last %5 "
                                               "steps.");
    case Code::AccuracyDifferenceTold:
        return QT_TRANSLATE_NOOP("EngineText", "Accuracy: top-1 %1 pt (±%2 on the validation sample), and the "
                                               "training losses differ by %3 (±%4) over the last %5 steps: a "
                                               "difference these runs can tell.");

    case Code::CpuDeviceOneThread: return QT_TRANSLATE_NOOP("EngineText", "CPU (%1, 1 thread, bf16 units: %2)");
    case Code::CpuDevice: return QT_TRANSLATE_NOOP("EngineText", "CPU (%1, %2 threads, bf16 units: %3)");
    case Code::CudaDevice: return QT_TRANSLATE_NOOP("EngineText", "CUDA (%1)");
    case Code::NoBf16Units: return QT_TRANSLATE_NOOP("EngineText", "none");

    case Code::WorkbenchRunModel: return QT_TRANSLATE_NOOP("EngineText", "workbench run %1, %2 classes, %3 px");
    case Code::StateDictModel: return QT_TRANSLATE_NOOP("EngineText", "ResNet-18 state dict, %1 classes (%2)");
    case Code::TorchvisionModel: return QT_TRANSLATE_NOOP("EngineText", "torchvision ResNet-18 ImageNet weights (%1)");
    }
    return "";
}

std::string substitute(std::string_view text, const std::vector<std::string>& values)
{
    std::string result;
    result.reserve(text.size());
    for (size_t at = 0; at < text.size(); ++at) {
        const bool marker = text[at] == '%' && at + 1 < text.size()
                         && std::isdigit(static_cast<unsigned char>(text[at + 1]));
        const size_t number = marker ? static_cast<size_t>(text[at + 1] - '0') : 0;
        if (number >= 1 && number <= values.size()) {
            result += values[number - 1];
            ++at;
        } else {
            result += text[at];
        }
    }
    return result;
}

} // namespace ampwb
