#pragma once

#include <stdexcept>
#include <string>

namespace ampwb {

/// A data-parallel group could not be formed or lost a rank; the message says which and what to check.
class DistributedError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// The first line of a libtorch, c10d or Gloo error without c10's backtrace: the part worth showing.
std::string errorReason(const std::exception& error);

} // namespace ampwb
