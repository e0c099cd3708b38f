// gui-screenshot-tour: drives the real window through a short Fashion-MNIST run and an
// FP32-vs-AMP comparison, evaluates the run and the comparison's two runs against each other, classifies opencv-doc's
// example photos with the latest run (and, in English, serves it), and saves the tabs as PNG, for docs/screenshots.
// (What the window costs a run is measured by bench/gui_overhead.)
//
//   xvfb-run -s "-screen 0 1366x768x24" gui-screenshot-tour OUTDIR en
//   xvfb-run -s "-screen 0 1366x768x24" gui-screenshot-tour OUTDIR zh_CN
#include "EnclosingScrollArea.h"
#include "EngineController.h"
#include "GuiTestEnvironment.h"
#include "MainWindow.h"
#include "Translations.h"
#include "charts/TrainingCharts.h"
#include "classify/ClassifiedImageList.h"
#include "classify/ClassifyTab.h"
#include "classify/ModelServer.h"
#include "compare/CompareTab.h"
#include "evaluation/ConfusionHeatMap.h"
#include "evaluation/EvaluationWindow.h"
#include "evaluation/MistakesGallery.h"
#include "model/Classifier.h"
#include "runs/RunHistories.h"
#include "runs/RunRecord.h"
#include "runs/RunsTab.h"
#include "train/TrainTab.h"
#include "train/TrainingConfigPanel.h"
#include "xray/ProfileButton.h"
#include "xray/XrayTab.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

#include <algorithm>
#include <cstdio>

namespace {

constexpr int kRunTimeoutMilliseconds = 20 * 60 * 1000;

size_t stepsOf(const RunHistories& histories, size_t run)
{
    return histories.size() > run ? histories.at(run).steps().size() : 0;
}

/// Waits for `done` while the event loop runs; false (with a message) after the timeout.
template <typename Condition>
bool waitFor(Condition done, const char* what)
{
    if (QTest::qWaitFor(done, kRunTimeoutMilliseconds))
        return true;
    std::fprintf(stderr, "timed out waiting for %s\n", what);
    return false;
}

void save(QWidget& window, const QString& folder, const QString& name)
{
    QTest::qWait(300); // let the queued replots and layouts settle
    const auto charts = window.findChildren<TrainingCharts*>();
    const bool drawn = QTest::qWaitFor(
        [&charts] {
            return std::none_of(charts.begin(), charts.end(), [](const TrainingCharts* grid) {
                return grid->isVisible() && grid->isRedrawPending();
            });
        },
        3000); // the live charts' paced redraw of their last points
    if (!drawn)
        std::fprintf(stderr, "%s: the charts had not drawn their last points\n", qPrintable(name));
    const QString path = QDir(folder).filePath(name + QStringLiteral(".png"));
    if (!window.grab().save(path))
        std::fprintf(stderr, "could not write %s\n", qPrintable(path));
    else
        std::printf("%s\n", qPrintable(path));
}

/// The evaluation view of the runs selected in `runs`, once it has finished (null, with a message, if it failed).
EvaluationWindow* evaluated(RunsTab& runs)
{
    EvaluationWindow* evaluation = runs.evaluateSelected();
    if (!evaluation || !waitFor([&] { return !evaluation->isRunning(); }, "the evaluation"))
        return nullptr;
    if (!evaluation->result()) {
        std::fprintf(stderr, "not evaluated: %s\n", qPrintable(evaluation->statusLabel().text()));
        return nullptr;
    }
    evaluation->setGeometry(0, 0, 1366, 768);
    return evaluation;
}

ampwb::TrainingConfig tourConfig(const GuiTestEnvironment& environment, int maxSteps)
{
    ampwb::TrainingConfig config;
    config.batchSize = 64;
    config.maxSteps = maxSteps;
    config.validationLimit = 2000;
    config.runsDirectory = environment.runsDirectory().toStdString();
    return config;
}

int takeScreenshots(MainWindow& window, const GuiTestEnvironment& environment, const QString& folder,
                    const QString& language)
{
    const QString suffix = QLatin1Char('-') + language;
    window.configPanel().setConfig(tourConfig(environment, 160));
    window.startAction().trigger();
    const RunHistories& train = window.trainTab().histories();
    if (!waitFor([&] { return stepsOf(train, 0) >= 90; }, "the training run"))
        return 1;
    save(window, folder, QStringLiteral("train-during") + suffix);
    if (!waitFor([&] { return !window.engine().isBusy(); }, "the end of the training run"))
        return 1;
    save(window, folder, QStringLiteral("train-after") + suffix);
    // The end of the configuration: the Run group, with "Gradient ranges every" and two processes.
    auto* processes = window.configPanel().findChild<QSpinBox*>(QStringLiteral("processes"));
    processes->setValue(2);
    if (QScrollArea* scroll = enclosingScrollArea(processes))
        scroll->ensureWidgetVisible(processes);
    save(window, folder, QStringLiteral("train-settings") + suffix);
    // A run in those two processes: the step-time and memory charts add the slowest and fastest rank.
    window.configPanel().setConfig(tourConfig(environment, 60));
    window.startAction().trigger();
    if (!waitFor([&] { return !window.engine().isBusy(); }, "the data-parallel run"))
        return 1;
    save(window, folder, QStringLiteral("train-processes") + suffix);
    processes->setValue(1);

    // AMP on a CPU without bf16 units (AVX512-BF16 or AMX) is emulated and some 40 times slower: a shorter comparison.
    const int compareSteps = ampwb::Classifier::bf16Recommended() ? 80 : 20;
    ampwb::TrainingConfig compareConfig = tourConfig(environment, compareSteps);
    compareConfig.gradientStatsEvery = 10; // the X-ray's gradient ranges over the comparison
    window.configPanel().setConfig(compareConfig);
    window.compareAction().trigger();
    // The X-ray of steps 2-6 of both runs.
    if (auto* profile = window.compareTab().findChild<ProfileButton*>(QStringLiteral("profileSteps")))
        profile->click();
    const RunHistories& compare = window.compareTab().histories();
    if (!waitFor([&] { return stepsOf(compare, 1) >= size_t(compareSteps * 3 / 8); }, "the AMP run of the comparison"))
        return 1;
    save(window, folder, QStringLiteral("compare-during") + suffix);
    // The gradient ranges of the run in progress, as they arrive.
    window.tabs().setCurrentWidget(&window.xrayTab());
    auto* xrayViews = window.xrayTab().findChild<QTabWidget*>(QStringLiteral("xrayViews"));
    xrayViews->setCurrentIndex(xrayViews->count() - 1);
    save(window, folder, QStringLiteral("xray-during") + suffix);
    xrayViews->setCurrentIndex(0);
    window.tabs().setCurrentWidget(&window.compareTab());
    if (!waitFor([&] { return !window.engine().isBusy(); }, "the end of the comparison"))
        return 1;
    save(window, folder, QStringLiteral("compare-after") + suffix);
    window.tabs().setCurrentWidget(&window.xrayTab());
    save(window, folder, QStringLiteral("xray") + suffix);

    window.tabs().setCurrentWidget(&window.runsTab());
    RunsTab& runs = window.runsTab();
    runs.refresh();
    runs.table().selectAll();
    QStringList comparisonRuns;
    for (const RunRecord& run : runs.selectedRuns()) {
        if (run.inComparison)
            comparisonRuns << run.directory;
    }
    runs.selectRuns(comparisonRuns);
    runs.openSelected();
    save(window, folder, QStringLiteral("runs") + suffix);

    // The 160-step run evaluated, its gallery filtered to the largest confusion; then the comparison's
    // FP32 run against its AMP run, image by image.
    QString trainedRun;
    runs.table().selectAll();
    for (const RunRecord& run : runs.selectedRuns()) {
        if (!run.inComparison)
            trainedRun = run.directory;
    }
    runs.selectRuns({trainedRun});
    EvaluationWindow* evaluation = evaluated(runs);
    if (!evaluation)
        return 1;
    const auto confusion = evaluation->result()->evaluation.confusion.topConfusions(1).front();
    evaluation->heatMap().chooseCell(
        ConfusionHeatMap::Cell{static_cast<int>(confusion.trueClass), static_cast<int>(confusion.predictedClass)});
    if (!waitFor([&] { return evaluation->gallery().hasThumbnails(); }, "the mistakes' thumbnails"))
        return 1;
    save(*evaluation, folder, QStringLiteral("evaluation") + suffix);
    evaluation->close();
    runs.selectRuns(comparisonRuns);
    evaluation = evaluated(runs);
    if (!evaluation)
        return 1;
    evaluation->views().setCurrentIndex(evaluation->views().count() - 1);
    save(*evaluation, folder, QStringLiteral("evaluation-agreement") + suffix);
    evaluation->close();

    auto* classify = window.findChild<ClassifyTab*>();
    window.tabs().setCurrentWidget(classify);
    QList<QUrl> photos;
    for (const char* name : {"fruits.jpg", "baboon.jpg", "butterfly.jpg", "HappyFish.jpg", "apple.jpg", "messi5.jpg"})
        photos << QUrl::fromLocalFile(QStringLiteral("/usr/share/doc/opencv-doc/examples/data/") + QLatin1String(name));
    classify->addUrls(photos);
    const ClassifiedImageList& images = classify->images();
    if (!waitFor([&] { return images.count(ClassifiedImageList::State::Waiting) == 0; }, "the classified photos"))
        return 1;
    save(window, folder, QStringLiteral("classify") + suffix);

    // The precision column: suggested from measured fp32, bf16 and fp16 steps, then trained as the Train tab's policy.
    window.tabs().setCurrentWidget(&window.xrayTab());
    xrayViews->setCurrentIndex(1);
    window.xrayTab().suggestButton()->click();
    if (!waitFor([&] { return !window.engine().isBusy(); }, "the precision suggestion"))
        return 1;
    save(window, folder, QStringLiteral("xray-suggestion") + suffix);
    window.xrayTab().trainWithPolicyButton()->click();
    if (!waitFor([&] { return stepsOf(window.trainTab().histories(), 0) >= 5; }, "the run with the X-ray's policy"))
        return 1;
    // The configuration's precision policy, "From the X-ray tab", and its line.
    auto* policy = window.configPanel().findChild<QComboBox*>(QStringLiteral("precisionPolicy"));
    if (QScrollArea* scroll = enclosingScrollArea(policy))
        scroll->ensureWidgetVisible(policy, 50, 200);
    save(window, folder, QStringLiteral("train-policy") + suffix);
    if (!waitFor([&] { return !window.engine().isBusy(); }, "the end of the run with the X-ray's policy"))
        return 1;
    xrayViews->setCurrentIndex(0);

    // The same tab serving the model (in English, for docs/serve.md).
    if (language != QLatin1String("en"))
        return 0;
    classify->serveButton().click();
    if (!waitFor([&] { return !classify->modelServer().url().isEmpty() || !classify->serveButton().isChecked(); },
                 "the service"))
        return 1;
    if (classify->modelServer().url().isEmpty()) {
        std::fprintf(stderr, "not serving: %s\n", qPrintable(classify->serveStatus()));
        return 1;
    }
    save(window, folder, QStringLiteral("classify-serving"));
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    QApplication application(argc, argv);
    const QStringList arguments = QApplication::arguments();
    if (arguments.size() < 3) {
        std::fprintf(stderr, "usage: gui-screenshot-tour OUTDIR LANGUAGE\n");
        return 2;
    }
    GuiTestEnvironment environment;
    QDir().mkpath(arguments[1]);
    Translations::install(arguments[2]);
    MainWindow window;
    window.setGeometry(0, 0, 1366, 768); // a laptop's screen: what most users see
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return 1;
    return takeScreenshots(window, environment, arguments[1], arguments[2]);
}
