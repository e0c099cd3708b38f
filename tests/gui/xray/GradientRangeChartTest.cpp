// The X-ray's gradient-range chart on rows the engine measured: the heat map's cells are the shares of each
// parameter's values per log2 bin, it shows the latest step, the line chart the share of values that underflow
// in fp16 per step (as they are and after the loss scale), the loss scale's dashed line, and the empty state.
#include "GuiTestEnvironment.h"
#include "charts/QCustomPlotNoKeywords.h"
#include "run/GradientRanges.h"
#include "xray/GradientRangeChart.h"

#include <QDir>
#include <QElapsedTimer>
#include <QTest>

#include <torch/torch.h>

#include <cmath>
#include <numeric>
#include <vector>

namespace {

/// A tensor of `values`, each `count` times.
torch::Tensor repeated(std::initializer_list<std::pair<float, int>> values)
{
    std::vector<float> data;
    for (const auto& [value, count] : values)
        data.insert(data.end(), static_cast<size_t>(count), value);
    return torch::tensor(data);
}

ampwb::GradientStatsRow measured(int64_t step, const std::string& parameter, const torch::Tensor& gradient,
                                 double lossScale)
{
    return {step, ampwb::measureGradientRange(parameter, gradient, lossScale)};
}

/// The heat map's cell for the values with floor(log2 |g|) == `log2` of row `layer`.
double cell(const GradientRangeChart& chart, int layer, int log2)
{
    auto* map = qobject_cast<QCPColorMap*>(chart.heatMapPlot()->plottable(0));
    return map->data()->cell(log2 - ampwb::kLowestLog2, layer);
}

/// The text of the heat map's title or caption (`name`).
QString textOf(const GradientRangeChart& chart, const QString& name)
{
    return chart.heatMapPlot()->findChild<QCPTextElement*>(name)->text();
}

const QCPItemText* emptyNote(const GradientRangeChart& chart)
{
    return chart.heatMapPlot()->findChild<QCPItemText*>(QStringLiteral("gradientRangesEmptyNote"));
}

/// The names of ResNet-18's 62 parameter tensors, in the order the engine measures them.
std::vector<std::string> resnet18Parameters()
{
    std::vector<std::string> names{"conv1.weight", "bn1.weight", "bn1.bias"};
    for (int layer = 1; layer <= 4; ++layer) {
        for (int block = 0; block < 2; ++block) {
            const std::string prefix = "layer" + std::to_string(layer) + "." + std::to_string(block) + ".";
            for (const char* name :
                 {"conv1.weight", "bn1.weight", "bn1.bias", "conv2.weight", "bn2.weight", "bn2.bias"})
                names.push_back(prefix + name);
            if (layer > 1 && block == 0) {
                for (const char* name : {"downsample.0.weight", "downsample.1.weight", "downsample.1.bias"})
                    names.push_back(prefix + name);
            }
        }
    }
    names.insert(names.end(), {"fc.weight", "fc.bias"});
    return names;
}

/// 62 parameters × `steps` measured steps of log-normal gradients that shrink as training goes on, deeper
/// layers' larger, under a loss scale of 65536 that halves twice.
std::vector<ampwb::GradientStatsRow> resnet18Run(int steps)
{
    torch::manual_seed(7);
    const std::vector<std::string> names = resnet18Parameters();
    std::vector<ampwb::GradientStatsRow> rows;
    for (int index = 0; index < steps; ++index) {
        const int64_t step = 1 + int64_t{index} * 50;
        const double lossScale = index < steps / 3 ? 65536.0 : index < 2 * steps / 3 ? 32768.0 : 16384.0;
        for (size_t parameter = 0; parameter < names.size(); ++parameter) {
            const double centre = -27.0 + 12.0 * double(parameter) / double(names.size()) - index / 40.0;
            const torch::Tensor log2Magnitudes = centre + 3.5 * torch::randn({1024});
            const torch::Tensor gradient = torch::exp2(log2Magnitudes) * torch::sign(torch::randn({1024}));
            rows.push_back(measured(step, names[parameter], gradient, lossScale));
        }
    }
    return rows;
}

} // namespace

class GradientRangeChartTest : public QObject {
    Q_OBJECT

private:
    GuiTestEnvironment environment;

    /// Step 1: "conv.weight", half its values 2^-30 (below fp16's 2^-24), half 2^-10; step 2 adds
    /// "fc.weight", three values of 2^-20 and a zero.
    static std::vector<ampwb::GradientStatsRow> twoSteps(double lossScale)
    {
        const torch::Tensor conv = repeated({{std::ldexp(1.0f, -30), 2}, {-std::ldexp(1.0f, -10), 2}});
        const torch::Tensor fc = repeated({{std::ldexp(1.0f, -20), 3}, {0.0f, 1}});
        return {measured(1, "conv.weight", conv, lossScale), measured(2, "conv.weight", conv, lossScale),
                measured(2, "fc.weight", fc, lossScale)};
    }

    static void saveScreenshot(QWidget& widget, const QString& name)
    {
        const QString folder = qEnvironmentVariable("AMPWB_SCREENSHOT_DIR");
        if (folder.isEmpty())
            return;
        QDir().mkpath(folder);
        QVERIFY(widget.grab().save(QDir(folder).filePath(name)));
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(environment.isValid()); }

    void startsEmptyWithItsNote()
    {
        GradientRangeChart chart;
        chart.resize(1000, 700);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QCOMPARE(chart.shownStep(), 0);
        QCOMPARE(chart.layerCount(), 0);
        const QCPItemText* note = emptyNote(chart);
        QVERIFY(note);
        QVERIFY(note->visible());
        QVERIFY(note->text().contains(QStringLiteral("Gradient ranges every")));
        QCOMPARE(chart.underflowPlot()->graph(0)->data()->size(), 0);
        saveScreenshot(chart, QStringLiteral("gradient-range-chart-empty.png"));
    }

    void heatMapCellsAreSharesOfTheLatestStep()
    {
        GradientRangeChart chart;
        chart.setMeasurements(twoSteps(65536.0));
        QCOMPARE(chart.shownStep(), 2);
        QCOMPARE(chart.layerCount(), 2);
        QCOMPARE(cell(chart, 0, -30), 0.5);
        QCOMPARE(cell(chart, 0, -10), 0.5);
        QCOMPARE(cell(chart, 1, -20), 1.0); // the zero is not among the shares
        for (int log2 = ampwb::kLowestLog2; log2 <= ampwb::kHighestLog2; ++log2) {
            if (log2 != -30 && log2 != -10)
                QVERIFY2(std::isnan(cell(chart, 0, log2)), qPrintable(QString::number(log2)));
            if (log2 != -20)
                QVERIFY2(std::isnan(cell(chart, 1, log2)), qPrintable(QString::number(log2)));
        }
        auto* map = qobject_cast<QCPColorMap*>(chart.heatMapPlot()->plottable(0));
        QCOMPARE(map->data()->keySize(), ampwb::kLog2Bins);
        QCOMPARE(map->data()->valueSize(), 2);
        QCOMPARE(textOf(chart, QStringLiteral("heatMapTitle")), QStringLiteral("Gradient ranges at step 2"));
    }

    void underflowIsTheShareOfAllValues_data()
    {
        QTest::addColumn<double>("lossScale");
        QTest::addColumn<double>("scaledPercentAtStep1");
        QTest::addColumn<bool>("dashedLineShown");
        QTest::newRow("scale 65536 lifts 2^-30 to fp16's normal 2^-14") << 65536.0 << 0.0 << true;
        QTest::newRow("scale 16 leaves 2^-26 below fp16's 2^-24") << 16.0 << 50.0 << true;
        QTest::newRow("scale 1 (no loss scaling)") << 1.0 << 50.0 << false;
    }

    void underflowIsTheShareOfAllValues()
    {
        QFETCH(double, lossScale);
        QFETCH(double, scaledPercentAtStep1);
        QFETCH(bool, dashedLineShown);
        GradientRangeChart chart;
        chart.setMeasurements(twoSteps(lossScale));
        const QCPGraph* asIs = chart.underflowPlot()->graph(0);
        const QCPGraph* scaled = chart.underflowPlot()->graph(1);
        QCOMPARE(asIs->data()->size(), 2);
        QCOMPARE(scaled->data()->size(), 2);
        QCOMPARE(asIs->data()->at(0)->key, 1.0);
        QCOMPARE(asIs->data()->at(0)->value, 50.0); // 2 of conv's 4 values
        QCOMPARE(asIs->data()->at(1)->key, 2.0);
        QCOMPARE(asIs->data()->at(1)->value, 25.0); // 2 of all 8, the zero counted among them
        QCOMPARE(scaled->data()->at(0)->value, scaledPercentAtStep1);
        QCOMPARE(scaled->data()->at(1)->value, scaledPercentAtStep1 / 2.0);

        auto* line = chart.heatMapPlot()->findChild<QCPItemStraightLine*>(QStringLiteral("scaledUnderflowLine"));
        QVERIFY(line);
        QCOMPARE(line->visible(), dashedLineShown);
        if (dashedLineShown)
            QCOMPARE(line->point1->coords().x(), -24.0 - std::log2(lossScale));
        const QString caption = textOf(chart, QStringLiteral("heatMapCaption"));
        QCOMPARE(caption.contains(QStringLiteral("No loss scaling")), !dashedLineShown);
        QVERIFY(caption.contains(QStringLiteral("bf16")));
    }

    void appendingShowsTheNewLatestStep()
    {
        const std::vector<ampwb::GradientStatsRow> rows = twoSteps(65536.0);
        GradientRangeChart chart;
        chart.setMeasurements({rows[0]});
        QCOMPARE(chart.shownStep(), 1);
        QCOMPARE(chart.layerCount(), 1);
        chart.appendMeasurements({rows[1]});
        QCOMPARE(chart.shownStep(), 2);
        QCOMPARE(chart.layerCount(), 1);
        chart.appendMeasurements({rows[2]});
        QCOMPARE(chart.layerCount(), 2);
        QCOMPARE(cell(chart, 1, -20), 1.0);
        QCOMPARE(chart.underflowPlot()->graph(0)->data()->at(1)->value, 25.0);

        GradientRangeChart allAtOnce;
        allAtOnce.setMeasurements(rows);
        for (int index = 0; index < 2; ++index)
            QCOMPARE(chart.underflowPlot()->graph(0)->data()->at(index)->value,
                     allAtOnce.underflowPlot()->graph(0)->data()->at(index)->value);
    }

    void clearShowsTheNoteAgain()
    {
        GradientRangeChart chart;
        chart.resize(1000, 700);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setMeasurements(twoSteps(65536.0));
        QVERIFY(!emptyNote(chart)->visible());
        chart.clear();
        QVERIFY(emptyNote(chart)->visible());
        QCOMPARE(textOf(chart, QStringLiteral("heatMapTitle")), QStringLiteral("Gradient ranges"));
        QCOMPARE(chart.shownStep(), 0);
        QCOMPARE(chart.layerCount(), 0);
        QCOMPARE(chart.underflowPlot()->graph(0)->data()->size(), 0);
    }

    void showsAResNet18Run()
    {
        const std::vector<ampwb::GradientStatsRow> rows = resnet18Run(200);
        GradientRangeChart chart;
        chart.resize(1000, 700);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QElapsedTimer clock;
        clock.start();
        chart.setMeasurements(rows);
        qInfo("62 parameters × 200 steps shown in %lld ms", static_cast<long long>(clock.elapsed()));
        QCOMPARE(chart.layerCount(), 62);
        QCOMPARE(chart.shownStep(), 1 + 199 * 50);
        QCOMPARE(chart.underflowPlot()->graph(0)->data()->size(), 200);
        QCOMPARE(chart.underflowPlot()->graph(1)->data()->size(), 200);
        for (int layer = 0; layer < 62; ++layer) {
            const std::vector<int64_t>& histogram =
                rows[rows.size() - 62 + static_cast<size_t>(layer)].range.log2Histogram;
            const double values = double(std::accumulate(histogram.begin(), histogram.end(), int64_t{0}));
            for (int bin = 0; bin < ampwb::kLog2Bins; ++bin) {
                const double shown = cell(chart, layer, ampwb::kLowestLog2 + bin);
                const int64_t count = histogram[static_cast<size_t>(bin)];
                QVERIFY(count > 0 ? shown == double(count) / values : std::isnan(shown));
            }
        }
        QTRY_VERIFY(chart.heatMapPlot()->yAxis->tickVectorLabels().contains(QStringLiteral("conv1.weight")));
        QTest::qWait(100); // the labels settle after one layout of the heat map's real height
        saveScreenshot(chart, QStringLiteral("gradient-range-chart.png"));
    }
};

QTEST_MAIN(GradientRangeChartTest)
#include "GradientRangeChartTest.moc"
