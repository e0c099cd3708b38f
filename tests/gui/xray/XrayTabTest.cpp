// The X-ray in the real window: the Compare tab's Profile button during a comparison fills the X-ray
// tab (FP32 against AMP by kind of work, the sentence, the modules, the AMP run's gradient ranges),
// and a run or comparison folder opens in it afterwards.
#include "EngineController.h"
#include "GuiTestEnvironment.h"
#include "MainWindow.h"
#include "TableColumns.h"
#include "compare/CompareTab.h"
#include "train/TrainTab.h"
#include "train/TrainingConfigPanel.h"
#include "xray/GradientRangeChart.h"
#include "xray/ProfileButton.h"
#include "xray/XrayTab.h"

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>

class XrayTabTest : public QObject {
    Q_OBJECT

private:
    GuiTestEnvironment environment;
    QString comparisonFolder;

    static double number(const QTableWidget& table, int row, int column)
    {
        return table.item(row, column)->data(Qt::UserRole).toDouble();
    }

private Q_SLOTS:
    void profileButtonDuringAComparisonFillsTheXray()
    {
        MainWindow window;
        window.setGeometry(0, 0, 1600, 1000);
        window.show();
        ampwb::TrainingConfig config = environment.quickConfig(6);
        config.gradientStatsEvery = 2;
        window.configPanel().setConfig(config);
        window.compareTab().interleaveBox().setChecked(false);
        auto* button = window.compareTab().findChild<ProfileButton*>(QStringLiteral("profileSteps"));
        QVERIFY(button);
        QVERIFY(!button->isEnabled()); // nothing runs yet
        QSignalSpy finished(&window.engine(), &EngineController::workFinished);
        window.compareAction().trigger();
        QVERIFY(button->isEnabled());
        QTest::mouseClick(button, Qt::LeftButton);
        QCOMPARE(button->text(), QStringLiteral("Profiling…"));
        QVERIFY(!button->isEnabled());
        QVERIFY(finished.wait(180000));
        QVERIFY(!button->isEnabled()); // idle again: nothing to profile
        QCOMPARE(button->text(), QStringLiteral("Profile the next 5 steps"));

        XrayTab& xray = window.xrayTab();
        const QTableWidget& classes = *xray.classTable();
        QCOMPARE(classes.columnCount(), 8);
        QCOMPARE(classes.rowCount(), 12); // no row of both convolution gradients together: timed apart
        QCOMPARE(classes.item(1, 0)->text(), QStringLiteral("Convolution input gradient"));
        QCOMPARE(classes.item(2, 0)->text(), QStringLiteral("Convolution weight gradient"));
        for (int row : {1, 2})
            QVERIFY(number(classes, row, 1) > 0.0 && number(classes, row, 4) > 0.0);
        QCOMPARE(classes.horizontalHeaderItem(1)->text(), QStringLiteral("FP32 ms"));
        QCOMPARE(classes.item(0, 0)->text(), QStringLiteral("Convolution forward"));
        QCOMPARE(classes.item(0, 3)->text(), QStringLiteral("float32"));
        QCOMPARE(classes.item(0, 6)->text(), QStringLiteral("bfloat16"));
        QVERIFY(number(classes, 0, 1) > 0.0 && number(classes, 0, 4) > 0.0);
        QVERIFY2(classes.item(0, 7)->text().endsWith(QChar(0x00D7)), qPrintable(classes.item(0, 7)->text()));
        QCOMPARE(number(classes, 0, 7), number(classes, 0, 1) / number(classes, 0, 4));
        QCOMPARE(classes.item(10, 0)->text(), QStringLiteral("Casts"));
        QCOMPARE(number(classes, 10, 1), 0.0); // FP32 casts nothing
        QVERIFY(number(classes, 9, 4) > 0.0);
        double shares = 0.0;
        for (int row = 0; row < classes.rowCount(); ++row)
            shares += number(classes, row, 5);
        QVERIFY2(std::abs(shares - 1.0) < 1e-9, qPrintable(QString::number(shares)));
        QVERIFY2(xray.sentenceLabel()->text().startsWith(QLatin1String("AMP's step ")),
                 qPrintable(xray.sentenceLabel()->text()));
        QVERIFY(xray.sentenceLabel()->text().contains(QLatin1String("Its convolutions run")));
        // Kinds of work named after the first are written in lower case inside the sentence.
        QVERIFY2(!xray.sentenceLabel()->text().contains(QRegularExpression(QStringLiteral(" and [A-Z][a-z]"))),
                 qPrintable(xray.sentenceLabel()->text()));

        // The AMP run's modules, heaviest first; a click on a header sorts by that column.
        QTableWidget& modules = *xray.moduleTable();
        // ResNet-18: 4 stem modules, 8 blocks of 6 (the block, conv1, bn1, relu, conv2, bn2), 3 downsamples,
        // avgpool and fc; then the loss, the optimizer and the step's own work.
        QCOMPARE(modules.rowCount(), 60);
        for (int row = 1; row < modules.rowCount(); ++row)
            QVERIFY(number(modules, row - 1, 4) >= number(modules, row, 4));
        QTest::mouseClick(modules.horizontalHeader()->viewport(), Qt::LeftButton, {},
                          QPoint(modules.horizontalHeader()->sectionViewportPosition(3) + 5, 5));
        const int castColumn = modules.horizontalHeader()->sortIndicatorSection();
        QCOMPARE(castColumn, 3);
        for (int row = 1; row < modules.rowCount(); ++row) {
            const bool ascending = modules.horizontalHeader()->sortIndicatorOrder() == Qt::AscendingOrder;
            const double before = number(modules, row - 1, 3);
            const double after = number(modules, row, 3);
            QVERIFY(ascending ? before <= after : before >= after);
        }

        // The AMP run's gradient ranges, followed while it trained: steps 1, 2, 4 and 6.
        QCOMPARE(xray.gradientChart()->layerCount(), 62);
        QCOMPARE(xray.gradientChart()->shownStep(), 6);

        const QStringList folders = QDir(environment.runsDirectory()).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        QCOMPARE(folders.size(), 1);
        comparisonFolder = QDir(environment.runsDirectory()).filePath(folders.front());
        QVERIFY(QFileInfo::exists(comparisonFolder + QStringLiteral("/amp/profile/steps-2-6/trace.json")));

        // On a laptop's screen the kinds of work are whole (side by side with the modules they were cut to "…f…").
        window.resize(1366, 768);
        window.tabs().setCurrentWidget(&xray);
        QTRY_VERIFY2(classes.isVisible() && classes.columnWidth(0) >= columnNeeds(classes, 0),
                     qPrintable(columnWidths(classes)));
    }

    void aFolderOpensInTheXray()
    {
        QVERIFY(!comparisonFolder.isEmpty());
        EngineController engine;
        XrayTab xray(engine);
        QVERIFY(xray.sentenceLabel()->text().startsWith(QLatin1String("No profile yet")));
        QVERIFY(xray.openFolder(comparisonFolder));
        QCOMPARE(xray.classTable()->columnCount(), 8);
        QCOMPARE(xray.classTable()->item(0, 6)->text(), QStringLiteral("bfloat16"));
        // "is … faster/slower", or "took …× FP32's" when the profiled steps' spread covers the difference.
        QVERIFY(xray.sentenceLabel()->text().startsWith(QLatin1String("AMP's step ")));
        QCOMPARE(xray.gradientChart()->shownStep(), 6);

        // One run: its own columns only.
        QVERIFY(xray.openFolder(comparisonFolder + QStringLiteral("/fp32")));
        QCOMPARE(xray.classTable()->columnCount(), 4);
        QCOMPARE(xray.classTable()->item(0, 3)->text(), QStringLiteral("float32"));
        QVERIFY2(xray.sentenceLabel()->text().startsWith(QLatin1String("Convolutions take")),
                 qPrintable(xray.sentenceLabel()->text()));

        QString error;
        QVERIFY(!xray.openFolder(environment.path(QStringLiteral("nothing-here")), &error));
        QVERIFY2(error.contains(QLatin1String("holds no profile")), qPrintable(error));
        QCOMPARE(xray.classTable()->columnCount(), 4); // what was shown stays
    }

    void theLastProfileStaysWhileAnotherRunTrains()
    {
        QVERIFY(!comparisonFolder.isEmpty());
        MainWindow window;
        window.show();
        XrayTab& xray = window.xrayTab();
        QVERIFY(xray.openFolder(comparisonFolder));
        const QString comparisonSentence = xray.sentenceLabel()->text();
        window.configPanel().setConfig(environment.quickConfig(2));
        QSignalSpy finished(&window.engine(), &EngineController::workFinished);
        window.startAction().trigger();
        // Kept, and said to be the earlier work's, until this run is profiled.
        QCOMPARE(xray.classTable()->columnCount(), 8);
        QVERIFY2(xray.sentenceLabel()->text().startsWith(QLatin1String("Profile of the earlier work")),
                 qPrintable(xray.sentenceLabel()->text()));
        QVERIFY(xray.sentenceLabel()->text().endsWith(comparisonSentence));
        QVERIFY(finished.wait(120000));
        QCOMPARE(xray.classTable()->columnCount(), 8);
        QVERIFY(xray.openFolder(comparisonFolder));
        QCOMPARE(xray.sentenceLabel()->text(), comparisonSentence); // opened again: no longer "earlier"
    }

    void trainTabOffersTheProfileButton()
    {
        MainWindow window;
        auto* button = window.trainTab().findChild<ProfileButton*>(QStringLiteral("profileSteps"));
        QVERIFY(button);
        QVERIFY(!button->isEnabled());
        QVERIFY(button->toolTip().contains(QLatin1String("trace.json")));
    }
};

QTEST_MAIN(XrayTabTest)
#include "XrayTabTest.moc"
