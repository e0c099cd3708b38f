#include "run/PrecisionPolicy.h"

#include "system/AtomicFile.h"
#include "system/EngineError.h"
#include "system/EnumNames.h"
#include "system/ErrorText.h"

#include <nlohmann/json.hpp>

#include <utility>

using nlohmann::json;

namespace ampwb {
namespace {

constexpr EnumName<ModulePrecision> kModulePrecisionNames[] = {
    {ModulePrecision::Fp32, "fp32"},
    {ModulePrecision::Amp, "amp"},
    {ModulePrecision::Bf16, "bf16"},
    {ModulePrecision::Fp16, "fp16"},
};

/// The side of a ResNet-18 stage's feature maps for images of `imageSize` pixels: the stem's stride-2
/// convolution and max pool, then stride 2 at the start of layer2, layer3 and layer4 (each halving rounds up).
int64_t stageMapSize(int64_t imageSize, int stage)
{
    const int halvings = 2 + (stage > 1 ? stage - 1 : 0);
    int64_t side = imageSize;
    for (int halving = 0; halving < halvings; ++halving)
        side = (side - 1) / 2 + 1;
    return side;
}

/// The largest policy file read.
constexpr uint64_t kMaxPolicyBytes = 1 << 20;

/// Maps under this side are "small": where autocast's casts cost more than its products save.
constexpr int64_t kSmallMapSide = 8;

[[noreturn]] void refuse(const EngineMessage::Argument& source, EngineMessage problem)
{
    throw EngineError(EngineMessage(EngineMessage::Code::PolicyRefused, {source, std::move(problem)}));
}

ModulePrecision precisionIn(const json& value, const EngineMessage::Argument& source,
                            const EngineMessage::Argument& where)
{
    const std::optional<ModulePrecision> precision = value.is_string() ? parseModulePrecision(value.get<std::string>())
                                                                       : std::nullopt;
    if (!precision)
        refuse(source, EngineMessage(EngineMessage::Code::PolicyPrecisionInvalid, {where, value.dump()}));
    return *precision;
}

} // namespace

std::string toString(ModulePrecision precision)
{
    return enumName(precision, kModulePrecisionNames);
}

std::optional<ModulePrecision> parseModulePrecision(const std::string& text)
{
    return enumFromName(text, kModulePrecisionNames, NameMatch::IgnoringCase);
}

ModulePrecision PrecisionPolicy::precisionOf(const std::string& path, bool isBatchNorm) const
{
    if (isBatchNorm && batchNormFp32)
        return ModulePrecision::Fp32;
    for (std::string prefix = path;; prefix.erase(prefix.rfind('.'))) {
        if (const auto named = modules.find(prefix); named != modules.end())
            return named->second;
        if (prefix.find('.') == std::string::npos)
            return otherwise;
    }
}

bool PrecisionPolicy::usesReducedPrecision() const
{
    if (otherwise != ModulePrecision::Fp32)
        return true;
    for (const auto& [path, precision] : modules)
        if (precision != ModulePrecision::Fp32)
            return true;
    return false;
}

PrecisionPolicy PrecisionPolicy::resolvedFor(int64_t imageSize) const
{
    PrecisionPolicy resolved = *this;
    resolved.smallMapsFp32 = false;
    if (!smallMapsFp32)
        return resolved;
    for (int stage = 1; stage <= 4; ++stage)
        if (stageMapSize(imageSize, stage) < kSmallMapSide)
            resolved.modules.emplace("layer" + std::to_string(stage), ModulePrecision::Fp32);
    if (stageMapSize(imageSize, 4) < kSmallMapSide)
        resolved.modules.emplace("fc", ModulePrecision::Fp32);
    return resolved;
}

bool operator==(const PrecisionPolicy& left, const PrecisionPolicy& right)
{
    return left.name == right.name && left.otherwise == right.otherwise && left.modules == right.modules
        && left.batchNormFp32 == right.batchNormFp32 && left.smallMapsFp32 == right.smallMapsFp32
        && left.reducedWeights == right.reducedWeights;
}

std::string describePrecisionPolicy(const PrecisionPolicy& policy)
{
    std::string text = policy.name + ": " + toString(policy.otherwise);
    for (const ModulePrecision precision :
         {ModulePrecision::Fp32, ModulePrecision::Amp, ModulePrecision::Bf16, ModulePrecision::Fp16}) {
        std::string paths;
        for (const auto& [path, named] : policy.modules)
            if (named == precision)
                paths += (paths.empty() ? "" : ", ") + path;
        if (!paths.empty())
            text += ", and " + toString(precision) + " in " + paths;
    }
    if (policy.smallMapsFp32)
        text += "; stages with maps under 8x8 in fp32";
    if (policy.batchNormFp32)
        text += "; batch norms in fp32";
    if (policy.reducedWeights)
        text += "; weights stored reduced, fp32 masters";
    return text;
}

std::vector<std::string> precisionPolicyPresets()
{
    return {"fp32", "amp", "amp-batchnorm-fp32", "amp-keep-small-maps-fp32", "bf16-everywhere", "amp-reduced-weights"};
}

std::optional<PrecisionPolicy> presetPrecisionPolicy(const std::string& name)
{
    PrecisionPolicy policy;
    policy.name = name;
    if (name == "fp32") {
        policy.otherwise = ModulePrecision::Fp32;
    } else if (name == "amp") {
    } else if (name == "amp-batchnorm-fp32") {
        policy.batchNormFp32 = true;
    } else if (name == "amp-keep-small-maps-fp32") {
        policy.smallMapsFp32 = true;
    } else if (name == "bf16-everywhere") {
        policy.otherwise = ModulePrecision::Bf16;
    } else if (name == "amp-reduced-weights") {
        policy.reducedWeights = true;
    } else {
        return std::nullopt;
    }
    return policy;
}

PrecisionPolicy readPrecisionPolicy(const std::string& presetOrFile)
{
    if (std::optional<PrecisionPolicy> preset = presetPrecisionPolicy(presetOrFile))
        return *preset;
    std::optional<std::string> text;
    try {
        text = readRegularFile(presetOrFile,
                               ReadLimits{kMaxPolicyBytes, 0, "a policy file holds at most 1 MiB", false});
    } catch (const std::exception& error) {
        refuse(presetOrFile, EngineMessage(EngineMessage::Code::PolicyCannotBeRead, {messageOf(error)}));
    }
    if (!text) {
        std::string presets;
        for (const std::string& name : precisionPolicyPresets())
            presets += (presets.empty() ? "" : ", ") + name;
        throw EngineError(EngineMessage(EngineMessage::Code::PolicyNeitherPresetNorFile, {presetOrFile, presets}));
    }
    return parsePrecisionPolicy(*text, presetOrFile);
}

std::string precisionPolicyJson(const PrecisionPolicy& policy, int indent)
{
    json modules = json::object();
    for (const auto& [path, precision] : policy.modules)
        modules[path] = toString(precision);
    const json document{{"name", policy.name},
                        {"otherwise", toString(policy.otherwise)},
                        {"batchNormFp32", policy.batchNormFp32},
                        {"smallMapsFp32", policy.smallMapsFp32},
                        {"reducedWeights", policy.reducedWeights},
                        {"modules", modules}};
    return document.dump(indent);
}

PrecisionPolicy parsePrecisionPolicy(const std::string& text, const EngineMessage::Argument& source)
{
    const json document = json::parse(text, nullptr, false);
    if (document.is_discarded() || !document.is_object())
        refuse(source, EngineMessage(EngineMessage::Code::PolicyNotJsonObject));
    PrecisionPolicy policy;
    const auto flag = [&source](const std::string& key, const json& value) {
        if (!value.is_boolean())
            refuse(source, EngineMessage(EngineMessage::Code::PolicyFlagNotBoolean, {key, value.dump()}));
        return value.get<bool>();
    };
    for (const auto& [key, value] : document.items()) {
        if (key == "name") {
            if (!value.is_string())
                refuse(source, EngineMessage(EngineMessage::Code::PolicyNameNotText, {value.dump()}));
            policy.name = value.get<std::string>();
        } else if (key == "otherwise") {
            policy.otherwise = precisionIn(value, source, "\"otherwise\"");
        } else if (key == "batchNormFp32") {
            policy.batchNormFp32 = flag(key, value);
        } else if (key == "smallMapsFp32") {
            policy.smallMapsFp32 = flag(key, value);
        } else if (key == "reducedWeights") {
            policy.reducedWeights = flag(key, value);
        } else if (key == "modules") {
            if (!value.is_object())
                refuse(source, EngineMessage(EngineMessage::Code::PolicyModulesNotMap, {value.dump()}));
            for (const auto& [path, precision] : value.items())
                policy.modules[path] = precisionIn(precision, source,
                                                   EngineMessage(EngineMessage::Code::PolicyModuleNamed, {path}));
        } else {
            refuse(source, EngineMessage(EngineMessage::Code::PolicyUnknownKey, {key}));
        }
    }
    if (policy.name.empty())
        policy.name = "custom";
    return policy;
}

} // namespace ampwb
