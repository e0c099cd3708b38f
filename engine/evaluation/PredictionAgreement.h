#pragma once

#include "evaluation/ModelEvaluation.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ampwb {

/// One image two models answer differently.
struct Disagreement {
    int64_t index = 0;
    std::string name;
    int64_t trueClass = 0;
    int64_t firstClass = 0;  ///< the first model's top-1
    int64_t secondClass = 0; ///< the second model's top-1
};

/// How alike two models' answers on the same images are (an FP32 run against its AMP twin).
struct PredictionAgreement {
    int64_t images = 0;
    int64_t agreeing = 0; ///< images whose top-1 is the same
    /// second − first, in the probability each model gives the true class: mean and largest in size.
    double meanTrueClassDifference = 0.0;
    double largestTrueClassDifference = 0.0;
    int64_t largestDifferenceIndex = -1; ///< the image where it is largest
    std::vector<Disagreement> disagreements;

    double agreement() const { return images > 0 ? double(agreeing) / double(images) : 0.0; }
};

/// Compares two evaluations of the same images, image by image. Throws EngineError
/// when they are not of the same images (other data, or another limit).
PredictionAgreement comparePredictions(const ModelEvaluation& first, const ModelEvaluation& second);

} // namespace ampwb
