#pragma once

#include <stdexcept>

namespace ampwb {

/// A data-parallel group could not be formed or lost a rank; the message says which and what to check.
class DistributedError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

} // namespace ampwb
