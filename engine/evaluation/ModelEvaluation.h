#pragma once

#include "data/Dataset.h"
#include "evaluation/ConfusionMatrix.h"
#include "model/Classifier.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ampwb {

/// One evaluated image: which it is, its true class and the model's most probable classes.
struct ImagePrediction {
    int64_t index = 0; ///< in the dataset
    std::string name;  ///< its file, or "#index" for datasets without files
    int64_t trueClass = 0;
    float trueClassProbability = 0.0f; ///< what the model gives the true class, 0–1
    std::vector<ClassScore> top;       ///< most probable first
};

/// How evaluateModel reads the dataset.
struct EvaluationOptions {
    int64_t batchSize = 64;
    int64_t limit = 0; ///< only the first `limit` images (0: all)
    /// Called after each batch with the images done and the total; returning false cancels.
    std::function<bool(int64_t done, int64_t total)> progress;
};

/// What a model gets right and wrong on a dataset.
struct ModelEvaluation {
    std::vector<std::string> classNames; ///< the dataset's, in label order
    ConfusionMatrix confusion{1};
    std::vector<ImagePrediction> predictions;  ///< in dataset order, readable images only
    std::vector<std::string> unreadableImages; ///< why each skipped image could not be read
    bool cancelled = false;
    double seconds = 0.0; ///< reading, preprocessing and inference

    double imagesPerSecond() const;
};

/// Classifies every image of `dataset` (or its first `options.limit`) with `classifier`,
/// as `classify` does (the model card's eval preprocessing), a batch at a time so only one
/// batch of images is in memory. Unreadable images are listed and skipped. Throws DataError
/// when the dataset's class count differs from the model's, naming both.
ModelEvaluation evaluateModel(const Classifier& classifier, const Dataset& dataset,
                              const EvaluationOptions& options = {});

} // namespace ampwb
