#include "system/EngineError.h"

#include <utility>

namespace ampwb {

EngineError::EngineError(EngineMessage message)
    : std::runtime_error(message.english())
    , told(std::move(message))
{
}

EngineError::EngineError(const std::string& words)
    : EngineError(EngineMessage::text(words))
{
}

} // namespace ampwb
