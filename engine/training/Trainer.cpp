#include "training/Trainer.h"

#include "amp/AutocastWeightCopies.h"
#include "data/DataLoader.h"
#include "data/DataSource.h"
#include "distributed/AllReduceClock.h"
#include "distributed/DistributedDataParallel.h"
#include "distributed/ProcessGroup.h"
#include "distributed/RankReports.h"
#include "distributed/StepAgreement.h"
#include "model/ModulePrecisions.h"
#include "model/ResNet18.h"
#include "modelfiles/StartingWeights.h"
#include "run/GradientRanges.h"
#include "run/RunFiles.h"
#include "run/RunFolder.h"
#include "system/CudaSupport.h"
#include "system/DeviceInfo.h"
#include "system/EngineError.h"
#include "system/ErrorText.h"
#include "system/HostMemoryReuse.h"
#include "system/NamedScope.h"
#include "training/Checkpoint.h"
#include "training/Evaluation.h"
#include "training/GradScaler.h"
#include "training/LearningRate.h"
#include "training/MasterWeights.h"
#include "training/OnePassSgd.h"
#include "training/RunSpeed.h"
#include "training/SharedSettings.h"
#include "training/StepTurns.h"
#include "training/TrainingStep.h"
#include "xray/StepScopes.h"

#include <c10/util/Exception.h>
#include <torch/optim/sgd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <functional>
#include <iomanip>
#include <limits>
#include <memory>
#include <optional>
#include <set>
#include <sstream>

namespace ampwb {
namespace {

using Clock = std::chrono::steady_clock;

/// Below this loss scale every step has overflowed for dozens of steps in a row.
constexpr double kMinimumLossScale = 1.0 / 65536.0;

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

EngineMessage describeFailure(const std::exception& error)
{
    EngineMessage told = messageOf(error);
    if (told.code() != EngineMessage::Code::Text)
        return told;
    const std::string text = told.english();
    // CUDA's caching allocator says "out of memory"; the CPU allocator "can't allocate memory".
    if (text.find("out of memory") != std::string::npos || text.find("can't allocate memory") != std::string::npos)
        return EngineMessage(EngineMessage::Code::OutOfMemory, {text.substr(0, 300)});
    return EngineMessage::text(text.substr(0, 1000));
}

/// Refuses to resume a run with another number of data-parallel ranks than trained it: each rank's share
/// of an epoch, the global batch and so the run's place in its data all follow from that number.
void checkSameWorldSize(const std::string& runDirectory, int worldSize)
{
    const int trainedBy = RunFolder::readWorldSize(runDirectory);
    if (trainedBy == worldSize)
        return;
    using Code = EngineMessage::Code;
    const auto ranks = [](int count) {
        return count == 1 ? EngineMessage(Code::OneProcess)
                          : EngineMessage(Code::DataParallelRanks, {std::to_string(count)});
    };
    const EngineMessage resumeWith = trainedBy == 1 ? EngineMessage(Code::ResumeWithOneProcess)
                                                    : EngineMessage(Code::ResumeWithRanks, {std::to_string(trainedBy)});
    throw EngineError(
        EngineMessage(Code::ResumeWithOtherWorldSize, {runDirectory, ranks(trainedBy), ranks(worldSize), resumeWith}));
}

/// A collective or store lookup that failed because a rank went away or stopped answering, in words: Gloo
/// names only a socket ("Application timeout caused pair closure" when it waited out the timeout), and c10d's
/// TCPStore says "Socket Timeout".
EngineMessage describeLostRank(const EngineMessage& failure, int64_t step)
{
    const std::string text = failure.english();
    const auto says = [&text](const char* words) { return text.find(words) != std::string::npos; };
    const bool lost = (says("gloo") && (says("Connection") || says("Timed out") || says("closed")))
                   || says("pair closure") || says("Socket Timeout");
    if (!lost)
        return failure;
    return EngineMessage(EngineMessage::Code::LostRanks, {std::to_string(step), failure});
}

void convertToChannelsLast(torch::nn::Module& module)
{
    torch::NoGradGuard noGrad;
    for (auto& parameter : module.parameters()) {
        if (parameter.dim() == 4)
            parameter.set_data(parameter.data().contiguous(torch::MemoryFormat::ChannelsLast));
    }
}

} // namespace

/// State of one call to run(): data, model, optimizer and the measurements so far.
class Trainer::Session {
public:
    Session(Trainer& owner)
        : trainer(owner)
        , config(owner.config)
    {
    }

    RunSummary run();

private:
    /// Builds what the run trains with, from its config (or, resuming, from its run folder), and
    /// opens the run folder: one builder after another, in this order.
    void prepare();
    /// The run's settings, checked: the config given or, resuming, the run's own, given more epochs
    /// and the max steps asked now.
    void settleConfig();
    /// The device (in a group, the local rank's GPU) and AMP's autocast type on it.
    void chooseDevice();
    /// A new run's starting weights, where its config names them.
    std::optional<StartingModel> loadStartingWeights();
    /// The data source, and the image size trained at.
    void openData();
    /// The model: the starting weights given a head for the data's classes, or a new one.
    void buildModel(std::optional<StartingModel> start);
    /// Under a precision policy: each module's precision for this device and image size, the step's own
    /// autocast region (the policy's "otherwise"), and where the policy stores weights reduced, their masters.
    void applyPrecisionPolicy();
    /// SGD over the parameters that train, in groups by learning rate (learningRateScales).
    void makeOptimizer();
    void makeScaler();
    /// Resuming: the model, optimizer, scaler and progress from the run's checkpoint.
    void restoreCheckpoint();
    /// In a group: DistributedDataParallel, the stop and pause agreements and the per-rank figures.
    void startDataParallel();
    /// The step, with the group's synchronisation and all-reduce timing and the gradient statistics hooked in.
    void makeTrainingStep();
    void openTrainLoader();
    /// The steps the run takes in all; refuses a run too long for its files.
    void countSteps();
    /// A new run's folder, or the resumed one, where this trainer writes the run's files.
    void openRunFolder(const std::string& deviceText);
    /// What the summary and the observers' start of the run say about it; its speed, counted from its first step.
    void describeStart(const EngineMessage& deviceWords);

    bool resuming() const { return !trainer.resumeDirectory.empty(); }
    /// The ranks of the data-parallel group (1 without one).
    int worldSize() const { return trainer.group ? trainer.group->worldSize() : 1; }

    void trainEpoch();
    /// What the epoch does after a batch: take the next, end the epoch (data or steps used up, or a
    /// stop), or end the run at once (training diverged; the summary says why).
    enum class Iteration { Continue, EndEpoch, EndRun };
    Iteration trainNextBatch();
    /// Runs `work` now, or on this trainer's turn when it takes turns with others.
    void inTurn(const std::function<void()>& work);
    /// Whether to take another step: false once this trainer is asked to stop or, in a group, once
    /// the step the ranks agreed to stop after is done. Waits while paused (in a group: while the group is).
    bool goOn();
    /// In a group: the user's pause or resume of this rank, asked of (or withdrawn from) the group.
    void askGroupPause();
    /// Trains on `batch` and records the step; false when training diverged (the summary says how).
    bool trainStep(const Batch& batch, double dataWaitMilliseconds);
    /// Sets the schedule's learning rate for the next step on each optimizer group; returns it.
    double applyLearningRate();
    /// Counts the step into the run's progress and speed.
    void countStep(const StepOutcome& outcome, int64_t batchImages);
    /// The record of the step just counted.
    StepMetrics stepMetrics(const StepOutcome& outcome, int64_t batchImages, double learningRate,
                            double dataWaitMilliseconds) const;
    /// The step's record into the summary, the run's files (in a group, with the other ranks' figures)
    /// and to the observers.
    void reportStep(StepMetrics& step);
    /// Whether training diverged in the step: the loss scale collapsed, or an unscaled loss is not finite.
    /// The summary then says how.
    bool diverged(const StepOutcome& outcome);
    /// At step 1 and every gradientStatsEvery steps, where this trainer writes the run's files: each
    /// gradient's range into gradstats.csv. Returns the seconds it took, which the step time leaves out.
    double recordGradientStats(double lossScale);
    /// In a group: this rank's figures for the step go to rank 0 through the store; rank 0 writes them
    /// with those that have arrived from the others into ranks.csv and the step's record.
    void recordRankSteps(StepMetrics& step);
    /// Rank 0 at the run's end: the figures still on their way, waited for briefly.
    void recordLastRankSteps();
    void finishEpoch(bool complete);
    void checkpoint();
    /// Adds newly met unreadable files to the run's list; returns how many there are.
    int64_t recordUnreadable(const std::vector<std::string>& messages);

    Trainer& trainer;
    TrainingConfig config;
    c10::Device device{c10::DeviceType::CPU};
    DeviceInfo machine;
    DataSplits data;
    int64_t imageSize = 0;
    ResNet18 model{nullptr};
    AutocastWeightCopies autocastCopies; ///< the weights' bf16 copies the optimizer writes (CPU AMP)
    std::unique_ptr<torch::optim::SGD> optimizer;
    std::vector<double> learningRateScales; ///< of each optimizer group, relative to the schedule's rate
    std::optional<WeightsOrigin> origin;    ///< where the weights came from (none: random)
    std::unique_ptr<GradScaler> scaler;
    std::optional<TrainingStep> trainingStep;
    std::unique_ptr<DataLoader> trainLoader;
    std::unique_ptr<RunFolder> folder; ///< none on a data-parallel rank other than 0
    std::unique_ptr<DistributedDataParallel> parallel;
    std::optional<StepAgreement> stopAgreement;     ///< in a group: the step every rank stops after
    std::optional<StepAgreement> pauseAgreement;    ///< in a group: the step every rank pauses after
    bool askedGroupPause = false;                   ///< this rank's pause is asked of the group
    std::unique_ptr<AllReduceClock> allReduceClock; ///< in a group
    std::unique_ptr<RankReports> rankReports;       ///< in a group
    TrainingProgress progress;
    RunSummary summary;
    RunStarted started;
    int64_t stepsPerEpoch = 0;
    int64_t totalSteps = 0;
    std::optional<c10::ScalarType> autocast;            ///< the type AMP's autocast casts to (none: FP32)
    std::shared_ptr<const ModulePrecisions> precisions; ///< each module's precision, under a precision policy
    std::unique_ptr<MasterWeights> masterWeights;       ///< under a policy that stores weights reduced
    Clock::time_point sessionStart = Clock::now();
    Clock::time_point lastCheckpoint = Clock::now();
    RunSpeed speed;
    bool stoppedEarly = false;
    std::set<std::string> unreadable;
};

Trainer::Trainer(TrainingConfig config, std::string resumeDirectory)
    : config(std::move(config))
    , resumeDirectory(std::move(resumeDirectory))
{
}

void Trainer::addObserver(TrainingObserver* observer)
{
    observers.add(observer);
}

void Trainer::requestStop()
{
    stopRequested = true;
    pauseChanged.notify_all();
}

void Trainer::setPaused(bool pause)
{
    {
        std::lock_guard lock(pauseMutex);
        paused = pause;
    }
    pauseChanged.notify_all();
}

bool Trainer::waitWhilePaused()
{
    std::unique_lock lock(pauseMutex);
    pauseChanged.wait(lock, [&] { return !paused || stopRequested; });
    return !stopRequested;
}

void Trainer::waitForPauseOrStop(std::chrono::milliseconds longest)
{
    std::unique_lock lock(pauseMutex);
    pauseChanged.wait_for(lock, longest);
}

std::string Trainer::defaultRunName(const TrainingConfig& config)
{
    return timestampedRunName(toString(config.precision));
}

std::string Trainer::timestampedRunName(const std::string& prefix)
{
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    std::ostringstream name;
    name << prefix << '-' << std::put_time(&local, "%Y%m%d-%H%M%S");
    return name.str();
}

void Trainer::takeTurns(StepTurns& stepTurns, int turnSeat)
{
    turns = &stepTurns;
    seat = turnSeat;
}

RunSummary Trainer::run()
{
    struct LeaveSeat {
        StepTurns* turns;
        int seat;
        ~LeaveSeat()
        {
            if (turns)
                turns->leave(seat);
        }
    } leaveSeat{turns, seat};
    Session session(*this);
    return session.run();
}

void Trainer::runJob()
{
    run();
}

void Trainer::joinGroup(std::shared_ptr<ProcessGroup> dataParallelGroup)
{
    group = std::move(dataParallelGroup);
}

void Trainer::Session::prepare()
{
    settleConfig();
    chooseDevice();
    std::optional<StartingModel> start = loadStartingWeights();
    openData();
    buildModel(std::move(start));
    applyPrecisionPolicy();
    makeOptimizer();
    makeScaler();
    restoreCheckpoint();
    startDataParallel();
    makeTrainingStep();
    openTrainLoader();
    countSteps();
    const EngineMessage deviceWords = deviceMessage(device, machine);
    openRunFolder(deviceWords.english());
    describeStart(deviceWords);
}

void Trainer::Session::settleConfig()
{
    if (resuming()) {
        // The run's files are read and checked whole before anything of it is written, so that a resume
        // that cannot read its run leaves every file as it was.
        TrainingConfig saved = RunFolder::readConfig(trainer.resumeDirectory);
        RunFiles::checkForResume(trainer.resumeDirectory);
        saved.epochs = std::max(saved.epochs, config.epochs);
        saved.maxSteps = config.maxSteps;
        config = saved;
    }
    // A policy that reduces some part's precision makes the run an AMP run, one that reduces none an FP32 run.
    if (config.precisionPolicy)
        config.precision = config.precisionPolicy->usesReducedPrecision() ? Precision::Amp : Precision::Fp32;
    const auto problems = validationProblems(config);
    if (!problems.empty())
        throw EngineError(problems.front());
    if (resuming())
        checkSameWorldSize(trainer.resumeDirectory, worldSize());
}

void Trainer::Session::chooseDevice()
{
    device = resolveDevice(config.device);
    // In a group, each rank on a machine trains on a GPU of its own (NCCL needs one per rank), as torchrun's
    // scripts choose it: the local rank's, unless the request named one.
    if (trainer.group && device.is_cuda() && config.device.find(':') == std::string::npos)
        device = c10::Device(c10::DeviceType::CUDA, static_cast<c10::DeviceIndex>(trainer.group->localRank()));
    machine = probeDevices();
    if (config.precision == Precision::Amp) {
        summary.ampDtype = resolvedAmpDtype(config.ampDtype, device.type());
        autocast = autocastScalarType(summary.ampDtype, device.type());
    }
}

std::optional<StartingModel> Trainer::Session::loadStartingWeights()
{
    // Starting weights are read before anything is written, so a wrong file leaves no run folder.
    std::optional<StartingModel> start;
    if (!config.initWeights.empty() && !resuming()) {
        start = loadStartingModel(config.initWeights);
        if (config.imageSize == 0)
            config.imageSize = start->origin.imageSize; // recorded, so a resumed run sees the same size
    }
    return start;
}

void Trainer::Session::openData()
{
    data = openDataSource(dataSourceOptions(config));
    imageSize = config.imageSize > 0 ? config.imageSize : (data.nativeImageSize > 0 ? data.nativeImageSize : 224);
}

void Trainer::Session::buildModel(std::optional<StartingModel> start)
{
    torch::manual_seed(config.seed);
    if (start) {
        fitHead(*start, data.train->classCount(), config.newHead);
        model = start->network;
        origin = start->origin;
    } else {
        model = ResNet18(data.train->classCount());
        if (resuming())
            origin = RunFolder::readStart(trainer.resumeDirectory);
    }
    if (config.freezeBackbone)
        model->freezeBackbone();
    model->to(device);
    if (config.channelsLast)
        convertToChannelsLast(*model);
}

void Trainer::Session::applyPrecisionPolicy()
{
    if (!config.precisionPolicy)
        return;
    const c10::ScalarType ampType = autocastScalarType(config.ampDtype, device.type());
    precisions = std::make_shared<const ModulePrecisions>(config.precisionPolicy->resolvedFor(imageSize), device.type(),
                                                          ampType);
    model->setModulePrecisions(precisions);
    // The step's own region is the policy's "otherwise"; the modules open theirs inside it.
    autocast = precisions->outerType();
    if (config.precisionPolicy->reducedWeights)
        masterWeights = std::make_unique<MasterWeights>(model, *precisions);
}

void Trainer::Session::makeOptimizer()
{
    const auto options = torch::optim::SGDOptions(config.learningRate)
                             .momentum(config.momentum)
                             .weight_decay(config.weightDecay)
                             .nesterov(config.nesterov);
    // A frozen backbone is left out, so it gets neither updates nor weight decay. Its own learning
    // rate puts the backbone in a group of its own; the schedule scales each group's rate. Weights stored
    // reduced are stepped as their fp32 masters.
    const auto stepped = [this](const std::vector<torch::Tensor>& parameters) {
        return masterWeights ? masterWeights->forOptimizer(parameters) : parameters;
    };
    std::vector<torch::optim::OptimizerParamGroup> groups;
    if (config.freezeBackbone) {
        groups.emplace_back(stepped(model->headParameters()));
        learningRateScales = {1.0};
    } else if (config.backboneLearningRateScale != 1.0) {
        groups.emplace_back(stepped(model->backboneParameters()));
        groups.emplace_back(stepped(model->headParameters()));
        learningRateScales = {config.backboneLearningRateScale, 1.0};
    } else {
        groups.emplace_back(stepped(model->parameters()));
        learningRateScales = {1.0};
    }
    if (!config.enginePaths.uses(TunedPath::OnePassSgd)) {
        optimizer = std::make_unique<torch::optim::SGD>(std::move(groups), options);
        return;
    }
    auto sgd = std::make_unique<OnePassSgd>(std::move(groups), options);
    sgd->writeAutocastCopies(&autocastCopies);
    optimizer = std::move(sgd);
}

void Trainer::Session::makeScaler()
{
    GradScalerOptions scalerOptions = config.scaler;
    // Under a policy, the modules' own precisions say whether anything computes in fp16.
    const bool float16 = precisions ? precisions->usesFloat16() : summary.ampDtype == AmpDtype::Float16;
    scalerOptions.enabled = scalesLoss(config.lossScaling, float16);
    scaler = std::make_unique<GradScaler>(scalerOptions);
}

void Trainer::Session::restoreCheckpoint()
{
    // Every rank of a group loads the checkpoint (the optimizer's momentum too), and before DDP starts: libtorch
    // loads a parameter by giving it the file's storage, and a started DDP then no longer averaged its gradients.
    if (!resuming())
        return;
    const MasterWeights::Fp32Model fp32(masterWeights.get()); // the checkpoint holds the masters
    progress = loadCheckpoint(RunFolder(trainer.resumeDirectory).checkpointPath(), model, *optimizer, *scaler);
}

void Trainer::Session::startDataParallel()
{
    const ProcessGroup* group = trainer.group.get();
    if (!group)
        return;
    // DDP's start is the group's first collective: every workbench rank has published its settings before it.
    publishSettings(config, *group->store(), group->rank());
    parallel = std::make_unique<DistributedDataParallel>(model.ptr(), group->collectives());
    checkSameSettings(config, *group->store(), group->rank(), group->worldSize());
    // A comparison's runs share the store: each keeps its keys under its own precision.
    const std::string precision = config.precision == Precision::Amp
                                    ? toString(config.precision) + "-" + shortName(summary.ampDtype)
                                    : toString(config.precision);
    stopAgreement.emplace(group->store(), "ampwb/" + precision + "/stop_after_step");
    pauseAgreement.emplace(group->store(), "ampwb/" + precision + "/pause_after_step");
    allReduceClock = std::make_unique<AllReduceClock>();
    rankReports = std::make_unique<RankReports>(group->store(), precision, group->worldSize(), progress.globalStep + 1);
}

void Trainer::Session::makeTrainingStep()
{
    StepHooks hooks;
    if (parallel) {
        hooks.beforeForward = [this] { parallel->beforeForward(); };
        hooks.afterForward = [this](const torch::Tensor& logits) {
            parallel->afterForward();
            allReduceClock->startStep(logits);
        };
        hooks.afterBackward = [this] { allReduceClock->backwardReturned(); };
    }
    hooks.gradientsReady = [this](double lossScale) { return recordGradientStats(lossScale); };
    StepSettings settings;
    settings.device = device;
    settings.autocast = autocast;
    settings.clipGradNorm = config.clipGradNorm;
    settings.stockConvolutions = !config.enginePaths.uses(TunedPath::SmallMapConvolutions);
    settings.channelsLast = config.channelsLast;
    trainingStep.emplace(model, *optimizer, *scaler, autocastCopies, settings, std::move(hooks), masterWeights.get());
}

void Trainer::Session::openTrainLoader()
{
    LoaderOptions loaderOptions;
    loaderOptions.batchSize = config.batchSize;
    loaderOptions.workers = config.workers;
    loaderOptions.seed = config.seed;
    loaderOptions.pinMemory = device.is_cuda();
    if (trainer.group) {
        loaderOptions.rank = trainer.group->rank();
        loaderOptions.worldSize = trainer.group->worldSize();
    }
    trainLoader = std::make_unique<DataLoader>(data.train,
                                               ImageTransform({imageSize, config.augment, kImageNetMean, kImageNetStd}),
                                               loaderOptions);
    stepsPerEpoch = trainLoader->batchesPerEpoch();
}

void Trainer::Session::countSteps()
{
    const int64_t epochsWithin = stepsPerEpoch > 0 ? std::numeric_limits<int64_t>::max() / stepsPerEpoch : 0;
    totalSteps = config.epochs > epochsWithin ? std::numeric_limits<int64_t>::max() : config.epochs * stepsPerEpoch;
    if (config.maxSteps > 0)
        totalSteps = std::min(totalSteps, config.maxSteps);
    if (totalSteps > kMaxRunSteps)
        throw EngineError(
            EngineMessage(EngineMessage::Code::TooManySteps,
                          {std::to_string(totalSteps), std::to_string(config.epochs), std::to_string(stepsPerEpoch),
                           config.maxSteps > 0 ? EngineMessage::Argument(std::to_string(config.maxSteps))
                                               : EngineMessage(EngineMessage::Code::NoMaxSteps),
                           std::to_string(kMaxRunSteps)}));
}

void Trainer::Session::openRunFolder(const std::string& deviceText)
{
    const bool writesRunFolder = leadsTheRun(trainer.group.get());
    if (!resuming() && writesRunFolder) {
        if (config.name.empty())
            config.name = Trainer::defaultRunName(config);
        folder = std::make_unique<RunFolder>(RunFolder::create(config.runsDirectory, config.name));
    } else if (resuming()) {
        // Checked before the folder is taken, so a refused resume leaves every file of the run as it was.
        if (progress.globalStep >= totalSteps)
            throw EngineError(EngineMessage(EngineMessage::Code::NothingToResume,
                                            {trainer.resumeDirectory, std::to_string(progress.globalStep),
                                             std::to_string(totalSteps)}));
        if (writesRunFolder)
            folder = std::make_unique<RunFolder>(trainer.resumeDirectory);
    }
    if (!folder)
        return;
    folder->writeConfig(config, machine, deviceText, origin, worldSize());
    folder->openLogs(progress.globalStep, progress.epoch);
    if (config.gradientStatsEvery > 0)
        folder->openGradientStats(progress.globalStep);
    if (trainer.group)
        folder->openRankSteps(progress.globalStep);
    summary.runDirectory = folder->directory();
}

void Trainer::Session::describeStart(const EngineMessage& deviceWords)
{
    summary.precision = config.precision;
    summary.deviceDescription = deviceWords.english();
    summary.memoryIsCuda = device.is_cuda();
    summary.interleaved = trainer.turns != nullptr;
    summary.imageSize = imageSize;

    started.runDirectory = summary.runDirectory;
    started.device = device;
    started.deviceDescription = deviceWords;
    started.datasetDescription = data.description;
    started.precision = config.precision;
    started.ampDtype = summary.ampDtype;
    if (precisions)
        started.precisionPolicy = precisions->policy();
    started.weightsStoredReduced = masterWeights ? masterWeights->storedValues() : 0;
    started.lossScaling = scaler->isEnabled();
    started.trainImages = data.train->size();
    started.validationImages = config.validation ? data.validation->size() : 0;
    started.imageSize = imageSize;
    started.stepsPerEpoch = stepsPerEpoch;
    started.totalSteps = totalSteps;
    started.firstStep = progress.globalStep + 1;
    started.unusableFiles = static_cast<int64_t>(data.unusableFiles.size());
    unreadable.insert(data.unusableFiles.begin(), data.unusableFiles.end());
    if (folder && !unreadable.empty())
        folder->writeUnreadableImages({unreadable.begin(), unreadable.end()});
    started.classNames = data.train->classNames();
    started.start = origin;
    started.backboneFrozen = config.freezeBackbone;
    speed = RunSpeed(started.firstStep, totalSteps);
}

RunSummary Trainer::Session::run()
{
    try {
        inTurn([&] { prepare(); });
    } catch (const std::exception& error) {
        summary.state = RunState::Failed;
        summary.message = describeFailure(error);
        if (folder)
            folder->writeSummary(summary);
        trainer.observers.runFinished(summary);
        return summary;
    }
    trainer.observers.runStarted(started);

    if (config.enginePaths.uses(TunedPath::KeptFreedMemory))
        reuseFreedHostMemory();
    resetPeakMemory(device);
    summary.state = RunState::Running;
    summary.validated = false; // until an evaluation has run
    try {
        if (folder)
            folder->writeSummary(summary);
        while (progress.globalStep < totalSteps && summary.state == RunState::Running && !stoppedEarly)
            trainEpoch();
        if (summary.state == RunState::Running)
            summary.state = stoppedEarly ? RunState::Stopped : RunState::Finished;
        recordLastRankSteps();
        if (summary.state == RunState::Stopped && summary.message.english().empty())
            summary.message = EngineMessage(EngineMessage::Code::StoppedAtStep,
                                            {std::to_string(progress.globalStep), std::to_string(totalSteps)});
    } catch (const std::exception& error) {
        summary.state = RunState::Failed;
        summary.message = describeFailure(error);
        if (trainer.group)
            summary.message = describeLostRank(summary.message, progress.globalStep + 1);
    }

    summary.steps = progress.globalStep;
    summary.trainSeconds = progress.trainSeconds;
    summary.skippedSteps = progress.skippedSteps;
    summary.nonFiniteLosses = progress.nonFiniteLosses;
    summary.finalLossScale = scaler->scale();
    summary.worldSize = worldSize();
    speed.fillSummary(summary, progress, stepsPerEpoch);
    try {
        recordUnreadable(trainLoader->unreadableImages());
        if (folder)
            folder->writeSummary(summary);
    } catch (const std::exception& error) {
        if (summary.state != RunState::Failed) {
            summary.state = RunState::Failed;
            summary.message = describeFailure(error);
        }
    }
    trainer.observers.runFinished(summary);
    return summary;
}

bool Trainer::Session::goOn()
{
    if (!stopAgreement)
        return trainer.waitWhilePaused();
    // In a group every rank stops, and pauses, after the same step, whichever was asked; a paused rank
    // waits on the store, in no collective, so that a pause may last longer than the group timeout.
    constexpr std::chrono::milliseconds poll(100);
    const int64_t done = progress.globalStep;
    for (;;) {
        askGroupPause();
        const bool groupPausedHere = pauseAgreement->agreed() == done;
        // In a pause no rank is past `done`, so the group can stop there; otherwise after the next step.
        if (trainer.stopRequested)
            stopAgreement->ask(groupPausedHere ? done : done + 1);
        const std::optional<int64_t> stopAfter = stopAgreement->agreed();
        if (stopAfter && done >= *stopAfter)
            return false;
        if (!groupPausedHere)
            return true;
        trainer.waitForPauseOrStop(poll);
    }
}

void Trainer::Session::askGroupPause()
{
    const bool wanted = trainer.paused; // read once: the window may change it meanwhile
    if (wanted == askedGroupPause)
        return;
    if (wanted)
        pauseAgreement->ask(progress.globalStep + 1);
    else
        pauseAgreement->withdraw();
    askedGroupPause = wanted;
}

void Trainer::Session::trainEpoch()
{
    model->train();
    trainLoader->startEpoch(progress.epoch, progress.nextBatch);
    Iteration next = Iteration::Continue;
    while (progress.globalStep < totalSteps && next == Iteration::Continue)
        inTurn([&] { next = trainNextBatch(); });
    if (next != Iteration::EndRun)
        inTurn([&] { finishEpoch(progress.nextBatch >= stepsPerEpoch); });
}

Trainer::Session::Iteration Trainer::Session::trainNextBatch()
{
    if (!goOn()) {
        stoppedEarly = true;
        return Iteration::EndEpoch;
    }
    // The epoch's time counts fetching and training only: not pauses, not other runs' turns.
    const Clock::time_point iterationStart = Clock::now();
    const double waitedBefore = trainLoader->waitedMilliseconds();
    auto batch = trainLoader->next();
    if (!batch)
        return Iteration::EndEpoch;
    const double dataWait = trainLoader->waitedMilliseconds() - waitedBefore;
    const bool keepGoing = trainStep(*batch, dataWait);
    progress.currentEpoch.seconds += secondsSince(iterationStart);
    if (!keepGoing)
        return Iteration::EndRun;
    if (secondsSince(lastCheckpoint) > 300.0)
        checkpoint();
    return Iteration::Continue;
}

void Trainer::Session::inTurn(const std::function<void()>& work)
{
    if (trainer.turns)
        trainer.turns->work(trainer.seat, work);
    else
        work();
}

bool Trainer::Session::trainStep(const Batch& batch, double dataWaitMilliseconds)
{
    const Batch onDevice = trainingStep->toDevice(batch);
    const double learningRate = applyLearningRate();
    const StepOutcome outcome = trainingStep->run(onDevice.images, onDevice.labels);
    const int64_t batchImages = batch.labels.size(0);
    countStep(outcome, batchImages);
    StepMetrics metrics = stepMetrics(outcome, batchImages, learningRate, dataWaitMilliseconds);
    reportStep(metrics);
    return !diverged(outcome);
}

double Trainer::Session::applyLearningRate()
{
    const double learningRate = learningRateAt(config, progress.globalStep, stepsPerEpoch);
    for (size_t group = 0; group < learningRateScales.size(); ++group)
        static_cast<torch::optim::SGDOptions&>(optimizer->param_groups()[group].options())
            .lr(learningRate * learningRateScales[group]);
    return learningRate;
}

void Trainer::Session::countStep(const StepOutcome& outcome, int64_t batchImages)
{
    ++progress.globalStep;
    ++progress.nextBatch;
    progress.trainSeconds += outcome.seconds;
    EpochProgress& epoch = progress.currentEpoch;
    ++epoch.steps;
    epoch.images += batchImages;
    epoch.correct += outcome.correct;
    if (std::isfinite(outcome.loss))
        epoch.lossSum += outcome.loss * static_cast<double>(batchImages);
    else
        ++progress.nonFiniteLosses;
    if (!outcome.stepped) {
        ++epoch.skippedSteps;
        ++progress.skippedSteps;
    }
    speed.addStep(progress.globalStep, batchImages, outcome.seconds);
}

StepMetrics Trainer::Session::stepMetrics(const StepOutcome& outcome, int64_t batchImages, double learningRate,
                                          double dataWaitMilliseconds) const
{
    StepMetrics step;
    step.precision = config.precision;
    step.ampDtype = summary.ampDtype;
    step.step = progress.globalStep;
    step.epoch = progress.epoch + 1;
    step.stepInEpoch = progress.nextBatch;
    step.stepsPerEpoch = stepsPerEpoch;
    step.totalSteps = totalSteps;
    step.loss = outcome.loss;
    step.lossScale = outcome.lossScale;
    step.skipped = !outcome.stepped;
    step.stepMilliseconds = outcome.seconds * 1000.0;
    step.imagesPerSecond = outcome.seconds > 0.0 ? static_cast<double>(batchImages) / outcome.seconds : 0.0;
    step.globalImagesPerSecond = step.imagesPerSecond * worldSize();
    step.dataWaitMilliseconds = dataWaitMilliseconds;
    step.learningRate = learningRate;
    step.wallSeconds = secondsSince(sessionStart);
    step.memory = readMemoryUsage(device);
    return step;
}

void Trainer::Session::reportStep(StepMetrics& step)
{
    summary.peakMemoryBytes = std::max(summary.peakMemoryBytes, step.memory.peakBytes());
    summary.peakReservedBytes = std::max(summary.peakReservedBytes, step.memory.peakReservedBytes);
    summary.finalTrainLoss = step.loss;
    if (rankReports)
        recordRankSteps(step);
    if (folder)
        folder->appendStep(step);
    trainer.observers.stepFinished(step);
}

bool Trainer::Session::diverged(const StepOutcome& outcome)
{
    if (scaler->isEnabled() && scaler->scale() < kMinimumLossScale) {
        summary.state = RunState::Failed;
        summary.message = EngineMessage(EngineMessage::Code::LossScaleCollapsed, {std::to_string(progress.globalStep)});
        return true;
    }
    if (!std::isfinite(outcome.loss) && !scaler->isEnabled()) {
        summary.state = RunState::Failed;
        summary.message = EngineMessage(std::isnan(outcome.loss) ? EngineMessage::Code::LossBecameNaN
                                                                 : EngineMessage::Code::LossBecameInfinite,
                                        {std::to_string(progress.globalStep)});
        return true;
    }
    return false;
}

void Trainer::Session::finishEpoch(bool complete)
{
    EpochProgress& current = progress.currentEpoch;
    if (current.steps == 0 && !complete)
        return;
    stoppedEarly = stoppedEarly && !complete;
    EpochMetrics metrics;
    metrics.precision = config.precision;
    metrics.ampDtype = summary.ampDtype;
    metrics.epoch = progress.epoch + 1;
    metrics.steps = current.steps;
    metrics.complete = complete;
    metrics.trainLoss = current.images > 0 ? current.lossSum / static_cast<double>(current.images) : 0.0;
    metrics.trainAccuracy = current.images > 0 ? static_cast<double>(current.correct) / current.images : 0.0;
    metrics.epochSeconds = current.seconds;
    metrics.imagesPerSecond = current.seconds > 0.0 ? current.images / current.seconds : 0.0;
    metrics.peakMemoryBytes = summary.peakMemoryBytes;
    metrics.skippedSteps = current.skippedSteps;
    metrics.validationLoss = metrics.validationTop1 = metrics.validationTop5 = std::nan(""); // until validated

    // Every rank of a group validates its shard (the sums are all-reduced); one process validates alone.
    const ProcessGroup* group = trainer.group.get();
    if (config.validation && !stoppedEarly && (folder || group)) {
        if (parallel)
            parallel->copyBuffersFromRankZero(); // the ranks validate rank 0's model, the one the checkpoint holds
        const Evaluation evaluation = evaluate(model, *data.validation, imageSize, config.batchSize, config.workers,
                                               config.validationLimit, device, autocast, config.channelsLast, group);
        metrics.validationLoss = evaluation.loss;
        metrics.validationTop1 = evaluation.top1;
        metrics.validationTop5 = evaluation.top5;
        summary.finalValidationLoss = evaluation.loss;
        summary.finalTop1 = evaluation.top1;
        summary.finalTop5 = evaluation.top5;
        summary.validationImages = evaluation.images;
        summary.validated = true;
        recordUnreadable(evaluation.unreadableImages);
    }
    metrics.unreadableImages = recordUnreadable(trainLoader->unreadableImages());
    if (complete) {
        speed.addCompleteEpoch(current.seconds);
        ++progress.epoch;
        progress.nextBatch = 0;
        progress.currentEpoch = EpochProgress{};
        summary.epochsCompleted = progress.epoch;
    }
    if (complete || !stoppedEarly) {
        if (folder)
            folder->appendEpoch(metrics);
        trainer.observers.epochFinished(metrics);
    }
    checkpoint();
}

int64_t Trainer::Session::recordUnreadable(const std::vector<std::string>& messages)
{
    const size_t before = unreadable.size();
    unreadable.insert(messages.begin(), messages.end());
    if (folder && unreadable.size() != before)
        folder->writeUnreadableImages({unreadable.begin(), unreadable.end()});
    summary.unreadableImages = static_cast<int64_t>(unreadable.size());
    return summary.unreadableImages;
}

double Trainer::Session::recordGradientStats(double lossScale)
{
    const int64_t step = progress.globalStep + 1;
    const int64_t every = config.gradientStatsEvery;
    if (!folder || every <= 0 || (step != 1 && step % every != 0))
        return 0.0;
    const NamedScope notTimed(stepscope::kNotTimed);
    synchronizeDevice(device); // so that the time below is the measurement's, not the backward's
    const Clock::time_point start = Clock::now();
    // The ranges of the true gradients: a loss scaler's are unscaled first, in fp32 (exact for its powers of
    // two; weights stored reduced have their gradients in their own type).
    const bool scaled = scaler->isEnabled();
    std::vector<GradientRange> ranges;
    for (const auto& item : model->named_parameters()) {
        const torch::Tensor gradient = item.value().grad();
        if (!gradient.defined()) // a frozen backbone has none
            continue;
        const torch::Tensor values = gradient.to(torch::kFloat);
        ranges.push_back(
            measureGradientRange(item.key(), scaled ? values / lossScale : values, scaled ? lossScale : 1.0));
    }
    folder->appendGradientStats(step, ranges);
    return secondsSince(start);
}

void Trainer::Session::recordRankSteps(StepMetrics& step)
{
    const AllReduceTimes allReduces = allReduceClock->stepTimes();
    RankStep own;
    own.step = step.step;
    own.rank = trainer.group->rank();
    own.stepMilliseconds = step.stepMilliseconds;
    own.dataWaitMilliseconds = step.dataWaitMilliseconds;
    own.allReduceMilliseconds = allReduces.milliseconds;
    own.exposedAllReduceMilliseconds = allReduces.exposedMilliseconds;
    own.memoryBytes = step.memory.isCuda ? step.memory.allocatedBytes : step.memory.residentBytes;
    if (!folder) {
        rankReports->publish(own);
        return;
    }
    step.ranks = rankReports->arrived();
    step.ranks.insert(step.ranks.begin(), own);
    folder->appendRankSteps(step.ranks);
}

void Trainer::Session::recordLastRankSteps()
{
    if (!rankReports || !folder)
        return;
    constexpr std::chrono::seconds patience(2); // the others published theirs right after their last step
    try {
        folder->appendRankSteps(rankReports->remaining(progress.globalStep, patience));
    } catch (const c10::Error&) {
        // The store went away with the group's host (torchrun's agent): the run is done, only these figures are lost.
    }
}

void Trainer::Session::checkpoint()
{
    if (!folder)
        return;
    saveCheckpoint(folder->checkpointPath(), model, *optimizer, *scaler, progress, masterWeights.get());
    lastCheckpoint = Clock::now();
}

} // namespace ampwb
