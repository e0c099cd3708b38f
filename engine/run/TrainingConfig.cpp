#include "run/TrainingConfig.h"

#include "run/RunFileFormat.h"
#include "system/EnumNames.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <stdexcept>

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

bool scalesLoss(LossScaling scaling, AmpDtype ampDtype)
{
    return scaling == LossScaling::On || (scaling == LossScaling::Auto && ampDtype == AmpDtype::Float16);
}

std::optional<LossScaling> parseLossScaling(const std::string& text)
{
    return enumFromName(text, kLossScalingNames);
}

bool isValidRunName(const std::string& name)
{
    return !name.empty() && name.front() != '.' && name.find_first_of("/\\") == std::string::npos;
}

std::vector<std::string> validate(const TrainingConfig& config)
{
    std::vector<std::string> problems;
    if (config.dataset.empty())
        problems.push_back("Choose a dataset.");
    if (config.epochs < 1)
        problems.push_back("Epochs must be at least 1.");
    if (config.maxSteps < 0)
        problems.push_back("Max steps must be 0 (no limit) or positive.");
    if (config.batchSize < 1 || config.batchSize > 65536)
        problems.push_back("Batch size must be between 1 and 65536.");
    if (!(config.learningRate > 0.0) || !std::isfinite(config.learningRate))
        problems.push_back("The learning rate must be a positive number.");
    if (config.momentum < 0.0 || config.momentum >= 1.0)
        problems.push_back("Momentum must be in [0, 1).");
    if (config.weightDecay < 0.0)
        problems.push_back("Weight decay cannot be negative.");
    if (config.nesterov && config.momentum == 0.0)
        problems.push_back("Nesterov momentum needs a momentum above 0.");
    if (config.clipGradNorm < 0.0 || !std::isfinite(config.clipGradNorm))
        problems.push_back("The gradient clipping norm must be 0 (off) or positive.");
    if (config.stepSize < 1)
        problems.push_back("The step schedule's step size must be at least 1 epoch.");
    if (!(config.gamma > 0.0) || config.gamma > 1.0)
        problems.push_back("The step schedule's gamma must be in (0, 1].");
    if (config.warmupEpochs < 0.0)
        problems.push_back("Warm-up epochs cannot be negative.");
    if (config.imageSize != 0 && (config.imageSize < 8 || config.imageSize > 1024))
        problems.push_back("The image size must be between 8 and 1024 pixels (or 0 for the dataset's own).");
    if (config.workers < 0 || config.workers > 64)
        problems.push_back("Workers must be between 0 and 64.");
    if (!(config.scaler.initScale > 0.0) || !(config.scaler.growthFactor > 1.0)
        || !(config.scaler.backoffFactor > 0.0 && config.scaler.backoffFactor < 1.0)
        || config.scaler.growthInterval < 1)
        problems.push_back("Loss scaler: init scale > 0, growth factor > 1, backoff in (0, 1), interval ≥ 1.");
    if (config.syntheticTrainSize < 1 || config.syntheticValidationSize < 1)
        problems.push_back("Synthetic dataset sizes must be positive.");
    if (config.validationLimit < 0)
        problems.push_back("The validation limit cannot be negative.");
    if (config.gradientStatsEvery < 0)
        problems.push_back("Gradient statistics: every N steps with N ≥ 1, or 0 for none.");
    if (config.runsDirectory.empty())
        problems.push_back("Choose a folder for runs.");
    if (!config.name.empty() && !isValidRunName(config.name))
        problems.push_back(
            "A run name cannot start with a dot or contain / or \\: it names a folder in the runs folder.");
    if (config.newHead && config.initWeights.empty())
        problems.push_back("A new head needs starting weights (ImageNet or a file).");
    if (config.freezeBackbone && config.initWeights.empty())
        problems.push_back("Training only the new head needs starting weights (ImageNet or a file).");
    if (!(config.backboneLearningRateScale > 0.0) || !std::isfinite(config.backboneLearningRateScale))
        problems.push_back("The backbone's learning rate scale must be a positive number.");
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

/// Sets `out` from `j[key]` when there is one; throws std::invalid_argument naming the key when it is
/// of another type.
template <typename T>
void readField(const json& j, const char* key, T& out)
{
    if (!j.contains(key))
        return;
    try {
        out = j.at(key).get<T>();
    } catch (const json::exception&) {
        throw std::invalid_argument(std::string("config field \"") + key + "\" has the wrong type");
    }
}

/// Sets an enum from its name; an unknown name throws std::invalid_argument naming the key.
template <typename T, typename Parse>
void readEnum(const json& j, const char* key, T& out, Parse parse)
{
    std::string text;
    readField(j, key, text);
    if (text.empty())
        return;
    const auto parsed = parse(text);
    if (!parsed)
        throw std::invalid_argument(std::string("config field \"") + key + "\" has the unknown value \"" + text + "\"");
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

} // namespace

TrainingConfig trainingConfigFromJson(const std::string& text)
{
    json j;
    try {
        j = json::parse(text);
    } catch (const json::exception& error) {
        throw std::invalid_argument(std::string("config is not valid JSON: ") + error.what());
    }
    if (!j.is_object())
        throw std::invalid_argument("config is not a JSON object");
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
