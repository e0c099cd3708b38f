#include "ServiceError.h"

namespace ampwb::serve {

int ServiceError::httpStatus() const
{
    switch (refusal) {
    case RefusalReason::NotAnImage:
    case RefusalReason::BadRequest: return 400;
    case RefusalReason::Unauthorized: return 401;
    case RefusalReason::Forbidden: return 403;
    case RefusalReason::NotFound: return 404;
    case RefusalReason::TimedOut: return 408;
    case RefusalReason::TooLarge: return 413;
    case RefusalReason::UnsupportedType: return 415;
    case RefusalReason::WrongHost: return 421;
    case RefusalReason::HeadTooLarge: return 431;
    case RefusalReason::Busy:
    case RefusalReason::ShuttingDown: return 503;
    }
    return 500;
}

const char* ServiceError::code() const
{
    switch (refusal) {
    case RefusalReason::NotAnImage: return "not_an_image";
    case RefusalReason::BadRequest: return "bad_request";
    case RefusalReason::Unauthorized: return "unauthorized";
    case RefusalReason::Forbidden: return "forbidden";
    case RefusalReason::NotFound: return "not_found";
    case RefusalReason::TimedOut: return "timed_out";
    case RefusalReason::TooLarge: return "too_large";
    case RefusalReason::UnsupportedType: return "unsupported_type";
    case RefusalReason::WrongHost: return "wrong_host";
    case RefusalReason::HeadTooLarge: return "head_too_large";
    case RefusalReason::Busy: return "busy";
    case RefusalReason::ShuttingDown: return "shutting_down";
    }
    return "internal";
}

} // namespace ampwb::serve
