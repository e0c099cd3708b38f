#pragma once

#include <memory>
#include <optional>
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
        // policyVerdict(): %1 the policy's name, %2 and %3 its throughput over FP32's and over AMP's.
        PolicyBeatBoth,
        PolicyDidNotBeatBoth,
        PolicyTooShortToTell,
        PolicyAccuracy,
        // deviceMessage().
        CpuDeviceOneThread,
        CpuDevice,
        CudaDevice,
        NoBf16Units,
        // The descriptions of loadClassifierModel()'s models.
        WorkbenchRunModel,
        StateDictModel,
        TorchvisionModel,
        // Words from elsewhere (libtorch, the operating system, an older run file), shown as they are.
        Text,
        // How a run ended (RunSummary::message).
        OutOfMemory,
        LostRanks,
        StoppedAtStep,
        LossScaleCollapsed,
        LossBecameNaN,
        LossBecameInfinite,
        // Runs refused before they train.
        TooManySteps,
        NoMaxSteps,
        NothingToResume,
        ResumeWithOtherWorldSize,
        OneProcess,
        DataParallelRanks,
        ResumeWithOneProcess,
        ResumeWithRanks,
        // Data (DataError).
        NoDatasetGiven,
        UnknownDatasetWithoutOpenCv,
        DataFolderMissing,
        FashionMnistMissing,
        IdxFileMissing,
        IdxCannotOpen,
        IdxTruncated,
        IdxNotUnsignedBytes,
        IdxImplausibleSize,
        IdxCountsDiffer,
        IdxLabelOutOfRange,
        CifarFolderMissing,
        NotCifarBinaryFolder,
        CifarCannotReadBecause,
        CifarCannotRead,
        CifarTruncated,
        CifarLabelOutOfRange,
        ImageFolderMissing,
        ImageFolderTooFewClasses,
        ImageFolderNoImages,
        ClassFolderWithoutImages,
        ClassFoldersDiffer,
        ImageFormatNotRead,
        ImageTooManyPixels,
        ImageTooManyBytes,
        ImageCannotReadBecause,
        ImageCannotRead,
        ImageEmptyFile,
        ImageEmpty,
        ImageTruncatedJpeg,
        ImageNotDecoded,
        FileNotAnImage,
        DatasetSmallerThanBatch,
        TooManyUnreadableImages,
        ModelAndDataClassesDiffer,
        // Model files and checkpoints (ModelFileError, CheckpointError).
        NoModelFile,
        PickleRecordTooLarge,
        RecordUnpacksTooFar,
        NotAStateDictButTorchScript,
        LegacyTorchSave,
        NotAStateDict,
        StateDictUnusable,
        StateDictEmpty,
        StateDictFirstEntry,
        StateDictMissingEntry,
        StateDictShape,
        StateDictType,
        StateDictUnexpectedEntry,
        ModelCardNeedsThreeNumbers,
        NotAModelCard,
        ModelCardInputSize,
        ModelCardResize,
        ModelCardInvalid,
        ModelCardClassCount,
        LabelListUnreadable,
        LabelListEmpty,
        LabelListClassCount,
        RunFolderConfigUnusable,
        ImageNetWeightsMissing,
        NotARunFolderWithCheckpoint,
        FileExists,
        CheckpointMissing,
        CheckpointNotRegularFile,
        CheckpointDamaged,
        CheckpointOtherVersion,
        CheckpointNotWorkbenchResNet18,
        CheckpointInvalidClassCount,
        CheckpointHeadDiffers,
        CheckpointDoesNotFit,
        // Files (run folders, system/AtomicFile); %2 of a file's kind is KindFolder … KindSpecialFile.
        CannotWrite,
        CannotAppend,
        CannotRead,
        CannotReadBecause,
        CannotOpenBecause,
        CannotFlush,
        WriteFailed,
        CouldNotWrite,
        CouldNotWriteDiskFull,
        NotAFileToReplace,
        NotARegularFileToRead,
        FileTooLarge,
        KindFolder,
        KindDevice,
        KindPipe,
        KindSocket,
        KindSpecialFile,
        // Devices and folders of the machine.
        CudaUnavailable,
        UnknownDevice,
        NoTorchHubFolder,
        // Weights downloads (WeightsDownloadError); a failure's last argument is DownloadInBrowser, what to do
        // instead.
        CurlNotInitialised,
        CurlCannotStart,
        DownloadCancelled,
        DownloadDiskFull,
        DownloadCannotWrite,
        DownloadInBrowser,
        DownloadAnnouncedTooLarge,
        DownloadWentTooLarge,
        DownloadStalled,
        DownloadHttpStatus,
        DownloadCannotConnect,
        DownloadBrokeOffOf,
        DownloadBrokeOff,
        DownloadFailed,
        DownloadWrongHash,
        WeightsFolderNotCreated,
        // Data-parallel ranks (DistributedError); RendezvousPortOfAddressBusy's %3 is the system's reason or
        // AddressDoesNotResolve.
        EnvironmentVariableMissing,
        EnvironmentVariableNotANumber,
        RendezvousPortOfAddressBusy,
        AddressDoesNotResolve,
        RendezvousPortBusy,
        RendezvousUnreachable,
        NcclSetupFailed,
        RanksDidNotConnect,
        RendezvousNoAnswer,
        NoFreePort,
        RankNotStarted,
        RankSettingsDiffer,
        // Pickles (PickleError): PickleMalformed's %2 is one of the Pickle… reasons after it, PickleOverLimit's
        // %3 one of its Pickle… counts.
        PickleMalformed,
        PickleOverLimit,
        PickleTooLarge,
        PickleValuesBuilt,
        PickleStackValues,
        PickleDicts,
        PickleDictEntries,
        PickleMemoEntries,
        PickleEndsInInstruction,
        PickleIntegerTooWide,
        PickleGlobalNameNotIdentifier,
        PickleGlobalNameEmpty,
        PickleStackEmpty,
        PickleNoMark,
        PickleItemsNotOnDict,
        PickleKeyNotStr,
        PickleGlobalUnsupported,
        PickleReduceArguments,
        PickleOrderedDictArguments,
        PickleCallUnsupported,
        PickleBuildOnUnsupported,
        PickleBuildStateUnsupported,
        PickleMemoMissing,
        PickleProtocolUnsupported,
        PickleStackGlobalNeedsStrings,
        PickleKeyWithoutValue,
        PicklePersistentIds,
        PickleStopLeftovers,
        PickleOpcodeUnsupported,
        // A run's config.json and precision policies; PolicyRefused's %2 is one of the Policy… problems after it.
        ConfigNotJson,
        ConfigNotObject,
        ConfigFieldWrongType,
        ConfigFieldUnknownValue,
        InConfigField,
        PolicyRefused,
        PolicyCannotBeRead,
        PolicyNotJsonObject,
        PolicyFlagNotBoolean,
        PolicyNameNotText,
        PolicyModulesNotMap,
        PolicyPrecisionInvalid,
        PolicyModuleNamed,
        PolicyUnknownKey,
        PolicyNeitherPresetNorFile,
        PolicyUnknownModules,
        // A line of a file refused (FileRefused): FileLineRefused's %3 is one of the reasons after it.
        // ResumeRefusedRunKept's %1 is that refusal, when it stops a resume.
        ResumeRefusedRunKept,
        FileLineRefused,
        LineTooLong,
        BinaryLineTooLong,
        BinaryContent,
        BlankLineForHeader,
        BlankLineForRow,
        BlankLineForNumbers,
        NotGradientStatsHeader,
        NotGradientStatsRow,
        StepOutOfRange,
        HeaderNamesFirst,
        OneCellNotAsHeader,
        CellsNotAsHeader,
        CellNotANumber,
        CellNotWholeInRange,
        CellNotWhole,
        FirstCellNotWhole,
        // Other files and jobs.
        CannotCreateBecause,
        CannotWriteBecause,
        ReadFailed,
        OnnxCheckerFailed,
        OnnxTooLarge,
        ProfileFolderNotMade,
        // Comparisons, precision suggestions and evaluations refusing what they were asked.
        BuildWithoutGloo,
        InterleavedNotDistributed,
        PolicyBesideThreeWay,
        SuggestionProfilesNoStep,
        // Why a precision suggestion chose a module's precision (describeChoiceReason).
        ChoiceFastest,
        ChoiceGainTooSmall,
        ChoiceFp16Flushes,
        ChoiceNothingToCompare,
        ChoiceFollowsTheModules,
        SuggestionNotDistributed,
        SuggestionRunWithoutProfile,
        SuggestionWithoutGradientRanges,
        EvaluationsOfOtherImages,
        EvaluationImageMissing,
        EvaluationNeedsData, // the last: kLastCode
    };
    /// The enumeration's last code: the tests walk every code up to it (its text, name and translation).
    static constexpr Code kLastCode = Code::EvaluationNeedsData;

    struct Argument;

    explicit EngineMessage(Code code, std::vector<Argument> arguments = {});
    /// Words from elsewhere, shown as they are in every language (Code::Text).
    static EngineMessage text(std::string words);

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

/// The name of a message kind in run files (summary.json), which stays as it is once written.
std::string codeName(EngineMessage::Code code);
/// The message kind `name` names, or nullopt for a name this version does not know.
std::optional<EngineMessage::Code> codeNamed(const std::string& name);

/// `text` with each %1 … %9 replaced by the value of that number in one pass, so that a value holding "%2"
/// stays as it is; a marker without a value stays as written.
std::string substitute(std::string_view text, const std::vector<std::string>& values);

} // namespace ampwb
