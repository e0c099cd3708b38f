#pragma once

#include "system/EngineMessage.h"

#include <QCoreApplication>
#include <QString>

#include <exception>

/// The engine's messages (errors, run outcomes, validation problems, the comparison verdicts, device and model
/// descriptions) in the user's language: the English text of each message's code, translated in context "EngineText".
class EngineText {
    Q_DECLARE_TR_FUNCTIONS(EngineText)
public:
    /// `message` in the user's language: its text translated, its arguments in place (a nested message
    /// rendered the same way), a value holding "%2" left as it is.
    static QString render(const ampwb::EngineMessage& message);
    /// What `error` says in the user's language: an engine error's (EngineError's) message rendered, any other
    /// exception's words as they are.
    static QString describe(const std::exception& error);
    /// A class name in the user's language where the workbench knows it (Fashion-MNIST's
    /// ten classes); any other name unchanged.
    static QString className(const QString& name);
};
