// amp-workbench: the desktop window for training ResNet-18 in FP32 or AMP.
#include "AppSettings.h"
#include "MainWindow.h"
#include "Translations.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>

int main(int argc, char** argv)
{
    QApplication application(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("AMPWorkbench"));
    QApplication::setApplicationName(QStringLiteral("amp-workbench"));
    QApplication::setApplicationDisplayName(QStringLiteral("AMP Workbench"));
    QApplication::setApplicationVersion(QStringLiteral(AMPWB_VERSION));

    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption language(QStringLiteral("language"),
                                      QCoreApplication::translate("main", "Language of the window: en or zh_CN "
                                                                          "(default: the one chosen in the settings, "
                                                                          "else the system's)."),
                                      QStringLiteral("code"));
    const QCommandLineOption runsFolder(QStringLiteral("runs-dir"),
                                        QCoreApplication::translate("main", "Folder that holds the runs (remembered)."),
                                        QStringLiteral("folder"));
    parser.addOptions({language, runsFolder});
    parser.process(application);

    if (parser.isSet(runsFolder))
        AppSettings::setRunsDirectory(parser.value(runsFolder));
    Translations::install(Translations::resolve(parser.isSet(language) ? parser.value(language) : AppSettings::language()));

    MainWindow window;
    window.show();
    return QApplication::exec();
}
