// The window on a laptop's screen: its minimum size fits 1366×768 in both languages (the charts reflow
// and scroll instead of widening the window), rows of buttons wrap rather than cut their texts on a narrower
// window, the first window fits the screen it opens on, and a geometry saved on a larger screen is brought
// back inside this one.
#include "EngineController.h"
#include "GuiTestEnvironment.h"
#include "MainWindow.h"
#include "Translations.h"
#include "charts/TrainingCharts.h"
#include "classify/ClassifyTab.h"
#include "compare/CompareTab.h"
#include "runs/RunsTab.h"
#include "train/TrainTab.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QScreen>
#include <QSettings>
#include <QTabWidget>
#include <QTest>

class WindowSizeTest : public QObject {
    Q_OBJECT

private:
    GuiTestEnvironment environment;

    /// The window's smallest size: the largest minimum of its tabs, the dock, toolbar and status bar.
    static QSize minimumOf(MainWindow& window)
    {
        QSize smallest = window.minimumSizeHint();
        for (int tab = 0; tab < window.tabs().count(); ++tab) {
            window.tabs().setCurrentIndex(tab);
            const QSize page = window.tabs().widget(tab)->minimumSizeHint();
            qInfo("tab %d (%s): minimum %d×%d; window %d×%d", tab, qPrintable(window.tabs().tabText(tab)), page.width(),
                  page.height(), window.minimumSizeHint().width(), window.minimumSizeHint().height());
            smallest = smallest.expandedTo(window.minimumSizeHint());
        }
        return smallest;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(environment.isValid()); }
    void cleanup()
    {
        QSettings().remove(QStringLiteral("window"));
        Translations::install(QStringLiteral("en"));
    }

    void minimumSizeFitsALaptop_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    void minimumSizeFitsALaptop()
    {
        QFETCH(QString, language);
        QVERIFY(Translations::install(language));
        MainWindow window;
        window.show();
        const QSize smallest = minimumOf(window);
        QVERIFY2(smallest.width() <= 1366 && smallest.height() <= 768,
                 qPrintable(QStringLiteral("minimum %1×%2").arg(smallest.width()).arg(smallest.height())));
        // Narrow, the charts take fewer columns rather than overflowing; wide, all three.
        window.tabs().setCurrentIndex(0);
        TrainingCharts& charts = window.trainTab().charts();
        window.resize(smallest);
        QTRY_VERIFY2(charts.columnCount() < 3, qPrintable(QString::number(charts.width())));
        window.resize(1900, 1000);
        QTRY_COMPARE(charts.columnCount(), 3);
    }

    void buttonsKeepTheirTextsOnANarrowWindow_data() { minimumSizeFitsALaptop_data(); }

    void buttonsKeepTheirTextsOnANarrowWindow()
    {
        // On a 1024-px screen with the configuration panel open, the Runs and Classify tabs get some 620 px: their
        // rows of buttons wrap onto more lines rather than cut their texts ("Evaluat", "Rur").
        QFETCH(QString, language);
        QVERIFY(Translations::install(language));
        EngineController engine;
        QWidget screen; // no layout: the tab gets the width it is given, even below its old minimum
        screen.resize(1024, 700);
        RunsTab runs(engine, &screen);
        ClassifyTab classify(engine, &screen);
        screen.show();
        QVERIFY(QTest::qWaitForWindowExposed(&screen));
        for (QWidget* tab : {static_cast<QWidget*>(&runs), static_cast<QWidget*>(&classify)}) {
            runs.hide();
            classify.hide();
            tab->setGeometry(0, 0, 620, 700);
            tab->show();
            QTest::qWait(50);
            QCOMPARE(tab->width(), 620);
            for (const QAbstractButton* button : tab->findChildren<QAbstractButton*>()) {
                if (!button->isVisible() || button->text().isEmpty() || qobject_cast<const QCheckBox*>(button))
                    continue;
                QVERIFY2(button->width() >= button->sizeHint().width(),
                         qPrintable(QStringLiteral("\"%1\" %2 px of %3")
                                        .arg(button->text())
                                        .arg(button->width())
                                        .arg(button->sizeHint().width())));
                QVERIFY2(button->mapTo(tab, QPoint(button->width() - 1, 0)).x() < tab->width(),
                         qPrintable(button->text()));
            }
        }
    }

    void firstWindowFitsTheScreen()
    {
        MainWindow window;
        const QRect available = window.screen()->availableGeometry();
        const QRect opened = window.geometry();
        const QSize smallest = window.minimumSizeHint();
        QVERIFY2(opened.width() <= std::max(available.width(), smallest.width())
                     && opened.height() <= std::max(available.height(), smallest.height()),
                 qPrintable(QStringLiteral("opened %1×%2 on %3×%4")
                                .arg(opened.width())
                                .arg(opened.height())
                                .arg(available.width())
                                .arg(available.height())));
        QVERIFY(opened.left() >= available.left() && opened.top() >= available.top());
    }

    void savedGeometryIsBroughtOntoTheScreen()
    {
        {
            MainWindow large;
            large.setGeometry(5000, 4000, 3000, 2000); // a big monitor to the lower right, no longer there
            large.close();                             // saves the geometry
        }
        MainWindow window;
        const QRect available = window.screen()->availableGeometry();
        const QRect opened = window.geometry();
        QVERIFY2(opened.left() >= available.left() && opened.top() >= available.top()
                     && opened.left() < available.right() && opened.top() < available.bottom(),
                 qPrintable(QStringLiteral("opened at %1,%2").arg(opened.left()).arg(opened.top())));
        QVERIFY(opened.width() <= std::max(available.width(), window.minimumSizeHint().width()));
    }
};

QTEST_MAIN(WindowSizeTest)
#include "WindowSizeTest.moc"
