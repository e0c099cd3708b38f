// Drives the real window's Runs tab on run folders the engine wrote: the table, reopening
// a run to replot it, comparing runs in the Compare tab, rename, delete and reuse.
#include "GuiTestEnvironment.h"
#include "MainWindow.h"
#include "Translations.h"
#include "charts/MetricChart.h"
#include "charts/QCustomPlotNoKeywords.h"
#include "charts/TrainingCharts.h"
#include "compare/CompareTab.h"
#include "compare/ComparisonTable.h"
#include "runs/RunPalette.h"
#include "runs/RunRecord.h"
#include "runs/RunTableModel.h"
#include "runs/RunsTab.h"
#include "train/TrainingConfigPanel.h"
#include "training/Comparison.h"
#include "training/Trainer.h"

#include <QDir>
#include <QHeaderView>
#include <QMap>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTimer>
#include <QTranslator>

class RunsTabTest : public QObject {
    Q_OBJECT

private:
    static QStringList names(const QList<RunRecord>& runs)
    {
        QStringList result;
        for (const RunRecord& run : runs)
            result << run.name;
        return result;
    }

    static QStringList allRunNames(RunsTab& tab)
    {
        tab.table().selectAll();
        const QStringList result = names(tab.selectedRuns());
        tab.table().clearSelection();
        return result;
    }

    /// Answers the next modal question with `key`, keeping its text in `asked`.
    void answerTheQuestion(Qt::Key key, QString& asked)
    {
        asked.clear();
        QTimer::singleShot(200, this, [key, &asked] {
            auto* question = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            QVERIFY(question);
            asked = question->text();
            QTest::keyClick(question, key);
        });
    }

    static void select(RunsTab& tab, const QStringList& runNames)
    {
        tab.table().selectAll();
        QStringList directories;
        for (const RunRecord& run : tab.selectedRuns()) {
            if (runNames.contains(run.name))
                directories << run.directory;
        }
        tab.selectRuns(directories);
    }

    GuiTestEnvironment environment;
    QString singleRun;
    QString comparisonFolder;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(Translations::install(QStringLiteral("en"))); // the plural forms, as the window installs them
        ampwb::TrainingConfig config = environment.quickConfig(6);
        config.name = "single";
        singleRun = QString::fromStdString(ampwb::Trainer(config).run().runDirectory);
        config.name = "pair";
        comparisonFolder = QString::fromStdString(ampwb::Comparison(config).run().directory);
        QVERIFY(QFile::exists(singleRun + QStringLiteral("/steps.csv")));
        QVERIFY(QFile::exists(comparisonFolder + QStringLiteral("/amp/steps.csv")));
    }

    void listsEveryRunSortably()
    {
        MainWindow window;
        RunsTab& tab = window.runsTab();
        tab.refresh();
        QCOMPARE(tab.table().model()->rowCount(), 3);
        QStringList listed = allRunNames(tab);
        listed.sort();
        QCOMPARE(listed,
                 (QStringList{QStringLiteral("pair/amp"), QStringLiteral("pair/fp32"), QStringLiteral("single")}));

        tab.table().sortByColumn(RunTableModel::Name, Qt::AscendingOrder);
        const QAbstractItemModel* model = tab.table().model();
        QCOMPARE(model->index(0, RunTableModel::Name).data().toString(), QStringLiteral("pair/amp"));
        QCOMPARE(model->index(0, RunTableModel::Precision).data().toString(), QStringLiteral("AMP"));
        QCOMPARE(model->index(2, RunTableModel::Dataset).data().toString(), QStringLiteral("synthetic"));
        QVERIFY(model->index(2, RunTableModel::Throughput).data().toString().endsWith(QLatin1String("img/s")));
        QVERIFY(model->index(2, RunTableModel::BestTop1).data().toString().endsWith(QLatin1String("%")));
        QCOMPARE(model->index(2, RunTableModel::State).data().toString(), QStringLiteral("finished"));
        // 6 of an epoch's 64 steps: no whole epoch, a part of one (it read "1" before).
        QCOMPARE(model->index(2, RunTableModel::Epochs).data().toString(), QStringLiteral("0 + part of one"));
        QCOMPARE(model->index(2, RunTableModel::Epochs).data(RunTableModel::kSortRole).toDouble(), 0.5);
        const QString date = model->index(2, RunTableModel::Date).data().toString();
        QVERIFY2(QRegularExpression(QStringLiteral("^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$")).match(date).hasMatch(),
                 qPrintable(date));
        tab.table().sortByColumn(RunTableModel::Name, Qt::DescendingOrder);
        QCOMPARE(model->index(0, RunTableModel::Name).data().toString(), QStringLiteral("single"));
    }

    void onALaptopScreenTheTableShowsStateAndEightRows()
    {
        MainWindow window;
        window.resize(1366, 700); // 1366×768 less a taskbar and the title bar
        window.show();
        window.tabs().setCurrentWidget(&window.runsTab());
        RunsTab& tab = window.runsTab();
        tab.refresh();
        QTableView& table = tab.table();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QFontMetrics metrics(table.font());
        for (int column : {int(RunTableModel::Name), int(RunTableModel::State), int(RunTableModel::Date)}) {
            const int right = table.columnViewportPosition(column) + table.columnWidth(column);
            QVERIFY2(right <= table.viewport()->width(), qPrintable(QStringLiteral("column %1 ends at %2 of %3")
                                                                        .arg(column)
                                                                        .arg(right)
                                                                        .arg(table.viewport()->width())));
            for (int row = 0; row < table.model()->rowCount(); ++row) {
                const QString text = table.model()->index(row, column).data().toString();
                QVERIFY2(metrics.horizontalAdvance(text) < table.columnWidth(column), qPrintable(text));
            }
        }
        const int rowsShown = (table.viewport()->height()) / table.verticalHeader()->defaultSectionSize();
        QVERIFY2(rowsShown >= 8, qPrintable(QString::number(rowsShown)));
        // The device, last, is elided; its whole text is the tooltip.
        const QModelIndex device = table.model()->index(0, RunTableModel::Device);
        QCOMPARE(device.data(Qt::ToolTipRole).toString(), device.data().toString());
        QVERIFY(!device.data().toString().isEmpty());
    }

    void reopeningARunReplotsIt()
    {
        MainWindow window;
        RunsTab& tab = window.runsTab();
        tab.refresh();
        select(tab, {QStringLiteral("single")});
        QCOMPARE(tab.selectedRuns().size(), 1);
        QVERIFY(tab.openSelected());
        TrainingCharts& charts = tab.charts();
        QCOMPARE(tab.histories().size(), size_t(1));
        QCOMPARE(charts.chart(QStringLiteral("loss"))->plot().graph(0)->dataCount(), 6);
        QCOMPARE(charts.chart(QStringLiteral("validation"))->plot().graph(0)->dataCount(), 1);
        QCOMPARE(charts.chart(QStringLiteral("memory"))->plot().graph(0)->dataCount(), 6);
        QCOMPARE(tab.histories().at(0).config->batchSize, int64_t(8));
        QCOMPARE(charts.chart(QStringLiteral("loss"))->plot().graph(0)->data()->at(5)->key, 6.0);

        // An AMP run opened alone keeps AMP's colour (it was drawn in FP32's, the palette's first).
        select(tab, {QStringLiteral("pair/amp")});
        QVERIFY(tab.openSelected());
        QCOMPARE(tab.histories().at(0).color(), RunPalette::forPrecision(ampwb::Precision::Amp));
        select(tab, {QStringLiteral("single"), QStringLiteral("pair/fp32"), QStringLiteral("pair/amp")});
        QVERIFY(tab.openSelected());
        QCOMPARE(tab.histories().at(0).color(), RunPalette::forPrecision(ampwb::Precision::Fp32));
        QCOMPARE(tab.histories().at(2).color(), RunPalette::forPrecision(ampwb::Precision::Amp));
        QVERIFY(tab.histories().at(1).color() != tab.histories().at(0).color()
                && tab.histories().at(1).color() != tab.histories().at(2).color());
    }

    void selectedRunsAreComparedInTheCompareTab()
    {
        MainWindow window;
        RunsTab& tab = window.runsTab();
        tab.refresh();
        select(tab, {QStringLiteral("pair/amp"), QStringLiteral("pair/fp32")});
        QCOMPARE(tab.selectedRuns().size(), 2);
        auto* compare = tab.findChild<QPushButton*>(QStringLiteral("compareRuns"));
        QVERIFY(compare->isEnabled());
        compare->click();
        QCOMPARE(window.tabs().currentWidget(), &window.compareTab());
        CompareTab& compareTab = window.compareTab();
        QCOMPARE(compareTab.histories().runs().size(), size_t(2));
        QCOMPARE(compareTab.histories().runs()[0].label(), QStringLiteral("pair/fp32")); // FP32 first
        QCOMPARE(compareTab.table().horizontalHeaderItem(2)->text(), QStringLiteral("pair/amp\nvs pair/fp32"));
        // A verdict on this pair's speed: which one depends on the machine and on how steady six steps ran.
        const QString verdict = compareTab.verdict();
        QVERIFY2(verdict.startsWith(QLatin1String("AMP helped"))
                     || verdict.startsWith(QLatin1String("AMP did not help"))
                     || verdict.startsWith(QLatin1String("Too short to tell: AMP ran at")),
                 qPrintable(verdict));
    }

    void theChineseWindowShowsDevicesAndVerdictsInChinese()
    {
        QVERIFY(Translations::install(QStringLiteral("zh_CN")));
        const auto backToEnglish = qScopeGuard([] {
            // Translators only add up: the Chinese one goes, so that the tests after this one read English.
            for (QTranslator* translator : QCoreApplication::instance()->findChildren<QTranslator*>()) {
                QCoreApplication::removeTranslator(translator);
                delete translator;
            }
            Translations::install(QStringLiteral("en"));
        });
        MainWindow window;
        RunsTab& tab = window.runsTab();
        tab.refresh();
        // Each run's device, made again from the machine its config.json records.
        const QAbstractItemModel* model = tab.table().model();
        QCOMPARE(model->rowCount(), 3);
        for (int row = 0; row < model->rowCount(); ++row) {
            const QString device = model->index(row, RunTableModel::Device).data().toString();
            QVERIFY2((device.startsWith(QStringLiteral("CPU（")) && device.contains(QStringLiteral("bf16 单元：")))
                         || device.startsWith(QStringLiteral("CUDA（")),
                     qPrintable(device));
        }
        select(tab, {QStringLiteral("pair/amp"), QStringLiteral("pair/fp32")});
        tab.findChild<QPushButton*>(QStringLiteral("compareRuns"))->click();
        const QString verdict = window.compareTab().verdict();
        QVERIFY2(verdict.startsWith(QStringLiteral("AMP 有帮助"))
                     || verdict.startsWith(QStringLiteral("AMP 在这里没有帮助"))
                     || verdict.startsWith(QStringLiteral("运行太短，无法判断")),
                 qPrintable(verdict));
        QVERIFY2(verdict.contains(QStringLiteral("\n准确率：top-1 ")), qPrintable(verdict));
    }

    void usingARunsConfiguration()
    {
        MainWindow window;
        RunsTab& tab = window.runsTab();
        tab.refresh();
        select(tab, {QStringLiteral("single")});
        tab.findChild<QPushButton*>(QStringLiteral("useConfiguration"))->click();
        QCOMPARE(window.configPanel().config().maxSteps, int64_t(6));
        QCOMPARE(window.configPanel().config().dataset, std::string("synthetic"));
    }

    void renameAndDelete()
    {
        MainWindow window;
        RunsTab& tab = window.runsTab();
        tab.refresh();
        select(tab, {QStringLiteral("single")});
        QString error;
        QVERIFY(!tab.renameRun(tab.selectedRuns().front(), QStringLiteral("pair"), &error));
        QVERIFY(error.contains(QLatin1String("already")));
        QVERIFY(tab.renameRun(tab.selectedRuns().front(), QStringLiteral("renamed"), &error));
        QVERIFY(QDir(environment.runsDirectory() + QStringLiteral("/renamed")).exists());
        QVERIFY(allRunNames(tab).contains(QStringLiteral("renamed")));

        // Enter keeps the runs (Keep is the default button), and the question counts them in words.
        select(tab, {QStringLiteral("renamed"), QStringLiteral("pair/amp")});
        QString asked;
        answerTheQuestion(Qt::Key_Return, asked);
        tab.findChild<QPushButton*>(QStringLiteral("deleteRun"))->click();
        QCOMPARE(asked, QStringLiteral("Delete 2 runs and all their files? This cannot be undone."));
        QCOMPARE(tab.table().model()->rowCount(), 3);
        select(tab, {QStringLiteral("renamed")});
        answerTheQuestion(Qt::Key_Escape, asked);
        tab.findChild<QPushButton*>(QStringLiteral("deleteRun"))->click();
        QCOMPARE(asked, QStringLiteral("Delete 1 run and all its files? This cannot be undone."));
        QVERIFY(QDir(environment.runsDirectory() + QStringLiteral("/renamed")).exists());

        select(tab, {QStringLiteral("renamed")});
        QTimer::singleShot(200, this, [] {
            auto* question = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            QVERIFY(question);
            for (QAbstractButton* button : question->buttons()) {
                if (question->buttonRole(button) == QMessageBox::DestructiveRole)
                    button->click();
            }
        });
        tab.findChild<QPushButton*>(QStringLiteral("deleteRun"))->click();
        QVERIFY(!QDir(environment.runsDirectory() + QStringLiteral("/renamed")).exists());
        QCOMPARE(tab.table().model()->rowCount(), 2);
    }

    void aPolicyRunIsShownAsItsPolicy()
    {
        ampwb::TrainingConfig config = environment.quickConfig(3);
        config.name = "p";
        config.precisionPolicy = ampwb::readPrecisionPolicy("amp-batchnorm-fp32");
        config.precisionPolicy->name = "bn32"; // the legend's labels are short
        const QString folder = QString::fromStdString(ampwb::Comparison(config).run().directory);
        const auto removed = qScopeGuard([&] { QDir(folder).removeRecursively(); });
        const QString policyRun = QStringLiteral("p/")
                                + QString::fromStdString(ampwb::policyRunFolder(*config.precisionPolicy));

        MainWindow window;
        RunsTab& tab = window.runsTab();
        tab.refresh();
        const QAbstractItemModel* model = tab.table().model();
        QMap<QString, QString> precisions;
        for (int row = 0; row < model->rowCount(); ++row)
            precisions[model->index(row, RunTableModel::Name).data().toString()] =
                model->index(row, RunTableModel::Precision).data().toString();
        QCOMPARE(precisions.value(policyRun), QStringLiteral("Policy bn32"));
        QCOMPARE(precisions.value(QStringLiteral("p/amp")), QStringLiteral("AMP"));
        QCOMPARE(precisions.value(QStringLiteral("p/fp32")), QStringLiteral("FP32"));

        // Plotted beside the FP32 and AMP runs it was compared with, in a colour of its own.
        select(tab, {QStringLiteral("p/fp32"), QStringLiteral("p/amp"), policyRun});
        QVERIFY(tab.openSelected());
        QCOMPARE(tab.histories().size(), size_t(3));
        QMap<QString, QColor> colors;
        for (const RunHistory& run : tab.histories().runs())
            colors[run.label()] = run.color();
        QCOMPARE(colors.value(QStringLiteral("p/fp32")), RunPalette::forPrecision(ampwb::Precision::Fp32));
        QCOMPARE(colors.value(QStringLiteral("p/amp")), RunPalette::forPrecision(ampwb::Precision::Amp));
        QVERIFY(colors.value(policyRun).isValid());
        QVERIFY(colors.value(policyRun) != RunPalette::forPrecision(ampwb::Precision::Fp32));
        QVERIFY(colors.value(policyRun) != RunPalette::forPrecision(ampwb::Precision::Amp));
    }
};

QTEST_MAIN(RunsTabTest)
#include "RunsTabTest.moc"
