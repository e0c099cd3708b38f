#include "run/RunFolder.h"

#include "run/NumericCsv.h"
#include "run/RunFileFormat.h"
#include "run/RunFiles.h"
#include "system/AtomicFile.h"
#include "system/EngineError.h"
#include "system/ThreadPolicy.h"
#include "system/VersionReport.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <iomanip>
#include <sstream>
#include <type_traits>
#include <vector>

namespace fs = std::filesystem;
using nlohmann::json;

namespace ampwb {
namespace {

/// config.json and summary.json are a few kilobytes (a config's longest values are paths); a larger one is
/// refused unread.
const ReadLimits kRunJsonLimits{1 << 20, 0, "a run's config.json and summary.json are a few kilobytes"};

/// A run folder's JSON file, read within kRunJsonLimits; throws EngineError when it is missing.
std::string readRunJson(const std::string& path)
{
    std::optional<std::string> text = readRegularFile(path, kRunJsonLimits);
    if (!text)
        throw EngineError(EngineMessage(EngineMessage::Code::CannotRead, {path}));
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
                throw FileRefused(EngineMessage(EngineMessage::Code::FileLineRefused,
                                                {path, std::to_string(number),
                                                 EngineMessage(EngineMessage::Code::FirstCellNotWhole)}));
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

/// `message` as summary.json keeps its code and arguments: {"code": its name, "arguments": [words, or such an
/// object for a nested message, …]}.
json codedJson(const EngineMessage& message)
{
    json arguments = json::array();
    for (const EngineMessage::Argument& argument : message.arguments())
        arguments.push_back(argument.message ? codedJson(*argument.message) : json(argument.text));
    return {{"code", codeName(message.code())}, {"arguments", arguments}};
}

/// The message codedJson() wrote; nullopt when it is not one (a code of a later version's, another shape).
std::optional<EngineMessage> messageFromJson(const json& coded)
{
    if (!coded.is_object() || !coded.contains("code") || !coded.at("code").is_string() || !coded.contains("arguments")
        || !coded.at("arguments").is_array())
        return std::nullopt;
    const std::optional<EngineMessage::Code> code = codeNamed(coded.at("code").get<std::string>());
    if (!code)
        return std::nullopt;
    std::vector<EngineMessage::Argument> arguments;
    for (const json& argument : coded.at("arguments")) {
        if (argument.is_string()) {
            arguments.emplace_back(argument.get<std::string>());
        } else if (std::optional<EngineMessage> nested = messageFromJson(argument)) {
            arguments.emplace_back(std::move(*nested));
        } else {
            return std::nullopt;
        }
    }
    return EngineMessage(*code, std::move(arguments));
}

/// The key beside a message's English that holds its code and arguments ("message" → "message_coded").
std::string codedKey(const char* key)
{
    return std::string(key) + "_coded";
}

/// Writes `field` under `key`, a message as its English with its code and arguments beside it (codedKey()); words
/// from elsewhere (EngineMessage::text) are their English alone.
template <typename Field>
void writeSummaryField(json& j, const char* key, const Field& field)
{
    if constexpr (std::is_same_v<Field, EngineMessage>) {
        j[key] = field.english();
        if (field.code() != EngineMessage::Code::Text)
            j[codedKey(key)] = codedJson(field);
    } else {
        jsonFieldWriter(j)(key, field);
    }
}

/// A message from its code and arguments when they give its English (a summary.json from before they were kept
/// has only the English, read as words: EngineMessage::text); a missing key keeps `field`'s value.
void readSummaryField(const json& j, const char* key, EngineMessage& field)
{
    if (!j.contains(key))
        return;
    const std::string english = j.at(key).get<std::string>();
    const std::optional<EngineMessage> coded = j.contains(codedKey(key)) ? messageFromJson(j.at(codedKey(key)))
                                                                         : std::nullopt;
    field = coded && coded->english() == english ? *coded : EngineMessage::text(english);
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
        throw EngineError(EngineMessage(EngineMessage::Code::CannotWrite, {path}));
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
        throw EngineError(EngineMessage(EngineMessage::Code::CannotAppend, {stepsPath()}));
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
        throw EngineError(EngineMessage(EngineMessage::Code::CannotAppend, {gradientStatsPath()}));
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
        throw EngineError(EngineMessage(EngineMessage::Code::CannotAppend, {ranksPath()}));
}

void RunFolder::appendEpoch(const EpochMetrics& epoch)
{
    writeCsvRow<EpochsCsv>(epochs, epoch);
    epochs.flush();
    if (!epochs)
        throw EngineError(EngineMessage(EngineMessage::Code::CannotAppend, {epochsPath()}));
}

std::string toJson(const RunSummary& summary)
{
    json j = json::object();
    SummaryJson::forEachField(summary, [&j](const char* key, const auto& field) { writeSummaryField(j, key, field); });
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
