#pragma once

#include <stdexcept>

namespace ampwb {

/// A model file cannot be read, written or used; the message names the file and the
/// problem (e.g. the first missing or mismatched key of a state dict).
class ModelFileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

} // namespace ampwb
