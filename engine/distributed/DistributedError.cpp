#include "distributed/DistributedError.h"

#include "system/ErrorText.h"

namespace ampwb {

std::string errorReason(const std::exception& error)
{
    const std::string text = withoutBacktrace(error);
    const auto lineEnd = text.find('\n');
    return lineEnd == std::string::npos ? text : text.substr(0, lineEnd);
}

} // namespace ampwb
