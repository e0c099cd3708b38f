#pragma once

#include <stdexcept>

namespace ampwb::cli {

/// A command-line mistake; the dispatcher prints it with a hint to run the command's `--help` and exits with 2.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

} // namespace ampwb::cli
