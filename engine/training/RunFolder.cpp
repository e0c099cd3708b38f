#include "training/RunFolder.h"

#include "system/AtomicFile.h"
#include "system/VersionReport.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <iomanip>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace fs = std::filesystem;
using nlohmann::json;

namespace ampwb {
namespace {

constexpr const char* kStepsHeader =
    "step,epoch,step_in_epoch,loss,loss_scale,skipped,step_ms,images_per_s,data_wait_ms,learning_rate,wall_s,"
    "allocated_bytes,reserved_bytes,peak_allocated_bytes,peak_reserved_bytes,rss_bytes,peak_rss_bytes";
constexpr const char* kEpochsHeader =
    "epoch,steps,complete,train_loss,train_accuracy,val_loss,val_top1,val_top5,epoch_s,images_per_s,"
    "peak_memory_bytes,skipped_steps";

/// Keeps the header and the rows whose first column is at most `last`.
void truncateCsv(const std::string& path, int64_t last)
{
    std::ifstream in(path);
    if (!in)
        return;
    std::vector<std::string> kept;
    for (std::string line; std::getline(in, line);) {
        if (kept.empty() || std::stoll(line.substr(0, line.find(','))) <= last)
            kept.push_back(line);
    }
    in.close();
    std::string text;
    for (const auto& line : kept)
        text += line + "\n";
    writeTextAtomically(path, text);
}

void openForAppend(std::ofstream& stream, const std::string& path, const char* header)
{
    const bool fresh = !fs::exists(path) || fs::file_size(path) == 0;
    stream.open(path, std::ios::app);
    if (!stream)
        throw std::runtime_error("Cannot write " + path + ".");
    stream << std::setprecision(10);
    if (fresh)
        stream << header << '\n';
}

} // namespace

RunFolder RunFolder::create(const std::string& parent, const std::string& name)
{
    fs::create_directories(parent);
    for (int suffix = 1;; ++suffix) {
        const fs::path candidate = fs::path(parent) / (suffix == 1 ? name : name + "-" + std::to_string(suffix));
        if (fs::create_directory(candidate))
            return RunFolder(candidate.string());
    }
}

RunFolder::RunFolder(std::string directory)
    : dir(std::move(directory))
{
}

void RunFolder::writeConfig(const TrainingConfig& config, const DeviceInfo& machine,
                            const std::string& deviceDescription) const
{
    json j = json::parse(toJson(config));
    j["environment"] = {
        {"workbench_version", workbenchVersion()},
        {"libtorch_version", machine.libtorchVersion},
        {"device", deviceDescription},
        {"cpu_model", machine.cpuModel},
        {"cpu_threads", machine.cpuThreads},
        {"cpu_bf16_units", machine.cpuHasBf16Units()},
        {"gpu", machine.gpuName},
    };
    writeTextAtomically(configPath(), j.dump(2) + "\n");
}

void RunFolder::openLogs(int64_t lastStep, int64_t lastEpoch)
{
    truncateCsv(stepsPath(), lastStep);
    truncateCsv(epochsPath(), lastEpoch);
    openForAppend(steps, stepsPath(), kStepsHeader);
    openForAppend(epochs, epochsPath(), kEpochsHeader);
}

void RunFolder::appendStep(const StepMetrics& s)
{
    const MemoryUsage& m = s.memory;
    steps << s.step << ',' << s.epoch << ',' << s.stepInEpoch << ',' << s.loss << ',' << s.lossScale << ','
          << (s.skipped ? 1 : 0) << ',' << s.stepMilliseconds << ',' << s.imagesPerSecond << ','
          << s.dataWaitMilliseconds << ',' << s.learningRate << ',' << s.wallSeconds << ',' << m.allocatedBytes << ','
          << m.reservedBytes << ',' << m.peakAllocatedBytes << ',' << m.peakReservedBytes << ',' << m.residentBytes
          << ',' << m.peakResidentBytes << '\n';
    steps.flush();
    if (!steps)
        throw std::runtime_error("Cannot append to " + stepsPath() + " (is the disk full?).");
}

void RunFolder::appendEpoch(const EpochMetrics& e)
{
    epochs << e.epoch << ',' << e.steps << ',' << (e.complete ? 1 : 0) << ',' << e.trainLoss << ','
           << e.trainAccuracy << ',' << e.validationLoss << ',' << e.validationTop1 << ',' << e.validationTop5 << ','
           << e.epochSeconds << ',' << e.imagesPerSecond << ',' << e.peakMemoryBytes << ',' << e.skippedSteps << '\n';
    epochs.flush();
    if (!epochs)
        throw std::runtime_error("Cannot append to " + epochsPath() + " (is the disk full?).");
}

std::string toJson(const RunSummary& s)
{
    json j{
        {"run_directory", s.runDirectory},
        {"state", toString(s.state)},
        {"message", s.message},
        {"precision", toString(s.precision)},
        {"device", s.deviceDescription},
        {"image_size", s.imageSize},
        {"steps", s.steps},
        {"epochs_completed", s.epochsCompleted},
        {"train_seconds", s.trainSeconds},
        {"images_per_second", s.imagesPerSecond},
        {"median_step_ms", s.medianStepMilliseconds},
        {"epoch_seconds", s.epochSeconds},
        {"epoch_seconds_projected", s.epochSecondsProjected},
        {"memory_is_cuda", s.memoryIsCuda},
        {"peak_memory_bytes", s.peakMemoryBytes},
        {"peak_reserved_bytes", s.peakReservedBytes},
        {"interleaved", s.interleaved},
        {"final_train_loss", s.finalTrainLoss},
        {"final_validation_loss", s.finalValidationLoss},
        {"final_top1", s.finalTop1},
        {"final_top5", s.finalTop5},
        {"skipped_steps", s.skippedSteps},
        {"non_finite_losses", s.nonFiniteLosses},
        {"final_loss_scale", s.finalLossScale},
        {"unreadable_images", s.unreadableImages},
    };
    // NaN is not JSON; nlohmann writes null for it, which readSummary maps back to NaN.
    return j.dump(2) + "\n";
}

void RunFolder::writeSummary(const RunSummary& summary) const
{
    writeTextAtomically(summaryPath(), toJson(summary));
}

void RunFolder::writeUnreadableImages(const std::vector<std::string>& messages) const
{
    std::string text;
    for (const auto& message : messages)
        text += message + "\n";
    writeTextAtomically(unreadableImagesPath(), text);
}

TrainingConfig RunFolder::readConfig(const std::string& directory)
{
    return trainingConfigFromJson(readTextFile(directory + "/config.json"));
}

std::optional<RunSummary> RunFolder::readSummary(const std::string& directory)
{
    try {
        const json j = json::parse(readTextFile(directory + "/summary.json"));
        const auto number = [&](const char* key) {
            return j.contains(key) && j.at(key).is_number() ? j.at(key).get<double>() : std::nan("");
        };
        const auto integer = [&](const char* key) {
            return j.contains(key) && j.at(key).is_number() ? j.at(key).get<int64_t>() : int64_t(0);
        };
        RunSummary s;
        s.runDirectory = j.value("run_directory", directory);
        const std::string state = j.value("state", "running");
        for (auto candidate : {RunState::Running, RunState::Finished, RunState::Stopped, RunState::Failed}) {
            if (toString(candidate) == state)
                s.state = candidate;
        }
        s.message = j.value("message", "");
        s.precision = parsePrecision(j.value("precision", "fp32")).value_or(Precision::Fp32);
        s.deviceDescription = j.value("device", "");
        s.imageSize = integer("image_size");
        s.steps = integer("steps");
        s.epochsCompleted = integer("epochs_completed");
        s.trainSeconds = number("train_seconds");
        s.imagesPerSecond = number("images_per_second");
        s.medianStepMilliseconds = number("median_step_ms");
        s.epochSeconds = number("epoch_seconds");
        s.epochSecondsProjected = j.value("epoch_seconds_projected", false);
        s.memoryIsCuda = j.value("memory_is_cuda", false);
        s.peakMemoryBytes = integer("peak_memory_bytes");
        s.peakReservedBytes = integer("peak_reserved_bytes");
        s.interleaved = j.value("interleaved", false);
        s.finalTrainLoss = number("final_train_loss");
        s.finalValidationLoss = number("final_validation_loss");
        s.finalTop1 = number("final_top1");
        s.finalTop5 = number("final_top5");
        s.skippedSteps = integer("skipped_steps");
        s.nonFiniteLosses = integer("non_finite_losses");
        s.finalLossScale = number("final_loss_scale");
        s.unreadableImages = integer("unreadable_images");
        return s;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

} // namespace ampwb
