#pragma once

#include "system/EngineMessage.h"

#include <QtTest>

namespace QTest {
/// A message as a failed comparison prints it: in English.
template <>
inline char* toString(const ampwb::EngineMessage& message)
{
    return qstrdup(message.english().c_str());
}
} // namespace QTest
