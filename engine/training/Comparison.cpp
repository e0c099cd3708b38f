#include "training/Comparison.h"

#include "distributed/ProcessGroup.h"
#include "run/RunFolder.h"
#include "system/AtomicFile.h"
#include "system/CudaSupport.h"
#include "system/EngineError.h"
#include "system/MeasurementNoise.h"
#include "system/ThreadPolicy.h"
#include "system/VersionReport.h"
#include "training/StepTurns.h"
#include "training/Trainer.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <thread>
#include <utility>

namespace ampwb {
namespace {

/// printf into a string.
template <typename... Values>
std::string formatted(const char* pattern, Values... values)
{
    char text[512];
    std::snprintf(text, sizeof text, pattern, values...);
    return text;
}

/// One number into a pattern, or "–" for a number that is not finite.
std::string format(const char* pattern, double value)
{
    return std::isfinite(value) ? formatted(pattern, value) : "–";
}

std::string megabytes(int64_t bytes)
{
    return format("%.0f MB", static_cast<double>(bytes) / 1e6);
}

std::string ratio(double amp, double fp32)
{
    return fp32 > 0.0 && amp > 0.0 ? format("%.2f×", amp / fp32) : "–";
}

/// AMP's throughput over FP32's, with the 95 % margin its step times leave when known: "0.87× (±4 %)".
std::string throughputRatio(const RunSummary& amp, const RunSummary& fp32)
{
    const double margin = throughputRatioMargin(amp.imagesPerSecondError, fp32.imagesPerSecondError);
    const std::string text = ratio(amp.imagesPerSecond, fp32.imagesPerSecond);
    return margin > 0.0 && text != "–" ? text + format(" (±%.0f %%)", margin * 100.0) : text;
}

/// How AMP's epoch time compares with FP32's, in the direction it went: "1.40× faster", "1.16× slower".
std::string epochTimeChange(double ampSeconds, double fp32Seconds)
{
    if (!(ampSeconds > 0.0 && fp32Seconds > 0.0))
        return "–";
    return ampSeconds <= fp32Seconds ? format("%.2f× faster", fp32Seconds / ampSeconds)
                                     : format("%.2f× slower", ampSeconds / fp32Seconds);
}

std::string change(double amp, double fp32)
{
    return fp32 > 0.0 ? format("%+.1f %%", (amp - fp32) / fp32 * 100.0) : "–";
}

/// An accuracy difference in points with its 95 % margin when the validation counts are known:
/// "+0.80 pt (±2.40, within noise)" or "+5.20 pt (±2.40)".
std::string points(double amp, int64_t ampImages, double fp32, int64_t fp32Images)
{
    const std::string difference = format("%+.2f pt", (amp - fp32) * 100.0);
    const double margin = accuracyDifferenceMargin(amp, ampImages, fp32, fp32Images);
    if (margin <= 0.0)
        return difference;
    return difference + format(std::abs(amp - fp32) <= margin ? " (±%.2f, within noise)" : " (±%.2f)", margin * 100.0);
}

/// One run's training losses, step by step, for the report's accuracy line.
class StepLosses : public TrainingObserver {
public:
    void stepFinished(const StepMetrics& step) override { losses.push_back(step.loss); }
    std::vector<double> losses;
};

/// A run's final accuracy, or "–" when it was not validated.
std::string accuracy(double fraction, const RunSummary& run)
{
    return run.validated ? format("%.2f %%", fraction * 100.0) : "–";
}

/// The summary of a run the comparison did not start.
RunSummary notRun(Precision precision, AmpDtype dtype, std::string message)
{
    RunSummary summary;
    summary.state = RunState::Stopped;
    summary.precision = precision;
    summary.ampDtype = dtype;
    summary.message = EngineMessage::text(std::move(message));
    return summary;
}

/// A comparison's run in one precision: its settings and the folder name it trains in.
struct ComparedRun {
    Precision precision;
    AmpDtype dtype;
    std::string folder;
    bool underPolicy = false; ///< trains under the configuration's precision policy
};

/// Passes a policy run's reports on, its steps and epochs marked as the policy run's.
class PolicyRunReports : public TrainingObserver {
public:
    explicit PolicyRunReports(TrainingObserver& observers)
        : observers(observers)
    {
    }
    void runStarted(const RunStarted& started) override { observers.runStarted(started); }
    void stepFinished(const StepMetrics& step) override
    {
        StepMetrics marked = step;
        marked.policyRun = true;
        observers.stepFinished(marked);
    }
    void epochFinished(const EpochMetrics& epoch) override
    {
        EpochMetrics marked = epoch;
        marked.policyRun = true;
        observers.epochFinished(marked);
    }
    void runFinished(const RunSummary& summary) override { observers.runFinished(summary); }

private:
    TrainingObserver& observers;
};

/// Whether a throughput ratio is no further from 1 than its 95 % margin (none known: 0) leaves uncertain.
bool withinNoise(double ratio, double margin)
{
    return margin > 0.0 && std::abs(ratio - 1.0) <= margin * ratio;
}

/// The AMP run's autocast type; a summary.json from before the field ran autocast's defaults.
AmpDtype ampDtypeOf(const RunSummary& amp)
{
    return amp.ampDtype != AmpDtype::Auto
             ? amp.ampDtype
             : resolvedAmpDtype(AmpDtype::Auto, amp.memoryIsCuda ? c10::DeviceType::CUDA : c10::DeviceType::CPU);
}

} // namespace

ComparisonOrder defaultComparisonOrder(const std::string& device, bool dataParallel)
{
    const bool cuda = device.rfind("cuda", 0) == 0 || (device == "auto" && cudaAvailable());
    return cuda || dataParallel ? ComparisonOrder::Sequential : ComparisonOrder::Interleaved;
}

std::string policyRunFolder(const PrecisionPolicy& policy)
{
    std::string name = policy.name;
    for (char& character : name)
        if (!std::isalnum(static_cast<unsigned char>(character)) && character != '-' && character != '_'
            && character != '.')
            character = '-';
    return "policy-" + name;
}

std::vector<AmpDtype> comparedAmpTypes(ComparisonRuns runs, AmpDtype configured)
{
    if (runs == ComparisonRuns::ThreeWay)
        return {AmpDtype::BFloat16, AmpDtype::Float16};
    return {configured};
}

Comparison::Comparison(TrainingConfig config, ComparisonOrder order, ComparisonRuns runs)
    : config(std::move(config))
    , order(order)
    , runs(runs)
{
}

void Comparison::addObserver(TrainingObserver* observer)
{
    observers.add(observer);
}

void Comparison::requestStop()
{
    stopRequested = true;
    std::lock_guard lock(mutex);
    for (Trainer* trainer : active)
        trainer->requestStop();
}

void Comparison::setPaused(bool pause)
{
    std::lock_guard lock(mutex);
    paused = pause;
    for (Trainer* trainer : active)
        trainer->setPaused(pause);
}

void Comparison::joinGroup(std::shared_ptr<ProcessGroup> dataParallelGroup)
{
    group = std::move(dataParallelGroup);
}

bool Comparison::groupEnded(const RunSummary& fp32) const
{
    return group && fp32.state != RunState::Finished;
}

RunSummary Comparison::runOne(Trainer& trainer, Precision precision, AmpDtype dtype)
{
    RunSummary summary = stopRequested ? RunSummary{} : trainer.run();
    {
        std::lock_guard lock(mutex);
        active.erase(std::remove(active.begin(), active.end(), &trainer), active.end());
    }
    if (stopRequested && summary.runDirectory.empty())
        return notRun(precision, dtype, "Not run: the comparison was stopped.");
    return summary;
}

ComparisonResult Comparison::run()
{
    if (group && order == ComparisonOrder::Interleaved)
        throw EngineError(EngineMessage(EngineMessage::Code::InterleavedNotDistributed));
    if (config.precisionPolicy && runs == ComparisonRuns::ThreeWay)
        throw EngineError(EngineMessage(EngineMessage::Code::PolicyBesideThreeWay));
    const bool writesFolder = leadsTheRun(group.get());
    ComparisonResult result;
    if (config.name.empty())
        config.name = Trainer::timestampedRunName("compare");
    if (writesFolder)
        result.directory = RunFolder::create(config.runsDirectory, config.name).directory();

    std::vector<ComparedRun> compared{{Precision::Fp32, AmpDtype::Auto, toString(Precision::Fp32)}};
    for (AmpDtype dtype : comparedAmpTypes(runs, config.ampDtype))
        compared.push_back({Precision::Amp, dtype,
                            runs == ComparisonRuns::Pair ? toString(Precision::Amp)
                                                         : toString(Precision::Amp) + "-" + shortName(dtype)});
    if (config.precisionPolicy)
        compared.push_back({config.precisionPolicy->usesReducedPrecision() ? Precision::Amp : Precision::Fp32,
                            config.ampDtype, policyRunFolder(*config.precisionPolicy), true});
    PolicyRunReports policyReports(observers);
    std::vector<std::unique_ptr<Trainer>> trainers;
    std::vector<StepLosses> losses(compared.size());
    StepTurns turns(static_cast<int>(compared.size()));
    for (const ComparedRun& run : compared) {
        TrainingConfig runConfig = config;
        runConfig.precision = run.precision;
        runConfig.ampDtype = run.dtype;
        if (!run.underPolicy)
            runConfig.precisionPolicy.reset(); // FP32 and AMP are the references
        if (writesFolder)
            runConfig.runsDirectory = result.directory;
        runConfig.name = run.folder;
        auto& trainer = *trainers.emplace_back(std::make_unique<Trainer>(runConfig));
        trainer.addObserver(run.underPolicy ? static_cast<TrainingObserver*>(&policyReports) : &observers);
        trainer.addObserver(&losses[trainers.size() - 1]);
        if (group)
            trainer.joinGroup(group);
        if (order == ComparisonOrder::Interleaved)
            trainer.takeTurns(turns, static_cast<int>(trainers.size()) - 1);
    }
    std::vector<RunSummary> summaries(compared.size());
    auto activate = [&](Trainer& trainer) {
        std::lock_guard lock(mutex);
        active.push_back(&trainer);
        trainer.setPaused(paused);
    };
    auto runAt = [&](size_t index) {
        summaries[index] = runOne(*trainers[index], compared[index].precision, compared[index].dtype);
    };
    if (order == ComparisonOrder::Interleaved) {
        for (auto& trainer : trainers)
            activate(*trainer);
        // A run skipped by an early stop never takes its seat: leave it so the other runs go on.
        std::vector<std::thread> ampThreads;
        for (size_t index = 1; index < trainers.size(); ++index)
            ampThreads.emplace_back([&, index] {
                runAt(index);
                turns.leave(static_cast<int>(index));
            });
        runAt(0);
        turns.leave(0);
        for (std::thread& thread : ampThreads)
            thread.join();
    } else {
        for (size_t index = 0; index < trainers.size(); ++index) {
            // A stop asked of another rank reaches this one through the FP32 run's agreement alone.
            if (index > 0 && groupEnded(summaries[0])) {
                summaries[index] = notRun(compared[index].precision, compared[index].dtype,
                                          summaries[0].state == RunState::Stopped
                                              ? "Not run: the comparison was stopped."
                                              : "Not run: the FP32 run failed in the data-parallel group.");
                continue;
            }
            activate(*trainers[index]);
            runAt(index);
        }
    }
    result.fp32 = summaries[0];
    if (config.precisionPolicy) {
        result.policy = summaries.back();
        summaries.pop_back();
    }
    result.amp.assign(summaries.begin() + 1, summaries.end());
    std::vector<std::vector<double>> stepLosses;
    for (StepLosses& run : losses)
        stepLosses.push_back(std::move(run.losses));
    result.reportMarkdown = report(result, stepLosses);
    if (writesFolder)
        writeTextAtomically(result.directory + "/report.md", result.reportMarkdown);
    return result;
}

void Comparison::runJob()
{
    run();
}

std::string Comparison::report(const ComparisonResult& result, const std::vector<std::vector<double>>& stepLosses) const
{
    const DeviceInfo machine = probeDevices();
    std::ostringstream report;
    const std::string policyName = config.precisionPolicy ? config.precisionPolicy->name : std::string();
    report << "# FP32 vs " << (runs == ComparisonRuns::Pair ? "AMP" : "AMP bf16 vs AMP fp16")
           << (result.policy ? " vs policy " + policyName : std::string()) << " — " << config.name << "\n\n"
           << comparisonSetup(config, result.amp, machine) << "- Order: "
           << (order == ComparisonOrder::Interleaved ? "interleaved step by step" : "one run after the other") << "\n\n"
           << comparisonTable(result.fp32, result.amp, result.policy, policyName) << "\n";
    for (size_t index = 0; index < result.amp.size(); ++index) {
        const RunSummary& amp = result.amp[index];
        if (result.amp.size() > 1)
            report << precisionLabel(Precision::Amp, ampDtypeOf(amp)) << ": ";
        report << comparisonVerdict(result.fp32, amp, config.batchSize, machine).english() << "\n";
        const auto accuracy = accuracyVerdict(result.fp32, amp,
                                              finalLossDifference(stepLosses.at(0), stepLosses.at(index + 1)));
        if (accuracy)
            report << "\n" << accuracy->english() << "\n";
        if (result.amp.size() > 1)
            report << "\n";
    }
    if (result.policy) {
        report << "\n" << policyVerdict(result.fp32, result.amp.at(0), *result.policy, policyName).english() << "\n";
        const auto accuracy = accuracyVerdict(result.fp32, *result.policy,
                                              finalLossDifference(stepLosses.at(0), stepLosses.back()));
        if (accuracy)
            report << "\n"
                   << EngineMessage(EngineMessage::Code::PolicyAccuracy, {policyName, *accuracy}).english() << "\n";
    }
    return report.str();
}

std::string comparisonSetup(const TrainingConfig& config, const std::vector<RunSummary>& amp, const DeviceInfo& machine)
{
    const RunSummary& first = amp.at(0);
    std::ostringstream setup;
    setup << "- Data: `" << config.dataset << "`, " << first.imageSize << " px, batch " << config.batchSize << ", "
          << (config.maxSteps > 0 ? std::to_string(config.maxSteps) + " steps"
                                  : std::to_string(config.epochs) + " epoch(s)")
          << ", seed " << config.seed << ", augmentation " << (config.augment ? "on" : "off") << ", "
          << (first.validationImages > 0 ? std::to_string(first.validationImages) + " validation images"
                                         : "no validation")
          << (config.channelsLast ? ", channels_last" : "") << "\n"
          << "- Start: " << (config.initWeights.empty() ? std::string("random weights") : config.initWeights)
          << (config.freezeBackbone ? ", backbone frozen" : "") << "\n"
          << "- Optimiser: SGD, learning rate " << config.learningRate << ", momentum " << config.momentum
          << ", weight decay " << config.weightDecay << ", schedule " << toString(config.schedule) << "\n";
    for (const RunSummary& run : amp) {
        const AmpDtype dtype = ampDtypeOf(run);
        const bool scaled = scalesLoss(config.lossScaling, dtype == AmpDtype::Float16);
        setup << "- AMP: " << shortName(dtype) << " autocast, loss scaling " << (scaled ? "on" : "off") << " ("
              << toString(config.lossScaling) << ")";
        if (scaled)
            setup << ", initial scale " << config.scaler.initScale << ", growth every " << config.scaler.growthInterval
                  << " clean steps";
        setup << "\n";
    }
    if (config.precisionPolicy)
        setup << "- Precision policy (the third run): " << describePrecisionPolicy(*config.precisionPolicy) << "\n";
    setup << "- Engine paths: ";
    if (config.enginePaths.isStock())
        setup << "stock libtorch (its own operators and SGD alone)";
    else if (config.enginePaths == EnginePaths::tuned())
        setup << "tuned (the workbench's measured fast paths)";
    else
        setup << toString(config.enginePaths);
    setup << "\n- Device: " << first.deviceDescription << "; loader: " << config.workers
          << (config.workers == 1 ? " worker" : " workers") << " of " << kLoaderWorkerThreads << " thread each\n"
          << "- Software: AMP Workbench " << workbenchVersion() << ", libtorch " << machine.libtorchVersion << "\n";
    return setup.str();
}

std::string comparisonTable(const RunSummary& fp32, const std::vector<RunSummary>& amp,
                            const std::optional<RunSummary>& policy, const std::string& policyName)
{
    // A pair's AMP column is "AMP", as in the recipe's table; a three-way's name their types.
    std::vector<RunSummary> others = amp;
    std::vector<std::string> labels;
    for (const RunSummary& run : amp)
        labels.push_back(amp.size() > 1 ? precisionLabel(Precision::Amp, ampDtypeOf(run)) : "AMP");
    if (policy) {
        others.push_back(*policy);
        labels.push_back("Policy " + policyName);
    }
    bool projected = fp32.epochSecondsProjected;
    bool interleaved = fp32.interleaved;
    for (const RunSummary& run : others) {
        projected = projected || run.epochSecondsProjected;
        interleaved = interleaved || run.interleaved;
    }
    std::string memoryLabel = fp32.memoryIsCuda ? "Peak memory (CUDA allocated)" : "Peak memory (process RSS)";
    if (interleaved)
        memoryLabel += others.size() > 1 ? ", all runs at once" : ", both runs at once";
    std::ostringstream table;
    // One row: the metric, FP32's cell, each other run's cell, then each other run against FP32.
    auto row = [&](const std::string& metric, const std::string& fp32Cell, auto cell, auto against) {
        table << "| " << metric << " | " << fp32Cell;
        for (const RunSummary& run : others)
            table << " | " << cell(run);
        for (const RunSummary& run : others)
            table << " | " << against(run);
        table << " |\n";
    };
    table << "| Metric | FP32";
    for (const std::string& label : labels)
        table << " | " << label;
    for (const std::string& label : labels)
        table << " | " << label << " vs FP32";
    table << " |\n|---|---:";
    for (size_t column = 0; column < 2 * others.size(); ++column)
        table << "|---:";
    table << "|\n";
    row((projected ? "Epoch time (projected)" : "Epoch time"), format("%.1f s", fp32.epochSeconds),
        [](const RunSummary& run) { return format("%.1f s", run.epochSeconds); },
        [&](const RunSummary& run) { return epochTimeChange(run.epochSeconds, fp32.epochSeconds); });
    const std::string inRanks = fp32.worldSize > 1 ? " in " + std::to_string(fp32.worldSize) + " ranks" : "";
    row(
        "Throughput", format("%.0f img/s", fp32.groupImagesPerSecond()) + inRanks,
        [&](const RunSummary& run) { return format("%.0f img/s", run.groupImagesPerSecond()) + inRanks; },
        [&](const RunSummary& run) { return throughputRatio(run, fp32); });
    row(
        memoryLabel, megabytes(fp32.peakMemoryBytes),
        [](const RunSummary& run) { return megabytes(run.peakMemoryBytes); },
        [&](const RunSummary& run) {
            return change(static_cast<double>(run.peakMemoryBytes), static_cast<double>(fp32.peakMemoryBytes));
        });
    const std::pair<const char*, double RunSummary::*> accuracies[] = {{"Final top-1", &RunSummary::finalTop1},
                                                                       {"Final top-5", &RunSummary::finalTop5}};
    for (const auto& [metric, member] : accuracies) {
        const auto value = member;
        row(
            metric, accuracy(fp32.*value, fp32), [value](const RunSummary& run) { return accuracy(run.*value, run); },
            [&fp32, value](const RunSummary& run) {
                return fp32.validated && run.validated
                         ? points(run.*value, run.validationImages, fp32.*value, fp32.validationImages)
                         : std::string();
            });
    }
    const auto nothing = [](const RunSummary&) { return std::string(); };
    row(
        "Skipped steps / NaN losses", std::to_string(fp32.skippedSteps) + " / " + std::to_string(fp32.nonFiniteLosses),
        [](const RunSummary& run) {
            return std::to_string(run.skippedSteps) + " / " + std::to_string(run.nonFiniteLosses);
        },
        nothing);
    row(
        "Run state", toString(fp32.state), [](const RunSummary& run) { return toString(run.state); }, nothing);
    return table.str();
}

EngineMessage comparisonVerdict(const RunSummary& fp32, const RunSummary& amp, int64_t batchSize,
                                const DeviceInfo& machine)
{
    using Code = EngineMessage::Code;
    const int64_t imageSize = amp.imageSize;
    if (fp32.state == RunState::Failed || amp.state == RunState::Failed)
        return EngineMessage(Code::VerdictRunFailed, {fp32.state == RunState::Failed ? fp32.message : amp.message});
    if (fp32.imagesPerSecond <= 0.0 || amp.imagesPerSecond <= 0.0)
        return EngineMessage(Code::VerdictTooFewSteps);
    const double speedup = amp.imagesPerSecond / fp32.imagesPerSecond;
    const double margin = throughputRatioMargin(amp.imagesPerSecondError, fp32.imagesPerSecondError);
    if (withinNoise(speedup, margin))
        return EngineMessage(Code::VerdictTooShortToTell,
                             {format("%.2f", speedup), format("%.0f", margin * 100.0),
                              EngineMessage(fp32.interleaved || amp.interleaved
                                                ? Code::AdviceTrainMoreSteps
                                                : Code::AdviceTrainMoreStepsOrInterleave)});
    // Two measures, both named: steady-state images/s, and the epoch's time with warm-up and evaluation.
    const std::string throughput = format("%.2f", speedup);
    const std::string epochTime = format("%.2f", amp.epochSeconds / fp32.epochSeconds);
    if (speedup >= 1.1) {
        if (amp.peakMemoryBytes < fp32.peakMemoryBytes && !amp.interleaved && !fp32.interleaved)
            return EngineMessage(Code::VerdictAmpHelpedWithLessMemory,
                                 {throughput, epochTime,
                                  format("%.0f", (1.0 - double(amp.peakMemoryBytes) / fp32.peakMemoryBytes) * 100.0)});
        return EngineMessage(Code::VerdictAmpHelped, {throughput, epochTime});
    }
    const bool cuda = fp32.memoryIsCuda;
    const AmpDtype dtype = ampDtypeOf(amp);
    EngineMessage reason(Code::ReasonNotSpedUpByAutocast);
    if (!cuda && dtype == AmpDtype::BFloat16 && !machine.cpuHasBf16Units())
        reason = EngineMessage(Code::ReasonNoBf16Units);
    else if (!cuda && dtype == AmpDtype::Float16 && !machine.cpuHasFp16Units())
        reason = EngineMessage(Code::ReasonNoFp16Units);
    else if (!cuda && dtype == AmpDtype::Float16)
        reason = EngineMessage(Code::ReasonCpuFp16Gradients);
    else if (imageSize > 0 && imageSize <= 32)
        reason = EngineMessage(Code::ReasonSmallImages, {std::to_string(imageSize)});
    else if (batchSize < 32)
        reason = EngineMessage(Code::ReasonSmallBatch, {std::to_string(batchSize)});
    return EngineMessage(Code::VerdictAmpDidNotHelp, {throughput, epochTime, std::move(reason)});
}

std::optional<EngineMessage> accuracyVerdict(const RunSummary& fp32, const RunSummary& amp,
                                             const LossDifference& losses)
{
    using Code = EngineMessage::Code;
    if (!fp32.validated || !amp.validated || fp32.state == RunState::Failed || amp.state == RunState::Failed)
        return std::nullopt;
    const double points = (amp.finalTop1 - fp32.finalTop1) * 100.0;
    const double sample =
        accuracyDifferenceMargin(amp.finalTop1, amp.validationImages, fp32.finalTop1, fp32.validationImages) * 100.0;
    const std::string difference = formatted("%+.2f", points);
    if (losses.steps == 0)
        return EngineMessage(Code::AccuracyTooFewSteps, {difference});
    const std::string lossMean = formatted("%+.3f", losses.mean);
    const std::string lossMargin = formatted("%.3f", losses.margin);
    const std::string steps = std::to_string(losses.steps);
    if (!losses.apart())
        return EngineMessage(Code::AccuracyWithinLossSpread, {difference, lossMean, lossMargin, steps});
    const std::string sampleMargin = formatted("%.2f", sample);
    if (std::abs(points) <= sample)
        return EngineMessage(Code::AccuracyWithinSampleMargin, {difference, sampleMargin, lossMean, lossMargin, steps});
    return EngineMessage(Code::AccuracyDifferenceTold, {difference, sampleMargin, lossMean, lossMargin, steps});
}

EngineMessage policyVerdict(const RunSummary& fp32, const RunSummary& amp, const RunSummary& policy,
                            const std::string& policyName)
{
    using Code = EngineMessage::Code;
    for (const RunSummary* run : {&fp32, &amp, &policy})
        if (run->state == RunState::Failed)
            return EngineMessage(Code::VerdictRunFailed, {run->message});
    if (fp32.imagesPerSecond <= 0.0 || amp.imagesPerSecond <= 0.0 || policy.imagesPerSecond <= 0.0)
        return EngineMessage(Code::VerdictTooFewSteps);
    const double overFp32 = policy.imagesPerSecond / fp32.imagesPerSecond;
    const double overAmp = policy.imagesPerSecond / amp.imagesPerSecond;
    const double fp32Margin = throughputRatioMargin(policy.imagesPerSecondError, fp32.imagesPerSecondError);
    const double ampMargin = throughputRatioMargin(policy.imagesPerSecondError, amp.imagesPerSecondError);
    const bool fp32Told = !withinNoise(overFp32, fp32Margin);
    const bool ampTold = !withinNoise(overAmp, ampMargin);
    const std::vector<EngineMessage::Argument> ratios{policyName, format("%.2f", overFp32), format("%.2f", overAmp)};
    if (fp32Told && ampTold && overFp32 > 1.0 && overAmp > 1.0)
        return EngineMessage(Code::PolicyBeatBoth, ratios);
    if ((fp32Told && overFp32 <= 1.0) || (ampTold && overAmp <= 1.0))
        return EngineMessage(Code::PolicyDidNotBeatBoth, ratios);
    std::vector<EngineMessage::Argument> uncertain = ratios;
    uncertain.emplace_back(format("%.0f", std::max(fp32Margin, ampMargin) * 100.0));
    uncertain.emplace_back(
        EngineMessage(policy.interleaved ? Code::AdviceTrainMoreSteps : Code::AdviceTrainMoreStepsOrInterleave));
    return EngineMessage(Code::PolicyTooShortToTell, std::move(uncertain));
}

} // namespace ampwb
