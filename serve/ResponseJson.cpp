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

const char* reasonPhrase(int status)
{
    switch (status) {
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 408: return "Request Timeout";
    case 413: return "Payload Too Large";
    case 415: return "Unsupported Media Type";
    case 421: return "Misdirected Request";
    case 431: return "Request Header Fields Too Large";
    case 503: return "Service Unavailable";
    default: return "Error";
    }
}

} // namespace

std::string refusalResponse(const ServiceError& error)
{
    const std::string body = errorJson(error);
    std::string response = "HTTP/1.1 " + std::to_string(error.httpStatus()) + " " + reasonPhrase(error.httpStatus())
                         + "\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size())
                         + "\r\nConnection: close\r\n";
    if (error.reason() == RefusalReason::Busy)
        response += "Retry-After: 1\r\n";
    if (error.reason() == RefusalReason::Unauthorized)
        response += "WWW-Authenticate: Bearer\r\n";
    return response + "\r\n" + body;
}

std::string errorJson(const ServiceError& error)
{
    return nlohmann::json{{"error", error.code()}, {"message", error.what()}}.dump();
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
    return document.dump();
}

std::string modelJson(const ClassificationService& service)
{
    const Classifier& classifier = service.classifier();
    const TransformOptions& preprocessing = classifier.card().preprocessing;
    const int64_t resize = ImageTransform::evalResizeSize(preprocessing.imageSize);
    const ServiceLimits& limits = service.options().limits;
    return nlohmann::json{
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
    }
        .dump();
}

} // namespace ampwb::serve
