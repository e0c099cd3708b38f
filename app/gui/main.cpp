// amp-workbench: the desktop window for training ResNet-18 in FP32 or AMP.
#include "AboutDialog.h"
#include "AppSettings.h"
#include "MainWindow.h"
#include "Translations.h"
#include "system/ThreadPolicy.h"
#include "system/VersionReport.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>

#include <cstdio>
#include <cstring>

namespace {

/// `--version` / `-v` is answered before the window system is opened, so it works without a display.
bool asksForVersion(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "--version") == 0 || std::strcmp(argv[i], "-v") == 0)
            return true;
    return false;
}

} // namespace

int main(int argc, char** argv)
{
    ampwb::applyThreadPolicy(ampwb::chooseThreadPolicy());
    if (asksForVersion(argc, argv)) {
        for (const QString& line : AboutDialog::versionLines())
            std::printf("%s\n", qPrintable(line));
        return 0;
    }
    QApplication application(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("AMPWorkbench"));
    QApplication::setApplicationName(QStringLiteral("amp-workbench"));
    QApplication::setApplicationDisplayName(QStringLiteral("AMP Workbench"));
    QApplication::setApplicationVersion(QString::fromStdString(ampwb::workbenchVersion()));
    QApplication::setDesktopFileName(QStringLiteral("io.github.ampworkbench.AmpWorkbench"));

    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOption(
        QCommandLineOption({QStringLiteral("v"), QStringLiteral("version")},
                           QCoreApplication::translate("main", "Print the versions of the workbench, "
                                                               "its libraries, bf16 and CUDA, and exit.")));
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
    Translations::install(
        Translations::resolve(parser.isSet(language) ? parser.value(language) : AppSettings::language()));

    MainWindow window;
    window.show();
    return QApplication::exec();
}
