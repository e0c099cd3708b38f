#include "run/RunFolder.h"

#include "run/NumericCsv.h"
#include "run/RunFileFormat.h"
#include "run/RunFiles.h"
#include "system/AtomicFile.h"
#include "system/ThreadPolicy.h"
#include "system/VersionReport.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <iomanip>
#include <sstream>
#include <stdexcept>
#include <type_traits>
#include <vector>

namespace fs = std::filesystem;
using nlohmann::json;

namespace ampwb {
namespace {

/// config.json and summary.json are a few kilobytes (a config's longest values are paths); a larger one is
/// refused unread.
const ReadLimits kRunJsonLimits{1 << 20, 0, "a run's config.json and summary.json are a few kilobytes"};

/// A run folder's JSON file, read within kRunJsonLimits; throws std::runtime_error when it is missing.
std::string readRunJson(const std::string& path)
{
    std::optional<std::string> text = readRegularFile(path, kRunJsonLimits);
    if (!text)
        throw std::runtime_error("Cannot read " + path + ".");
    return std::move(*text);
}

/// Keeps the header and the rows whose first column is at most `last`, reading the file within `limits`.
/// A resume has checked the file whole before (RunFiles::checkForResume); a row whose first column is not
/// a whole number is refused here all the same, before anything is written.
void truncateCsv(const std::string& path, int64_t last, const ReadLimits& limits)
{
    std::string text;
    const bool found = readLinesOf(path, limits, [&](const std::string& line, int64_t number) {
        if (number > 1) {
            const std::optional<int64_t> key = csvRowKey(line);
            if (!key)
                throw FileRefused(path + " line " + std::to_string(number)
                                  + ": its first cell is not a whole number (a step or an epoch).");
            if (*key > last)
                return;
        }
        text += line + "\n";
    });
    if (found)
        writeTextAtomically(path, text);
}

/// The header line of a CSV file in `Format` (StepsCsv or EpochsCsv): its column names.
template <typename Format>
std::string csvHeader()
{
    std::string line;
    const typename Format::Row row{};
    Format::forEachColumn(row, [&line](const char* name, const auto&) {
        if (!line.empty())
            line += ',';
        line += name;
    });
    return line;
}

/// Writes `row` as a line of its CSV file: numbers as the stream formats them, flags as 1 or 0.
template <typename Format>
void writeCsvRow(std::ostream& stream, const typename Format::Row& row)
{
    const char* separator = "";
    Format::forEachColumn(row, [&](const char*, const auto& field) {
        stream << separator;
        if constexpr (std::is_same_v<std::decay_t<decltype(field)>, bool>)
            stream << (field ? 1 : 0);
        else
            stream << field;
        separator = ",";
    });
    stream << '\n';
}

/// A summary.json number, or NaN when the key is missing or not a number (NaN is written as null).
void readSummaryField(const json& j, const char* key, double& field)
{
    field = j.contains(key) && j.at(key).is_number() ? j.at(key).get<double>() : std::nan("");
}

/// A summary.json count, or 0 when the key is missing or not a number.
void readSummaryField(const json& j, const char* key, int64_t& field)
{
    field = j.contains(key) && j.at(key).is_number() ? j.at(key).get<int64_t>() : int64_t(0);
}

/// Text and flags keep `field`'s value when the key is missing; another type throws (an unreadable summary).
void readSummaryField(const json& j, const char* key, std::string& field)
{
    field = j.value(key, field);
}

void readSummaryField(const json& j, const char* key, bool& field)
{
    field = j.value(key, field);
}

/// An unknown state, precision or AMP type word keeps `field`'s value.
void readSummaryField(const json& j, const char* key, RunState& field)
{
    field = parseRunState(j.value(key, toString(field))).value_or(field);
}

void readSummaryField(const json& j, const char* key, Precision& field)
{
    field = parsePrecision(j.value(key, toString(field))).value_or(field);
}

void readSummaryField(const json& j, const char* key, AmpDtype& field)
{
    field = parseAmpDtype(j.value(key, toString(field))).value_or(field);
}

void openForAppend(std::ofstream& stream, const std::string& path, const std::string& header)
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
                            const std::string& deviceDescription, const std::optional<WeightsOrigin>& start,
                            int worldSize) const
{
    json j = json::parse(toJson(config));
    if (start) {
        json& origin = j["start"];
        StartJson::forEachField(*start, jsonFieldWriter(origin));
    }
    j["environment"] = {
        {"workbench_version", workbenchVersion()},
        {"libtorch_version", machine.libtorchVersion},
        {"device", deviceDescription},
        {"cpu_model", machine.cpuModel},
        {"cpu_threads", machine.cpuThreads},
        {"cpu_threads_chosen_by", currentThreadPolicy().chosenBy},
        {"loader_worker_threads", config.workers > 0 ? kLoaderWorkerThreads : 0},
        {"cpu_bf16_units", machine.cpuHasBf16Units()},
        {"cpu_amx_bf16", machine.cpuHasAmxBf16},
        {"gpu", machine.gpuName},
    };
    if (worldSize > 1)
        j["data_parallel"] = {{"world_size", worldSize}, {"backend", "gloo"}};
    writeTextAtomically(configPath(), j.dump(2) + "\n");
}

void RunFolder::openLogs(int64_t lastStep, int64_t lastEpoch)
{
    truncateCsv(stepsPath(), lastStep, runFileLimits(RunFile::Steps));
    truncateCsv(epochsPath(), lastEpoch, runFileLimits(RunFile::Epochs));
    openForAppend(steps, stepsPath(), csvHeader<StepsCsv>());
    openForAppend(epochs, epochsPath(), csvHeader<EpochsCsv>());
}

void RunFolder::appendStep(const StepMetrics& step)
{
    writeCsvRow<StepsCsv>(steps, step);
    steps.flush();
    if (!steps)
        throw std::runtime_error("Cannot append to " + stepsPath() + " (is the disk full?).");
}

void RunFolder::openGradientStats(int64_t lastStep)
{
    truncateCsv(gradientStatsPath(), lastStep, runFileLimits(RunFile::GradientStats));
    openForAppend(gradientStats, gradientStatsPath(), gradientStatsHeader());
}

void RunFolder::appendGradientStats(int64_t step, const std::vector<GradientRange>& ranges)
{
    writeGradientStats(gradientStats, step, ranges);
    gradientStats.flush();
    if (!gradientStats)
        throw std::runtime_error("Cannot append to " + gradientStatsPath() + " (is the disk full?).");
}

void RunFolder::openRankSteps(int64_t lastStep)
{
    int worldSize = 1; // as config.json records it, which the run has written before
    try {
        worldSize = readWorldSize(dir);
    } catch (const std::exception&) {
    }
    truncateCsv(ranksPath(), lastStep, runFileLimits(RunFile::Ranks, worldSize));
    openForAppend(rankSteps, ranksPath(), csvHeader<RanksCsv>());
}

void RunFolder::appendRankSteps(const std::vector<RankStep>& figures)
{
    for (const RankStep& row : figures)
        writeCsvRow<RanksCsv>(rankSteps, row);
    rankSteps.flush();
    if (!rankSteps)
        throw std::runtime_error("Cannot append to " + ranksPath() + " (is the disk full?).");
}

void RunFolder::appendEpoch(const EpochMetrics& epoch)
{
    writeCsvRow<EpochsCsv>(epochs, epoch);
    epochs.flush();
    if (!epochs)
        throw std::runtime_error("Cannot append to " + epochsPath() + " (is the disk full?).");
}

std::string toJson(const RunSummary& summary)
{
    json j = json::object();
    SummaryJson::forEachField(summary, jsonFieldWriter(j));
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
    return trainingConfigFromJson(readRunJson(directory + "/config.json"));
}

std::optional<WeightsOrigin> RunFolder::readStart(const std::string& directory)
{
    const json j = json::parse(readRunJson(directory + "/config.json"));
    if (!j.is_object() || !j.contains("start") || !j.at("start").is_object())
        return std::nullopt;
    WeightsOrigin origin;
    const json& start = j.at("start");
    StartJson::forEachField(origin, [&start](const char* key, auto& field) {
        if (start.contains(key))
            field = start.at(key).get<std::decay_t<decltype(field)>>();
    });
    return origin;
}

int RunFolder::readWorldSize(const std::string& directory)
{
    const json j = json::parse(readRunJson(directory + "/config.json"));
    if (!j.is_object() || !j.contains("data_parallel") || !j.at("data_parallel").is_object())
        return 1;
    return j.at("data_parallel").value("world_size", 1);
}

std::optional<EngineMessage> RunFolder::readDevice(const std::string& directory)
{
    try {
        const json j = json::parse(readRunJson(directory + "/config.json"));
        const json& environment = j.at("environment");
        if (!environment.contains("cpu_amx_bf16"))
            return std::nullopt; // from before the field: which bf16 units is unknown
        DeviceInfo machine;
        machine.cpuModel = environment.at("cpu_model").get<std::string>();
        machine.cpuThreads = environment.at("cpu_threads").get<int>();
        machine.cpuHasAmxBf16 = environment.at("cpu_amx_bf16").get<bool>();
        machine.cpuHasAvx512Bf16 = environment.at("cpu_bf16_units").get<bool>() && !machine.cpuHasAmxBf16;
        machine.gpuName = environment.at("gpu").get<std::string>();
        // resolveDevice()'s choice: "auto" took the GPU when there was one (gpu names it then).
        const std::string request = j.at("device").get<std::string>();
        const bool cuda = request.rfind("cuda", 0) == 0 || (request == "auto" && !machine.gpuName.empty());
        EngineMessage device = deviceMessage(c10::Device(cuda ? c10::DeviceType::CUDA : c10::DeviceType::CPU), machine);
        if (device.english() != environment.at("device").get<std::string>())
            return std::nullopt;
        return device;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

std::optional<RunSummary> RunFolder::readSummary(const std::string& directory)
{
    try {
        const json j = json::parse(readRunJson(directory + "/summary.json"));
        if (!j.is_object())
            return std::nullopt;
        RunSummary summary;
        summary.runDirectory = directory;
        SummaryJson::forEachField(summary, [&j](const char* key, auto& field) { readSummaryField(j, key, field); });
        return summary;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

} // namespace ampwb
