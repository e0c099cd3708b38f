#include "UploadReading.h"

#include "ServiceError.h"

#include <algorithm>
#include <cctype>

namespace ampwb::serve {
namespace {

/// The media type without parameters, in lower case: "Image/PNG; q=1" → "image/png".
std::string mediaType(std::string_view contentType)
{
    std::string type(contentType.substr(0, contentType.find(';')));
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

/// Whether `text` is well-formed UTF-8 (no overlong forms, surrogates or code points past U+10FFFF).
bool isUtf8(std::string_view text)
{
    for (size_t i = 0; i < text.size();) {
        const auto lead = static_cast<unsigned char>(text[i]);
        const int length = lead < 0x80         ? 1
                         : (lead >> 5) == 0x6  ? 2
                         : (lead >> 4) == 0xE  ? 3
                         : (lead >> 3) == 0x1E ? 4
                                               : 0;
        if (length == 0 || i + length > text.size())
            return false;
        uint32_t codePoint = length == 1 ? lead : lead & (0x7F >> length);
        for (int k = 1; k < length; ++k) {
            const auto next = static_cast<unsigned char>(text[i + k]);
            if ((next & 0xC0) != 0x80)
                return false;
            codePoint = (codePoint << 6) | (next & 0x3F);
        }
        const uint32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
        if (codePoint < smallest[length] || codePoint > 0x10FFFF || (codePoint >= 0xD800 && codePoint <= 0xDFFF))
            return false;
        i += length;
    }
    return true;
}

/// How much of an upload is still read, and dropped, past the limit or a refusal, so that
/// a client still sending receives the answer; a longer upload is cut off.
constexpr size_t kDrainBytes = size_t(64) << 20;

} // namespace

UploadReader::UploadReader(std::string_view contentType, std::optional<uint64_t> declaredLength,
                           const ServiceLimits& limits)
    : limits(limits)
{
    if (const auto boundary = MultipartReader::boundaryOf(contentType)) {
        multipart = std::make_unique<MultipartReader>(
            *boundary, [this](const FormPart& part) { startPart(part); },
            [this](std::string_view data) {
                if (keepingPart && !refusal)
                    uploaded.back().bytes.append(data);
            });
        return;
    }
    const std::string type = mediaType(contentType);
    if (!isImageType(type))
        refuse(ServiceError(RefusalReason::UnsupportedType,
                            "The body is " + type
                                + ", not an image: send it with Content-Type image/jpeg (image/png, …) or "
                                  "application/octet-stream, or as a file of a multipart/form-data form."));
    uploaded.push_back({"upload", {}, true});
    if (declaredLength && *declaredLength <= limits.maxRequestBytes)
        uploaded.back().bytes.reserve(*declaredLength);
}

UploadReader::~UploadReader() = default;

bool UploadReader::read(std::string_view bytes)
{
    received += bytes.size();
    if (received > limits.maxRequestBytes)
        refuse(tooLarge());
    if (multipart) {
        try {
            multipart->read(bytes);
        } catch (const ServiceError& error) {
            refuse(error);
        }
    } else if (!refusal) {
        uploaded.back().bytes.append(bytes);
    }
    return received <= limits.maxRequestBytes + kDrainBytes;
}

std::vector<UploadedImage> UploadReader::images()
{
    if (refusal)
        throw *refusal;
    if (multipart && !multipart->complete())
        throw ServiceError(RefusalReason::BadRequest, "The multipart form ends before its closing boundary.");
    if (!multipart && uploaded.front().bytes.empty())
        throw ServiceError(RefusalReason::BadRequest, "The request body is empty: send the image as the body.");
    return std::move(uploaded);
}

void UploadReader::startPart(const FormPart& part)
{
    keepingPart = false;
    if (part.filename.empty() && part.contentType.empty())
        return; // a plain form field
    const std::string name = part.filename.empty() ? part.name : part.filename;
    if (!isUtf8(name))
        refuse(ServiceError(RefusalReason::BadRequest,
                            "A file name in the form is not UTF-8 text; rename the file or send it as the body."));
    else if (!isImageType(mediaType(part.contentType)))
        refuse(ServiceError(RefusalReason::UnsupportedType, "The file " + name + " is " + mediaType(part.contentType)
                                                                + ", not an image (send JPEG, PNG, BMP or WebP)."));
    else if (static_cast<int>(uploaded.size()) >= limits.maxImagesPerRequest)
        refuse(ServiceError(RefusalReason::TooLarge, "The request holds more than "
                                                         + std::to_string(limits.maxImagesPerRequest)
                                                         + " images, the limit."));
    keepingPart = !refusal;
    if (keepingPart)
        uploaded.push_back({name.empty() ? "image " + std::to_string(uploaded.size() + 1) : name, {}});
}

void UploadReader::refuse(ServiceError error)
{
    if (!refusal)
        refusal = std::make_unique<ServiceError>(std::move(error));
}

ServiceError UploadReader::tooLarge() const
{
    return ServiceError(RefusalReason::TooLarge,
                        "The upload is larger than " + megabytes(limits.maxRequestBytes) + ", the limit.");
}

} // namespace ampwb::serve
