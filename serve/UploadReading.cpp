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

/// How much of an upload is still read, and dropped, past the limit or a refusal, so that
/// a client still sending receives the answer; a longer upload is cut off.
constexpr size_t kDrainBytes = size_t(64) << 20;

/// Counts the bytes of one upload and keeps them within the limit.
class UploadBudget {
public:
    explicit UploadBudget(const ServiceLimits& limits)
        : limits(limits)
    {
    }

    /// Counts `count` more bytes; false once the upload should be cut off.
    bool take(size_t count)
    {
        received += count;
        if (received > limits.maxRequestBytes && !refusal)
            refusal = tooLarge();
        return received <= limits.maxRequestBytes + kDrainBytes;
    }
    /// Whether the bytes are still wanted (no refusal yet).
    bool keeping() const { return !refusal; }
    void refuse(ServiceError error)
    {
        if (!refusal)
            refusal = std::move(error);
    }
    /// Throws the refusal, or why the upload stopped, if either happened.
    void throwIfRefused(bool complete, const httplib::Response& response) const
    {
        if (refusal)
            throw *refusal;
        if (complete)
            return;
        if (response.status == 413)
            throw tooLarge();
        throw ServiceError(RefusalReason::BadRequest, "The upload was cut short or is not a well-formed request.");
    }

    const ServiceLimits& limits;

private:
    ServiceError tooLarge() const
    {
        return ServiceError(RefusalReason::TooLarge,
                            "The upload is larger than " + megabytes(limits.maxRequestBytes) + ", the limit.");
    }

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
            keepingPart = false;
            if (part.filename.empty() && part.content_type.empty())
                return true; // a plain form field
            const std::string name = part.filename.empty() ? part.name : part.filename;
            if (!isImageType(mediaType(part.content_type)))
                budget.refuse(ServiceError(RefusalReason::UnsupportedType,
                                           "The file " + name + " is " + mediaType(part.content_type)
                                               + ", not an image (send JPEG, PNG, BMP or WebP)."));
            else if (static_cast<int>(images.size()) >= budget.limits.maxImagesPerRequest)
                budget.refuse(
                    ServiceError(RefusalReason::TooLarge, "The request holds more than "
                                                              + std::to_string(budget.limits.maxImagesPerRequest)
                                                              + " images, the limit."));
            keepingPart = budget.keeping();
            if (keepingPart)
                images.push_back({name.empty() ? "image " + std::to_string(images.size() + 1) : name, {}});
            return true;
        },
        [&](const char* data, size_t size) {
            const bool more = budget.take(size);
            if (keepingPart && budget.keeping())
                images.back().bytes.append(data, size);
            return more;
        });
    budget.throwIfRefused(complete, response);
    return images;
}

UploadedImage readBody(const httplib::Request& request, const httplib::ContentReader& reader,
                       httplib::Response& response, UploadBudget& budget)
{
    UploadedImage image{"upload", {}, true};
    const auto declaredLength = request.get_header_value<uint64_t>("Content-Length");
    if (declaredLength > 0 && declaredLength <= budget.limits.maxRequestBytes)
        image.bytes.reserve(declaredLength);
    const bool complete = reader([&](const char* data, size_t size) {
        const bool more = budget.take(size);
        if (budget.keeping())
            image.bytes.append(data, size);
        return more;
    });
    budget.throwIfRefused(complete, response);
    if (image.bytes.empty())
        throw ServiceError(RefusalReason::BadRequest, "The request body is empty: send the image as the body.");
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
    if (!isImageType(type)) {
        budget.refuse(ServiceError(RefusalReason::UnsupportedType,
                                   "The body is " + type
                                       + ", not an image: send it with Content-Type image/jpeg (image/png, …) or "
                                         "application/octet-stream, or as a file of a multipart/form-data form."));
        const bool complete = reader([&](const char*, size_t size) { return budget.take(size); });
        budget.throwIfRefused(complete, response);
    }
    std::vector<UploadedImage> images;
    images.push_back(readBody(request, reader, response, budget));
    return images;
}

} // namespace ampwb::serve
