#pragma once

#include <QCoreApplication>
#include <QString>

#include <string>

/// Shows the engine's fixed English messages (validation problems, the comparison
/// verdict) in the user's language. Messages it does not know pass through unchanged.
class EngineText {
    Q_DECLARE_TR_FUNCTIONS(EngineText)
public:
    static QString translate(const std::string& message);
    static QString translate(const QString& message);
    /// A class name in the user's language where the workbench knows it (Fashion-MNIST's
    /// ten classes); any other name unchanged.
    static QString className(const QString& name);
};
