#pragma once

#include "system/EngineError.h"

namespace ampwb {

/// A model file cannot be read, written or used; the message names the file and the
/// problem (e.g. the first missing or mismatched key of a state dict).
class ModelFileError : public EngineError {
public:
    using EngineError::EngineError;
};

} // namespace ampwb
