#pragma once

#include "ClassificationService.h"
#include "MultipartReader.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ampwb::serve {

class ServiceError;

/// Reads the images of a POST /v1/classify upload as its body streams in: either a multipart
/// form (every file part is an image) or a raw body whose Content-Type is image/* or
/// application/octet-stream. Never holds more than `limits.maxRequestBytes`; past a refusal it
/// goes on counting (and dropping) what is still sent, for a while, so that the client reads
/// the answer.
class UploadReader {
public:
    /// `contentType`: the request's Content-Type; `declaredLength`: its Content-Length, if any.
    /// Throws ServiceError(BadRequest) for a multipart type without a boundary.
    UploadReader(std::string_view contentType, std::optional<uint64_t> declaredLength, const ServiceLimits& limits);
    ~UploadReader();

    /// Takes the next bytes of the body; false once the upload should be cut off.
    bool read(std::string_view bytes);
    /// The images, once the body has ended. Throws ServiceError: UnsupportedType for a non-image
    /// content type, TooLarge for too many bytes or images, BadRequest for a malformed upload or
    /// a file name that is not UTF-8.
    std::vector<UploadedImage> images();

private:
    void startPart(const FormPart& part);
    void refuse(ServiceError error);
    ServiceError tooLarge() const;

    const ServiceLimits& limits;
    std::unique_ptr<MultipartReader> multipart; ///< null for a raw body
    std::vector<UploadedImage> uploaded;
    bool keepingPart = false;
    size_t received = 0;
    std::unique_ptr<ServiceError> refusal;
};

} // namespace ampwb::serve
