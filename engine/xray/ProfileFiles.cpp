#include "xray/ProfileFiles.h"

#include "system/AtomicFile.h"
#include "system/EngineError.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <sstream>
#include <system_error>

namespace ampwb {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

/// A CSV cell: quoted when it holds a comma, a quote or a line break.
std::string csvCell(const std::string& text)
{
    if (text.find_first_of(",\"\n") == std::string::npos)
        return text;
    std::string quoted = "\"";
    for (char c : text)
        quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
}

std::string number(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.4f", value);
    return text;
}

std::string traceJson(const ProfiledSteps& steps, const std::string& precision)
{
    json events = json::array();
    events.push_back({{"name", "process_name"},
                      {"ph", "M"},
                      {"pid", 1},
                      {"tid", 1},
                      {"args", {{"name", "amp-workbench " + precision}}}});
    events.push_back(
        {{"name", "thread_name"}, {"ph", "M"}, {"pid", 1}, {"tid", 1}, {"args", {{"name", "training thread"}}}});
    for (size_t i = 0; i < steps.events.size(); ++i) {
        const RecordedEvent& event = steps.events[i];
        if (event.endNanoseconds < 0)
            continue;
        const Attribution& attribution = steps.attribution[i];
        json args = {{"module", attribution.module},
                     {"pass", stepPassName(attribution.pass)},
                     {"counted", attribution.counted}};
        if (event.kind != RecordedKind::Scope) {
            args["input_dtypes"] = event.inputDtypes;
            args["input_shapes"] = event.inputShapes;
            args["output_dtype"] = event.outputDtype;
            args["sequence_number"] = event.sequenceNumber;
        }
        events.push_back(
            {{"name", event.name},
             {"cat", event.kind == RecordedKind::Scope ? std::string("scope") : operatorClassKey(attribution.kind)},
             {"ph", "X"},
             {"ts", static_cast<double>(event.startNanoseconds) / 1000.0},
             {"dur", static_cast<double>(event.endNanoseconds - event.startNanoseconds) / 1000.0},
             {"pid", 1},
             {"tid", 1},
             {"args", std::move(args)}});
    }
    return json({{"traceEvents", std::move(events)}, {"displayTimeUnit", "ms"}}).dump() + "\n";
}

json profileJson(const OperatorProfile& profile, const std::string& precision)
{
    json classes = json::array();
    for (const ClassTime& time : profile.classes)
        classes.push_back({{"class", operatorClassKey(time.kind)},
                           {"ms_per_step", time.milliseconds},
                           {"calls_per_step", time.calls},
                           {"dtype", time.dtype},
                           {"dtype_share", time.dtypeShare}});
    json modules = json::array();
    for (const ModuleTime& time : profile.modules)
        modules.push_back({{"module", time.module},
                           {"forward_ms", time.forwardMilliseconds},
                           {"backward_ms", time.backwardMilliseconds},
                           {"cast_ms", time.castMilliseconds},
                           {"other_ms", time.otherMilliseconds}});
    return {{"precision", precision},
            {"clock", profile.clock == RecordingClock::CudaEvents ? "cuda-events" : "host"},
            {"first_step", profile.firstStep},
            {"last_step", profile.lastStep},
            {"measured_step_ms", profile.measuredStepMilliseconds},
            {"measured_step_error", profile.measuredStepError},
            {"recorded_step_ms", profile.recordedStepMilliseconds},
            {"outside_operators_ms", profile.outsideOperatorsMilliseconds},
            {"casts_per_step", profile.castsPerStep},
            {"classes", std::move(classes)},
            {"modules", std::move(modules)}};
}

std::string classesCsv(const OperatorProfile& profile)
{
    const double total = profile.operatorMilliseconds();
    std::string csv = "class,ms_per_step,share,calls_per_step,dtype,dtype_share\n";
    for (const ClassTime& time : profile.classes)
        csv += operatorClassKey(time.kind) + "," + number(time.milliseconds) + ","
             + number(total > 0.0 ? time.milliseconds / total : 0.0) + "," + number(time.calls) + "," + time.dtype + ","
             + number(time.dtypeShare) + "\n";
    return csv;
}

std::string modulesCsv(const OperatorProfile& profile)
{
    std::string csv = "module,forward_ms,backward_ms,cast_ms,other_ms,total_ms\n";
    for (const ModuleTime& time : profile.modules)
        csv += csvCell(time.module) + "," + number(time.forwardMilliseconds) + "," + number(time.backwardMilliseconds)
             + "," + number(time.castMilliseconds) + "," + number(time.otherMilliseconds) + ","
             + number(time.totalMilliseconds()) + "\n";
    return csv;
}

std::string operatorsCsv(const OperatorProfile& profile)
{
    std::string csv = "operator,class,module,pass,input_dtypes,input_shapes,calls_per_step,self_ms_per_step\n";
    for (const OperatorTime& time : profile.operators)
        csv += csvCell(time.name) + "," + operatorClassKey(time.kind) + "," + csvCell(time.module) + ","
             + stepPassName(time.pass) + "," + csvCell(time.inputDtypes) + "," + csvCell(time.inputShapes) + ","
             + number(time.calls) + "," + number(time.selfMilliseconds) + "\n";
    return csv;
}

double numberOr(const json& object, const char* key, double otherwise = 0.0)
{
    const auto found = object.find(key);
    return found != object.end() && found->is_number() ? found->get<double>() : otherwise;
}

std::string textOr(const json& object, const char* key)
{
    const auto found = object.find(key);
    return found != object.end() && found->is_string() ? found->get<std::string>() : std::string();
}

} // namespace

std::string profileDirectory(const std::string& runDirectory, int64_t firstStep, int64_t lastStep)
{
    return (fs::path(runDirectory) / "profile"
            / ("steps-" + std::to_string(firstStep) + "-" + std::to_string(lastStep)))
        .string();
}

void writeProfile(const std::string& directory, const ProfiledSteps& steps, const std::string& precision)
{
    std::error_code error;
    fs::create_directories(directory, error);
    if (error)
        throw EngineError(EngineMessage(EngineMessage::Code::ProfileFolderNotMade, {directory, error.message()}));
    const fs::path folder(directory);
    writeTextAtomically((folder / "trace.json").string(), traceJson(steps, precision));
    writeTextAtomically((folder / "classes.csv").string(), classesCsv(steps.profile));
    writeTextAtomically((folder / "modules.csv").string(), modulesCsv(steps.profile));
    writeTextAtomically((folder / "operators.csv").string(), operatorsCsv(steps.profile));
    // Last: a folder with profile.json holds a whole profile.
    writeTextAtomically((folder / "profile.json").string(), profileJson(steps.profile, precision).dump(1) + "\n");
}

std::optional<OperatorProfile> readProfile(const std::string& directory)
{
    try {
        const json root = json::parse(readTextFile((fs::path(directory) / "profile.json").string()));
        OperatorProfile profile;
        profile.clock = textOr(root, "clock") == "cuda-events" ? RecordingClock::CudaEvents : RecordingClock::Host;
        profile.firstStep = static_cast<int64_t>(numberOr(root, "first_step"));
        profile.lastStep = static_cast<int64_t>(numberOr(root, "last_step"));
        profile.measuredStepMilliseconds = numberOr(root, "measured_step_ms");
        profile.measuredStepError = numberOr(root, "measured_step_error");
        profile.recordedStepMilliseconds = numberOr(root, "recorded_step_ms");
        profile.outsideOperatorsMilliseconds = numberOr(root, "outside_operators_ms");
        profile.castsPerStep = numberOr(root, "casts_per_step");
        for (const json& row : root.value("classes", json::array())) {
            const std::optional<OperatorClass> kind = operatorClassFromKey(textOr(row, "class"));
            if (!kind)
                continue;
            ClassTime& time = profile.classes[static_cast<size_t>(*kind)];
            time.kind = *kind;
            time.milliseconds = numberOr(row, "ms_per_step");
            time.calls = numberOr(row, "calls_per_step");
            time.dtype = textOr(row, "dtype");
            time.dtypeShare = numberOr(row, "dtype_share");
        }
        for (size_t k = 0; k < profile.classes.size(); ++k)
            profile.classes[k].kind = static_cast<OperatorClass>(k);
        for (const json& row : root.value("modules", json::array())) {
            ModuleTime time;
            time.module = textOr(row, "module");
            time.forwardMilliseconds = numberOr(row, "forward_ms");
            time.backwardMilliseconds = numberOr(row, "backward_ms");
            time.castMilliseconds = numberOr(row, "cast_ms");
            time.otherMilliseconds = numberOr(row, "other_ms");
            profile.modules.push_back(std::move(time));
        }
        return profile;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

std::optional<std::string> latestProfileDirectory(const std::string& runDirectory)
{
    std::error_code error;
    std::optional<std::string> latest;
    int64_t latestLast = -1;
    for (const auto& entry : fs::directory_iterator(fs::path(runDirectory) / "profile", error)) {
        int64_t first = 0;
        int64_t last = 0;
        const std::string name = entry.path().filename().string();
        if (std::sscanf(name.c_str(), "steps-%ld-%ld", &first, &last) == 2 && last > latestLast
            && fs::exists(entry.path() / "profile.json")) {
            latestLast = last;
            latest = entry.path().string();
        }
    }
    return latest;
}

} // namespace ampwb
