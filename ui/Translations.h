#pragma once

#include <QList>
#include <QPair>
#include <QString>

/// The languages the workbench speaks and the installation of their translators.
class Translations {
public:
    /// (code, name in that language) of every language, English first.
    static QList<QPair<QString, QString>> available();
    /// The language to use for a setting: the setting itself, or the system's when empty.
    static QString resolve(const QString& setting);
    /// Installs the workbench's (and, when present, Qt's own) translation for `language`
    /// into the application and makes it the locale of numbers and dates (for English, the
    /// plural forms of the source texts). Returns false when the translation could not be loaded.
    static bool install(const QString& language);
};
