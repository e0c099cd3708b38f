#pragma once

#include "system/EngineError.h"

#include <stdexcept>
#include <string>

namespace ampwb {

/// A data-parallel group could not be formed or lost a rank; the message says which and what to check.
class DistributedError : public EngineError {
public:
    using EngineError::EngineError;
};

/// The first line of a libtorch, c10d or Gloo error without c10's backtrace: the part worth showing.
std::string errorReason(const std::exception& error);

} // namespace ampwb
