#include "system/ErrorText.h"

#include "system/EngineError.h"

#include <c10/util/Exception.h>

namespace ampwb {

std::string withoutBacktrace(const std::exception& error)
{
    if (const auto* c10Error = dynamic_cast<const c10::Error*>(&error))
        return c10Error->what_without_backtrace();
    return error.what();
}

EngineMessage messageOf(const std::exception& error)
{
    if (const auto* engineError = dynamic_cast<const EngineError*>(&error))
        return engineError->message();
    return EngineMessage::text(withoutBacktrace(error));
}

} // namespace ampwb
