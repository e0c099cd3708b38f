#include "ConsoleObserver.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <unistd.h>

using nlohmann::json;

namespace ampwb::cli {
namespace {

/// A policy's name, or null for none.
json policyName(const std::string& name)
{
    return name.empty() ? json(nullptr) : json(name);
}

json finite(double value)
{
    return std::isfinite(value) ? json(value) : json(nullptr);
}

void printLine(const json& object)
{
    std::fputs((object.dump() + "\n").c_str(), stdout);
    std::fflush(stdout);
}

std::string duration(double seconds)
{
    if (!std::isfinite(seconds) || seconds < 0)
        return "--:--";
    char text[32];
    const auto total = static_cast<long>(seconds);
    if (total >= 3600)
        std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", total / 3600, total / 60 % 60, total % 60);
    else
        std::snprintf(text, sizeof text, "%02ld:%02ld", total / 60, total % 60);
    return text;
}

} // namespace

ConsoleObserver::ConsoleObserver(ConsoleStyle style)
    : style(style)
    , terminal(isatty(STDOUT_FILENO) == 1)
{
}

void ConsoleObserver::runStarted(const RunStarted& started)
{
    firstStep = started.firstStep;
    start = std::chrono::steady_clock::now();
    const std::string& policy = policies[started.runDirectory] = started.precisionPolicy ? started.precisionPolicy->name
                                                                                         : std::string();
    if (style == ConsoleStyle::Json) {
        printLine({{"event", "started"},
                   {"precision", toString(started.precision)},
                   {"amp_dtype", toString(started.ampDtype)},
                   {"precision_policy", policyName(policy)},
                   {"run_directory", started.runDirectory},
                   {"device", started.deviceDescription.english()},
                   {"dataset", started.datasetDescription},
                   {"train_images", started.trainImages},
                   {"validation_images", started.validationImages},
                   {"image_size", started.imageSize},
                   {"weights_stored_reduced", started.weightsStoredReduced},
                   {"loss_scaling", started.lossScaling},
                   {"steps_per_epoch", started.stepsPerEpoch},
                   {"total_steps", started.totalSteps},
                   {"first_step", started.firstStep},
                   {"init_weights", started.start ? started.start->file : std::string()},
                   {"head_replaced", started.start && started.start->headReplaced},
                   {"backbone_frozen", started.backboneFrozen}});
        return;
    }
    if (style == ConsoleStyle::Quiet)
        return;
    const std::string precision = started.precision == Precision::Amp ? "amp (" + shortName(started.ampDtype) + ")"
                                                                      : toString(started.precision);
    std::printf("%s run in %s\n  data: %s (%lld train / %lld validation images, %lld px)\n  device: %s%s\n",
                precision.c_str(), started.runDirectory.c_str(), started.datasetDescription.c_str(),
                static_cast<long long>(started.trainImages), static_cast<long long>(started.validationImages),
                static_cast<long long>(started.imageSize), started.deviceDescription.english().c_str(),
                started.lossScaling ? ", dynamic loss scaling" : "");
    if (started.precisionPolicy)
        std::printf("  precision policy: %s\n", describePrecisionPolicy(*started.precisionPolicy).c_str());
    if (started.weightsStoredReduced > 0)
        std::printf("  weights: %lld values stored reduced, their fp32 masters stepped by the optimizer\n",
                    static_cast<long long>(started.weightsStoredReduced));
    if (started.start) {
        const WeightsOrigin& origin = *started.start;
        const std::string fileHead = "its " + std::to_string(origin.fileClasses) + "-class head";
        const std::string head = origin.headReplaced ? fileHead + " replaced by a new "
                                                           + std::to_string(started.classNames.size()) + "-class head"
                                                     : fileHead + " kept";
        std::printf("  weights: %s (%s), %s%s\n", origin.file.c_str(), origin.sha256.substr(0, 12).c_str(),
                    head.c_str(), started.backboneFrozen ? ", backbone frozen (only the head trains)" : "");
    }
    std::fflush(stdout);
}

void ConsoleObserver::stepFinished(const StepMetrics& step)
{
    if (style == ConsoleStyle::Json) {
        printLine({{"event", "step"},
                   {"precision", toString(step.precision)},
                   {"amp_dtype", toString(step.ampDtype)},
                   {"policy_run", step.policyRun},
                   {"step", step.step},
                   {"epoch", step.epoch},
                   {"loss", finite(step.loss)},
                   {"loss_scale", step.lossScale},
                   {"skipped", step.skipped},
                   {"step_ms", step.stepMilliseconds},
                   {"images_per_s", step.imagesPerSecond},
                   {"data_wait_ms", step.dataWaitMilliseconds},
                   {"lr", step.learningRate},
                   {"peak_memory_bytes", step.memory.peakBytes()}});
        return;
    }
    if (style == ConsoleStyle::Auto && terminal)
        drawBar(step);
}

void ConsoleObserver::drawBar(const StepMetrics& step)
{
    const auto now = std::chrono::steady_clock::now();
    if (step.step != step.totalSteps && now - lastDraw < std::chrono::milliseconds(100))
        return;
    lastDraw = now;
    const double fraction = step.totalSteps > 0 ? static_cast<double>(step.step) / step.totalSteps : 0.0;
    constexpr int width = 28;
    const int filled = static_cast<int>(fraction * width);
    const double elapsed = std::chrono::duration<double>(now - start).count();
    const int64_t done = step.step - firstStep + 1;
    const double eta = done > 0 ? elapsed / done * static_cast<double>(step.totalSteps - step.step) : NAN;
    std::printf("\r%-4s [%s%s] %lld/%lld  epoch %lld  loss %.4f  scale %g  %.0f img/s  ETA %s ",
                toString(step.precision).c_str(), std::string(static_cast<size_t>(filled), '#').c_str(),
                std::string(static_cast<size_t>(width - filled), '.').c_str(), static_cast<long long>(step.step),
                static_cast<long long>(step.totalSteps), static_cast<long long>(step.epoch), step.loss, step.lossScale,
                step.imagesPerSecond, duration(eta).c_str());
    std::fflush(stdout);
}

void ConsoleObserver::epochFinished(const EpochMetrics& epoch)
{
    if (style == ConsoleStyle::Json) {
        printLine({{"event", "epoch"},
                   {"precision", toString(epoch.precision)},
                   {"amp_dtype", toString(epoch.ampDtype)},
                   {"policy_run", epoch.policyRun},
                   {"epoch", epoch.epoch},
                   {"complete", epoch.complete},
                   {"steps", epoch.steps},
                   {"train_loss", finite(epoch.trainLoss)},
                   {"train_accuracy", epoch.trainAccuracy},
                   {"val_loss", finite(epoch.validationLoss)},
                   {"val_top1", finite(epoch.validationTop1)},
                   {"val_top5", finite(epoch.validationTop5)},
                   {"epoch_s", epoch.epochSeconds},
                   {"images_per_s", epoch.imagesPerSecond},
                   {"peak_memory_bytes", epoch.peakMemoryBytes},
                   {"skipped_steps", epoch.skippedSteps}});
        return;
    }
    if (style == ConsoleStyle::Quiet)
        return;
    if (terminal)
        std::printf("\n");
    char validation[96] = "not validated";
    if (!std::isnan(epoch.validationLoss))
        std::snprintf(validation, sizeof validation, "val loss %.4f, top-1 %.2f %%, top-5 %.2f %%",
                      epoch.validationLoss, epoch.validationTop1 * 100.0, epoch.validationTop5 * 100.0);
    std::printf("%s epoch %lld%s: train loss %.4f, acc %.2f %% | %s | %.1f s, %.0f img/s\n",
                toString(epoch.precision).c_str(), static_cast<long long>(epoch.epoch),
                epoch.complete ? "" : " (partial)", epoch.trainLoss, epoch.trainAccuracy * 100.0, validation,
                epoch.epochSeconds, epoch.imagesPerSecond);
    std::fflush(stdout);
}

void ConsoleObserver::runFinished(const RunSummary& summary)
{
    if (style == ConsoleStyle::Json) {
        const auto policy = policies.find(summary.runDirectory);
        printLine({{"event", "finished"},
                   {"precision", toString(summary.precision)},
                   {"amp_dtype", toString(summary.ampDtype)},
                   {"precision_policy", policyName(policy != policies.end() ? policy->second : std::string())},
                   {"state", toString(summary.state)},
                   {"message", summary.message.english()},
                   {"run_directory", summary.runDirectory},
                   {"steps", summary.steps},
                   {"images_per_second", summary.imagesPerSecond},
                   {"world_size", summary.worldSize},
                   {"median_step_ms", summary.medianStepMilliseconds},
                   {"epoch_seconds", summary.epochSeconds},
                   {"peak_memory_bytes", summary.peakMemoryBytes},
                   {"validated", summary.validated},
                   {"final_top1", summary.finalTop1},
                   {"final_top5", summary.finalTop5},
                   {"skipped_steps", summary.skippedSteps},
                   {"non_finite_losses", summary.nonFiniteLosses},
                   {"final_loss_scale", summary.finalLossScale}});
        return;
    }
    if (terminal && style == ConsoleStyle::Auto)
        std::printf("\n");
    if (summary.state == RunState::Failed) {
        std::fprintf(stderr, "error: %s\n", summary.message.english().c_str());
        return;
    }
    char accuracy[64] = "not validated";
    if (summary.validated)
        std::snprintf(accuracy, sizeof accuracy, "top-1 %.2f %%, top-5 %.2f %%", summary.finalTop1 * 100.0,
                      summary.finalTop5 * 100.0);
    char throughput[64];
    if (summary.worldSize > 1)
        std::snprintf(throughput, sizeof throughput, "%.0f img/s in %lld ranks", summary.groupImagesPerSecond(),
                      static_cast<long long>(summary.worldSize));
    else
        std::snprintf(throughput, sizeof throughput, "%.0f img/s", summary.imagesPerSecond);
    std::printf("%s %s after %lld steps: %s (median step %.1f ms), %s, peak memory %.0f MB%s\n",
                toString(summary.precision).c_str(), toString(summary.state).c_str(),
                static_cast<long long>(summary.steps), throughput, summary.medianStepMilliseconds, accuracy,
                static_cast<double>(summary.peakMemoryBytes) / 1e6,
                summary.memoryIsCuda ? " (CUDA allocated)" : " (RSS)");
    if (summary.skippedSteps > 0 || summary.finalLossScale != 1.0)
        std::printf("  loss scaling: %lld steps skipped, final scale %g\n",
                    static_cast<long long>(summary.skippedSteps), summary.finalLossScale);
    if (const std::string message = summary.message.english(); !message.empty())
        std::printf("  %s\n", message.c_str());
    std::fflush(stdout);
}

void ConsoleObserver::comparisonFinished(const std::string& reportMarkdown, const std::string& reportPath)
{
    if (style == ConsoleStyle::Json) {
        printLine({{"event", "report"}, {"path", reportPath}});
        return;
    }
    std::printf("%s\nReport: %s\n", reportMarkdown.c_str(), reportPath.c_str());
    std::fflush(stdout);
}

} // namespace ampwb::cli
