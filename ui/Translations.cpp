#include "Translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

QList<QPair<QString, QString>> Translations::available()
{
    return {{QStringLiteral("en"), QStringLiteral("English")}, {QStringLiteral("zh_CN"), QStringLiteral("简体中文")}};
}

QString Translations::resolve(const QString& setting)
{
    if (!setting.isEmpty())
        return setting;
    for (const QString& language : QLocale::system().uiLanguages()) {
        if (language.startsWith(QLatin1String("zh")))
            return QStringLiteral("zh_CN");
        if (language.startsWith(QLatin1String("en")))
            return QStringLiteral("en");
    }
    return QStringLiteral("en");
}

bool Translations::install(const QString& language)
{
    QLocale::setDefault(QLocale(language));
    // English is the source language; its translation holds only the plural forms ("1 run", "2 runs").
    auto* workbench = new QTranslator(QCoreApplication::instance());
    if (!workbench->load(QStringLiteral(":/i18n/amp-workbench_") + language)) {
        delete workbench;
        return false;
    }
    QCoreApplication::installTranslator(workbench);
    if (language == QLatin1String("en"))
        return true;
    auto* qtOwn = new QTranslator(QCoreApplication::instance());
    if (qtOwn->load(QStringLiteral("qtbase_") + language, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qtOwn);
    else
        delete qtOwn;
    return true;
}
