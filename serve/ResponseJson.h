#pragma once

#include "ClassificationService.h"

#include <string>

namespace ampwb::serve {

class ServiceError;

/// The body of an error response: {"error": code, "message": text}.
std::string errorJson(const ServiceError& error);
/// The answer to POST /v1/classify. One image: {model, name, top:[{label, index, prob}], ms,
/// queue_ms}; several: {model, ms, queue_ms, results:[{name, top, ms}]}.
std::string answerJson(const Classifier& classifier, const RequestAnswer& answer);
/// GET /v1/model: the model, its classes, input size, preprocessing, precision and the limits.
std::string modelJson(const ClassificationService& service);

} // namespace ampwb::serve
