#include "ClassifyCommand.h"

#include "OptionValue.h"
#include "modelfiles/ModelLoading.h"
#ifdef AMPWB_WITH_OPENCV
#include "model/ImageFileClassification.h"
#endif

#include <nlohmann/json.hpp>

#include <cstdio>

namespace ampwb::cli {
namespace {

const char* kClassifyIntroduction =
    "Usage: amp-workbench-cli classify --model FILE [OPTIONS] IMAGE...\n\n"
    "Classifies images on the CPU (any format OpenCV reads; EXIF orientation, grayscale and\n"
    "alpha handled) with ResNet-18, preprocessed as torchvision's eval transform.\n\n";

const char* kClassifyNotes = "\nExit status: 0 all images classified, 1 the model or some image could not be read\n"
                             "(the others are still classified), 2 a usage mistake.\n";

#ifdef AMPWB_WITH_OPENCV
std::vector<float> valuesOf(const torch::Tensor& logits)
{
    const torch::Tensor contiguous = logits.to(torch::kFloat).contiguous();
    return {contiguous.data_ptr<float>(), contiguous.data_ptr<float>() + contiguous.numel()};
}

nlohmann::json resultJson(const ImageFileResult& result, bool withLogits)
{
    nlohmann::json entry{{"path", result.path}};
    if (!result.classification) {
        entry["error"] = result.error;
        return entry;
    }
    const Classification& classification = *result.classification;
    nlohmann::json top = nlohmann::json::array();
    for (const ClassScore& score : classification.topClasses)
        top.push_back({{"index", score.classIndex}, {"label", score.className}, {"probability", score.probability}});
    entry["top"] = top;
    entry["preprocess_ms"] = classification.preprocessMilliseconds;
    entry["inference_ms"] = classification.inferenceMilliseconds;
    if (withLogits)
        entry["logits"] = valuesOf(classification.logits);
    return entry;
}

void printResult(const ImageFileResult& result, bool withLogits)
{
    if (!result.classification) {
        std::fprintf(stderr, "%s: error: %s\n", result.path.c_str(), result.error.c_str());
        return;
    }
    const Classification& classification = *result.classification;
    std::printf("%s  (decode + preprocess %.1f ms, inference %.1f ms)\n", result.path.c_str(),
                classification.preprocessMilliseconds, classification.inferenceMilliseconds);
    int rank = 1;
    for (const ClassScore& score : classification.topClasses)
        std::printf("  %d. %6.2f %%  %s (%lld)\n", rank++, 100.0 * score.probability, score.className.c_str(),
                    static_cast<long long>(score.classIndex));
    if (withLogits) {
        std::printf("  logits:");
        for (const float logit : valuesOf(classification.logits))
            std::printf(" %.6g", logit);
        std::printf("\n");
    }
}
#endif

} // namespace

ClassifyCommand::ClassifyCommand()
    : Command(kClassifyIntroduction, kClassifyNotes)
{
    table.add({
        {"--model", "FILE",
         "a run folder or its checkpoint.pt, a .pth state dict of\n"
         "torchvision.models.resnet18(num_classes=N), or `torchvision` for\n"
         "resnet18-f37072fd.pth in the torch hub cache (ImageNet classes)",
         [this](const OptionValue& v) { model = v.text(); }},
        {"--labels", "FILE", "class names, one per line in label order",
         [this](const OptionValue& v) { labels = v.text(); }},
        {"--top-k", "N", "classes shown per image (default 5)",
         [this](const OptionValue& v) {
             classifierOptions.topK = v.wholeNumber();
             if (classifierOptions.topK < 1)
                 throw v.mistake("must be at least 1.");
         }},
        {"--precision", "fp32|bf16", "bf16 is fast on CPUs with AVX512-BF16 or AMX (default fp32)",
         [this](const OptionValue& v) {
             classifierOptions.precision = v.oneOf(parseInferencePrecision(v.text()), "fp32 or bf16");
         }},
        {"--batch-size", "N", "images per forward pass (default 16)",
         [this](const OptionValue& v) { batchSize = v.wholeNumberBetween(1, 4096); }},
        {"--json", "", "one JSON document: the model, then each image's classes or error",
         [this](const OptionValue&) { json = true; }},
        {"--logits", "", "also print every class's logit", [this](const OptionValue&) { logits = true; }},
    });
    table.takePositional([this](const std::string& image) { images.push_back(image); });
}

int ClassifyCommand::run()
{
    if (model.empty())
        throw UsageError("--model is required (a run folder, checkpoint.pt, .pth file or `torchvision`).");
    if (images.empty())
        throw UsageError("Name at least one image to classify.");
#ifdef AMPWB_WITH_OPENCV
    if (classifierOptions.precision == InferencePrecision::Bf16 && !Classifier::bf16Recommended())
        std::fprintf(stderr,
                     "warning: this CPU has no bf16 units (AVX512-BF16 or AMX); bf16 will be slower than fp32.\n");
    const Classifier classifier(loadClassifierModel(model, labels), classifierOptions);
    const std::vector<ImageFileResult> results = classifyImageFiles(classifier, images, batchSize);
    int failed = 0;
    for (const ImageFileResult& result : results)
        failed += result.classification ? 0 : 1;

    if (json) {
        nlohmann::json document{
            {"model", classifier.description()},
            {"classes", classifier.classCount()},
            {"precision", toString(classifierOptions.precision)},
            {"input_size", classifier.card().preprocessing.imageSize},
            {"images", nlohmann::json::array()},
            {"failed", failed},
        };
        for (const ImageFileResult& result : results)
            document["images"].push_back(resultJson(result, logits));
        std::printf("%s\n", document.dump(2).c_str());
    } else {
        std::printf("Model: %s\nPrecision: %s, input %lld px\n\n", classifier.description().c_str(),
                    toString(classifierOptions.precision).c_str(),
                    static_cast<long long>(classifier.card().preprocessing.imageSize));
        for (const ImageFileResult& result : results)
            printResult(result, logits);
    }
    if (failed > 0)
        std::fprintf(stderr, "%d of %zu images could not be read.\n", failed, results.size());
    return failed > 0 ? 1 : 0;
#else
    std::fprintf(stderr, "error: this build has no OpenCV, so it cannot read images.\n");
    return 1;
#endif
}

} // namespace ampwb::cli
