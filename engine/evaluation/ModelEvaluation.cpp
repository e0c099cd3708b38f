#include "evaluation/ModelEvaluation.h"

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <optional>

namespace ampwb {

double ModelEvaluation::imagesPerSecond() const
{
    return seconds > 0.0 ? static_cast<double>(predictions.size()) / seconds : 0.0;
}

ModelEvaluation evaluateModel(const Classifier& classifier, const Dataset& dataset, const EvaluationOptions& options)
{
    if (classifier.classCount() != dataset.classCount())
        throw DataError(EngineMessage(EngineMessage::Code::ModelAndDataClassesDiffer,
                                      {std::to_string(classifier.classCount()), std::to_string(dataset.classCount())}));
    const auto start = std::chrono::steady_clock::now();
    ModelEvaluation result;
    result.classNames = dataset.classNames();
    result.confusion = ConfusionMatrix(dataset.classCount());
    const int64_t total = options.limit > 0 ? std::min(options.limit, dataset.size()) : dataset.size();
    const int64_t batchSize = std::max<int64_t>(1, options.batchSize);
    result.predictions.reserve(static_cast<size_t>(total));

    for (int64_t first = 0; first < total; first += batchSize) {
        const int64_t count = std::min(batchSize, total - first);
        std::vector<torch::Tensor> inputs(static_cast<size_t>(count));
        std::vector<std::optional<std::string>> errors(static_cast<size_t>(count));
        // One image after another: decoding a batch's images on the operator threads measured no faster
        // (docs/BENCHMARKS.md, "The optimizer in one pass").
        for (int64_t slot = 0; slot < count; ++slot) {
            try {
                inputs[static_cast<size_t>(slot)] = classifier.preprocess(dataset.image(first + slot));
            } catch (const DataError& error) {
                errors[static_cast<size_t>(slot)] = error.what();
            }
        }
        std::vector<torch::Tensor> readable;
        std::vector<int64_t> readableIndices;
        for (int64_t slot = 0; slot < count; ++slot) {
            if (errors[static_cast<size_t>(slot)]) {
                result.unreadableImages.push_back(*errors[static_cast<size_t>(slot)]);
                continue;
            }
            readable.push_back(std::move(inputs[static_cast<size_t>(slot)]));
            readableIndices.push_back(first + slot);
        }
        if (!readable.empty()) {
            const torch::Tensor logits = classifier.logits(torch::stack(readable));
            const torch::Tensor probabilities = torch::softmax(logits, 1);
            for (size_t row = 0; row < readableIndices.size(); ++row) {
                const int64_t index = readableIndices[row];
                const auto at = static_cast<int64_t>(row);
                const int64_t trueClass = dataset.label(index);
                ImagePrediction prediction{index, dataset.sampleName(index), trueClass,
                                           probabilities[at][trueClass].item<float>(),
                                           classifier.topClasses(logits[at])};
                result.confusion.add(prediction.trueClass, prediction.top.front().classIndex);
                result.predictions.push_back(std::move(prediction));
            }
        }
        if (options.progress && !options.progress(first + count, total)) {
            result.cancelled = true;
            break;
        }
    }
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

} // namespace ampwb
