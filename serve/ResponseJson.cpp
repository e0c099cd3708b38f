#include "ResponseJson.h"

#include "ServiceError.h"

#include <nlohmann/json.hpp>

namespace ampwb::serve {
namespace {

nlohmann::json topJson(const std::vector<ClassScore>& scores)
{
    nlohmann::json top = nlohmann::json::array();
    for (const ClassScore& score : scores)
        top.push_back({{"label", score.className}, {"index", score.classIndex}, {"prob", score.probability}});
    return top;
}

/// Names and messages may hold bytes that are not UTF-8 (a Host header, a file name): they are
/// written with U+FFFD in their place rather than failing the answer.
std::string jsonText(const nlohmann::json& document)
{
    return document.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace

std::string errorJson(const ServiceError& error)
{
    return jsonText(nlohmann::json{{"error", error.code()}, {"message", error.what()}});
}

std::string answerJson(const Classifier& classifier, const RequestAnswer& answer)
{
    nlohmann::json document{{"model", classifier.description()}};
    if (answer.images.size() == 1) {
        document["name"] = answer.images.front().name;
        document["top"] = topJson(answer.images.front().topClasses);
    } else {
        nlohmann::json results = nlohmann::json::array();
        for (const ImageAnswer& image : answer.images)
            results.push_back({{"name", image.name}, {"top", topJson(image.topClasses)}, {"ms", image.milliseconds}});
        document["results"] = results;
    }
    document["ms"] = answer.milliseconds;
    document["queue_ms"] = answer.queueMilliseconds;
    return jsonText(document);
}

std::string modelJson(const ClassificationService& service)
{
    const Classifier& classifier = service.classifier();
    const TransformOptions& preprocessing = classifier.card().preprocessing;
    const int64_t resize = ImageTransform::evalResizeSize(preprocessing.imageSize);
    const ServiceLimits& limits = service.options().limits;
    return jsonText(nlohmann::json{
        {"model", classifier.description()},
        {"classes", classifier.card().classNames},
        {"class_count", classifier.classCount()},
        {"input_size", preprocessing.imageSize},
        {"preprocessing",
         {{"resize", resize},
          {"center_crop", preprocessing.imageSize},
          {"mean", preprocessing.mean},
          {"std", preprocessing.std},
          {"description", "Resize(" + std::to_string(resize) + ", antialiased) + CenterCrop("
                              + std::to_string(preprocessing.imageSize)
                              + ") + Normalize(mean, std) on RGB in [0, 1]"}}},
        {"precision", toString(classifier.options().precision)},
        {"top_k", classifier.options().topK},
        {"workers", service.options().workers},
        {"limits",
         {{"max_request_bytes", limits.maxRequestBytes},
          {"max_image_pixels", limits.maxImagePixels},
          {"max_images_per_request", limits.maxImagesPerRequest},
          {"queue_capacity", limits.queueCapacity}}},
    });
}

} // namespace ampwb::serve
