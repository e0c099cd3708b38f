#include "distributed/DistributedError.h"

#include <c10/util/Exception.h>

namespace ampwb {

std::string errorReason(const std::exception& error)
{
    const auto* c10Error = dynamic_cast<const c10::Error*>(&error);
    std::string text = c10Error ? c10Error->what_without_backtrace() : error.what();
    const auto lineEnd = text.find('\n');
    return lineEnd == std::string::npos ? text : text.substr(0, lineEnd);
}

} // namespace ampwb
