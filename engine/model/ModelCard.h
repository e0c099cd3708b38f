#pragma once

#include "data/ImageTransform.h"

#include <string>
#include <utility>
#include <vector>

namespace ampwb {

/// What travels with an exported model so that another program classifies with it
/// as the workbench does: the class names in label order and the eval preprocessing
/// (Resize(evalResizeSize(S)) + CenterCrop(S) + Normalize(mean, std) on RGB in [0, 1]).
struct ModelCard {
    std::vector<std::string> classNames;
    TransformOptions preprocessing; ///< always the eval transform (`training` false)
    /// The model learned from one-channel images (Fashion-MNIST): colour photos are far from what it knows.
    bool learnedFromGrayscale = false;
};

/// The card as a JSON document (the sidecar written next to an exported .pth).
std::string toJson(const ModelCard& card);
/// Parses a card; `source` names the file in messages. Throws ModelFileError.
ModelCard modelCardFromJson(const std::string& json, const std::string& source);
/// Where the sidecar card of a model file lives: "model.pth" → "model.pth.json".
std::string modelCardPath(const std::string& modelPath);
/// The card as ONNX metadata_props entries (key, JSON value): class_names, input_size,
/// resize_size, mean, std.
std::vector<std::pair<std::string, std::string>> metadataProperties(const ModelCard& card);

} // namespace ampwb
