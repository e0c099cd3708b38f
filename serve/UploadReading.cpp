#include "UploadReading.h"

#include "ServiceError.h"

#include <algorithm>
#include <cctype>
#include <optional>

namespace ampwb::serve {
namespace {

/// The media type without parameters, in lower case: "Image/PNG; q=1" → "image/png".
std::string mediaType(const std::string& contentType)
{
    std::string type = contentType.substr(0, contentType.find(';'));
    type.erase(std::remove_if(type.begin(), type.end(), [](unsigned char c) { return std::isspace(c); }), type.end());
    std::transform(type.begin(), type.end(), type.begin(), [](unsigned char c) { return std::tolower(c); });
    return type;
}

bool isImageType(const std::string& type)
{
    return type.empty() || type.rfind("image/", 0) == 0 || type == "application/octet-stream";
}

std::string megabytes(size_t bytes)
{
    return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MB";
}

/// Counts the bytes of one upload and keeps them within the limit.
class UploadBudget {
public:
    explicit UploadBudget(const ServiceLimits& limits) : limits(limits) {}

    /// Whether `count` more bytes fit; records the refusal when they do not.
    bool take(size_t count)
    {
        received += count;
        if (received <= limits.maxRequestBytes)
            return true;
        refuse(tooLarge());
        return false;
    }
    ServiceError tooLarge() const
    {
        return ServiceError(RefusalReason::TooLarge,
                            "The upload is larger than " + megabytes(limits.maxRequestBytes) + ", the limit.");
    }
    void refuse(ServiceError error)
    {
        if (!refusal)
            refusal = std::move(error);
    }
    /// Throws the reason the upload stopped: a recorded refusal or what httplib saw.
    [[noreturn]] void throwFailure(const httplib::Response& response) const
    {
        if (refusal)
            throw *refusal;
        if (response.status == 413)
            throw tooLarge();
        throw ServiceError(RefusalReason::BadRequest, "The upload was cut short or is not a well-formed request.");
    }

    const ServiceLimits& limits;

private:
    size_t received = 0;
    std::optional<ServiceError> refusal;
};

std::vector<UploadedImage> readMultipart(const httplib::ContentReader& reader, httplib::Response& response,
                                         UploadBudget& budget)
{
    std::vector<UploadedImage> images;
    bool keepingPart = false;
    const bool complete = reader(
        [&](const httplib::MultipartFormData& part) {
            keepingPart = !part.filename.empty() || !part.content_type.empty(); // plain form fields are skipped
            if (!keepingPart)
                return true;
            const std::string name = part.filename.empty() ? part.name : part.filename;
            if (!isImageType(mediaType(part.content_type))) {
                budget.refuse(ServiceError(RefusalReason::UnsupportedType,
                                           "The file " + name + " is " + mediaType(part.content_type)
                                               + ", not an image (send JPEG, PNG, BMP or WebP)."));
                return false;
            }
            if (static_cast<int>(images.size()) >= budget.limits.maxImagesPerRequest) {
                budget.refuse(ServiceError(RefusalReason::TooLarge,
                                           "The request holds more than "
                                               + std::to_string(budget.limits.maxImagesPerRequest)
                                               + " images, the limit."));
                return false;
            }
            images.push_back({name.empty() ? "image " + std::to_string(images.size() + 1) : name, {}});
            return true;
        },
        [&](const char* data, size_t size) {
            if (!budget.take(size))
                return false;
            if (keepingPart)
                images.back().bytes.append(data, size);
            return true;
        });
    if (!complete)
        budget.throwFailure(response);
    return images;
}

UploadedImage readBody(const httplib::Request& request, const httplib::ContentReader& reader,
                       httplib::Response& response, UploadBudget& budget)
{
    UploadedImage image{"upload", {}};
    const auto declaredLength = request.get_header_value<uint64_t>("Content-Length");
    if (declaredLength > 0 && declaredLength <= budget.limits.maxRequestBytes)
        image.bytes.reserve(declaredLength);
    const bool complete = reader([&](const char* data, size_t size) {
        if (!budget.take(size))
            return false;
        image.bytes.append(data, size);
        return true;
    });
    if (!complete)
        budget.throwFailure(response);
    return image;
}

} // namespace

std::vector<UploadedImage> readUploadedImages(const httplib::Request& request, httplib::Response& response,
                                              const httplib::ContentReader& reader, const ServiceLimits& limits)
{
    UploadBudget budget(limits);
    if (request.is_multipart_form_data())
        return readMultipart(reader, response, budget);
    const std::string type = mediaType(request.get_header_value("Content-Type"));
    if (!isImageType(type))
        throw ServiceError(RefusalReason::UnsupportedType,
                           "The body is " + type
                               + ", not an image: send it with Content-Type image/jpeg (image/png, …) or "
                                 "application/octet-stream, or as a file of a multipart/form-data form.");
    std::vector<UploadedImage> images;
    images.push_back(readBody(request, reader, response, budget));
    return images;
}

} // namespace ampwb::serve
