#pragma once

#include "system/EngineMessage.h"

#include <exception>
#include <string>

namespace ampwb {

/// An exception's message as a user should read it: libtorch's (c10) errors without the C++ backtrace
/// c10 appends, any other exception's what().
std::string withoutBacktrace(const std::exception& error);

/// What `error` tells: an EngineError's message, any other exception's withoutBacktrace() as words from
/// elsewhere (EngineMessage::text).
EngineMessage messageOf(const std::exception& error);

} // namespace ampwb
