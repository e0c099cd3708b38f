#include "model/ModelCard.h"

#include "model/ModelFileError.h"

#include <nlohmann/json.hpp>

using nlohmann::json;

namespace ampwb {
namespace {

constexpr const char* kFormatName = "amp-workbench-model-card";

json preprocessingJson(const TransformOptions& options)
{
    return {
        {"resize_size", ImageTransform::evalResizeSize(options.imageSize)},
        {"input_size", options.imageSize},
        {"interpolation", "bilinear, antialiased"},
        {"mean", options.mean},
        {"std", options.std},
        {"color", "RGB, values scaled to [0, 1] before normalising"},
    };
}

std::array<float, 3> triple(const json& value, const char* key, const std::string& source)
{
    if (!value.is_array() || value.size() != 3 || !value[0].is_number() || !value[1].is_number()
        || !value[2].is_number())
        throw ModelFileError(EngineMessage(EngineMessage::Code::ModelCardNeedsThreeNumbers, {source, key}));
    return {value[0].get<float>(), value[1].get<float>(), value[2].get<float>()};
}

} // namespace

std::string toJson(const ModelCard& card)
{
    const json document{
        {"format", kFormatName},
        {"version", 1},
        {"architecture", "torchvision.models.resnet18"},
        {"num_classes", card.classNames.size()},
        {"class_names", card.classNames},
        {"preprocessing", preprocessingJson(card.preprocessing)},
        {"learned_from_grayscale", card.learnedFromGrayscale},
    };
    return document.dump(2) + "\n";
}

ModelCard modelCardFromJson(const std::string& text, const std::string& source)
{
    try {
        const json document = json::parse(text);
        if (document.value("format", "") != kFormatName || document.value("version", 0) != 1)
            throw ModelFileError(EngineMessage(EngineMessage::Code::NotAModelCard, {source}));
        ModelCard card;
        card.classNames = document.at("class_names").get<std::vector<std::string>>();
        card.learnedFromGrayscale = document.value("learned_from_grayscale", false);
        const json& preprocessing = document.at("preprocessing");
        card.preprocessing.imageSize = preprocessing.at("input_size").get<int64_t>();
        if (card.preprocessing.imageSize < 1 || card.preprocessing.imageSize > 4096)
            throw ModelFileError(EngineMessage(EngineMessage::Code::ModelCardInputSize, {source}));
        if (preprocessing.at("resize_size").get<int64_t>()
            != ImageTransform::evalResizeSize(card.preprocessing.imageSize))
            throw ModelFileError(
                EngineMessage(EngineMessage::Code::ModelCardResize, {source, preprocessing.at("resize_size").dump(),
                                                                     std::to_string(card.preprocessing.imageSize)}));
        card.preprocessing.mean = triple(preprocessing.at("mean"), "mean", source);
        card.preprocessing.std = triple(preprocessing.at("std"), "std", source);
        return card;
    } catch (const json::exception& error) {
        throw ModelFileError(EngineMessage(EngineMessage::Code::ModelCardInvalid, {source, error.what()}));
    }
}

std::string modelCardPath(const std::string& modelPath)
{
    return modelPath + ".json";
}

std::vector<std::pair<std::string, std::string>> metadataProperties(const ModelCard& card)
{
    const json preprocessing = preprocessingJson(card.preprocessing);
    return {
        {"class_names", json(card.classNames).dump()},
        {"input_size", preprocessing.at("input_size").dump()},
        {"resize_size", preprocessing.at("resize_size").dump()},
        {"mean", preprocessing.at("mean").dump()},
        {"std", preprocessing.at("std").dump()},
    };
}

} // namespace ampwb
