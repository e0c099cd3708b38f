#include "run/TrainingConfig.h"

#include "run/RunFileFormat.h"
#include "system/EngineError.h"
#include "system/EnumNames.h"

#include <nlohmann/json.hpp>

#include <cmath>

using nlohmann::json;

namespace ampwb {

namespace {

constexpr EnumName<LearningRateSchedule> kScheduleNames[] = {
    {LearningRateSchedule::Constant, "constant"},
    {LearningRateSchedule::Step, "step"},
    {LearningRateSchedule::Cosine, "cosine"},
};
constexpr EnumName<LossScaling> kLossScalingNames[] = {
    {LossScaling::Auto, "auto"},
    {LossScaling::On, "on"},
    {LossScaling::Off, "off"},
};

} // namespace

std::string toString(LearningRateSchedule schedule)
{
    return enumName(schedule, kScheduleNames);
}

std::optional<LearningRateSchedule> parseSchedule(const std::string& text)
{
    return enumFromName(text, kScheduleNames);
}

std::string toString(LossScaling scaling)
{
    return enumName(scaling, kLossScalingNames);
}

bool scalesLoss(LossScaling scaling, bool computesInFloat16)
{
    return scaling == LossScaling::On || (scaling == LossScaling::Auto && computesInFloat16);
}

std::optional<LossScaling> parseLossScaling(const std::string& text)
{
    return enumFromName(text, kLossScalingNames);
}

bool isValidRunName(const std::string& name)
{
    return !name.empty() && name.front() != '.' && name.find_first_of("/\\") == std::string::npos;
}

std::vector<EngineMessage> validationProblems(const TrainingConfig& config)
{
    using Code = EngineMessage::Code;
    std::vector<EngineMessage> problems;
    if (config.dataset.empty())
        problems.emplace_back(Code::ChooseDataset);
    if (config.epochs < 1)
        problems.emplace_back(Code::EpochsBelowOne);
    if (config.maxSteps < 0)
        problems.emplace_back(Code::MaxStepsNegative);
    if (config.batchSize < 1 || config.batchSize > 65536)
        problems.emplace_back(Code::BatchSizeOutOfRange);
    if (!(config.learningRate > 0.0) || !std::isfinite(config.learningRate))
        problems.emplace_back(Code::LearningRateNotPositive);
    if (config.momentum < 0.0 || config.momentum >= 1.0)
        problems.emplace_back(Code::MomentumOutOfRange);
    if (config.weightDecay < 0.0)
        problems.emplace_back(Code::WeightDecayNegative);
    if (config.nesterov && config.momentum == 0.0)
        problems.emplace_back(Code::NesterovWithoutMomentum);
    if (config.clipGradNorm < 0.0 || !std::isfinite(config.clipGradNorm))
        problems.emplace_back(Code::ClipNormNegative);
    if (config.stepSize < 1)
        problems.emplace_back(Code::StepSizeBelowOneEpoch);
    if (!(config.gamma > 0.0) || config.gamma > 1.0)
        problems.emplace_back(Code::GammaOutOfRange);
    if (config.warmupEpochs < 0.0)
        problems.emplace_back(Code::WarmupNegative);
    if (config.imageSize != 0 && (config.imageSize < 8 || config.imageSize > 1024))
        problems.emplace_back(Code::ImageSizeOutOfRange);
    if (config.workers < 0 || config.workers > 64)
        problems.emplace_back(Code::WorkersOutOfRange);
    if (!(config.scaler.initScale > 0.0) || !(config.scaler.growthFactor > 1.0)
        || !(config.scaler.backoffFactor > 0.0 && config.scaler.backoffFactor < 1.0)
        || config.scaler.growthInterval < 1)
        problems.emplace_back(Code::LossScalerOutOfRange);
    if (config.syntheticTrainSize < 1 || config.syntheticValidationSize < 1)
        problems.emplace_back(Code::SyntheticSizeNotPositive);
    if (config.validationLimit < 0)
        problems.emplace_back(Code::ValidationLimitNegative);
    if (config.gradientStatsEvery < 0)
        problems.emplace_back(Code::GradientStatsIntervalNegative);
    if (config.runsDirectory.empty())
        problems.emplace_back(Code::ChooseRunsFolder);
    if (!config.name.empty() && !isValidRunName(config.name))
        problems.emplace_back(Code::RunNameNotAFolderName);
    if (config.newHead && config.initWeights.empty())
        problems.emplace_back(Code::NewHeadWithoutWeights);
    if (config.freezeBackbone && config.initWeights.empty())
        problems.emplace_back(Code::FrozenBackboneWithoutWeights);
    if (!(config.backboneLearningRateScale > 0.0) || !std::isfinite(config.backboneLearningRateScale))
        problems.emplace_back(Code::BackboneScaleNotPositive);
    return problems;
}

std::vector<std::string> validate(const TrainingConfig& config)
{
    std::vector<std::string> problems;
    for (const EngineMessage& problem : validationProblems(config))
        problems.push_back(problem.english());
    return problems;
}

std::string toJson(const TrainingConfig& config)
{
    json j = json::object();
    ConfigJson::forEachField(config, jsonFieldWriter(j));
    json& scaler = j["scaler"] = json::object();
    ConfigJson::forEachScalerField(config.scaler, jsonFieldWriter(scaler));
    return j.dump(2);
}

namespace {

/// Sets `out` from `j[key]` when there is one; throws EngineError naming the key when it is of another type.
template <typename T>
void readField(const json& j, const char* key, T& out)
{
    if (!j.contains(key))
        return;
    try {
        out = j.at(key).get<T>();
    } catch (const json::exception&) {
        throw EngineError(EngineMessage(EngineMessage::Code::ConfigFieldWrongType, {key}));
    }
}

/// Sets an enum from its name; an unknown name throws EngineError naming the key.
template <typename T, typename Parse>
void readEnum(const json& j, const char* key, T& out, Parse parse)
{
    std::string text;
    readField(j, key, text);
    if (text.empty())
        return;
    const auto parsed = parse(text);
    if (!parsed)
        throw EngineError(EngineMessage(EngineMessage::Code::ConfigFieldUnknownValue, {key, text}));
    out = *parsed;
}

void readField(const json& j, const char* key, Precision& out)
{
    readEnum(j, key, out, parsePrecision);
}

void readField(const json& j, const char* key, AmpDtype& out)
{
    readEnum(j, key, out, parseAmpDtype);
}

void readField(const json& j, const char* key, EnginePaths& out)
{
    readEnum(j, key, out, parseEnginePaths);
}

void readField(const json& j, const char* key, LearningRateSchedule& out)
{
    readEnum(j, key, out, parseSchedule);
}

void readField(const json& j, const char* key, LossScaling& out)
{
    readEnum(j, key, out, parseLossScaling);
}

void readField(const json& j, const char* key, std::optional<PrecisionPolicy>& out)
{
    if (!j.contains(key) || j.at(key).is_null())
        return;
    out = parsePrecisionPolicy(j.at(key).dump(), EngineMessage(EngineMessage::Code::InConfigField, {key}));
}

} // namespace

TrainingConfig trainingConfigFromJson(const std::string& text)
{
    json j;
    try {
        j = json::parse(text);
    } catch (const json::exception& error) {
        throw EngineError(EngineMessage(EngineMessage::Code::ConfigNotJson, {error.what()}));
    }
    if (!j.is_object())
        throw EngineError(EngineMessage(EngineMessage::Code::ConfigNotObject));
    TrainingConfig config;
    ConfigJson::forEachField(config, [&j](const char* key, auto& field) { readField(j, key, field); });
    if (j.contains("scaler")) {
        const json& scaler = j.at("scaler");
        ConfigJson::forEachScalerField(config.scaler,
                                       [&scaler](const char* key, auto& field) { readField(scaler, key, field); });
    }
    return config;
}

} // namespace ampwb
