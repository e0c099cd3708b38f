#pragma once

#include "ClassificationService.h"

#include <httplib.h>

#include <vector>

namespace ampwb::serve {

/// Reads the images of a POST /v1/classify upload as it streams in: either a multipart
/// form (every file part is an image) or a raw body whose Content-Type is image/* or
/// application/octet-stream. Never holds more than `limits.maxRequestBytes`. Throws
/// ServiceError: UnsupportedType for a non-image content type, TooLarge for too many
/// bytes or images, BadRequest for a malformed upload.
std::vector<UploadedImage> readUploadedImages(const httplib::Request& request, httplib::Response& response,
                                              const httplib::ContentReader& reader, const ServiceLimits& limits);

} // namespace ampwb::serve
