// The training charts without a run: export as PNG/SVG/PDF/CSV and to the clipboard, the
// debiased smoothing, 100,000 points per series still panning and zooming quickly, the
// grid of charts drawing what its runs announce, and the pacing of its live redraws.
#include "GuiTestEnvironment.h"
#include "ReadableCharts.h"
#include "charts/ChartCatalog.h"
#include "charts/ChartExporter.h"
#include "charts/DebiasedEma.h"
#include "charts/MetricChart.h"
#include "charts/QCustomPlotNoKeywords.h"
#include "charts/RedrawPacer.h"
#include "charts/TrainingCharts.h"
#include "runs/RunHistories.h"
#include "runs/RunHistory.h"

#include <QApplication>
#include <QClipboard>
#include <QElapsedTimer>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QPointer>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

#include <QWheelEvent>
#include <QXmlStreamReader>
#include <algorithm>

#include <cmath>

class ChartsTest : public QObject {
    Q_OBJECT

private:
    static ampwb::StepMetrics syntheticStep(int index)
    {
        ampwb::StepMetrics step;
        step.step = index;
        step.epoch = 1 + (index - 1) / 1000;
        step.stepInEpoch = 1 + (index - 1) % 1000;
        step.stepsPerEpoch = 1000;
        step.loss = 2.3 * std::exp(-index / 20000.0) + 0.2 * std::sin(index * 0.37);
        step.lossScale = 65536.0;
        step.stepMilliseconds = 20.0 + (index % 7);
        step.imagesPerSecond = 128.0 / step.stepMilliseconds * 1000.0;
        step.learningRate = 0.1;
        step.wallSeconds = index * 0.02;
        step.memory.residentBytes = 400'000'000 + index;
        step.memory.peakResidentBytes = 400'000'000 + index;
        return step;
    }

    static std::vector<RunHistory> syntheticRun(int steps)
    {
        RunHistory run(QStringLiteral("FP32"), Qt::blue);
        for (int index = 1; index <= steps; ++index)
            run.appendStep(syntheticStep(index));
        std::vector<RunHistory> runs;
        runs.push_back(std::move(run));
        return runs;
    }

    /// Shows `charts` at a desktop window's size and waits until they are on screen.
    static bool shownOnScreen(TrainingCharts& charts)
    {
        charts.resize(1200, 700);
        charts.show();
        return QTest::qWaitForWindowExposed(&charts);
    }

    /// Adds an FP32 run of 30 synthetic steps and has the charts draw it.
    static void addRunOf30Steps(RunHistories& histories)
    {
        histories.add(RunHistory(QStringLiteral("FP32"), Qt::blue));
        for (int index = 1; index <= 30; ++index)
            histories.appendStep(0, syntheticStep(index));
        histories.announceChanges();
    }

    static MetricChart* chartOf(const QString& id, QWidget* parent)
    {
        for (const ChartSpec& spec : ChartCatalog::trainingCharts()) {
            if (spec.id == id)
                return new MetricChart(spec, parent);
        }
        return nullptr;
    }

    GuiTestEnvironment environment;

private Q_SLOTS:
    void exportsImagesAndData()
    {
        QWidget window;
        MetricChart* chart = chartOf(QStringLiteral("loss"), &window);
        chart->resize(800, 450);
        chart->drawNew(syntheticRun(500));

        const QString png = environment.path(QStringLiteral("loss.png"));
        QVERIFY(chart->exportTo(png, QSize(800, 450)));
        const QImage image(png);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), QSize(1600, 900)); // drawn at twice the size for sharp print

        const QString svg = environment.path(QStringLiteral("loss.svg"));
        QVERIFY(chart->exportTo(svg, QSize(800, 450)));
        QFile svgFile(svg);
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&svgFile);
        QVERIFY(xml.readNextStartElement());
        QCOMPARE(xml.name(), QLatin1String("svg"));
        while (!xml.atEnd())
            xml.readNext();
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));

        const QString pdf = environment.path(QStringLiteral("loss.pdf"));
        QVERIFY(chart->exportTo(pdf, QSize(800, 450)));
        QFile pdfFile(pdf);
        QVERIFY(pdfFile.open(QIODevice::ReadOnly));
        QVERIFY(pdfFile.read(5) == "%PDF-");

        const QString csv = environment.path(QStringLiteral("loss.csv"));
        QVERIFY(chart->exportTo(csv));
        QFile csvFile(csv);
        QVERIFY(csvFile.open(QIODevice::ReadOnly | QIODevice::Text));
        const QList<QByteArray> lines = csvFile.readAll().trimmed().split('\n');
        QCOMPARE(lines.front(), QByteArray("series,step,value"));
        QCOMPARE(lines.size(), 1 + 2 * 500); // raw and smoothed loss
        QVERIFY(lines[1].startsWith("\"FP32 · loss (raw)\",1,"));

        ChartExporter::copyToClipboard(chart->plot());
        QVERIFY(!QGuiApplication::clipboard()->image().isNull());
    }

    void smoothingIsADebiasedMovingAverage()
    {
        DebiasedEma ema(0.5);
        QCOMPARE(ema.add(2.0), 2.0);
        QCOMPARE(ema.add(4.0), 2.5 / 0.75);
        QVERIFY(std::isnan(ema.add(std::nan(""))));
        QCOMPARE(ema.add(4.0), (0.5 * 2.5 + 0.5 * 4.0) / 0.875);
        DebiasedEma none(0.0);
        QCOMPARE(none.add(7.0), 7.0);
        QCOMPARE(none.add(-1.0), -1.0);
    }

    void logAxisForLossScale()
    {
        QWidget window;
        MetricChart* chart = chartOf(QStringLiteral("loss-scale"), &window);
        QCOMPARE(chart->plot().yAxis->scaleType(), QCPAxis::stLogarithmic);
        chart->drawNew(syntheticRun(50));
        chart->resetView();
        QVERIFY(chart->plot().yAxis->range().contains(65536.0));
    }

    void zoomingStopsFollowingTheDataUntilReset()
    {
        QWidget window;
        MetricChart* chart = chartOf(QStringLiteral("loss"), &window);
        chart->resize(600, 400);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        chart->drawNew(syntheticRun(100));
        QVERIFY(chart->isFollowingData());
        const QCPRange fitted = chart->plot().xAxis->range();
        chart->plot().replot(); // lays out the axis rect the wheel must hit

        const QPointF centre(chart->plot().width() / 2.0, chart->plot().height() / 2.0);
        QWheelEvent wheel(centre, chart->plot().mapToGlobal(centre), {}, {0, 120}, Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(&chart->plot(), &wheel);
        QVERIFY(!chart->isFollowingData());
        QVERIFY(chart->plot().xAxis->range().size() < fitted.size());
        chart->drawNew(syntheticRun(200)); // new data does not move a zoomed view
        QVERIFY(chart->plot().xAxis->range().upper < 200.0);

        chart->resetView();
        QVERIFY(chart->isFollowingData());
        QVERIFY(chart->plot().xAxis->range().contains(200.0));
    }

    void theGridDrawsWhatItsRunsAnnounce()
    {
        RunHistories histories;
        TrainingCharts charts(histories, QStringLiteral("chartsTest"), 3);
        QCustomPlot& loss = charts.chart(QStringLiteral("loss"))->plot();
        histories.add(RunHistory(QStringLiteral("FP32"), Qt::blue));
        for (int index = 1; index <= 30; ++index)
            histories.appendStep(0, syntheticStep(index));
        QCOMPARE(loss.graphCount(), 0); // nothing is drawn before the announcement
        histories.announceChanges();
        QCOMPARE(loss.graphCount(), 2); // raw and smoothed
        QCOMPARE(loss.graph(0)->dataCount(), 30);

        const QPointer<QCPGraph> raw = loss.graph(0);
        for (int index = 31; index <= 40; ++index)
            histories.appendStep(0, syntheticStep(index));
        histories.announceChanges();
        QCOMPARE(loss.graph(0), raw.data()); // the new points went onto the graph already drawn
        QCOMPARE(loss.graph(0)->dataCount(), 40);

        ampwb::RunStarted resumed;
        resumed.firstStep = 21;
        resumed.stepsPerEpoch = 1000;
        histories.continueFrom(0, resumed);
        histories.appendStep(0, syntheticStep(21));
        histories.announceChanges();
        QVERIFY(raw.isNull()); // drawn again from the first point
        QCOMPARE(loss.graph(0)->dataCount(), 21);
        QCOMPARE(loss.graph(0)->data()->at(20)->key, 21.0);

        histories.clear();
        QCOMPARE(loss.graphCount(), 0);
        QVERIFY(charts.chart(QStringLiteral("loss"))->isFollowingData());
    }

    void redrawsAreSpacedByWhatTheyCost()
    {
        int redraws = 0;
        QElapsedTimer sinceFirst;
        RedrawPacer pacer(
            [&redraws] {
                ++redraws;
                QElapsedTimer busy;
                busy.start();
                while (busy.elapsed() < 20) {
                }
            },
            0.1);
        sinceFirst.start();
        pacer.request();
        QCOMPARE(redraws, 1); // the first comes at once
        QVERIFY(pacer.lastRedrawMilliseconds() >= 20.0);
        for (int request = 0; request < 5; ++request)
            pacer.request();
        QCOMPARE(redraws, 1); // 20 ms of drawing at a 10 % share: the next no sooner than 200 ms after the first
        QVERIFY(pacer.isPending());
        QTRY_COMPARE_WITH_TIMEOUT(redraws, 2, 5000); // the five requests merged into one redraw
        QVERIFY2(sinceFirst.elapsed() >= 190, qPrintable(QString::number(sinceFirst.elapsed())));
        QVERIFY(!pacer.isPending());
        QTest::qWait(300);
        QCOMPARE(redraws, 2); // nothing more was asked for
        pacer.request();
        QCOMPARE(redraws, 3); // long enough after the last: at once again
    }

    void hiddenChartsDrawWhenShown()
    {
        RunHistories histories;
        TrainingCharts charts(histories, QStringLiteral("chartsTest"), 3);
        QTest::qWait(50); // the empty charts' own first replots
        QSignalSpy replots(&charts.chart(QStringLiteral("loss"))->plot(), &QCustomPlot::afterReplot);
        addRunOf30Steps(histories);
        QCOMPARE(charts.chart(QStringLiteral("loss"))->plot().graph(0)->dataCount(), 30); // the points are added
        QTest::qWait(100);
        QCOMPARE(replots.count(), 0); // but not drawn while nobody can see them
        QVERIFY(charts.isRedrawPending());

        QVERIFY(shownOnScreen(charts));
        QTRY_VERIFY(!charts.isRedrawPending());
        QVERIFY(replots.count() >= 1);
    }

    void emptyChartsUseTheirWholePanel()
    {
        // Before any data, and again once the runs are cleared (after a failed run), each plot fills its panel
        // and shows its own empty ranges with the note in full view, not QCustomPlot's 0–5 on a 50 px strip.
        RunHistories histories;
        TrainingCharts charts(histories, QStringLiteral("chartsTest"), 3);
        QVERIFY(shownOnScreen(charts));
        const auto checkEmpty = [&](const char* when) {
            for (MetricChart* chart : charts.charts()) {
                QCustomPlot& plot = chart->plot();
                plot.replot();
                const int plotWidth = plot.axisRect()->width();
                QVERIFY2(plotWidth > plot.width() * 6 / 10,
                         qPrintable(QStringLiteral("%1 %2: plot area %3 of %4 px")
                                        .arg(chart->objectName(), QLatin1String(when))
                                        .arg(plotWidth)
                                        .arg(plot.width())));
                QCOMPARE(plot.xAxis->range().upper, 1.0);
            }
        };
        checkEmpty("before data");
        addRunOf30Steps(histories);
        QCustomPlot& lossPlot = charts.chart(QStringLiteral("loss"))->plot();
        QVERIFY(lossPlot.axisRect()->width() > 100);
        // The last point (where validation markers sit) keeps room for a whole marker before the border.
        lossPlot.replot();
        QVERIFY2(lossPlot.xAxis->coordToPixel(30.0) <= lossPlot.axisRect()->right() - 10,
                 qPrintable(QStringLiteral("last point at %1, border at %2")
                                .arg(lossPlot.xAxis->coordToPixel(30.0))
                                .arg(lossPlot.axisRect()->right())));
        histories.clear();
        checkEmpty("after the runs were cleared");
    }

    void chartsStayReadableInTheCompareColumn_data()
    {
        QTest::addColumn<int>("steps");
        QTest::newRow("first step") << 1;
        QTest::newRow("80 steps") << 80;
    }

    void chartsStayReadableInTheCompareColumn()
    {
        // Two runs, four legend entries a chart, in the Compare tab's chart column on a 1366×768 screen (one
        // column of charts): titles whole, tick labels apart, legends in rows across, whole steps.
        QFETCH(int, steps);
        RunHistories histories;
        TrainingCharts charts(histories, QStringLiteral("chartsTest"), 2);
        histories.add(RunHistory(QStringLiteral("FP32"), Qt::blue));
        histories.add(RunHistory(QStringLiteral("AMP"), QColor(230, 90, 20)));
        for (int index = 1; index <= steps; ++index) {
            histories.appendStep(0, syntheticStep(index));
            histories.appendStep(1, syntheticStep(index));
        }
        histories.announceChanges();
        charts.resize(575, 560);
        charts.show();
        QVERIFY(QTest::qWaitForWindowExposed(&charts));
        const QString unreadable = unreadableCharts(charts);
        QVERIFY2(unreadable.isEmpty(), qPrintable(unreadable));
        QCustomPlot& loss = charts.chart(QStringLiteral("loss"))->plot();
        QCOMPARE(loss.yAxis->label(), axisTitle(*loss.yAxis)); // room for the whole title, not "Cross-ent…"
        QVERIFY(loss.legend->rowCount() <= 2);
        for (const double tick : loss.xAxis->tickVector())
            QCOMPARE(tick, std::round(tick)); // no step 0.5
        for (int index = 0; index < loss.graphCount(); ++index) {
            const bool dotted = loss.graph(index)->scatterStyle().shape() != QCPScatterStyle::ssNone;
            QCOMPARE(dotted, steps == 1); // a line's only point shows as a dot until the line has two
        }
    }

    void shortAxesGetFewerTicksAndShortenedTitles()
    {
        QCustomPlot plot;
        keepAxesReadable(plot);
        setAxisTitle(*plot.yAxis, QStringLiteral("Cross-entropy"));
        QCPGraph* graph = plot.addGraph();
        for (int step = 1; step <= 200; ++step)
            graph->addData(step, 2.3 * std::exp(-step / 50.0));
        plot.rescaleAxes();
        plot.resize(400, 600);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        const auto drawn = [&plot] {
            plot.replot();
            plot.replot();
            return static_cast<int>(plot.yAxis->tickVector().size());
        };
        const int ticksWhenTall = drawn();
        QCOMPARE(plot.yAxis->label(), QStringLiteral("Cross-entropy"));
        plot.resize(400, 110); // an axis some 60 px long
        QTest::qWait(50);
        const int ticksWhenShort = drawn();
        QVERIFY2(ticksWhenShort < ticksWhenTall,
                 qPrintable(QStringLiteral("%1 ticks tall, %2 short").arg(ticksWhenTall).arg(ticksWhenShort)));
        QVERIFY(plot.yAxis->label().endsWith(QChar(0x2026))); // "Cross-…"
        QVERIFY(QStringLiteral("Cross-entropy").startsWith(plot.yAxis->label().chopped(1)));
        QCOMPARE(axisTitle(*plot.yAxis), QStringLiteral("Cross-entropy"));
        const QString unreadable = unreadableParts(plot);
        QVERIFY2(unreadable.isEmpty(), qPrintable(unreadable));
        plot.resize(400, 600); // and back
        QTest::qWait(50);
        QCOMPARE(drawn(), ticksWhenTall);
        QCOMPARE(plot.yAxis->label(), QStringLiteral("Cross-entropy"));
    }

    void hoverReadsOutTheValuesAndTheLegendHidesSeries()
    {
        RunHistories histories;
        TrainingCharts charts(histories, QStringLiteral("chartsTest"), 3);
        QVERIFY(shownOnScreen(charts));
        addRunOf30Steps(histories);
        MetricChart& chart = *charts.chart(QStringLiteral("loss"));
        QCustomPlot& plot = chart.plot();
        plot.replot();
        QCPGraph* raw = plot.graph(0);
        QCPGraph* smoothed = plot.graph(1);
        const double value = raw->data()->at(11)->value; // step 12
        const QPoint onPoint(qRound(raw->keyAxis()->coordToPixel(12.0)), qRound(raw->valueAxis()->coordToPixel(value)));

        // The mouse on step 12's raw loss: the step, the raw and the smoothed value, each named by run and series.
        QTest::mouseMove(&plot, onPoint);
        QTRY_VERIFY(!chart.hoverReadout().isEmpty());
        const QStringList lines = chart.hoverReadout().split(QLatin1Char('\n'));
        QCOMPARE(lines.value(0), QStringLiteral("step 12"));
        QVERIFY2(lines.contains(raw->name() + QStringLiteral(": ") + QString::number(value, 'g', 5)),
                 qPrintable(chart.hoverReadout()));
        QVERIFY2(lines.size() == 3 && lines.value(2).startsWith(smoothed->name() + QStringLiteral(": ")),
                 qPrintable(chart.hoverReadout()));
        // The loss has no unit; a step time reads in ms, a throughput in img/s.
        QVERIFY(!lines.value(1).contains(QLatin1Char(' ') + QStringLiteral("ms")));
        MetricChart& speed = *charts.chart(QStringLiteral("speed"));
        speed.plot().replot();
        const QCPGraph* stepTime = speed.plot().graph(0);
        const double milliseconds = stepTime->data()->at(11)->value;
        const QStringList speedLines = speed
                                           .readoutAt(QPoint(qRound(stepTime->keyAxis()->coordToPixel(12.0)),
                                                             qRound(stepTime->valueAxis()->coordToPixel(milliseconds))))
                                           .split(QLatin1Char('\n'));
        QVERIFY2(speedLines.contains(stepTime->name() + QStringLiteral(": ") + QString::number(milliseconds, 'g', 5)
                                     + QStringLiteral(" ms")),
                 qPrintable(speedLines.join(QLatin1Char('|'))));
        QVERIFY2(std::any_of(speedLines.begin(), speedLines.end(),
                             [](const QString& line) { return line.endsWith(QLatin1String(" img/s")); }),
                 qPrintable(speedLines.join(QLatin1Char('|'))));

        // Off the plot, over the axes' labels, far from every point: no readout.
        QTest::mouseMove(&plot, QPoint(2, plot.height() - 2));
        QTRY_VERIFY(chart.hoverReadout().isEmpty());

        // A click on a legend entry hides its series (out of the readout too); another click shows it again.
        plot.replot();
        QCPPlottableLegendItem* entry = plot.legend->itemWithPlottable(raw);
        QVERIFY(entry);
        QTest::mouseClick(&plot, Qt::LeftButton, {}, entry->rect().center());
        QTRY_VERIFY(!raw->visible());
        QVERIFY(chart.isSeriesHidden(raw->name()));
        QVERIFY(!chart.readoutAt(onPoint).contains(raw->name() + QStringLiteral(": ")));
        plot.replot();
        QTest::mouseClick(&plot, Qt::LeftButton, {}, plot.legend->itemWithPlottable(raw)->rect().center());
        QTRY_VERIFY(raw->visible());
    }

    void logAxisLabelsAreOneTwoFive()
    {
        QWidget window;
        MetricChart* chart = chartOf(QStringLiteral("loss"), &window);
        chart->setLogarithmic(true);
        const auto labelsIn = [&](QCPRange range) {
            QVector<double> ticks;
            QVector<double> subTicks;
            QVector<QString> labels;
            chart->plot().yAxis->ticker()->generate(range, QLocale::c(), QLatin1Char('g'), 6, ticks, &subTicks,
                                                    &labels);
            QStringList inRange;
            for (int index = 0; index < ticks.size(); ++index)
                if (range.contains(ticks[index]))
                    inRange << labels[index];
            return inRange;
        };
        // A loss between 0.15 and 2.6: labels at 0.2, 0.5, 1 and 2, not only at 1.
        QCOMPARE(labelsIn(QCPRange(0.15, 2.6)), (QStringList{"0.2", "0.5", "1", "2"}));
        // Five decades: the powers of ten.
        QCOMPARE(labelsIn(QCPRange(0.0005, 20.0)), (QStringList{"0.001", "0.01", "0.1", "1", "10"}));
    }

    void wallTimeLabelsAreShortAndApart()
    {
        RunHistories histories;
        TrainingCharts charts(histories, QStringLiteral("chartsTest"), 3);
        charts.setXAxisMode(XAxisMode::WallTime);
        QVERIFY(shownOnScreen(charts));
        QCustomPlot& plot = charts.chart(QStringLiteral("loss"))->plot();
        plot.xAxis->setRange(0.0, 5400.0);
        plot.replot(); // the ticks fitted to the axis's length, then drawn
        plot.replot();
        QStringList labels;
        for (int index = 0; index < plot.xAxis->tickVector().size(); ++index)
            if (plot.xAxis->range().contains(plot.xAxis->tickVector()[index]))
                labels << plot.xAxis->tickVectorLabels()[index];
        QVERIFY2(labels.size() >= 2, qPrintable(labels.join(' ')));
        const QRegularExpression hourMinuteSecond(QStringLiteral("^\\d:\\d\\d:\\d\\d$"));
        for (const QString& label : labels)
            QVERIFY2(hourMinuteSecond.match(label).hasMatch(), qPrintable(label));
        const QString unreadable = unreadableParts(plot);
        QVERIFY2(unreadable.isEmpty(), qPrintable(unreadable));
    }

    void hundredThousandPointsPanAndZoomSmoothly()
    {
        QWidget window;
        MetricChart* chart = chartOf(QStringLiteral("loss"), &window);
        chart->resize(900, 500);
        window.resize(900, 500);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        const std::vector<RunHistory> runs = syntheticRun(100'000);
        QElapsedTimer clock;
        clock.start();
        chart->drawNew(runs);
        const double appendMilliseconds = static_cast<double>(clock.nsecsElapsed()) / 1e6;
        QCOMPARE(chart->plot().graph(0)->dataCount(), 100'000);

        QCustomPlot& plot = chart->plot();
        chart->resetView();
        clock.restart();
        constexpr int frames = 40;
        for (int frame = 0; frame < frames; ++frame) {
            if (frame % 2 == 0)
                plot.xAxis->moveRange(plot.xAxis->range().size() * 0.05);
            else
                plot.xAxis->scaleRange(frame < frames / 2 ? 0.8 : 1.25, plot.xAxis->range().center());
            plot.replot(QCustomPlot::rpImmediateRefresh);
        }
        const double frameMilliseconds = static_cast<double>(clock.nsecsElapsed()) / 1e6 / frames;
        qInfo("100,000 points: appended in %.1f ms; %.1f ms per pan/zoom frame", appendMilliseconds, frameMilliseconds);
        QVERIFY2(frameMilliseconds < 100.0, qPrintable(QString::number(frameMilliseconds)));
    }
};

QTEST_MAIN(ChartsTest)
#include "ChartsTest.moc"
