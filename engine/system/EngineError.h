#pragma once

#include "system/EngineMessage.h"

#include <stdexcept>
#include <string>

namespace ampwb {

/// An error of the engine's that a user can meet, told as a message: what() is its English (for the command
/// line and logs), message() its code and arguments, which the window words in the user's language.
class EngineError : public std::runtime_error {
public:
    explicit EngineError(EngineMessage message);
    /// An error in words from elsewhere (such as libtorch's), shown as they are in every language.
    explicit EngineError(const std::string& words);

    const EngineMessage& message() const { return told; }

private:
    EngineMessage told;
};

} // namespace ampwb
