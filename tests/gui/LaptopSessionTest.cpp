// A whole session on a laptop's 1366×768 screen (the offscreen platform given that screen, no window
// manager to hold the window back): a run, a comparison, the configuration shown again, the Runs tab
// comparing runs, an evaluation, the X-ray and Classify, in English and Chinese. After every stage the
// window and its minimum stay inside the screen, and the Compare tab's table shows its answer column
// without scrolling, and every chart in view is readable (titles whole, tick labels apart, small legends).
// And the mouse wheel over an unfocused field scrolls the panel, not the field.
#include "EngineController.h"
#include "GuiTestEnvironment.h"
#include "MainWindow.h"
#include "ReadableCharts.h"
#include "TableColumns.h"
#include "Translations.h"
#include "compare/CompareTab.h"
#include "compare/ComparisonTable.h"
#include "evaluation/EvaluationWindow.h"
#include "runs/RunRecord.h"
#include "runs/RunsTab.h"
#include "train/TrainingConfigPanel.h"
#include "xray/XrayTab.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QWheelEvent>
#include <QtTest/qtestspontaneevent.h>

#include <algorithm>

namespace {

constexpr int kScreenWidth = 1366;
constexpr int kScreenHeight = 768;

bool waitUntilIdle(MainWindow& window, int timeoutMilliseconds = 120000)
{
    QSignalSpy finished(&window.engine(), &EngineController::workFinished);
    return !window.engine().isBusy() || finished.wait(timeoutMilliseconds);
}

/// The visible widgets whose smallest width is largest, widest first: where to look when the window grows.
QString widestWidgets(const QWidget& top)
{
    struct Wide {
        int width;
        QString name;
    };
    std::vector<Wide> wide;
    for (const QWidget* widget : top.findChildren<QWidget*>()) {
        if (!widget->isVisible())
            continue;
        const int width = std::max(widget->minimumSizeHint().width(), widget->minimumWidth());
        QString name = QString::fromLatin1(widget->metaObject()->className()) + QLatin1Char(' ') + widget->objectName();
        if (const auto* label = qobject_cast<const QLabel*>(widget))
            name += QStringLiteral(" \"") + label->text().left(60) + QLatin1Char('"');
        wide.push_back({width, name});
    }
    std::sort(wide.begin(), wide.end(), [](const Wide& a, const Wide& b) { return a.width > b.width; });
    QStringList lines;
    for (size_t i = 0; i < std::min<size_t>(wide.size(), 12); ++i)
        lines << QStringLiteral("%1 %2").arg(wide[i].width).arg(wide[i].name);
    return lines.join(QStringLiteral("\n"));
}

/// The visible empty fields whose placeholder is cut off, with the widths.
QString cutPlaceholders(const QWidget& top)
{
    QStringList cut;
    for (const QLineEdit* field : top.findChildren<QLineEdit*>()) {
        if (!field->isVisible() || field->placeholderText().isEmpty() || !field->text().isEmpty())
            continue;
        const int needed = field->fontMetrics().horizontalAdvance(field->placeholderText());
        const int room = field->width() - 12; // the frame and QLineEdit's own margins
        if (needed > room)
            cut << QStringLiteral("%1 \"%2\": %3 px in %4")
                       .arg(field->objectName(), field->placeholderText())
                       .arg(needed)
                       .arg(room);
    }
    return cut.join(QLatin1Char('\n'));
}

} // namespace

class LaptopSessionTest : public QObject {
    Q_OBJECT

private:
    GuiTestEnvironment environment;

    /// The window, at `stage`, is no wider than the screen and could not be made to grow past it.
    static bool insideTheScreen(MainWindow& window, const char* stage)
    {
        QTest::qWait(50); // the layout requests of the stage's changes
        const int minimum = std::max(window.minimumSizeHint().width(), window.minimumWidth());
        if (window.width() > kScreenWidth || minimum > kScreenWidth || window.height() > kScreenHeight) {
            qWarning("%s: window %d×%d, minimum width %d; widest parts:\n%s", stage, window.width(), window.height(),
                     minimum, qPrintable(widestWidgets(window)));
            return false;
        }
        return chartsReadable(window, stage);
    }

    /// Every chart in view inside `top` has its axis titles whole, its tick labels apart and a small legend.
    static bool chartsReadable(const QWidget& top, const char* stage)
    {
        const QString unreadable = unreadableCharts(top);
        if (unreadable.isEmpty())
            return true;
        qWarning("%s: charts not readable:\n%s", stage, qPrintable(unreadable));
        return false;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(environment.isValid());
        const QSize screen = QGuiApplication::primaryScreen()->size();
        QCOMPARE(screen, QSize(kScreenWidth, kScreenHeight));
    }

    void cleanup()
    {
        QSettings().remove(QStringLiteral("window"));
        Translations::install(QStringLiteral("en"));
    }

    void wholeSessionStaysOnTheScreen_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    void wholeSessionStaysOnTheScreen()
    {
        QFETCH(QString, language);
        QVERIFY(Translations::install(language));
        QVERIFY(QDir(environment.runsDirectory()).removeRecursively()); // the runs of this language alone
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(insideTheScreen(window, "opened"));
        // The fields' placeholders whole, the weights file's too.
        auto* startFrom = window.configPanel().findChild<QComboBox*>(QStringLiteral("startFrom"));
        startFrom->setCurrentIndex(2); // a weights file or run folder
        QTest::qWait(50);
        QVERIFY2(cutPlaceholders(window).isEmpty(), qPrintable(cutPlaceholders(window)));
        startFrom->setCurrentIndex(0);

        // A run, with the long paths and sentences it brings.
        window.configPanel().setConfig(environment.quickConfig(12));
        window.startAction().trigger();
        QVERIFY(insideTheScreen(window, "run starting"));
        QVERIFY(waitUntilIdle(window));
        QVERIFY(insideTheScreen(window, "run finished"));

        // A comparison: its table's answer column in view while it runs and once it has its verdict.
        window.configPanel().setConfig(environment.quickConfig(8));
        window.compareAction().trigger();
        ComparisonTable& table = window.compareTab().table();
        QTRY_VERIFY_WITH_TIMEOUT(window.compareTab().histories().size() == 2, 120000);
        QVERIFY(insideTheScreen(window, "comparison running"));
        QTRY_VERIFY2(showsEveryColumnWhole(table), qPrintable(columnWidths(table)));
        QVERIFY(waitUntilIdle(window));
        QVERIFY(insideTheScreen(window, "comparison finished"));
        QTRY_VERIFY2(showsEveryColumnWhole(table), qPrintable(columnWidths(table)));

        const QString pairFolder = QFileInfo(window.compareTab().histories().runs().front().directory).path();

        // A three-way comparison: five columns, the two answer columns in view too.
        window.compareTab().threeWayBox().setChecked(true);
        window.configPanel().setConfig(environment.quickConfig(3));
        window.compareAction().trigger();
        QVERIFY(waitUntilIdle(window, 300000));
        window.compareTab().threeWayBox().setChecked(false);
        QCOMPARE(table.columnCount(), 5);
        QVERIFY(insideTheScreen(window, "three-way comparison finished"));
        QTRY_VERIFY2(showsEveryColumnWhole(table), qPrintable(columnWidths(table)));
        QTRY_VERIFY(showsEveryRow(table)); // in Chinese the last rows were cut off at 768 px

        // The configuration hidden and shown again.
        auto* dock = window.findChild<QDockWidget*>(QStringLiteral("configurationDock"));
        dock->hide();
        dock->show();
        QVERIFY(insideTheScreen(window, "configuration shown again"));

        // Runs → Compare: the two runs of the comparison side by side, with the runs table in view.
        RunsTab& runs = window.runsTab();
        window.tabs().setCurrentWidget(&runs);
        runs.refresh();
        runs.table().selectAll();
        QStringList comparisonRuns;
        for (const RunRecord& run : runs.selectedRuns()) {
            if (run.inComparison && QFileInfo(run.directory).path() == pairFolder)
                comparisonRuns << run.directory;
        }
        QCOMPARE(comparisonRuns.size(), 2);
        runs.selectRuns(comparisonRuns);
        QVERIFY(insideTheScreen(window, "runs tab"));
        QVERIFY(runs.openSelected());
        QVERIFY(insideTheScreen(window, "runs compared"));
        window.tabs().setCurrentWidget(&window.compareTab());
        QVERIFY(insideTheScreen(window, "runs compared in the Compare tab"));
        QTRY_VERIFY2(showsEveryColumnWhole(window.compareTab().table()), qPrintable(columnWidths(table)));

        // An evaluation opens a window of its own: it fits the screen too.
        window.tabs().setCurrentWidget(&runs);
        runs.selectRuns({comparisonRuns.front()});
        EvaluationWindow* evaluation = runs.evaluateSelected();
        QVERIFY(evaluation);
        QTRY_VERIFY_WITH_TIMEOUT(!evaluation->isRunning(), 120000);
        QTest::qWait(50);
        QVERIFY2(evaluation->width() <= kScreenWidth && evaluation->height() <= kScreenHeight
                     && evaluation->minimumSizeHint().width() <= kScreenWidth,
                 qPrintable(QStringLiteral("evaluation %1×%2\n").arg(evaluation->width()).arg(evaluation->height())
                            + widestWidgets(*evaluation)));
        QVERIFY(chartsReadable(*evaluation, "evaluation window"));
        evaluation->close();
        QVERIFY(insideTheScreen(window, "evaluation"));

        for (int tab = 0; tab < window.tabs().count(); ++tab) {
            window.tabs().setCurrentIndex(tab);
            QVERIFY(insideTheScreen(window, qPrintable(window.tabs().tabText(tab))));
        }
        // The X-ray's views, the gradient ranges of the last run among them.
        auto* xrayViews = window.xrayTab().findChild<QTabWidget*>(QStringLiteral("xrayViews"));
        QVERIFY(xrayViews);
        window.tabs().setCurrentWidget(&window.xrayTab());
        for (int view = 0; view < xrayViews->count(); ++view) {
            xrayViews->setCurrentIndex(view);
            QVERIFY(insideTheScreen(window, qPrintable(xrayViews->tabText(view))));
        }
    }

    void wheelOverAnUnfocusedFieldScrollsThePanel()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        TrainingConfigPanel& panel = window.configPanel();
        auto* scroll = qobject_cast<QScrollArea*>(panel.parentWidget()->parentWidget());
        QVERIFY(scroll);
        QVERIFY(scroll->verticalScrollBar()->maximum() > 0); // the panel is taller than a laptop's window
        const auto fields = panel.findChildren<QWidget*>();
        int tried = 0;
        for (QWidget* field : fields) {
            if (!field->isVisible() || !field->isEnabled()
                || !(qobject_cast<QAbstractSpinBox*>(field) || qobject_cast<QComboBox*>(field)))
                continue;
            ++tried;
            scroll->ensureWidgetVisible(field);
            window.setFocus();
            QVERIFY(!field->hasFocus());
            const QString before = qobject_cast<QAbstractSpinBox*>(field)
                                     ? qobject_cast<QAbstractSpinBox*>(field)->text()
                                     : qobject_cast<QComboBox*>(field)->currentText();
            const int scrolledBefore = scroll->verticalScrollBar()->value();
            const QPoint centre = field->rect().center();
            const bool down = scrolledBefore < scroll->verticalScrollBar()->maximum();
            QWheelEvent wheel(centre, field->mapToGlobal(centre), QPoint(), QPoint(0, down ? -120 : 120), Qt::NoButton,
                              Qt::NoModifier, Qt::NoScrollPhase, false);
            QSpontaneKeyEvent::setSpontaneous(&wheel); // as from a mouse: an ignored wheel goes on to the parents
            QApplication::sendEvent(field, &wheel);
            const QString after = qobject_cast<QAbstractSpinBox*>(field)
                                    ? qobject_cast<QAbstractSpinBox*>(field)->text()
                                    : qobject_cast<QComboBox*>(field)->currentText();
            QVERIFY2(after == before,
                     qPrintable(field->objectName() + QStringLiteral(": ") + before + QStringLiteral(" → ") + after));
            QVERIFY2(scroll->verticalScrollBar()->value() != scrolledBefore, qPrintable(field->objectName()));
        }
        QVERIFY2(tried >= 10, qPrintable(QString::number(tried)));

        // Once the user clicks into a field, the wheel is theirs to change it with.
        auto* epochs = panel.findChild<QSpinBox*>(QStringLiteral("epochs"));
        QVERIFY(epochs);
        scroll->ensureWidgetVisible(epochs);
        epochs->setFocus();
        const int value = epochs->value();
        const QPoint centre = epochs->rect().center();
        QWheelEvent wheel(centre, epochs->mapToGlobal(centre), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QSpontaneKeyEvent::setSpontaneous(&wheel);
        QApplication::sendEvent(epochs, &wheel);
        QCOMPARE(epochs->value(), value + 1);
    }
};

int main(int argc, char** argv)
{
    // The offscreen platform with one 1366×768 screen: a laptop's.
    QTemporaryDir folder;
    const QString screens = folder.filePath(QStringLiteral("laptop-screen.json"));
    QFile file(screens);
    if (!file.open(QIODevice::WriteOnly)
        || file.write(QStringLiteral(R"({"screens": [{"name": "laptop", "x": 0, "y": 0, "width": %1, "height": %2,
                                         "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})")
                          .arg(kScreenWidth)
                          .arg(kScreenHeight)
                          .toUtf8())
               < 0)
        return 1;
    file.close();
    qputenv("QT_QPA_PLATFORM", QByteArrayLiteral("offscreen:configfile=") + screens.toUtf8());
    QApplication application(argc, argv);
    LaptopSessionTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "LaptopSessionTest.moc"
