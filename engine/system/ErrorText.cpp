#include "system/ErrorText.h"

#include <c10/util/Exception.h>

namespace ampwb {

std::string withoutBacktrace(const std::exception& error)
{
    if (const auto* c10Error = dynamic_cast<const c10::Error*>(&error))
        return c10Error->what_without_backtrace();
    return error.what();
}

} // namespace ampwb
