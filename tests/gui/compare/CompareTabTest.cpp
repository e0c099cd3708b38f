// Drives the real window's Compare tab: one click trains FP32 and AMP, the charts overlay
// both, the table and the verdict appear, and the report exports with its chart images.
#include "EngineController.h"
#include "GuiTestEnvironment.h"
#include "MainWindow.h"
#include "TableColumns.h"
#include "charts/MetricChart.h"
#include "charts/QCustomPlotNoKeywords.h"
#include "charts/TrainingCharts.h"
#include "compare/CompareTab.h"
#include "compare/ComparisonTable.h"
#include "run/RunFolder.h"
#include "runs/RunPalette.h"
#include "system/CudaSupport.h"
#include "train/RunProgressWidget.h"
#include "train/TrainingConfigPanel.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QProgressBar>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTest>

class CompareTabTest : public QObject {
    Q_OBJECT

private:
    GuiTestEnvironment environment;

private Q_SLOTS:
    void oneClickComparesFp32AndAmp()
    {
        MainWindow window;
        window.setGeometry(0, 0, 1600, 1000);
        window.show();
        window.configPanel().setConfig(environment.quickConfig(10));
        window.compareTab().interleaveBox().setChecked(false);
        QSignalSpy finished(&window.engine(), &EngineController::workFinished);
        window.compareAction().trigger();
        QCOMPARE(window.tabs().currentWidget(), &window.compareTab());
        // While AMP runs, every column of the table is shown whole ("AMP vs FP32" was cut to "MP vs FP3").
        const ComparisonTable& during = window.compareTab().table();
        QTRY_VERIFY_WITH_TIMEOUT(window.compareTab().histories().size() == 2, 120000);
        QTRY_VERIFY2(showsEveryColumnWhole(during), qPrintable(columnWidths(during)));
        QVERIFY(finished.wait(120000));

        CompareTab& tab = window.compareTab();
        QVERIFY(!runs(tab)[0].summary->interleaved);
        const auto& runs = tab.histories().runs();
        QCOMPARE(runs.size(), size_t(2));
        QCOMPARE(runs[0].label(), QStringLiteral("FP32"));
        QCOMPARE(runs[1].label(), QStringLiteral("AMP"));
        QCOMPARE(runs[0].steps().size(), size_t(10));
        QCOMPARE(runs[1].steps().size(), size_t(10));
        QVERIFY(runs[0].summary->precision == ampwb::Precision::Fp32);
        QVERIFY(runs[1].summary->precision == ampwb::Precision::Amp);

        QCustomPlot& loss = tab.charts().chart(QStringLiteral("loss"))->plot();
        QCOMPARE(loss.graphCount(), 4); // raw and smoothed for each run
        // FP32 and bf16 AMP on the CPU: the loss-scale chart's flat line at 1 says, on the chart, why.
        QVERIFY(tab.charts()
                    .chart(QStringLiteral("loss-scale"))
                    ->standingNoteText()
                    .startsWith(QLatin1String("Loss scaling is off")));
        QCOMPARE(loss.graph(0)->pen().color().rgb(), RunPalette::forPrecision(ampwb::Precision::Fp32).rgb());
        QCOMPARE(loss.graph(2)->pen().color().rgb(), RunPalette::forPrecision(ampwb::Precision::Amp).rgb());
        QCOMPARE(loss.graph(2)->dataCount(), 10);

        ComparisonTable& table = tab.table();
        QCOMPARE(table.columnCount(), 3);
        QCOMPARE(table.horizontalHeaderItem(0)->text(), QStringLiteral("FP32"));
        QCOMPARE(table.horizontalHeaderItem(1)->text(), QStringLiteral("AMP"));
        QCOMPARE(table.horizontalHeaderItem(2)->text(), QStringLiteral("AMP\nvs FP32"));
        QCOMPARE(table.rowCount(), 7);
        QVERIFY(table.item(1, 0)->text().endsWith(QLatin1String("img/s")));
        QVERIFY2(table.item(1, 2)->text().contains(QChar(0x00D7)), qPrintable(table.item(1, 2)->text()));
        const QString epochChange = table.item(0, 2)->text();
        QVERIFY2(epochChange.endsWith(QLatin1String(" faster")) || epochChange.endsWith(QLatin1String(" slower")),
                 qPrintable(epochChange));
        QVERIFY(table.verticalHeaderItem(2)->text().contains(QLatin1String("RSS")));
        QCOMPARE(table.item(6, 0)->text(), QStringLiteral("finished"));
        QCOMPARE(table.item(6, 1)->text(), QStringLiteral("finished"));
        // And on a laptop's screen, once the ratios are in.
        // (The window's minimum hint alone passed or failed by when its layout last ran: the width it takes tells.)
        window.resize(1366, 700);
        QTRY_VERIFY2(showsEveryColumnWhole(table), qPrintable(columnWidths(table)));
        QVERIFY2(window.width() == 1366, qPrintable(QString::number(window.minimumSizeHint().width())));

        const QString verdict = tab.verdict();
        QVERIFY2(verdict.startsWith(QLatin1String("AMP helped"))
                     || verdict.startsWith(QLatin1String("AMP did not help"))
                     || verdict.startsWith(QLatin1String("Too short to tell")),
                 qPrintable(verdict));
        // And whether the accuracy difference is one 10 steps can tell, from the two runs' losses.
        QVERIFY2(verdict.contains(QLatin1String("\nAccuracy: top-1 ")), qPrintable(verdict));
        QCOMPARE(tab.findChild<QLabel*>(QStringLiteral("verdict"))->text(), verdict);

        const QString markdown = environment.path(QStringLiteral("report.md"));
        QVERIFY(tab.exportReport(markdown));
        QFile report(markdown);
        QVERIFY(report.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(report.readAll());
        QVERIFY(text.contains(QLatin1String("| Throughput |")));
        // What the runs were made with, as report.md of the CLI records it.
        QVERIFY2(text.contains(QLatin1String("- Device: CPU (")) && text.contains(QLatin1String("- Data: "))
                     && text.contains(QLatin1String("- Software: AMP Workbench ")),
                 qPrintable(text));
        QVERIFY(text.contains(verdict));
        QVERIFY(text.contains(QLatin1String("report_charts/loss.png")));
        QVERIFY(!QImage(environment.path(QStringLiteral("report_charts/loss.png"))).isNull());

        const QString html = environment.path(QStringLiteral("report.html"));
        QVERIFY(tab.exportReport(html));
        QFile htmlFile(html);
        QVERIFY(htmlFile.open(QIODevice::ReadOnly));
        const QByteArray htmlText = htmlFile.readAll();
        QVERIFY(htmlText.contains("<table>"));
        QVERIFY(htmlText.contains("<img src=\"report_charts/validation.png\""));
    }

    void interleavedComparisonTakesTurns()
    {
        QSettings().remove(QStringLiteral("compare/interleaved")); // as in a window that never had the choice made
        {
            MainWindow window;
            window.show();
            window.configPanel().setConfig(environment.quickConfig(6));
            QCheckBox& interleave = window.compareTab().interleaveBox();
            // Without CUDA a comparison takes turns unless told otherwise.
            QCOMPARE(interleave.isChecked(), !ampwb::cudaAvailable());
            interleave.setChecked(true);
            CompareTab& tab = window.compareTab();
            // After each delivery, the progress bar and the status bar stand at AMP's latest step while AMP trains.
            int deliveriesWithAmpSteps = 0;
            bool progressFollowsAmp = true;
            bool statusFollowsAmp = true; // and so does the status bar
            connect(&window.engine(), &EngineController::eventsArrived, this, [&] {
                const RunHistory& amp = runs(tab)[1];
                if (amp.summary || amp.steps().empty())
                    return;
                ++deliveriesWithAmpSteps;
                progressFollowsAmp &= tab.progress().overallBar().value() == amp.steps().back().step;
                statusFollowsAmp &= window.runState().contains(
                    QStringLiteral("AMP bf16 run: step %1 of").arg(amp.steps().back().step));
            });
            QSignalSpy finished(&window.engine(), &EngineController::workFinished);
            window.compareAction().trigger();
            QVERIFY(finished.wait(120000));
            QVERIFY(deliveriesWithAmpSteps > 0);
            QVERIFY(progressFollowsAmp);
            QVERIFY(statusFollowsAmp);

            for (const ampwb::Precision precision : {ampwb::Precision::Fp32, ampwb::Precision::Amp}) {
                const RunHistory& run = runs(tab)[precision == ampwb::Precision::Fp32 ? 0 : 1];
                QVERIFY(run.summary && run.summary->precision == precision);
                QVERIFY2(run.summary->state == ampwb::RunState::Finished, run.summary->message.english().c_str());
                QVERIFY(run.summary->interleaved);
                QCOMPARE(run.steps().size(), size_t(6));
                for (const ampwb::StepMetrics& step : run.steps())
                    QVERIFY(step.precision == precision);
            }
            QVERIFY(
                tab.table().verticalHeaderItem(2)->text().simplified().contains(QLatin1String("both runs at once")));
            // The next comparison does not show this one's folder while it runs; it shows its own at the end.
            const auto* details = tab.findChild<QLabel*>(QStringLiteral("comparisonDetails"));
            const QString saved = details->text();
            QVERIFY2(saved.startsWith(QLatin1String("Saved in ")), qPrintable(saved));
            window.compareAction().trigger();
            QVERIFY2(details->text().isEmpty(), qPrintable(details->text()));
            QVERIFY(finished.wait(120000));
            QVERIFY(details->text().startsWith(QLatin1String("Saved in ")) && details->text() != saved);
            interleave.setChecked(false);
        }
        // The choice is remembered for the next window.
        MainWindow window;
        QVERIFY(!window.compareTab().interleaveBox().isChecked());
        window.compareTab().interleaveBox().setChecked(true);
        QVERIFY(MainWindow().compareTab().interleaveBox().isChecked());
    }

    /// "Three-way" trains FP32, AMP bf16 and AMP fp16 in turns; fp16's loss scale moves, and the
    /// table, the charts and the verdict take all three.
    void threeWayComparesBf16AndFp16WithFp32()
    {
        QSettings().remove(QStringLiteral("compare/threeWay"));
        MainWindow window;
        window.show();
        ampwb::TrainingConfig config = environment.quickConfig(4);
        config.scaler.initScale = 16777216.0; // 2^24: fp16's first steps overflow
        window.configPanel().setConfig(config);
        CompareTab& tab = window.compareTab();
        QVERIFY(!tab.threeWayBox().isChecked()); // off until chosen
        tab.threeWayBox().setChecked(true);
        tab.interleaveBox().setChecked(true);
        QSignalSpy finished(&window.engine(), &EngineController::workFinished);
        window.compareAction().trigger();
        QVERIFY(finished.wait(180000));

        const auto& runs = tab.histories().runs();
        QCOMPARE(runs.size(), size_t(3));
        const QStringList labels{QStringLiteral("FP32"), QStringLiteral("AMP bf16"), QStringLiteral("AMP fp16")};
        const ampwb::AmpDtype types[] = {ampwb::AmpDtype::Auto, ampwb::AmpDtype::BFloat16, ampwb::AmpDtype::Float16};
        for (size_t index = 0; index < runs.size(); ++index) {
            const RunHistory& run = runs[index];
            QCOMPARE(run.label(), labels[static_cast<int>(index)]);
            QVERIFY(run.summary.has_value());
            QVERIFY2(run.summary->state == ampwb::RunState::Finished, run.summary->message.english().c_str());
            QVERIFY(run.summary->ampDtype == types[index]);
            QCOMPARE(run.steps().size(), size_t(4));
            for (const ampwb::StepMetrics& step : run.steps())
                QVERIFY(step.ampDtype == types[index]);
        }
        QVERIFY(runs[2].summary->skippedSteps > 0);
        QCOMPARE(runs[2].steps().front().lossScale, 16777216.0);
        QVERIFY(runs[2].steps().back().lossScale < 16777216.0);
        QCOMPARE(runs[1].steps().back().lossScale, 1.0);

        ComparisonTable& table = tab.table();
        QCOMPARE(table.columnCount(), 5);
        QCOMPARE(table.horizontalHeaderItem(3)->text(), QStringLiteral("AMP bf16\nvs FP32"));
        QCOMPARE(table.horizontalHeaderItem(4)->text(), QStringLiteral("AMP fp16\nvs FP32"));
        QCOMPARE(tab.charts().chart(QStringLiteral("loss"))->plot().graphCount(), 6);
        // fp16 scales: the loss-scale chart has something to show, and no note that scaling is off.
        QCOMPARE(tab.charts().chart(QStringLiteral("loss-scale"))->standingNoteText(), QString());
        const QString verdict = tab.verdict();
        QVERIFY2(verdict.contains(QLatin1String("AMP bf16: ")) && verdict.contains(QLatin1String("\nAMP fp16: ")),
                 qPrintable(verdict));

        const QString markdown = environment.path(QStringLiteral("three-way.md"));
        QVERIFY(tab.exportReport(markdown));
        QFile report(markdown);
        QVERIFY(report.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(report.readAll());
        QVERIFY2(text.contains(QLatin1String("- AMP: fp16 autocast, loss scaling on")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("- AMP: bf16 autocast, loss scaling off")), qPrintable(text));
        tab.threeWayBox().setChecked(false);
    }

    /// A precision policy chosen as the third run trains beside FP32 and AMP in turns: three columns of runs,
    /// three curves a chart with the policy named in the legend, and a verdict on whether it beat both.
    void policyIsTheThirdRun()
    {
        MainWindow window;
        window.show();
        window.configPanel().setConfig(environment.quickConfig(4));
        CompareTab& tab = window.compareTab();
        tab.threeWayBox().setChecked(false);
        tab.interleaveBox().setChecked(true);
        QComboBox& policy = tab.policyBox();
        policy.setCurrentIndex(policy.findData(QStringLiteral("preset:amp-batchnorm-fp32")));
        QVERIFY(!tab.threeWayBox().isEnabled()); // a three-way comparison takes no policy
        QSignalSpy finished(&window.engine(), &EngineController::workFinished);
        window.compareAction().trigger();
        QVERIFY(finished.wait(180000));

        const auto& runs = tab.histories().runs();
        QCOMPARE(runs.size(), size_t(3));
        const QStringList labels{QStringLiteral("FP32"), QStringLiteral("AMP"),
                                 QStringLiteral("Policy amp-batchnorm-fp32")};
        for (size_t index = 0; index < runs.size(); ++index) {
            const RunHistory& run = runs[index];
            QCOMPARE(run.label(), labels[static_cast<int>(index)]);
            QVERIFY(run.summary.has_value());
            QVERIFY2(run.summary->state == ampwb::RunState::Finished, run.summary->message.english().c_str());
            QVERIFY(run.summary->interleaved);
            QCOMPARE(run.steps().size(), size_t(4));
            QVERIFY(run.started.has_value());
            QCOMPARE(run.started->precisionPolicy.has_value(), index == 2); // FP32 and AMP are the references
        }
        QVERIFY(runs[2].directory.endsWith(QLatin1String("/policy-amp-batchnorm-fp32")));

        ComparisonTable& table = tab.table();
        QCOMPARE(table.columnCount(), 5);
        QCOMPARE(table.horizontalHeaderItem(2)->text(), QStringLiteral("Policy amp-batchnorm-fp32"));
        QCOMPARE(table.horizontalHeaderItem(4)->text(), QStringLiteral("Policy amp-batchnorm-fp32\nvs FP32"));
        for (int column = 0; column < 3; ++column)
            QCOMPARE(table.item(6, column)->text(), QStringLiteral("finished"));
        QCustomPlot& loss = tab.charts().chart(QStringLiteral("loss"))->plot();
        QCOMPARE(loss.graphCount(), 6);
        QStringList names;
        for (int graph = 0; graph < loss.graphCount(); ++graph)
            names << loss.graph(graph)->name();
        QVERIFY2(names.filter(QStringLiteral("Policy amp-batchnorm-fp32 · ")).size() == 2,
                 qPrintable(names.join(", ")));
        const QString verdict = tab.verdict();
        QVERIFY2(verdict.contains(QRegularExpression(
                     QStringLiteral("The policy amp-batchnorm-fp32 (did not )?beat both|Too short to tell whether the "
                                    "policy amp-batchnorm-fp32 beat both"))),
                 qPrintable(verdict));
        QVERIFY2(verdict.contains(QLatin1String("The policy amp-batchnorm-fp32 against FP32: Accuracy: ")),
                 qPrintable(verdict));

        policy.setCurrentIndex(policy.findData(QStringLiteral("none")));
        QVERIFY(tab.threeWayBox().isEnabled());
        QCOMPARE(MainWindow().compareTab().policyBox().currentData().toString(), QStringLiteral("none"));
    }

    /// A run trained with --no-validation has no accuracy: "–", and no difference beside it.
    void comparesInTwoProcesses()
    {
        MainWindow window;
        window.show();
        window.configPanel().setConfig(environment.quickConfig(6));
        window.configPanel().findChild<QSpinBox*>(QStringLiteral("processes"))->setValue(2);
        window.compareTab().interleaveBox().setChecked(true); // a group cannot take turns: it runs one after the other
        QSignalSpy finished(&window.engine(), &EngineController::workFinished);
        window.compareAction().trigger();
        QVERIFY(finished.wait(180000));
        const auto& runs = window.compareTab().histories().runs();
        QCOMPARE(runs.size(), size_t(2));
        for (const RunHistory& run : runs) {
            QVERIFY(run.summary.has_value());
            QVERIFY2(run.summary->state == ampwb::RunState::Finished, run.summary->message.english().c_str());
            QCOMPARE(run.steps().size(), size_t(6));
            QCOMPARE(ampwb::RunFolder::readWorldSize(run.directory.toStdString()), 2);
            QVERIFY(!run.steps().back().ranks.empty()); // the ranks' figures reached the window
            QVERIFY(!run.summary->interleaved);
        }
        QVERIFY(QFile::exists(QFileInfo(runs[0].directory).dir().filePath(QStringLiteral("report.md"))));
    }

    void unvalidatedRunsShowNoAccuracy()
    {
        ampwb::RunSummary validated;
        validated.state = ampwb::RunState::Finished;
        validated.finalTop1 = 0.75;
        validated.finalTop5 = 0.95;
        validated.validationImages = 1000;
        ampwb::RunSummary unvalidated = validated;
        unvalidated.validated = false;
        unvalidated.finalTop1 = unvalidated.finalTop5 = 0.0;
        unvalidated.validationImages = 0;

        constexpr int top1 = 3, top5 = 4; // the table's rows
        ComparisonTable table;
        std::vector<RunHistory> histories{RunHistory(QStringLiteral("FP32"), Qt::blue),
                                          RunHistory(QStringLiteral("AMP"), Qt::red)};
        histories[0].summary = validated;
        histories[1].summary = validated;
        table.showRuns(histories);
        QCOMPARE(table.item(top1, 1)->text(), QStringLiteral("75.00 %"));
        QVERIFY2(table.item(top1, 2)->text().startsWith(QStringLiteral("+0.00 pt")),
                 qPrintable(table.item(top1, 2)->text()));

        histories[1].summary = unvalidated;
        table.showRuns(histories);
        QCOMPARE(table.item(top1, 0)->text(), QStringLiteral("75.00 %"));
        QCOMPARE(table.item(top1, 1)->text(), QStringLiteral("–"));
        QCOMPARE(table.item(top5, 1)->text(), QStringLiteral("–"));
        QCOMPARE(table.item(top1, 2)->text(), QString());
        QCOMPARE(table.item(top5, 2)->text(), QString());
    }

private:
    static const std::vector<RunHistory>& runs(CompareTab& tab) { return tab.histories().runs(); }
};

QTEST_MAIN(CompareTabTest)
#include "CompareTabTest.moc"
