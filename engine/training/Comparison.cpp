#include "training/Comparison.h"

#include "system/AtomicFile.h"
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
    char text[64];
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

std::string change(double amp, double fp32)
{
    return fp32 > 0.0 ? format("%+.1f %%", (amp - fp32) / fp32 * 100.0) : "–";
}

std::string points(double amp, double fp32)
{
    return format("%+.2f pt", (amp - fp32) * 100.0);
}

} // namespace

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

RunSummary Comparison::runOne(Trainer& trainer, Precision precision)
{
    RunSummary summary = stopRequested ? RunSummary{} : trainer.run();
    {
        std::lock_guard lock(mutex);
        active.erase(std::remove(active.begin(), active.end(), &trainer), active.end());
    }
    if (stopRequested && summary.runDirectory.empty()) {
        summary.state = RunState::Stopped;
        summary.precision = precision;
        summary.message = "Not run: the comparison was stopped.";
    }
    return summary;
}

ComparisonResult Comparison::run()
{
    ComparisonResult result;
    if (config.name.empty())
        config.name = Trainer::timestampedRunName("compare");
    RunFolder folder = RunFolder::create(config.runsDirectory, config.name);
    result.directory = folder.directory();

    const std::array<Precision, 2> precisions{Precision::Fp32, Precision::Amp};
    std::vector<std::unique_ptr<Trainer>> trainers;
    StepTurns turns(static_cast<int>(precisions.size()));
    for (Precision precision : precisions) {
        TrainingConfig runConfig = config;
        runConfig.precision = precision;
        runConfig.runsDirectory = result.directory;
        runConfig.name = toString(precision);
        auto& trainer = *trainers.emplace_back(std::make_unique<Trainer>(runConfig));
        trainer.addObserver(&observers);
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
            activate(*trainers[index]);
            summaries[index] = runOne(*trainers[index], precisions[index]);
        }
    }
    result.fp32 = summaries[0];
    result.amp = summaries[1];
    result.reportMarkdown = report(result);
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
           << "Dataset `" << config.dataset << "`, batch " << config.batchSize << ", " << result.amp.imageSize << " px"
           << (config.channelsLast ? ", channels_last" : "") << ", seed " << config.seed << ", "
           << (config.maxSteps > 0 ? std::to_string(config.maxSteps) + " steps"
                                   : std::to_string(config.epochs) + " epoch(s)")
           << (order == ComparisonOrder::Interleaved ? ", interleaved step by step" : ", one run after the other")
           << ".\nDevice: " << result.fp32.deviceDescription << "; libtorch " << machine.libtorchVersion << ".\n\n"
           << comparisonTable(result.fp32, result.amp) << "\n"
           << comparisonVerdict(result.fp32, result.amp, config.batchSize, machine) << "\n";
    return report.str();
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
          << " | " << format("%.1f s", amp.epochSeconds) << " | " << ratio(fp32.epochSeconds, amp.epochSeconds)
          << " speedup |\n";
    table << "| Throughput | " << format("%.0f img/s", fp32.imagesPerSecond) << " | "
          << format("%.0f img/s", amp.imagesPerSecond) << " | " << ratio(amp.imagesPerSecond, fp32.imagesPerSecond)
          << " |\n";
    table << "| " << memoryLabel << " | " << megabytes(fp32.peakMemoryBytes) << " | " << megabytes(amp.peakMemoryBytes)
          << " | " << change(static_cast<double>(amp.peakMemoryBytes), static_cast<double>(fp32.peakMemoryBytes))
          << " |\n";
    table << "| Final top-1 | " << format("%.2f %%", fp32.finalTop1 * 100.0) << " | "
          << format("%.2f %%", amp.finalTop1 * 100.0) << " | " << points(amp.finalTop1, fp32.finalTop1) << " |\n";
    table << "| Final top-5 | " << format("%.2f %%", fp32.finalTop5 * 100.0) << " | "
          << format("%.2f %%", amp.finalTop5 * 100.0) << " | " << points(amp.finalTop5, fp32.finalTop5) << " |\n";
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
    std::ostringstream verdict;
    if (speedup >= 1.1) {
        verdict << format("AMP helped: %.2f× the FP32 throughput", speedup);
        if (amp.peakMemoryBytes < fp32.peakMemoryBytes && !amp.interleaved && !fp32.interleaved)
            verdict << format(" with %.0f %% less peak memory",
                              (1.0 - double(amp.peakMemoryBytes) / fp32.peakMemoryBytes) * 100.0);
        verdict << ".";
        return verdict.str();
    }
    verdict << format("AMP did not help here (%.2f× FP32 throughput)", speedup) << ". Likely reason: ";
    const bool cuda = fp32.memoryIsCuda;
    if (!cuda && !machine.cpuHasBf16Units())
        verdict << "this CPU has no bf16 units (AVX512-BF16 or AMX), so bf16 math is emulated.";
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
