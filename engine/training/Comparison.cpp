#include "training/Comparison.h"

#include "distributed/ProcessGroup.h"
#include "system/AtomicFile.h"
#include "system/CudaSupport.h"
#include "system/ThreadPolicy.h"
#include "system/VersionReport.h"
#include "training/MeasurementNoise.h"
#include "training/RunFolder.h"
#include "training/StepTurns.h"
#include "training/Trainer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <thread>

namespace ampwb {
namespace {

std::string format(const char* pattern, double value)
{
    if (!std::isfinite(value))
        return "–";
    char text[256];
    std::snprintf(text, sizeof text, pattern, value);
    return text;
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

/// A run's final accuracy, or "–" when it was not validated.
std::string accuracy(double fraction, const RunSummary& run)
{
    return run.validated ? format("%.2f %%", fraction * 100.0) : "–";
}

/// The summary of a run the comparison did not start.
RunSummary notRun(Precision precision, std::string message)
{
    RunSummary summary;
    summary.state = RunState::Stopped;
    summary.precision = precision;
    summary.message = std::move(message);
    return summary;
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

Comparison::Comparison(TrainingConfig config, ComparisonOrder order)
    : config(std::move(config))
    , order(order)
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

RunSummary Comparison::runOne(Trainer& trainer, Precision precision)
{
    RunSummary summary = stopRequested ? RunSummary{} : trainer.run();
    {
        std::lock_guard lock(mutex);
        active.erase(std::remove(active.begin(), active.end(), &trainer), active.end());
    }
    if (stopRequested && summary.runDirectory.empty())
        return notRun(precision, "Not run: the comparison was stopped.");
    return summary;
}

ComparisonResult Comparison::run()
{
    if (group && order == ComparisonOrder::Interleaved)
        throw std::invalid_argument("An interleaved comparison runs in one process; compare data-parallel one run "
                                    "after the other.");
    const bool writesFolder = leadsTheRun(group.get());
    ComparisonResult result;
    if (config.name.empty())
        config.name = Trainer::timestampedRunName("compare");
    if (writesFolder)
        result.directory = RunFolder::create(config.runsDirectory, config.name).directory();

    const std::array<Precision, 2> precisions{Precision::Fp32, Precision::Amp};
    std::vector<std::unique_ptr<Trainer>> trainers;
    StepTurns turns(static_cast<int>(precisions.size()));
    for (Precision precision : precisions) {
        TrainingConfig runConfig = config;
        runConfig.precision = precision;
        if (writesFolder)
            runConfig.runsDirectory = result.directory;
        runConfig.name = toString(precision);
        auto& trainer = *trainers.emplace_back(std::make_unique<Trainer>(runConfig));
        trainer.addObserver(&observers);
        if (group)
            trainer.joinGroup(group);
        if (order == ComparisonOrder::Interleaved)
            trainer.takeTurns(turns, static_cast<int>(trainers.size()) - 1);
    }
    std::array<RunSummary, 2> summaries;
    auto activate = [&](Trainer& trainer) {
        std::lock_guard lock(mutex);
        active.push_back(&trainer);
        trainer.setPaused(paused);
    };
    if (order == ComparisonOrder::Interleaved) {
        for (auto& trainer : trainers)
            activate(*trainer);
        // A run skipped by an early stop never takes its seat: leave it so the other run goes on.
        std::thread ampThread([&] {
            summaries[1] = runOne(*trainers[1], precisions[1]);
            turns.leave(1);
        });
        summaries[0] = runOne(*trainers[0], precisions[0]);
        turns.leave(0);
        ampThread.join();
    } else {
        for (size_t index = 0; index < trainers.size(); ++index) {
            // A stop asked of another rank reaches this one through the FP32 run's agreement alone.
            if (index > 0 && groupEnded(summaries[0])) {
                summaries[index] = notRun(precisions[index], summaries[0].state == RunState::Stopped
                                                                 ? "Not run: the comparison was stopped."
                                                                 : "Not run: the FP32 run failed in the data-parallel "
                                                                   "group.");
                continue;
            }
            activate(*trainers[index]);
            summaries[index] = runOne(*trainers[index], precisions[index]);
        }
    }
    result.fp32 = summaries[0];
    result.amp = summaries[1];
    result.reportMarkdown = report(result);
    if (writesFolder)
        writeTextAtomically(result.directory + "/report.md", result.reportMarkdown);
    return result;
}

void Comparison::runJob()
{
    run();
}

std::string Comparison::report(const ComparisonResult& result) const
{
    const DeviceInfo machine = probeDevices();
    std::ostringstream report;
    report << "# FP32 vs AMP — " << config.name << "\n\n"
           << comparisonSetup(config, result.amp, machine) << "- Order: "
           << (order == ComparisonOrder::Interleaved ? "interleaved step by step" : "one run after the other") << "\n\n"
           << comparisonTable(result.fp32, result.amp) << "\n"
           << comparisonVerdict(result.fp32, result.amp, config.batchSize, machine) << "\n";
    return report.str();
}

std::string comparisonSetup(const TrainingConfig& config, const RunSummary& amp, const DeviceInfo& machine)
{
    const AmpDtype dtype = ampDtypeOf(amp);
    const bool scaled = scalesLoss(config.lossScaling, dtype);
    std::ostringstream setup;
    setup << "- Data: `" << config.dataset << "`, " << amp.imageSize << " px, batch " << config.batchSize << ", "
          << (config.maxSteps > 0 ? std::to_string(config.maxSteps) + " steps"
                                  : std::to_string(config.epochs) + " epoch(s)")
          << ", seed " << config.seed << ", augmentation " << (config.augment ? "on" : "off") << ", "
          << (amp.validationImages > 0 ? std::to_string(amp.validationImages) + " validation images" : "no validation")
          << (config.channelsLast ? ", channels_last" : "") << "\n"
          << "- Start: " << (config.initWeights.empty() ? std::string("random weights") : config.initWeights)
          << (config.freezeBackbone ? ", backbone frozen" : "") << "\n"
          << "- Optimiser: SGD, learning rate " << config.learningRate << ", momentum " << config.momentum
          << ", weight decay " << config.weightDecay << ", schedule " << toString(config.schedule) << "\n"
          << "- AMP: " << shortName(dtype) << " autocast, loss scaling " << (scaled ? "on" : "off") << " ("
          << toString(config.lossScaling) << ")";
    if (scaled)
        setup << ", initial scale " << config.scaler.initScale << ", growth every " << config.scaler.growthInterval
              << " clean steps";
    setup << "\n- Engine paths: ";
    if (config.enginePaths.isStock())
        setup << "stock libtorch (its own operators and SGD alone)";
    else if (config.enginePaths == EnginePaths::tuned())
        setup << "tuned (the workbench's measured fast paths)";
    else
        setup << toString(config.enginePaths);
    setup << "\n- Device: " << amp.deviceDescription << "; loader: " << config.workers
          << (config.workers == 1 ? " worker" : " workers") << " of " << kLoaderWorkerThreads << " thread each\n"
          << "- Software: AMP Workbench " << workbenchVersion() << ", libtorch " << machine.libtorchVersion << "\n";
    return setup.str();
}

std::string comparisonTable(const RunSummary& fp32, const RunSummary& amp)
{
    const bool projected = fp32.epochSecondsProjected || amp.epochSecondsProjected;
    std::string memoryLabel = fp32.memoryIsCuda ? "Peak memory (CUDA allocated)" : "Peak memory (process RSS)";
    if (fp32.interleaved || amp.interleaved)
        memoryLabel += ", both runs at once";
    std::ostringstream table;
    table << "| Metric | FP32 | AMP | AMP vs FP32 |\n|---|---:|---:|---:|\n";
    table << "| Epoch time" << (projected ? " (projected)" : "") << " | " << format("%.1f s", fp32.epochSeconds)
          << " | " << format("%.1f s", amp.epochSeconds) << " | "
          << epochTimeChange(amp.epochSeconds, fp32.epochSeconds) << " |\n";
    const std::string inRanks = fp32.worldSize > 1 ? " in " + std::to_string(fp32.worldSize) + " ranks" : "";
    table << "| Throughput | " << format("%.0f img/s", fp32.groupImagesPerSecond()) << inRanks << " | "
          << format("%.0f img/s", amp.groupImagesPerSecond()) << inRanks << " | " << throughputRatio(amp, fp32)
          << " |\n";
    table << "| " << memoryLabel << " | " << megabytes(fp32.peakMemoryBytes) << " | " << megabytes(amp.peakMemoryBytes)
          << " | " << change(static_cast<double>(amp.peakMemoryBytes), static_cast<double>(fp32.peakMemoryBytes))
          << " |\n";
    const bool bothValidated = fp32.validated && amp.validated;
    table << "| Final top-1 | " << accuracy(fp32.finalTop1, fp32) << " | " << accuracy(amp.finalTop1, amp) << " | "
          << (bothValidated ? points(amp.finalTop1, amp.validationImages, fp32.finalTop1, fp32.validationImages) : "")
          << " |\n";
    table << "| Final top-5 | " << accuracy(fp32.finalTop5, fp32) << " | " << accuracy(amp.finalTop5, amp) << " | "
          << (bothValidated ? points(amp.finalTop5, amp.validationImages, fp32.finalTop5, fp32.validationImages) : "")
          << " |\n";
    table << "| Skipped steps / NaN losses | " << fp32.skippedSteps << " / " << fp32.nonFiniteLosses << " | "
          << amp.skippedSteps << " / " << amp.nonFiniteLosses << " | |\n";
    table << "| Run state | " << toString(fp32.state) << " | " << toString(amp.state) << " | |\n";
    return table.str();
}

std::string comparisonVerdict(const RunSummary& fp32, const RunSummary& amp, int64_t batchSize,
                              const DeviceInfo& machine)
{
    const int64_t imageSize = amp.imageSize;
    if (fp32.state == RunState::Failed || amp.state == RunState::Failed)
        return "No verdict: a run failed (" + (fp32.state == RunState::Failed ? fp32.message : amp.message) + ").";
    if (fp32.imagesPerSecond <= 0.0 || amp.imagesPerSecond <= 0.0)
        return "No verdict: a run did not take enough steps to measure.";
    const double speedup = amp.imagesPerSecond / fp32.imagesPerSecond;
    const double margin = throughputRatioMargin(amp.imagesPerSecondError, fp32.imagesPerSecondError);
    std::ostringstream verdict;
    if (margin > 0.0 && std::abs(speedup - 1.0) <= margin * speedup) {
        verdict << format("Too short to tell: AMP ran at %.2f× the FP32 throughput, but the step times of these runs",
                          speedup)
                << format(" leave ±%.0f %% of uncertainty (95 %%). ", margin * 100.0)
                << (fp32.interleaved || amp.interleaved ? "Train more steps."
                                                        : "Train more steps, or interleave the two runs.");
        return verdict.str();
    }
    // Two measures, both named: steady-state images/s, and the epoch's time with warm-up and evaluation.
    const std::string measures = format("%.2f× the FP32 throughput (steady-state images/s), and an epoch took", speedup)
                               + format(" %.2f× as long", amp.epochSeconds / fp32.epochSeconds);
    if (speedup >= 1.1) {
        verdict << "AMP helped: " << measures;
        if (amp.peakMemoryBytes < fp32.peakMemoryBytes && !amp.interleaved && !fp32.interleaved)
            verdict << format(", with %.0f %% less peak memory",
                              (1.0 - double(amp.peakMemoryBytes) / fp32.peakMemoryBytes) * 100.0);
        verdict << ".";
        return verdict.str();
    }
    verdict << "AMP did not help here: " << measures << ". Likely reason: ";
    const bool cuda = fp32.memoryIsCuda;
    const AmpDtype dtype = ampDtypeOf(amp);
    if (!cuda && dtype == AmpDtype::BFloat16 && !machine.cpuHasBf16Units())
        verdict << "this CPU has no bf16 units (AVX512-BF16 or AMX), so bf16 math is emulated.";
    else if (!cuda && dtype == AmpDtype::Float16 && !machine.cpuHasFp16Units())
        verdict << "this CPU has no fp16 units (AVX512-FP16 or AMX-FP16), so fp16 math is converted to fp32 and "
                   "back around every product.";
    else if (imageSize > 0 && imageSize <= 32)
        verdict << "the images are small (" << imageSize
                << " px), so the layers are too small for reduced precision to pay for its casts.";
    else if (batchSize < 32)
        verdict << "the batch is small (" << batchSize << "), so per-step overhead dominates.";
    else
        verdict << "the step is bound by work that autocast does not speed up (casts, batch norm, data loading).";
    return verdict.str();
}

} // namespace ampwb
