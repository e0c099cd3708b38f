#include "ClassifyCommand.h"

#include "model/Classifier.h"
#include "CommandLine.h"
#include "modelfiles/ModelLoading.h"
#include "OptionReader.h"
#ifdef AMPWB_WITH_OPENCV
#include "model/ImageFileClassification.h"
#endif

#include <nlohmann/json.hpp>

#include <cstdio>

namespace ampwb::cli {
namespace {

const char* kClassifyHelp =
    "Usage: amp-workbench-cli classify --model FILE [OPTIONS] IMAGE...\n\n"
    "Classifies images on the CPU (any format OpenCV reads; EXIF orientation, grayscale and\n"
    "alpha handled) with ResNet-18, preprocessed as torchvision's eval transform.\n\n"
    "  --model FILE           a run folder or its checkpoint.pt, a .pth state dict of\n"
    "                         torchvision.models.resnet18(num_classes=N), or `torchvision` for\n"
    "                         resnet18-f37072fd.pth in the torch hub cache (ImageNet classes)\n"
    "  --labels FILE          class names, one per line in label order\n"
    "  --top-k N              classes shown per image (default 5)\n"
    "  --precision fp32|bf16  bf16 is fast on CPUs with AVX512-BF16 or AMX (default fp32)\n"
    "  --batch-size N         images per forward pass (default 16)\n"
    "  --json                 one JSON document: the model, then each image's classes or error\n"
    "  --logits               also print every class's logit\n\n"
    "Exit status: 0 all images classified, 1 the model or some image could not be read\n"
    "(the others are still classified), 2 a usage mistake.\n";

struct ClassifyOptions {
    std::string model;
    std::string labels;
    ClassifierOptions classifier;
    int64_t batchSize = 16;
    bool json = false;
    bool logits = false;
    std::vector<std::string> images;
};

ClassifyOptions parse(const OptionReader& reader)
{
    ClassifyOptions options;
    options.model = reader.value("--model").value_or("");
    if (options.model.empty())
        throw UsageError("--model is required (a run folder, checkpoint.pt, .pth file or `torchvision`).");
    options.labels = reader.value("--labels").value_or("");
    if (const auto topK = reader.value("--top-k")) {
        options.classifier.topK = wholeNumber("--top-k", *topK);
        if (options.classifier.topK < 1)
            throw UsageError("--top-k must be at least 1.");
    }
    if (const auto precision = reader.value("--precision")) {
        const auto parsed = parseInferencePrecision(*precision);
        if (!parsed)
            throw UsageError("--precision must be fp32 or bf16, not \"" + *precision + "\".");
        options.classifier.precision = *parsed;
    }
    if (const auto batchSize = reader.value("--batch-size")) {
        options.batchSize = wholeNumber("--batch-size", *batchSize);
        if (options.batchSize < 1 || options.batchSize > 4096)
            throw UsageError("--batch-size must be between 1 and 4096.");
    }
    options.json = reader.flag("--json");
    options.logits = reader.flag("--logits");
    options.images = reader.positional();
    if (options.images.empty())
        throw UsageError("Name at least one image to classify.");
    return options;
}

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

int classify(const ClassifyOptions& options)
{
    if (options.classifier.precision == InferencePrecision::Bf16 && !Classifier::bf16Recommended())
        std::fprintf(stderr, "warning: this CPU has no bf16 units (AVX512-BF16 or AMX); bf16 will be slower than fp32.\n");
    const Classifier classifier(loadClassifierModel(options.model, options.labels), options.classifier);
    const std::vector<ImageFileResult> results = classifyImageFiles(classifier, options.images, options.batchSize);
    int failed = 0;
    for (const ImageFileResult& result : results)
        failed += result.classification ? 0 : 1;

    if (options.json) {
        nlohmann::json document{
            {"model", classifier.description()},
            {"classes", classifier.classCount()},
            {"precision", toString(options.classifier.precision)},
            {"input_size", classifier.card().preprocessing.imageSize},
            {"images", nlohmann::json::array()},
            {"failed", failed},
        };
        for (const ImageFileResult& result : results)
            document["images"].push_back(resultJson(result, options.logits));
        std::printf("%s\n", document.dump(2).c_str());
    } else {
        std::printf("Model: %s\nPrecision: %s, input %lld px\n\n", classifier.description().c_str(),
                    toString(options.classifier.precision).c_str(),
                    static_cast<long long>(classifier.card().preprocessing.imageSize));
        for (const ImageFileResult& result : results)
            printResult(result, options.logits);
    }
    if (failed > 0)
        std::fprintf(stderr, "%d of %zu images could not be read.\n", failed, results.size());
    return failed > 0 ? 1 : 0;
}
#else
int classify(const ClassifyOptions&)
{
    std::fprintf(stderr, "error: this build has no OpenCV, so it cannot read images.\n");
    return 1;
}
#endif

} // namespace

int runClassify(const std::vector<std::string>& arguments)
{
    try {
        const OptionReader reader(arguments, {"--model", "--labels", "--top-k", "--precision", "--batch-size"},
                                  {"--json", "--logits", "--help", "-h"});
        if (reader.flag("--help") || reader.flag("-h")) {
            std::fputs(kClassifyHelp, stdout);
            return 0;
        }
        return classify(parse(reader));
    } catch (const UsageError& error) {
        std::fprintf(stderr, "error: %s\nRun `amp-workbench-cli classify --help` for the options.\n", error.what());
        return 2;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "error: %s\n", error.what());
        return 1;
    }
}

} // namespace ampwb::cli
