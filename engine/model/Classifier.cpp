#include "model/Classifier.h"

#include "system/DeviceInfo.h"

#include <ATen/Context.h>
#include <c10/core/InferenceMode.h>

#include <algorithm>
#include <chrono>

namespace ampwb {
namespace {

using Clock = std::chrono::steady_clock;

double millisecondsSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

TransformOptions evalOptions(TransformOptions options)
{
    options.training = false;
    return options;
}

c10::ScalarType dtypeOf(InferencePrecision precision)
{
    return precision == InferencePrecision::Bf16 ? torch::kBFloat16 : torch::kFloat;
}

bool usesPrepackedWeights(const ClassifierOptions& options)
{
    return options.prepackWeights && options.precision == InferencePrecision::Fp32 && at::hasMKLDNN();
}

FoldedResNet18 inferenceNetwork(const ClassifierModel& model, const ClassifierOptions& options)
{
    FoldedResNet18 folded = FoldedResNet18(*model.network).converted(dtypeOf(options.precision), options.channelsLast);
    return usesPrepackedWeights(options) ? folded.prepackedForOneDnn() : folded;
}

} // namespace

Classifier::Classifier(const ClassifierModel& model, ClassifierOptions options)
    : modelCard(model.card)
    , modelDescription(model.description)
    , settings(options)
    , transform(evalOptions(model.card.preprocessing))
    , network(inferenceNetwork(model, options))
{
    const int64_t side = modelCard.preprocessing.imageSize;
    for (int pass = 0; pass < settings.warmupPasses; ++pass)
        logits(torch::zeros({1, 3, side, side}));
}

std::string Classifier::description() const
{
    return modelDescription ? modelDescription->english() : std::string();
}

bool Classifier::bf16Recommended()
{
    static const bool recommended = probeDevices().cpuHasBf16Units();
    return recommended;
}

torch::Tensor Classifier::preprocess(const torch::Tensor& image) const
{
    c10::InferenceMode inference;
    return transform(image, 0);
}

torch::Tensor Classifier::logits(const torch::Tensor& images) const
{
    c10::InferenceMode inference;
    torch::Tensor input = images.to(dtypeOf(settings.precision));
    if (settings.channelsLast && !usesPrepackedWeights(settings))
        input = input.contiguous(at::MemoryFormat::ChannelsLast);
    return network.forward(input).to(torch::kFloat);
}

std::vector<ClassScore> Classifier::topClasses(const torch::Tensor& logits) const
{
    c10::InferenceMode inference;
    const torch::Tensor probabilities = torch::softmax(logits.to(torch::kFloat).flatten(), 0);
    const int64_t count = std::clamp<int64_t>(settings.topK, 1, probabilities.numel());
    const auto [values, indices] = probabilities.topk(count);
    std::vector<ClassScore> scores;
    for (int64_t rank = 0; rank < count; ++rank) {
        const int64_t index = indices[rank].item<int64_t>();
        const bool named = index < static_cast<int64_t>(modelCard.classNames.size());
        scores.push_back({index, named ? modelCard.classNames[index] : "class " + std::to_string(index),
                          values[rank].item<float>()});
    }
    return scores;
}

std::vector<Classification> Classifier::classify(const std::vector<torch::Tensor>& images) const
{
    std::vector<torch::Tensor> inputs;
    std::vector<double> preprocessMilliseconds;
    for (const torch::Tensor& image : images) {
        const auto start = Clock::now();
        inputs.push_back(preprocess(image));
        preprocessMilliseconds.push_back(millisecondsSince(start));
    }
    std::vector<Classification> results = classifyPreprocessed(inputs);
    for (size_t i = 0; i < results.size(); ++i)
        results[i].preprocessMilliseconds = preprocessMilliseconds[i];
    return results;
}

std::vector<Classification> Classifier::classifyPreprocessed(const std::vector<torch::Tensor>& inputs) const
{
    std::vector<Classification> results(inputs.size());
    if (inputs.empty())
        return results;
    const auto start = Clock::now();
    const torch::Tensor batchLogits = logits(torch::stack(inputs));
    const double share = millisecondsSince(start) / static_cast<double>(inputs.size());
    for (size_t i = 0; i < inputs.size(); ++i) {
        results[i].logits = batchLogits[static_cast<int64_t>(i)];
        results[i].topClasses = topClasses(results[i].logits);
        results[i].inferenceMilliseconds = share;
    }
    return results;
}

} // namespace ampwb
