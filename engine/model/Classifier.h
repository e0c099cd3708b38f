#pragma once

#include "data/ImageTransform.h"
#include "model/ClassifierModel.h"
#include "model/FoldedResNet18.h"
#include "model/InferencePrecision.h"

#include <torch/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ampwb {

/// One class and the probability the model gives it.
struct ClassScore {
    int64_t classIndex = 0;
    std::string className;
    float probability = 0.0f; ///< softmax over all classes, 0–1
};

/// The classifier's answer for one image.
struct Classification {
    std::vector<ClassScore> topClasses;  ///< most probable first
    torch::Tensor logits;                ///< float [classes]
    double preprocessMilliseconds = 0.0; ///< this image's decoding (from a file) and preprocessing
    double inferenceMilliseconds = 0.0;  ///< this image's share of its batch's forward pass
};

/// How a Classifier computes.
struct ClassifierOptions {
    InferencePrecision precision = InferencePrecision::Fp32;
    int64_t topK = 5;         ///< classes reported per image (at most the class count)
    bool channelsLast = true; ///< NHWC activations and weights (oneDNN's fast layout)
    /// fp32 only: convolution weights reordered once into oneDNN's blocked layout and
    /// activations kept in it (FoldedResNet18::prepackedForOneDnn); used where libtorch has oneDNN.
    bool prepackWeights = true;
    int warmupPasses = 2; ///< forward passes run once at construction
};

/// CPU inference with a ResNet-18: batch norms folded into the convolutions,
/// channels-last, InferenceMode, fp32 or bf16, warmed up at construction. The eval
/// preprocessing of the model card is applied to decoded images of any size.
/// Const methods may be called from several threads.
class Classifier {
public:
    explicit Classifier(const ClassifierModel& model, ClassifierOptions options = {});

    const ModelCard& card() const { return modelCard; }
    /// Where the model came from (ClassifierModel::description), none for a model made in memory.
    const std::optional<EngineMessage>& descriptionMessage() const { return modelDescription; }
    /// descriptionMessage() in English; empty for a model made in memory.
    std::string description() const;
    const ClassifierOptions& options() const { return settings; }
    int64_t classCount() const { return network.classCount(); }

    /// The model card's eval transform: uint8 [C, H, W] (C = 1 or 3) → float [3, S, S].
    torch::Tensor preprocess(const torch::Tensor& image) const;
    /// Float logits [N, classes] for preprocessed images [N, 3, S, S].
    torch::Tensor logits(const torch::Tensor& images) const;
    /// The top-k classes of one image's logits [classes], with softmax probabilities.
    std::vector<ClassScore> topClasses(const torch::Tensor& logits) const;
    /// Preprocesses and classifies decoded images (uint8 [C, H, W]) as one batch.
    std::vector<Classification> classify(const std::vector<torch::Tensor>& images) const;
    /// Classifies images already preprocessed (float [3, S, S] each) as one batch; sets each
    /// result's inference share, not its preprocessing time.
    std::vector<Classification> classifyPreprocessed(const std::vector<torch::Tensor>& inputs) const;

    /// Whether this CPU has bf16 units (AVX512-BF16 or AMX), so bf16 is worth offering.
    static bool bf16Recommended();

private:
    ModelCard modelCard;
    std::optional<EngineMessage> modelDescription;
    ClassifierOptions settings;
    ImageTransform transform;
    FoldedResNet18 network;
};

} // namespace ampwb
