#include "system/EngineMessage.h"

#include "system/EnumNames.h"

#include <cctype>
#include <utility>

// lupdate reads the texts below as the window's translations (context "EngineText"); compiled, each is its text.
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(context, text) text
#endif

namespace ampwb {

namespace {

/// Each message kind's name in run files: its enumerator's name, kept as it is once written.
const EnumName<EngineMessage::Code> kCodeNames[] = {
    {EngineMessage::Code::ChooseDataset, "ChooseDataset"},
    {EngineMessage::Code::EpochsBelowOne, "EpochsBelowOne"},
    {EngineMessage::Code::MaxStepsNegative, "MaxStepsNegative"},
    {EngineMessage::Code::BatchSizeOutOfRange, "BatchSizeOutOfRange"},
    {EngineMessage::Code::LearningRateNotPositive, "LearningRateNotPositive"},
    {EngineMessage::Code::MomentumOutOfRange, "MomentumOutOfRange"},
    {EngineMessage::Code::WeightDecayNegative, "WeightDecayNegative"},
    {EngineMessage::Code::NesterovWithoutMomentum, "NesterovWithoutMomentum"},
    {EngineMessage::Code::ClipNormNegative, "ClipNormNegative"},
    {EngineMessage::Code::StepSizeBelowOneEpoch, "StepSizeBelowOneEpoch"},
    {EngineMessage::Code::GammaOutOfRange, "GammaOutOfRange"},
    {EngineMessage::Code::WarmupNegative, "WarmupNegative"},
    {EngineMessage::Code::ImageSizeOutOfRange, "ImageSizeOutOfRange"},
    {EngineMessage::Code::WorkersOutOfRange, "WorkersOutOfRange"},
    {EngineMessage::Code::LossScalerOutOfRange, "LossScalerOutOfRange"},
    {EngineMessage::Code::SyntheticSizeNotPositive, "SyntheticSizeNotPositive"},
    {EngineMessage::Code::ValidationLimitNegative, "ValidationLimitNegative"},
    {EngineMessage::Code::GradientStatsIntervalNegative, "GradientStatsIntervalNegative"},
    {EngineMessage::Code::ChooseRunsFolder, "ChooseRunsFolder"},
    {EngineMessage::Code::RunNameNotAFolderName, "RunNameNotAFolderName"},
    {EngineMessage::Code::NewHeadWithoutWeights, "NewHeadWithoutWeights"},
    {EngineMessage::Code::FrozenBackboneWithoutWeights, "FrozenBackboneWithoutWeights"},
    {EngineMessage::Code::BackboneScaleNotPositive, "BackboneScaleNotPositive"},
    {EngineMessage::Code::VerdictRunFailed, "VerdictRunFailed"},
    {EngineMessage::Code::VerdictTooFewSteps, "VerdictTooFewSteps"},
    {EngineMessage::Code::VerdictTooShortToTell, "VerdictTooShortToTell"},
    {EngineMessage::Code::AdviceTrainMoreStepsOrInterleave, "AdviceTrainMoreStepsOrInterleave"},
    {EngineMessage::Code::AdviceTrainMoreSteps, "AdviceTrainMoreSteps"},
    {EngineMessage::Code::VerdictAmpHelped, "VerdictAmpHelped"},
    {EngineMessage::Code::VerdictAmpHelpedWithLessMemory, "VerdictAmpHelpedWithLessMemory"},
    {EngineMessage::Code::VerdictAmpDidNotHelp, "VerdictAmpDidNotHelp"},
    {EngineMessage::Code::ReasonNoBf16Units, "ReasonNoBf16Units"},
    {EngineMessage::Code::ReasonNoFp16Units, "ReasonNoFp16Units"},
    {EngineMessage::Code::ReasonCpuFp16Gradients, "ReasonCpuFp16Gradients"},
    {EngineMessage::Code::ReasonSmallImages, "ReasonSmallImages"},
    {EngineMessage::Code::ReasonSmallBatch, "ReasonSmallBatch"},
    {EngineMessage::Code::ReasonNotSpedUpByAutocast, "ReasonNotSpedUpByAutocast"},
    {EngineMessage::Code::AccuracyTooFewSteps, "AccuracyTooFewSteps"},
    {EngineMessage::Code::AccuracyWithinLossSpread, "AccuracyWithinLossSpread"},
    {EngineMessage::Code::AccuracyWithinSampleMargin, "AccuracyWithinSampleMargin"},
    {EngineMessage::Code::AccuracyDifferenceTold, "AccuracyDifferenceTold"},
    {EngineMessage::Code::PolicyBeatBoth, "PolicyBeatBoth"},
    {EngineMessage::Code::PolicyDidNotBeatBoth, "PolicyDidNotBeatBoth"},
    {EngineMessage::Code::PolicyTooShortToTell, "PolicyTooShortToTell"},
    {EngineMessage::Code::PolicyAccuracy, "PolicyAccuracy"},
    {EngineMessage::Code::CpuDeviceOneThread, "CpuDeviceOneThread"},
    {EngineMessage::Code::CpuDevice, "CpuDevice"},
    {EngineMessage::Code::CudaDevice, "CudaDevice"},
    {EngineMessage::Code::NoBf16Units, "NoBf16Units"},
    {EngineMessage::Code::WorkbenchRunModel, "WorkbenchRunModel"},
    {EngineMessage::Code::StateDictModel, "StateDictModel"},
    {EngineMessage::Code::TorchvisionModel, "TorchvisionModel"},
    {EngineMessage::Code::Text, "Text"},
    {EngineMessage::Code::OutOfMemory, "OutOfMemory"},
    {EngineMessage::Code::LostRanks, "LostRanks"},
    {EngineMessage::Code::StoppedAtStep, "StoppedAtStep"},
    {EngineMessage::Code::LossScaleCollapsed, "LossScaleCollapsed"},
    {EngineMessage::Code::LossBecameNaN, "LossBecameNaN"},
    {EngineMessage::Code::LossBecameInfinite, "LossBecameInfinite"},
    {EngineMessage::Code::TooManySteps, "TooManySteps"},
    {EngineMessage::Code::NoMaxSteps, "NoMaxSteps"},
    {EngineMessage::Code::NothingToResume, "NothingToResume"},
    {EngineMessage::Code::ResumeWithOtherWorldSize, "ResumeWithOtherWorldSize"},
    {EngineMessage::Code::OneProcess, "OneProcess"},
    {EngineMessage::Code::DataParallelRanks, "DataParallelRanks"},
    {EngineMessage::Code::ResumeWithOneProcess, "ResumeWithOneProcess"},
    {EngineMessage::Code::ResumeWithRanks, "ResumeWithRanks"},
    {EngineMessage::Code::NoDatasetGiven, "NoDatasetGiven"},
    {EngineMessage::Code::UnknownDatasetWithoutOpenCv, "UnknownDatasetWithoutOpenCv"},
    {EngineMessage::Code::DataFolderMissing, "DataFolderMissing"},
    {EngineMessage::Code::FashionMnistMissing, "FashionMnistMissing"},
    {EngineMessage::Code::IdxFileMissing, "IdxFileMissing"},
    {EngineMessage::Code::IdxCannotOpen, "IdxCannotOpen"},
    {EngineMessage::Code::IdxTruncated, "IdxTruncated"},
    {EngineMessage::Code::IdxNotUnsignedBytes, "IdxNotUnsignedBytes"},
    {EngineMessage::Code::IdxImplausibleSize, "IdxImplausibleSize"},
    {EngineMessage::Code::IdxCountsDiffer, "IdxCountsDiffer"},
    {EngineMessage::Code::IdxLabelOutOfRange, "IdxLabelOutOfRange"},
    {EngineMessage::Code::CifarFolderMissing, "CifarFolderMissing"},
    {EngineMessage::Code::NotCifarBinaryFolder, "NotCifarBinaryFolder"},
    {EngineMessage::Code::CifarCannotReadBecause, "CifarCannotReadBecause"},
    {EngineMessage::Code::CifarCannotRead, "CifarCannotRead"},
    {EngineMessage::Code::CifarTruncated, "CifarTruncated"},
    {EngineMessage::Code::CifarLabelOutOfRange, "CifarLabelOutOfRange"},
    {EngineMessage::Code::ImageFolderMissing, "ImageFolderMissing"},
    {EngineMessage::Code::ImageFolderTooFewClasses, "ImageFolderTooFewClasses"},
    {EngineMessage::Code::ImageFolderNoImages, "ImageFolderNoImages"},
    {EngineMessage::Code::ClassFolderWithoutImages, "ClassFolderWithoutImages"},
    {EngineMessage::Code::ClassFoldersDiffer, "ClassFoldersDiffer"},
    {EngineMessage::Code::ImageFormatNotRead, "ImageFormatNotRead"},
    {EngineMessage::Code::ImageTooManyPixels, "ImageTooManyPixels"},
    {EngineMessage::Code::ImageTooManyBytes, "ImageTooManyBytes"},
    {EngineMessage::Code::ImageCannotReadBecause, "ImageCannotReadBecause"},
    {EngineMessage::Code::ImageCannotRead, "ImageCannotRead"},
    {EngineMessage::Code::ImageEmptyFile, "ImageEmptyFile"},
    {EngineMessage::Code::ImageEmpty, "ImageEmpty"},
    {EngineMessage::Code::ImageTruncatedJpeg, "ImageTruncatedJpeg"},
    {EngineMessage::Code::ImageNotDecoded, "ImageNotDecoded"},
    {EngineMessage::Code::FileNotAnImage, "FileNotAnImage"},
    {EngineMessage::Code::DatasetSmallerThanBatch, "DatasetSmallerThanBatch"},
    {EngineMessage::Code::TooManyUnreadableImages, "TooManyUnreadableImages"},
    {EngineMessage::Code::ModelAndDataClassesDiffer, "ModelAndDataClassesDiffer"},
    {EngineMessage::Code::NoModelFile, "NoModelFile"},
    {EngineMessage::Code::PickleRecordTooLarge, "PickleRecordTooLarge"},
    {EngineMessage::Code::RecordUnpacksTooFar, "RecordUnpacksTooFar"},
    {EngineMessage::Code::NotAStateDictButTorchScript, "NotAStateDictButTorchScript"},
    {EngineMessage::Code::LegacyTorchSave, "LegacyTorchSave"},
    {EngineMessage::Code::NotAStateDict, "NotAStateDict"},
    {EngineMessage::Code::StateDictUnusable, "StateDictUnusable"},
    {EngineMessage::Code::StateDictEmpty, "StateDictEmpty"},
    {EngineMessage::Code::StateDictFirstEntry, "StateDictFirstEntry"},
    {EngineMessage::Code::StateDictMissingEntry, "StateDictMissingEntry"},
    {EngineMessage::Code::StateDictShape, "StateDictShape"},
    {EngineMessage::Code::StateDictType, "StateDictType"},
    {EngineMessage::Code::StateDictUnexpectedEntry, "StateDictUnexpectedEntry"},
    {EngineMessage::Code::ModelCardNeedsThreeNumbers, "ModelCardNeedsThreeNumbers"},
    {EngineMessage::Code::NotAModelCard, "NotAModelCard"},
    {EngineMessage::Code::ModelCardInputSize, "ModelCardInputSize"},
    {EngineMessage::Code::ModelCardResize, "ModelCardResize"},
    {EngineMessage::Code::ModelCardInvalid, "ModelCardInvalid"},
    {EngineMessage::Code::ModelCardClassCount, "ModelCardClassCount"},
    {EngineMessage::Code::LabelListUnreadable, "LabelListUnreadable"},
    {EngineMessage::Code::LabelListEmpty, "LabelListEmpty"},
    {EngineMessage::Code::LabelListClassCount, "LabelListClassCount"},
    {EngineMessage::Code::RunFolderConfigUnusable, "RunFolderConfigUnusable"},
    {EngineMessage::Code::ImageNetWeightsMissing, "ImageNetWeightsMissing"},
    {EngineMessage::Code::NotARunFolderWithCheckpoint, "NotARunFolderWithCheckpoint"},
    {EngineMessage::Code::FileExists, "FileExists"},
    {EngineMessage::Code::CheckpointMissing, "CheckpointMissing"},
    {EngineMessage::Code::CheckpointNotRegularFile, "CheckpointNotRegularFile"},
    {EngineMessage::Code::CheckpointDamaged, "CheckpointDamaged"},
    {EngineMessage::Code::CheckpointOtherVersion, "CheckpointOtherVersion"},
    {EngineMessage::Code::CheckpointNotWorkbenchResNet18, "CheckpointNotWorkbenchResNet18"},
    {EngineMessage::Code::CheckpointInvalidClassCount, "CheckpointInvalidClassCount"},
    {EngineMessage::Code::CheckpointHeadDiffers, "CheckpointHeadDiffers"},
    {EngineMessage::Code::CheckpointDoesNotFit, "CheckpointDoesNotFit"},
    {EngineMessage::Code::CannotWrite, "CannotWrite"},
    {EngineMessage::Code::CannotAppend, "CannotAppend"},
    {EngineMessage::Code::CannotRead, "CannotRead"},
    {EngineMessage::Code::CannotReadBecause, "CannotReadBecause"},
    {EngineMessage::Code::CannotOpenBecause, "CannotOpenBecause"},
    {EngineMessage::Code::CannotFlush, "CannotFlush"},
    {EngineMessage::Code::WriteFailed, "WriteFailed"},
    {EngineMessage::Code::CouldNotWrite, "CouldNotWrite"},
    {EngineMessage::Code::CouldNotWriteDiskFull, "CouldNotWriteDiskFull"},
    {EngineMessage::Code::NotAFileToReplace, "NotAFileToReplace"},
    {EngineMessage::Code::NotARegularFileToRead, "NotARegularFileToRead"},
    {EngineMessage::Code::FileTooLarge, "FileTooLarge"},
    {EngineMessage::Code::KindFolder, "KindFolder"},
    {EngineMessage::Code::KindDevice, "KindDevice"},
    {EngineMessage::Code::KindPipe, "KindPipe"},
    {EngineMessage::Code::KindSocket, "KindSocket"},
    {EngineMessage::Code::KindSpecialFile, "KindSpecialFile"},
    {EngineMessage::Code::CudaUnavailable, "CudaUnavailable"},
    {EngineMessage::Code::UnknownDevice, "UnknownDevice"},
    {EngineMessage::Code::NoTorchHubFolder, "NoTorchHubFolder"},
    {EngineMessage::Code::CurlNotInitialised, "CurlNotInitialised"},
    {EngineMessage::Code::CurlCannotStart, "CurlCannotStart"},
    {EngineMessage::Code::DownloadCancelled, "DownloadCancelled"},
    {EngineMessage::Code::DownloadDiskFull, "DownloadDiskFull"},
    {EngineMessage::Code::DownloadCannotWrite, "DownloadCannotWrite"},
    {EngineMessage::Code::DownloadInBrowser, "DownloadInBrowser"},
    {EngineMessage::Code::DownloadAnnouncedTooLarge, "DownloadAnnouncedTooLarge"},
    {EngineMessage::Code::DownloadWentTooLarge, "DownloadWentTooLarge"},
    {EngineMessage::Code::DownloadStalled, "DownloadStalled"},
    {EngineMessage::Code::DownloadHttpStatus, "DownloadHttpStatus"},
    {EngineMessage::Code::DownloadCannotConnect, "DownloadCannotConnect"},
    {EngineMessage::Code::DownloadBrokeOffOf, "DownloadBrokeOffOf"},
    {EngineMessage::Code::DownloadBrokeOff, "DownloadBrokeOff"},
    {EngineMessage::Code::DownloadFailed, "DownloadFailed"},
    {EngineMessage::Code::DownloadWrongHash, "DownloadWrongHash"},
    {EngineMessage::Code::WeightsFolderNotCreated, "WeightsFolderNotCreated"},
    {EngineMessage::Code::EnvironmentVariableMissing, "EnvironmentVariableMissing"},
    {EngineMessage::Code::EnvironmentVariableNotANumber, "EnvironmentVariableNotANumber"},
    {EngineMessage::Code::RendezvousPortOfAddressBusy, "RendezvousPortOfAddressBusy"},
    {EngineMessage::Code::AddressDoesNotResolve, "AddressDoesNotResolve"},
    {EngineMessage::Code::RendezvousPortBusy, "RendezvousPortBusy"},
    {EngineMessage::Code::RendezvousUnreachable, "RendezvousUnreachable"},
    {EngineMessage::Code::NcclSetupFailed, "NcclSetupFailed"},
    {EngineMessage::Code::RanksDidNotConnect, "RanksDidNotConnect"},
    {EngineMessage::Code::RendezvousNoAnswer, "RendezvousNoAnswer"},
    {EngineMessage::Code::NoFreePort, "NoFreePort"},
    {EngineMessage::Code::RankNotStarted, "RankNotStarted"},
    {EngineMessage::Code::RankSettingsDiffer, "RankSettingsDiffer"},
    {EngineMessage::Code::PickleMalformed, "PickleMalformed"},
    {EngineMessage::Code::PickleOverLimit, "PickleOverLimit"},
    {EngineMessage::Code::PickleTooLarge, "PickleTooLarge"},
    {EngineMessage::Code::PickleValuesBuilt, "PickleValuesBuilt"},
    {EngineMessage::Code::PickleStackValues, "PickleStackValues"},
    {EngineMessage::Code::PickleDicts, "PickleDicts"},
    {EngineMessage::Code::PickleDictEntries, "PickleDictEntries"},
    {EngineMessage::Code::PickleMemoEntries, "PickleMemoEntries"},
    {EngineMessage::Code::PickleEndsInInstruction, "PickleEndsInInstruction"},
    {EngineMessage::Code::PickleIntegerTooWide, "PickleIntegerTooWide"},
    {EngineMessage::Code::PickleGlobalNameNotIdentifier, "PickleGlobalNameNotIdentifier"},
    {EngineMessage::Code::PickleGlobalNameEmpty, "PickleGlobalNameEmpty"},
    {EngineMessage::Code::PickleStackEmpty, "PickleStackEmpty"},
    {EngineMessage::Code::PickleNoMark, "PickleNoMark"},
    {EngineMessage::Code::PickleItemsNotOnDict, "PickleItemsNotOnDict"},
    {EngineMessage::Code::PickleKeyNotStr, "PickleKeyNotStr"},
    {EngineMessage::Code::PickleGlobalUnsupported, "PickleGlobalUnsupported"},
    {EngineMessage::Code::PickleReduceArguments, "PickleReduceArguments"},
    {EngineMessage::Code::PickleOrderedDictArguments, "PickleOrderedDictArguments"},
    {EngineMessage::Code::PickleCallUnsupported, "PickleCallUnsupported"},
    {EngineMessage::Code::PickleBuildOnUnsupported, "PickleBuildOnUnsupported"},
    {EngineMessage::Code::PickleBuildStateUnsupported, "PickleBuildStateUnsupported"},
    {EngineMessage::Code::PickleMemoMissing, "PickleMemoMissing"},
    {EngineMessage::Code::PickleProtocolUnsupported, "PickleProtocolUnsupported"},
    {EngineMessage::Code::PickleStackGlobalNeedsStrings, "PickleStackGlobalNeedsStrings"},
    {EngineMessage::Code::PickleKeyWithoutValue, "PickleKeyWithoutValue"},
    {EngineMessage::Code::PicklePersistentIds, "PicklePersistentIds"},
    {EngineMessage::Code::PickleStopLeftovers, "PickleStopLeftovers"},
    {EngineMessage::Code::PickleOpcodeUnsupported, "PickleOpcodeUnsupported"},
    {EngineMessage::Code::ConfigNotJson, "ConfigNotJson"},
    {EngineMessage::Code::ConfigNotObject, "ConfigNotObject"},
    {EngineMessage::Code::ConfigFieldWrongType, "ConfigFieldWrongType"},
    {EngineMessage::Code::ConfigFieldUnknownValue, "ConfigFieldUnknownValue"},
    {EngineMessage::Code::InConfigField, "InConfigField"},
    {EngineMessage::Code::PolicyRefused, "PolicyRefused"},
    {EngineMessage::Code::PolicyCannotBeRead, "PolicyCannotBeRead"},
    {EngineMessage::Code::PolicyNotJsonObject, "PolicyNotJsonObject"},
    {EngineMessage::Code::PolicyFlagNotBoolean, "PolicyFlagNotBoolean"},
    {EngineMessage::Code::PolicyNameNotText, "PolicyNameNotText"},
    {EngineMessage::Code::PolicyModulesNotMap, "PolicyModulesNotMap"},
    {EngineMessage::Code::PolicyPrecisionInvalid, "PolicyPrecisionInvalid"},
    {EngineMessage::Code::PolicyModuleNamed, "PolicyModuleNamed"},
    {EngineMessage::Code::PolicyUnknownKey, "PolicyUnknownKey"},
    {EngineMessage::Code::PolicyNeitherPresetNorFile, "PolicyNeitherPresetNorFile"},
    {EngineMessage::Code::PolicyUnknownModules, "PolicyUnknownModules"},
    {EngineMessage::Code::ResumeRefusedRunKept, "ResumeRefusedRunKept"},
    {EngineMessage::Code::FileLineRefused, "FileLineRefused"},
    {EngineMessage::Code::LineTooLong, "LineTooLong"},
    {EngineMessage::Code::BinaryLineTooLong, "BinaryLineTooLong"},
    {EngineMessage::Code::BinaryContent, "BinaryContent"},
    {EngineMessage::Code::BlankLineForHeader, "BlankLineForHeader"},
    {EngineMessage::Code::BlankLineForRow, "BlankLineForRow"},
    {EngineMessage::Code::BlankLineForNumbers, "BlankLineForNumbers"},
    {EngineMessage::Code::NotGradientStatsHeader, "NotGradientStatsHeader"},
    {EngineMessage::Code::NotGradientStatsRow, "NotGradientStatsRow"},
    {EngineMessage::Code::StepOutOfRange, "StepOutOfRange"},
    {EngineMessage::Code::HeaderNamesFirst, "HeaderNamesFirst"},
    {EngineMessage::Code::OneCellNotAsHeader, "OneCellNotAsHeader"},
    {EngineMessage::Code::CellsNotAsHeader, "CellsNotAsHeader"},
    {EngineMessage::Code::CellNotANumber, "CellNotANumber"},
    {EngineMessage::Code::CellNotWholeInRange, "CellNotWholeInRange"},
    {EngineMessage::Code::CellNotWhole, "CellNotWhole"},
    {EngineMessage::Code::FirstCellNotWhole, "FirstCellNotWhole"},
    {EngineMessage::Code::CannotCreateBecause, "CannotCreateBecause"},
    {EngineMessage::Code::CannotWriteBecause, "CannotWriteBecause"},
    {EngineMessage::Code::ReadFailed, "ReadFailed"},
    {EngineMessage::Code::OnnxCheckerFailed, "OnnxCheckerFailed"},
    {EngineMessage::Code::OnnxTooLarge, "OnnxTooLarge"},
    {EngineMessage::Code::ProfileFolderNotMade, "ProfileFolderNotMade"},
    {EngineMessage::Code::BuildWithoutGloo, "BuildWithoutGloo"},
    {EngineMessage::Code::InterleavedNotDistributed, "InterleavedNotDistributed"},
    {EngineMessage::Code::PolicyBesideThreeWay, "PolicyBesideThreeWay"},
    {EngineMessage::Code::SuggestionProfilesNoStep, "SuggestionProfilesNoStep"},
    {EngineMessage::Code::ChoiceFastest, "ChoiceFastest"},
    {EngineMessage::Code::ChoiceGainTooSmall, "ChoiceGainTooSmall"},
    {EngineMessage::Code::ChoiceFp16Flushes, "ChoiceFp16Flushes"},
    {EngineMessage::Code::ChoiceNothingToCompare, "ChoiceNothingToCompare"},
    {EngineMessage::Code::ChoiceFollowsTheModules, "ChoiceFollowsTheModules"},
    {EngineMessage::Code::SuggestionNotDistributed, "SuggestionNotDistributed"},
    {EngineMessage::Code::SuggestionRunWithoutProfile, "SuggestionRunWithoutProfile"},
    {EngineMessage::Code::SuggestionWithoutGradientRanges, "SuggestionWithoutGradientRanges"},
    {EngineMessage::Code::EvaluationsOfOtherImages, "EvaluationsOfOtherImages"},
    {EngineMessage::Code::EvaluationImageMissing, "EvaluationImageMissing"},
    {EngineMessage::Code::EvaluationNeedsData, "EvaluationNeedsData"},
};

} // namespace

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

EngineMessage EngineMessage::text(std::string words)
{
    return EngineMessage(Code::Text, {std::move(words)});
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
    case Code::PolicyBeatBoth:
        return QT_TRANSLATE_NOOP("EngineText", "The policy %1 beat both: %2× the FP32 throughput and %3× the AMP "
                                               "throughput (steady-state images/s).");
    case Code::PolicyDidNotBeatBoth:
        return QT_TRANSLATE_NOOP("EngineText", "The policy %1 did not beat both: %2× the FP32 throughput and %3× the "
                                               "AMP throughput (steady-state images/s).");
    case Code::PolicyTooShortToTell:
        return QT_TRANSLATE_NOOP("EngineText", "Too short to tell whether the policy %1 beat both: %2× the FP32 "
                                               "throughput and %3× the AMP throughput, but the step times of these "
                                               "runs leave ±%4 % of uncertainty (95 %). %5");
    case Code::PolicyAccuracy: return QT_TRANSLATE_NOOP("EngineText", "The policy %1 against FP32: %2");

    case Code::CpuDeviceOneThread: return QT_TRANSLATE_NOOP("EngineText", "CPU (%1, 1 thread, bf16 units: %2)");
    case Code::CpuDevice: return QT_TRANSLATE_NOOP("EngineText", "CPU (%1, %2 threads, bf16 units: %3)");
    case Code::CudaDevice: return QT_TRANSLATE_NOOP("EngineText", "CUDA (%1)");
    case Code::NoBf16Units: return QT_TRANSLATE_NOOP("EngineText", "none");

    case Code::WorkbenchRunModel: return QT_TRANSLATE_NOOP("EngineText", "workbench run %1, %2 classes, %3 px");
    case Code::StateDictModel: return QT_TRANSLATE_NOOP("EngineText", "ResNet-18 state dict, %1 classes (%2)");
    case Code::TorchvisionModel: return QT_TRANSLATE_NOOP("EngineText", "torchvision ResNet-18 ImageNet weights (%1)");

    case Code::Text: return QT_TRANSLATE_NOOP("EngineText", "%1");

    case Code::OutOfMemory:
        return QT_TRANSLATE_NOOP("EngineText", "Out of memory: %1 Try a smaller batch size or image size, or AMP, "
                                               "which keeps activations in 16 bits.");
    case Code::LostRanks:
        return QT_TRANSLATE_NOOP("EngineText", "Lost contact with the other ranks of the data-parallel group in step "
                                               "%1: a rank ended or its machine went away, or it did not answer within "
                                               "the group timeout. The run's last checkpoint is kept. (Gloo: %2)");
    case Code::StoppedAtStep: return QT_TRANSLATE_NOOP("EngineText", "Stopped at step %1 of %2; resume to continue.");
    case Code::LossScaleCollapsed:
        return QT_TRANSLATE_NOOP("EngineText", "The loss scale collapsed below 2^-16 at step %1: the gradients "
                                               "overflow at every scale, so training has diverged. Lower the learning "
                                               "rate, add warm-up or gradient clipping, or train in FP32.");
    case Code::LossBecameNaN:
        return QT_TRANSLATE_NOOP("EngineText", "The loss became NaN at step %1 (training diverged); the weights of the "
                                               "last checkpoint are kept. Try a lower learning rate or warm-up.");
    case Code::LossBecameInfinite:
        return QT_TRANSLATE_NOOP("EngineText",
                                 "The loss became infinite at step %1 (training diverged); the weights "
                                 "of the last checkpoint are kept. Try a lower learning rate or warm-up.");

    case Code::TooManySteps:
        return QT_TRANSLATE_NOOP("EngineText", "This run would take %1 steps (%2 epochs of %3, max steps %4); a run "
                                               "takes at most %5 steps, so that its steps.csv can be read back to plot "
                                               "or resume it. Ask for fewer epochs, or set max steps.");
    case Code::NoMaxSteps: return QT_TRANSLATE_NOOP("EngineText", "0: no limit");
    case Code::NothingToResume:
        return QT_TRANSLATE_NOOP("EngineText", "The run in %1 is already at step %2, and this resume would end at step "
                                               "%3: nothing to train. Ask for more epochs or steps (max steps 0: no "
                                               "limit) to continue it; the run is left as it was.");
    case Code::ResumeWithOtherWorldSize:
        return QT_TRANSLATE_NOOP("EngineText", "The run in %1 was trained by %2 and this resume has %3. Resume it with "
                                               "%4: each rank's share of an epoch and the global batch depend on it. "
                                               "The run is left as it was.");
    case Code::OneProcess: return QT_TRANSLATE_NOOP("EngineText", "one process");
    case Code::DataParallelRanks: return QT_TRANSLATE_NOOP("EngineText", "%1 data-parallel ranks");
    case Code::ResumeWithOneProcess:
        return QT_TRANSLATE_NOOP("EngineText", "one process (no --nproc-per-node, no torchrun)");
    case Code::ResumeWithRanks:
        return QT_TRANSLATE_NOOP("EngineText", "--nproc-per-node %1 (or torchrun with that many processes)");

    case Code::NoDatasetGiven: return QT_TRANSLATE_NOOP("EngineText", "No dataset was given.");
    case Code::UnknownDatasetWithoutOpenCv:
        return QT_TRANSLATE_NOOP("EngineText",
                                 "Unknown dataset \"%1\" (this build has no OpenCV, so image folders cannot be read).");
    case Code::DataFolderMissing: return QT_TRANSLATE_NOOP("EngineText", "The data folder %1 does not exist.");
    case Code::FashionMnistMissing:
        return QT_TRANSLATE_NOOP("EngineText", "Fashion-MNIST is not installed (%1 is missing). Install it with: sudo "
                                               "apt-get install dataset-fashion-mnist");
    case Code::IdxFileMissing: return QT_TRANSLATE_NOOP("EngineText", "The data folder %1 has no %2(.gz) file.");
    case Code::IdxCannotOpen: return QT_TRANSLATE_NOOP("EngineText", "Cannot open the IDX file %1.");
    case Code::IdxTruncated:
        return QT_TRANSLATE_NOOP("EngineText", "The IDX file %1 is truncated or corrupt (ended early).");
    case Code::IdxNotUnsignedBytes:
        return QT_TRANSLATE_NOOP("EngineText",
                                 "The file %1 is not an IDX file of unsigned bytes with %2 dimension(s).");
    case Code::IdxImplausibleSize:
        return QT_TRANSLATE_NOOP("EngineText", "The IDX file %1 declares an implausible size.");
    case Code::IdxCountsDiffer:
        return QT_TRANSLATE_NOOP("EngineText", "The IDX files %1 and %2 hold %3 images but %4 labels.");
    case Code::IdxLabelOutOfRange:
        return QT_TRANSLATE_NOOP("EngineText", "The labels file %1 has label %2, but the dataset has only %3 classes.");
    case Code::CifarFolderMissing: return QT_TRANSLATE_NOOP("EngineText", "The CIFAR-10 folder %1 does not exist.");
    case Code::NotCifarBinaryFolder:
        return QT_TRANSLATE_NOOP("EngineText",
                                 "The folder %1 is not CIFAR-10 binary data: it needs data_batch_1.bin … "
                                 "data_batch_5.bin and test_batch.bin (the \"CIFAR-10 binary version\").");
    case Code::CifarCannotReadBecause: return QT_TRANSLATE_NOOP("EngineText", "Cannot read the CIFAR-10 file %1: %2.");
    case Code::CifarCannotRead: return QT_TRANSLATE_NOOP("EngineText", "Cannot read the CIFAR-10 file %1.");
    case Code::CifarTruncated:
        return QT_TRANSLATE_NOOP("EngineText", "The CIFAR-10 file %1 is truncated or not a CIFAR-10 binary batch (%2 "
                                               "bytes is not a multiple of %3).");
    case Code::CifarLabelOutOfRange:
        return QT_TRANSLATE_NOOP("EngineText",
                                 "The CIFAR-10 file %1 has label %2; CIFAR-10 has 10 classes (is this CIFAR-100?).");
    case Code::ImageFolderMissing: return QT_TRANSLATE_NOOP("EngineText", "The image folder %1 does not exist.");
    case Code::ImageFolderTooFewClasses:
        return QT_TRANSLATE_NOOP("EngineText", "The image folder %1 needs at least two class subfolders, one per class "
                                               "(found %2).");
    case Code::ImageFolderNoImages:
        return QT_TRANSLATE_NOOP(
            "EngineText", "The image folder %1 has no usable JPEG, PNG, BMP or WebP image in its class folders.");
    case Code::ClassFolderWithoutImages:
        return QT_TRANSLATE_NOOP("EngineText",
                                 "The class folder \"%1\" in %2 has no usable image; remove it or add images.");
    case Code::ClassFoldersDiffer:
        return QT_TRANSLATE_NOOP("EngineText", "The class folders of %1 differ from those of %2.");
    case Code::ImageFormatNotRead:
        return QT_TRANSLATE_NOOP("EngineText", "The image %1 is not a JPEG, PNG, BMP, WebP or PBM/PGM/PPM file, or its "
                                               "header is damaged; other formats are not read, as their size cannot be "
                                               "checked before decoding (save it as PNG or JPEG).");
    case Code::ImageTooManyPixels:
        return QT_TRANSLATE_NOOP("EngineText", "The image %1 is too large (%2×%3 pixels; the limit is %4 megapixels).");
    case Code::ImageTooManyBytes: return QT_TRANSLATE_NOOP("EngineText", "The image %1 is too large (%2 bytes).");
    case Code::ImageCannotReadBecause: return QT_TRANSLATE_NOOP("EngineText", "Cannot read the image %1: %2.");
    case Code::ImageCannotRead: return QT_TRANSLATE_NOOP("EngineText", "Cannot read the image %1.");
    case Code::ImageEmptyFile: return QT_TRANSLATE_NOOP("EngineText", "The image %1 is an empty file.");
    case Code::ImageEmpty: return QT_TRANSLATE_NOOP("EngineText", "The image %1 is empty.");
    case Code::ImageTruncatedJpeg:
        return QT_TRANSLATE_NOOP("EngineText",
                                 "The image %1 is truncated (its JPEG data stops before the end of the image).");
    case Code::ImageNotDecoded:
        return QT_TRANSLATE_NOOP("EngineText",
                                 "The image %1 could not be decoded (corrupt, unsupported or too large).");
    case Code::FileNotAnImage:
        return QT_TRANSLATE_NOOP("EngineText",
                                 "The file %1 is not an image OpenCV can decode (corrupt or unsupported).");
    case Code::DatasetSmallerThanBatch:
        return QT_TRANSLATE_NOOP("EngineText", "The dataset has %1 images, fewer than one batch of %2.");
    case Code::TooManyUnreadableImages:
        return QT_TRANSLATE_NOOP("EngineText", "More than %1 images in a row could not be read; the dataset looks "
                                               "broken (see the unreadable images list).");
    case Code::ModelAndDataClassesDiffer:
        return QT_TRANSLATE_NOOP("EngineText", "The model has %1 classes and the dataset has %2: evaluate it on data "
                                               "with the classes it was trained on.");

    case Code::NoModelFile: return QT_TRANSLATE_NOOP("EngineText", "There is no model file at %1.");
    case Code::PickleRecordTooLarge:
        return QT_TRANSLATE_NOOP("EngineText", "The file %1 is refused: its %2 would unpack to %3 bytes, more than the "
                                               "limit of %4 (4 MiB) for a ResNet-18 state dict or checkpoint (their "
                                               "data.pkl takes about 15-21 kB).");
    case Code::RecordUnpacksTooFar:
        return QT_TRANSLATE_NOOP("EngineText",
                                 "The file %1 is refused: its record %2 would unpack from %3 to %4 bytes, "
                                 "more than 64 times its size (the limit for a record over 1 MiB); "
                                 "PyTorch stores tensor data unpacked, so this is not a file it wrote.");
    case Code::NotAStateDictButTorchScript:
        return QT_TRANSLATE_NOOP(
            "EngineText", "The file %1 is a TorchScript/libtorch archive, not a state dict saved with torch.save.");
    case Code::LegacyTorchSave:
        return QT_TRANSLATE_NOOP("EngineText", "The file %1 uses torch.save's pre-1.6 format; load it in Python and "
                                               "save it again with torch.save(state_dict, path) to convert it.");
    case Code::NotAStateDict:
        return QT_TRANSLATE_NOOP("EngineText", "The file %1 is not a state dict saved with torch.save (not a readable "
                                               "PyTorch zip archive).");
    case Code::StateDictUnusable: return QT_TRANSLATE_NOOP("EngineText", "The file %1 is not a usable state dict: %2");
    case Code::StateDictEmpty: return QT_TRANSLATE_NOOP("EngineText", " (it is empty)");
    case Code::StateDictFirstEntry: return QT_TRANSLATE_NOOP("EngineText", " (its first entry is '%1')");
    case Code::StateDictMissingEntry:
        return QT_TRANSLATE_NOOP("EngineText", "%1 is not a torchvision ResNet-18 state dict: it has no '%2'%3.");
    case Code::StateDictShape:
        return QT_TRANSLATE_NOOP("EngineText", "%1 is not a torchvision ResNet-18 state dict: '%2' has the shape %3, "
                                               "ResNet-18 needs %4.");
    case Code::StateDictType:
        return QT_TRANSLATE_NOOP("EngineText", "%1 is not a torchvision ResNet-18 state dict: '%2' holds %3 values, "
                                               "ResNet-18 needs %4.");
    case Code::StateDictUnexpectedEntry:
        return QT_TRANSLATE_NOOP("EngineText",
                                 "%1 is not a torchvision ResNet-18 state dict: it has the unexpected entry '%2'.");
    case Code::ModelCardNeedsThreeNumbers:
        return QT_TRANSLATE_NOOP("EngineText", "The model card %1 needs three numbers for \"%2\".");
    case Code::NotAModelCard:
        return QT_TRANSLATE_NOOP("EngineText", "The file %1 is not a version-1 AMP Workbench model card.");
    case Code::ModelCardInputSize:
        return QT_TRANSLATE_NOOP("EngineText", "The model card %1 has an input size outside 1–4096.");
    case Code::ModelCardResize:
        return QT_TRANSLATE_NOOP("EngineText", "The model card %1 resizes to %2 px, which the workbench's eval "
                                               "transform cannot do for a %3 px input.");
    case Code::ModelCardInvalid: return QT_TRANSLATE_NOOP("EngineText", "The model card %1 is not valid: %2");
    case Code::ModelCardClassCount:
        return QT_TRANSLATE_NOOP("EngineText", "The model card %1 names %2 classes, but the model in %3 has %4.");
    case Code::LabelListUnreadable: return QT_TRANSLATE_NOOP("EngineText", "Cannot read the label list %1.");
    case Code::LabelListEmpty: return QT_TRANSLATE_NOOP("EngineText", "The label list %1 is empty.");
    case Code::LabelListClassCount:
        return QT_TRANSLATE_NOOP("EngineText", "The label list %1 has %2 names, but the model has %3 classes.");
    case Code::RunFolderConfigUnusable:
        return QT_TRANSLATE_NOOP("EngineText", "The run folder %1 has no usable config.json: %2");
    case Code::ImageNetWeightsMissing:
        return QT_TRANSLATE_NOOP("EngineText", "The torchvision ImageNet weights %1 are not in the torch hub cache "
                                               "(searched: %2). Download them with `amp-workbench-cli weights fetch "
                                               "imagenet` (or the window's Download button), or pass a .pth file.");
    case Code::NotARunFolderWithCheckpoint:
        return QT_TRANSLATE_NOOP("EngineText", "The folder %1 is not a run folder with a checkpoint.pt.");
    case Code::FileExists:
        return QT_TRANSLATE_NOOP("EngineText",
                                 "The file %1 already exists; choose another name or allow replacing it.");
    case Code::CheckpointMissing: return QT_TRANSLATE_NOOP("EngineText", "There is no checkpoint at %1.");
    case Code::CheckpointNotRegularFile:
        return QT_TRANSLATE_NOOP(
            "EngineText", "The checkpoint %1 is not a regular file (a pipe, a device, a folder): it is not read.");
    case Code::CheckpointDamaged:
        return QT_TRANSLATE_NOOP("EngineText", "The checkpoint %1 is damaged or not a workbench checkpoint.");
    case Code::CheckpointOtherVersion:
        return QT_TRANSLATE_NOOP("EngineText", "The checkpoint %1 was written by another workbench version.");
    case Code::CheckpointNotWorkbenchResNet18:
        return QT_TRANSLATE_NOOP("EngineText", "The checkpoint %1 is not a workbench ResNet-18 checkpoint: %2");
    case Code::CheckpointInvalidClassCount:
        return QT_TRANSLATE_NOOP("EngineText", "The checkpoint %1 has an invalid class count.");
    case Code::CheckpointHeadDiffers:
        return QT_TRANSLATE_NOOP("EngineText", "The checkpoint %1 has a %2-class head, but this run has %3 classes.");
    case Code::CheckpointDoesNotFit:
        return QT_TRANSLATE_NOOP("EngineText", "The checkpoint %1 does not fit this model: %2");

    case Code::CannotWrite: return QT_TRANSLATE_NOOP("EngineText", "Cannot write %1.");
    case Code::CannotAppend: return QT_TRANSLATE_NOOP("EngineText", "Cannot append to %1 (is the disk full?).");
    case Code::CannotRead: return QT_TRANSLATE_NOOP("EngineText", "Cannot read %1.");
    case Code::CannotReadBecause: return QT_TRANSLATE_NOOP("EngineText", "Cannot read %1: %2.");
    case Code::CannotOpenBecause: return QT_TRANSLATE_NOOP("EngineText", "Cannot open %1: %2");
    case Code::CannotFlush: return QT_TRANSLATE_NOOP("EngineText", "Cannot flush %1 to disk: %2");
    case Code::WriteFailed: return QT_TRANSLATE_NOOP("EngineText", "write failed: %1");
    case Code::CouldNotWrite: return QT_TRANSLATE_NOOP("EngineText", "Could not write %1: %2");
    case Code::CouldNotWriteDiskFull:
        return QT_TRANSLATE_NOOP("EngineText", "Could not write %1: %2. The disk holding %3 is full; the previous %4 "
                                               "is kept. Free some space, then resume.");
    case Code::NotAFileToReplace:
        return QT_TRANSLATE_NOOP("EngineText", "%1 is %2, not a file: it is not replaced. Choose a file name.");
    case Code::NotARegularFileToRead:
        return QT_TRANSLATE_NOOP("EngineText", "%1 is %2, not a regular file: it is not read.");
    case Code::FileTooLarge:
        return QT_TRANSLATE_NOOP("EngineText", "%1 is %2 bytes, more than such a file can be (at most %3 bytes: %4); "
                                               "it is not read.");
    case Code::KindFolder: return QT_TRANSLATE_NOOP("EngineText", "a folder");
    case Code::KindDevice: return QT_TRANSLATE_NOOP("EngineText", "a device");
    case Code::KindPipe: return QT_TRANSLATE_NOOP("EngineText", "a pipe");
    case Code::KindSocket: return QT_TRANSLATE_NOOP("EngineText", "a socket");
    case Code::KindSpecialFile: return QT_TRANSLATE_NOOP("EngineText", "a special file");

    case Code::CudaUnavailable:
        return QT_TRANSLATE_NOOP("EngineText", "CUDA was requested, but this build or machine has no CUDA device.");
    case Code::UnknownDevice:
        return QT_TRANSLATE_NOOP("EngineText", "Unknown device \"%1\" (use auto, cpu, cuda or cuda:N).");
    case Code::NoTorchHubFolder:
        return QT_TRANSLATE_NOOP("EngineText", "No folder to keep torch hub weights in: none of TORCH_HOME, "
                                               "XDG_CACHE_HOME and HOME is set. Set TORCH_HOME to a folder and try "
                                               "again.");
    case Code::CurlNotInitialised:
        return QT_TRANSLATE_NOOP("EngineText", "libcurl could not be initialised, so nothing can be downloaded.");
    case Code::CurlCannotStart: return QT_TRANSLATE_NOOP("EngineText", "libcurl could not start a download of %1.");
    case Code::DownloadCancelled:
        return QT_TRANSLATE_NOOP("EngineText", "The download of %1 was cancelled; nothing was saved.");
    case Code::DownloadDiskFull:
        return QT_TRANSLATE_NOOP("EngineText",
                                 "The disk holding %1 is full: %2 could not be saved. Free some space and try again.");
    case Code::DownloadCannotWrite: return QT_TRANSLATE_NOOP("EngineText", "Cannot write %1 into %2: %3.");
    case Code::DownloadInBrowser:
        return QT_TRANSLATE_NOOP("EngineText", " Nothing was saved. Download it in a browser and put it in %1 as %2.");
    case Code::DownloadAnnouncedTooLarge:
        return QT_TRANSLATE_NOOP(
            "EngineText", "The server announces more than %1 for %2, the most that weights may take (torchvision's "
                          "ResNet-18 file is 44.7 MB): it is not the expected file, so the download was stopped.%3");
    case Code::DownloadWentTooLarge:
        return QT_TRANSLATE_NOOP(
            "EngineText",
            "The download of %2 went past %1, the most that weights may take (torchvision's ResNet-18 file "
            "is 44.7 MB): it is not the expected file, so the download was stopped.%3");
    case Code::DownloadStalled:
        return QT_TRANSLATE_NOOP(
            "EngineText",
            "The download of %1 stalled: less than 1 kB/s arrived for %2 s (after %3), so it was given up.%4");
    case Code::DownloadHttpStatus: return QT_TRANSLATE_NOOP("EngineText", "The server answered HTTP %1 for %2.%3");
    case Code::DownloadCannotConnect: return QT_TRANSLATE_NOOP("EngineText", "Cannot connect to %1 (%2).%3");
    case Code::DownloadBrokeOffOf:
        return QT_TRANSLATE_NOOP("EngineText", "The download of %1 broke off after %2 of %3 (%4).%5");
    case Code::DownloadBrokeOff:
        return QT_TRANSLATE_NOOP("EngineText", "The download of %1 broke off after %2 (%3).%4");
    case Code::DownloadFailed: return QT_TRANSLATE_NOOP("EngineText", "Cannot download %1 (%2).%3");
    case Code::DownloadWrongHash:
        return QT_TRANSLATE_NOOP(
            "EngineText", "The file downloaded from %1 has the SHA-256 %2, which does not start with %3 as its name %4 "
                          "requires: it is not the expected file, so nothing was saved.");
    case Code::WeightsFolderNotCreated:
        return QT_TRANSLATE_NOOP("EngineText", "Cannot create the folder %1 for %2: %3.");
    case Code::EnvironmentVariableMissing:
        return QT_TRANSLATE_NOOP("EngineText",
                                 "The environment variable %1 is not set; a data-parallel rank needs RANK, WORLD_SIZE, "
                                 "MASTER_ADDR and MASTER_PORT (torchrun sets them).");
    case Code::EnvironmentVariableNotANumber:
        return QT_TRANSLATE_NOOP("EngineText",
                                 "The environment variable %1 is \"%2\"; it must be a whole number from %3 to %4.");
    case Code::RendezvousPortOfAddressBusy:
        return QT_TRANSLATE_NOOP(
            "EngineText", "Rank 0 could not open the rendezvous on port %1 of %2 (is another program using it? choose "
                          "another MASTER_PORT): %3");
    case Code::AddressDoesNotResolve: return QT_TRANSLATE_NOOP("EngineText", "the address does not resolve");
    case Code::RendezvousPortBusy:
        return QT_TRANSLATE_NOOP(
            "EngineText",
            "Rank 0 could not open the rendezvous on port %1 (is another program using it? choose another "
            "MASTER_PORT): %2");
    case Code::RendezvousUnreachable:
        return QT_TRANSLATE_NOOP(
            "EngineText",
            "Rank %1 could not reach the rendezvous at %2 within %3 (check MASTER_ADDR and MASTER_PORT, and "
            "that rank 0 has started): %4");
    case Code::NcclSetupFailed: return QT_TRANSLATE_NOOP("EngineText", "Rank %1 could not set up NCCL for its GPU: %2");
    case Code::RanksDidNotConnect:
        return QT_TRANSLATE_NOOP(
            "EngineText",
            "Rank %1 could not connect to the other ranks at %2 within %3 (did all %4 ranks start, with the "
            "same WORLD_SIZE, MASTER_ADDR and MASTER_PORT?): %5");
    case Code::RendezvousNoAnswer:
        return QT_TRANSLATE_NOOP(
            "EngineText", "Rank %1 got no answer from the rendezvous at %2 within %3 (is something other than rank 0's "
                          "store listening at MASTER_ADDR and MASTER_PORT?).");
    case Code::NoFreePort:
        return QT_TRANSLATE_NOOP("EngineText", "No free port on 127.0.0.1 for the ranks to meet on: %1");
    case Code::RankNotStarted: return QT_TRANSLATE_NOOP("EngineText", "Could not start rank %1 (%2): %3");
    case Code::RankSettingsDiffer:
        return QT_TRANSLATE_NOOP(
            "EngineText",
            "The ranks were started with different settings: %1 is %2 on rank %3 and %4 on rank %5. Start "
            "every rank with the same training settings.");
    case Code::PickleMalformed: return QT_TRANSLATE_NOOP("EngineText", "Malformed pickle at byte %1: %2.");
    case Code::PickleOverLimit:
        return QT_TRANSLATE_NOOP(
            "EngineText",
            "The pickle goes over a limit at byte %1: more than %2 %3, far more than a ResNet-18 state dict needs.");
    case Code::PickleTooLarge:
        return QT_TRANSLATE_NOOP(
            "EngineText",
            "The pickle holds %1 bytes, more than the limit of %2 (4 MiB): far more than a ResNet-18 state "
            "dict needs (about 15 kB).");
    case Code::PickleValuesBuilt: return QT_TRANSLATE_NOOP("EngineText", "values built");
    case Code::PickleStackValues: return QT_TRANSLATE_NOOP("EngineText", "values and MARKs on the stack at once");
    case Code::PickleDicts: return QT_TRANSLATE_NOOP("EngineText", "dicts");
    case Code::PickleDictEntries: return QT_TRANSLATE_NOOP("EngineText", "dict entries");
    case Code::PickleMemoEntries: return QT_TRANSLATE_NOOP("EngineText", "memo entries");
    case Code::PickleEndsInInstruction:
        return QT_TRANSLATE_NOOP("EngineText", "the data ends in the middle of an instruction");
    case Code::PickleIntegerTooWide:
        return QT_TRANSLATE_NOOP("EngineText", "an integer of %1 bytes does not fit 64 bits");
    case Code::PickleGlobalNameNotIdentifier:
        return QT_TRANSLATE_NOOP("EngineText", "a global's name is not a Python identifier");
    case Code::PickleGlobalNameEmpty: return QT_TRANSLATE_NOOP("EngineText", "a global has an empty name");
    case Code::PickleStackEmpty:
        return QT_TRANSLATE_NOOP("EngineText", "an instruction needs a value but the stack is empty");
    case Code::PickleNoMark: return QT_TRANSLATE_NOOP("EngineText", "an instruction needs a MARK but there is none");
    case Code::PickleItemsNotOnDict: return QT_TRANSLATE_NOOP("EngineText", "items are set on a %1, not on a dict");
    case Code::PickleKeyNotStr: return QT_TRANSLATE_NOOP("EngineText", "a dict key is a %1, not a str");
    case Code::PickleGlobalUnsupported: return QT_TRANSLATE_NOOP("EngineText", "the global %1 is not supported");
    case Code::PickleReduceArguments:
        return QT_TRANSLATE_NOOP("EngineText", "REDUCE needs a global and a tuple, not a %1 and a %2");
    case Code::PickleOrderedDictArguments:
        return QT_TRANSLATE_NOOP("EngineText", "OrderedDict is only supported without arguments");
    case Code::PickleCallUnsupported: return QT_TRANSLATE_NOOP("EngineText", "calling %1 is not supported");
    case Code::PickleBuildOnUnsupported: return QT_TRANSLATE_NOOP("EngineText", "BUILD on a %1 is not supported");
    case Code::PickleBuildStateUnsupported:
        return QT_TRANSLATE_NOOP("EngineText", "BUILD with a %1 state is not supported");
    case Code::PickleMemoMissing: return QT_TRANSLATE_NOOP("EngineText", "the memo has no entry %1");
    case Code::PickleProtocolUnsupported: return QT_TRANSLATE_NOOP("EngineText", "pickle protocol %1 is not supported");
    case Code::PickleStackGlobalNeedsStrings:
        return QT_TRANSLATE_NOOP("EngineText", "STACK_GLOBAL needs two str values");
    case Code::PickleKeyWithoutValue: return QT_TRANSLATE_NOOP("EngineText", "SETITEMS has a key without a value");
    case Code::PicklePersistentIds: return QT_TRANSLATE_NOOP("EngineText", "persistent ids are not supported");
    case Code::PickleStopLeftovers:
        return QT_TRANSLATE_NOOP("EngineText", "STOP with %1 values and %2 marks left (expected one value)");
    case Code::PickleOpcodeUnsupported: return QT_TRANSLATE_NOOP("EngineText", "opcode %1 is not supported");
    case Code::ConfigNotJson: return QT_TRANSLATE_NOOP("EngineText", "config is not valid JSON: %1");
    case Code::ConfigNotObject: return QT_TRANSLATE_NOOP("EngineText", "config is not a JSON object");
    case Code::ConfigFieldWrongType: return QT_TRANSLATE_NOOP("EngineText", "config field \"%1\" has the wrong type");
    case Code::ConfigFieldUnknownValue:
        return QT_TRANSLATE_NOOP("EngineText", "config field \"%1\" has the unknown value \"%2\"");
    case Code::InConfigField: return QT_TRANSLATE_NOOP("EngineText", "in config field \"%1\"");
    case Code::PolicyRefused: return QT_TRANSLATE_NOOP("EngineText", "The precision policy %1 %2");
    case Code::PolicyCannotBeRead: return QT_TRANSLATE_NOOP("EngineText", "cannot be read: %1");
    case Code::PolicyNotJsonObject: return QT_TRANSLATE_NOOP("EngineText", "is not a JSON object.");
    case Code::PolicyFlagNotBoolean:
        return QT_TRANSLATE_NOOP("EngineText", "gives \"%1\" %2; it must be true or false.");
    case Code::PolicyNameNotText: return QT_TRANSLATE_NOOP("EngineText", "gives \"name\" %1; it must be text.");
    case Code::PolicyModulesNotMap:
        return QT_TRANSLATE_NOOP("EngineText", "gives \"modules\" %1; it must map module paths to precisions.");
    case Code::PolicyPrecisionInvalid:
        return QT_TRANSLATE_NOOP("EngineText", "gives %1 %2; a precision is \"fp32\", \"amp\", \"bf16\" or \"fp16\".");
    case Code::PolicyModuleNamed: return QT_TRANSLATE_NOOP("EngineText", "module \"%1\"");
    case Code::PolicyUnknownKey:
        return QT_TRANSLATE_NOOP(
            "EngineText",
            "has the key \"%1\"; a policy has \"name\", \"otherwise\", \"batchNormFp32\", \"smallMapsFp32\", "
            "\"reducedWeights\" and \"modules\".");
    case Code::PolicyNeitherPresetNorFile:
        return QT_TRANSLATE_NOOP(
            "EngineText",
            "\"%1\" is neither a precision policy preset (%2) nor a policy file: there is no file of that name.");
    case Code::PolicyUnknownModules:
        return QT_TRANSLATE_NOOP(
            "EngineText",
            "The precision policy names %1, which ResNet-18 does not have; its modules are conv1, bn1, "
            "layer1 … layer4, their blocks (layer1.0, layer1.1, …), the blocks' conv1, bn1, conv2, bn2 and "
            "downsample (downsample.0, downsample.1), and fc.");
    case Code::ResumeRefusedRunKept:
        return QT_TRANSLATE_NOOP("EngineText", "%1 Nothing in the run was changed; repair that file, or move it out "
                                               "of the run folder, to resume the run.");
    case Code::FileLineRefused: return QT_TRANSLATE_NOOP("EngineText", "%1 line %2: %3.");
    case Code::LineTooLong:
        return QT_TRANSLATE_NOOP("EngineText",
                                 "a line longer than %1 bytes, more than any line of such a file (%2); it is not read");
    case Code::BinaryLineTooLong:
        return QT_TRANSLATE_NOOP(
            "EngineText", "%1, in a line longer than %2 bytes, more than any line of such a file (%3); it is not read");
    case Code::BinaryContent: return QT_TRANSLATE_NOOP("EngineText", "binary data, not text (byte %1 at position %2)");
    case Code::BlankLineForHeader: return QT_TRANSLATE_NOOP("EngineText", "a blank line, where the header belongs");
    case Code::BlankLineForRow: return QT_TRANSLATE_NOOP("EngineText", "a blank line, where a row belongs");
    case Code::BlankLineForNumbers:
        return QT_TRANSLATE_NOOP("EngineText", "a blank line, where a row of %1 numbers belongs");
    case Code::NotGradientStatsHeader:
        return QT_TRANSLATE_NOOP("EngineText", "not gradstats.csv's header, which names step first");
    case Code::NotGradientStatsRow:
        return QT_TRANSLATE_NOOP(
            "EngineText",
            "not a row of gradient statistics (the step, the parameter's name and its counts, each a number)");
    case Code::StepOutOfRange: return QT_TRANSLATE_NOOP("EngineText", "step is %1, not a whole number from 1 to %2");
    case Code::HeaderNamesFirst: return QT_TRANSLATE_NOOP("EngineText", "the header names %1 first, not %2");
    case Code::OneCellNotAsHeader: return QT_TRANSLATE_NOOP("EngineText", "%1 cell, where the header has %2");
    case Code::CellsNotAsHeader: return QT_TRANSLATE_NOOP("EngineText", "%1 cells, where the header has %2");
    case Code::CellNotANumber: return QT_TRANSLATE_NOOP("EngineText", "%1 is %2, not a number");
    case Code::CellNotWholeInRange: return QT_TRANSLATE_NOOP("EngineText", "%1 is %2, not a whole number from 1 to %3");
    case Code::CellNotWhole: return QT_TRANSLATE_NOOP("EngineText", "%1 is %2, not a whole number");
    case Code::FirstCellNotWhole:
        return QT_TRANSLATE_NOOP("EngineText", "its first cell is not a whole number (a step or an epoch)");
    case Code::CannotCreateBecause: return QT_TRANSLATE_NOOP("EngineText", "Cannot create %1: %2");
    case Code::CannotWriteBecause: return QT_TRANSLATE_NOOP("EngineText", "Cannot write %1: %2");
    case Code::ReadFailed: return QT_TRANSLATE_NOOP("EngineText", "Cannot read %1: %2");
    case Code::OnnxCheckerFailed: return QT_TRANSLATE_NOOP("EngineText", "The ONNX graph failed the ONNX checker: %1");
    case Code::OnnxTooLarge:
        return QT_TRANSLATE_NOOP("EngineText", "The ONNX model could not be serialised (over 2 GiB?).");
    case Code::ProfileFolderNotMade: return QT_TRANSLATE_NOOP("EngineText", "cannot make the profile folder %1: %2");
    case Code::BuildWithoutGloo:
        return QT_TRANSLATE_NOOP("EngineText",
                                 "This build has no Gloo (libgloo-dev), so it trains in one process only.");
    case Code::InterleavedNotDistributed:
        return QT_TRANSLATE_NOOP("EngineText", "An interleaved comparison runs in one process; compare data-parallel "
                                               "one run after the other.");
    case Code::PolicyBesideThreeWay:
        return QT_TRANSLATE_NOOP("EngineText", "A precision policy is the third run beside FP32 and AMP; a three-way "
                                               "comparison has three already: compare the policy without --three-way.");
    case Code::SuggestionProfilesNoStep:
        return QT_TRANSLATE_NOOP("EngineText", "A precision suggestion profiles at least one step.");
    case Code::ChoiceFastest: return QT_TRANSLATE_NOOP("EngineText", "fastest allowed");
    case Code::ChoiceGainTooSmall: return QT_TRANSLATE_NOOP("EngineText", "bf16 or fp16 faster by under %1");
    case Code::ChoiceFp16Flushes:
        return QT_TRANSLATE_NOOP("EngineText", "fp16 fastest, but over %1 of its gradients flush to zero");
    case Code::ChoiceNothingToCompare: return QT_TRANSLATE_NOOP("EngineText", "nothing to compare fp32 with");
    case Code::ChoiceFollowsTheModules:
        return QT_TRANSLATE_NOOP("EngineText", "follows the modules: fp32 where all are, else their most common "
                                               "16-bit type (the loss then in fp32)");
    case Code::SuggestionNotDistributed:
        return QT_TRANSLATE_NOOP("EngineText",
                                 "A precision suggestion is measured in one process, not in a data-parallel group.");
    case Code::SuggestionRunWithoutProfile:
        return QT_TRANSLATE_NOOP("EngineText", "The run in %1 holds no profile to suggest precisions from: it ended "
                                               "before its second step (the first is not profiled), or its profile "
                                               "could not be written.");
    case Code::SuggestionWithoutGradientRanges:
        return QT_TRANSLATE_NOOP("EngineText", "%1 holds no gradient ranges: without them no module can be shown to "
                                               "keep its gradients in fp16.");
    case Code::EvaluationsOfOtherImages:
        return QT_TRANSLATE_NOOP("EngineText", "The two evaluations are not of the same images: evaluate both models "
                                               "on the same data and split.");
    case Code::EvaluationImageMissing:
        return QT_TRANSLATE_NOOP(
            "EngineText", "The two evaluations are not of the same images: image %1 is missing from one of them.");
    case Code::EvaluationNeedsData:
        return QT_TRANSLATE_NOOP("EngineText", "Name the data to evaluate on: %1 is not a run folder.");
    }
    return "";
}

std::string codeName(EngineMessage::Code code)
{
    return enumName(code, kCodeNames);
}

std::optional<EngineMessage::Code> codeNamed(const std::string& name)
{
    return enumFromName(name, kCodeNames);
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
