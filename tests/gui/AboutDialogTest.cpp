// Help ▸ About and `amp-workbench --version` report the same versions: the workbench,
// libtorch, the Qt the window runs on, OpenCV, bf16 and CUDA; the dialog copies them.
#include "AboutDialog.h"
#include "GuiTestEnvironment.h"

#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>

class AboutDialogTest : public QObject {
    Q_OBJECT

private:
    GuiTestEnvironment environment;

private Q_SLOTS:
    void reportNamesEveryComponent()
    {
        const QStringList lines = AboutDialog::versionLines();
        QVERIFY2(
            QRegularExpression(QStringLiteral("^amp-workbench \\d+\\.\\d+\\.\\d+$")).match(lines.value(0)).hasMatch(),
            qPrintable(lines.join(QLatin1Char('\n'))));
        QVERIFY(lines.contains(QStringLiteral("Qt ") + QString::fromLatin1(qVersion())));
        for (const char* start : {"libtorch 2.", "OpenCV 4.", "ONNX export: ", "CPU: ", "bf16: ", "CUDA: "}) {
            const bool found = std::any_of(lines.begin(), lines.end(),
                                           [&](const QString& line) { return line.startsWith(QLatin1String(start)); });
            QVERIFY2(found, qPrintable(QStringLiteral("no line starts with \"%1\" in:\n%2")
                                           .arg(QLatin1String(start), lines.join(QLatin1Char('\n')))));
        }
    }

    void dialogShowsAndCopiesTheReport()
    {
        AboutDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto* versions = dialog.findChild<QPlainTextEdit*>(QStringLiteral("versions"));
        QVERIFY(versions);
        QVERIFY(versions->isReadOnly());
        const QString report = AboutDialog::versionLines().join(QLatin1Char('\n'));
        QCOMPARE(versions->toPlainText(), report);
        QVERIFY2(report.contains(QLatin1String("\nLicense: GPL-3.0-or-later\n")), qPrintable(report));
        auto* about = dialog.findChild<QLabel*>(QStringLiteral("about"));
        QVERIFY(about && about->isVisible());
        QVERIFY2(about->text().contains(QLatin1String("GNU General Public License, version 3 or any later version "
                                                      "(GPL-3.0-or-later)")),
                 qPrintable(about->text()));

        QApplication::clipboard()->clear();
        auto* copy = dialog.findChild<QPushButton*>(QStringLiteral("copyVersions"));
        QVERIFY(copy);
        copy->click();
        QCOMPARE(QApplication::clipboard()->text(), report);
    }

    void versionOptionNeedsNoDisplay()
    {
        QProcess window;
        QProcessEnvironment withoutDisplay = QProcessEnvironment::systemEnvironment();
        for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
            withoutDisplay.remove(QLatin1String(name));
        window.setProcessEnvironment(withoutDisplay);
        window.start(QStringLiteral(AMPWB_GUI_PATH), {QStringLiteral("--version")});
        QVERIFY2(window.waitForFinished(60000), "amp-workbench --version did not finish");
        const QString out = QString::fromLocal8Bit(window.readAllStandardOutput());
        QVERIFY2(window.exitStatus() == QProcess::NormalExit && window.exitCode() == 0,
                 qPrintable(out + QString::fromLocal8Bit(window.readAllStandardError())));
        // The CPU line may differ (this process may run libtorch on fewer threads); the rest may not.
        const auto withoutCpu = [](QStringList lines) {
            lines.removeIf([](const QString& line) { return line.startsWith(QLatin1String("CPU: ")); });
            return lines;
        };
        QCOMPARE(withoutCpu(out.trimmed().split(QLatin1Char('\n'))), withoutCpu(AboutDialog::versionLines()));
    }
};

QTEST_MAIN(AboutDialogTest)
#include "AboutDialogTest.moc"
