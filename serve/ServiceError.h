#pragma once

#include <stdexcept>
#include <string>

namespace ampwb::serve {

/// Why a classification request was refused, each with its HTTP status.
enum class RefusalReason {
    NotAnImage,      ///< 400: the bytes do not decode as an image
    BadRequest,      ///< 400: a malformed upload, or one without images
    Unauthorized,    ///< 401: the access token is missing or wrong
    Forbidden,       ///< 403: a POST from another web site's page (Origin)
    NotFound,        ///< 404: no such page
    TimedOut,        ///< 408: the request head, or its body, did not arrive in time
    TooLarge,        ///< 413: too many bytes, pixels or images
    UnsupportedType, ///< 415: a content type that is not an image
    WrongHost,       ///< 421: a Host that is not this machine's (DNS rebinding)
    HeadTooLarge,    ///< 431: a request head larger than the limit
    Busy,            ///< 503: the queue is full, or too many connections; retry shortly
    ShuttingDown,    ///< 503: the service is stopping
};

/// A request the service refuses; the message says what was wrong and what to do.
class ServiceError : public std::runtime_error {
public:
    ServiceError(RefusalReason reason, const std::string& message)
        : std::runtime_error(message)
        , refusal(reason)
    {
    }

    RefusalReason reason() const { return refusal; }
    /// 400, 401, 403, 404, 408, 413, 415, 421, 431 or 503.
    int httpStatus() const;
    /// A short machine-readable name: "not_an_image", "bad_request", "unauthorized", "forbidden", "not_found",
    /// "timed_out", "too_large", "unsupported_type", "wrong_host", "head_too_large", "busy", "shutting_down".
    const char* code() const;

private:
    RefusalReason refusal;
};

} // namespace ampwb::serve
