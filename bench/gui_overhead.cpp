// What the window costs a training run: the same run trained by amp-workbench-cli and from
// the real window's Train tab, pair by pair (the order alternates every round), with the
// GUI thread's longest stall, its CPU time (and that of Qt's painting pool) and the loss chart's redraws measured
// during each window run (and, as a baseline, the longest stall in an idle window). Prints one JSON line per run and a
// summary line with the medians and the window/CLI ratio.
//
//   xvfb-run -a build/bench/gui_overhead --cli build/app/cli/amp-workbench-cli [--rounds 3]
//       [--steps 150] [--data fashion-mnist] [--batch-size 128] [--image-size 0] [--precision fp32]
#include "AppSettings.h"
#include "EngineController.h"
#include "GuiStallMeter.h"
#include "MainWindow.h"
#include "charts/MetricChart.h"
#include "charts/QCustomPlotNoKeywords.h"
#include "charts/TrainingCharts.h"
#include "system/MeasurementNoise.h"
#include "system/ThreadPolicy.h"
#include "train/TrainTab.h"
#include "train/TrainingConfigPanel.h"

#include <QAction>
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <vector>

namespace {

struct Settings {
    QString cli;
    int rounds = 3;
    ampwb::TrainingConfig config;
};

struct Measured {
    double imagesPerSecond = 0.0;
    // Window runs only:
    double longestStallMilliseconds = 0.0;   ///< longest gap between 10 ms timer ticks while training
    double startMilliseconds = 0.0;          ///< the Start action's time on the GUI thread
    double redrawMilliseconds = 0.0;         ///< one full redraw of the Train tab's charts after the run
    double guiCpuMilliseconds = 0.0;         ///< the GUI thread's CPU time from Start to the run's end
    double painterPoolCpuMilliseconds = 0.0; ///< the same for Qt's pool threads, which split large fills
    int lossChartReplots = 0;                ///< how often the loss chart redrew during the run
    QString error;
};

QStringList cliArguments(const ampwb::TrainingConfig& config, const QString& name)
{
    return {QStringLiteral("train"),
            QStringLiteral("--json"),
            QStringLiteral("--data"),
            QString::fromStdString(config.dataset),
            QStringLiteral("--precision"),
            QString::fromStdString(ampwb::toString(config.precision)),
            QStringLiteral("--max-steps"),
            QString::number(config.maxSteps),
            QStringLiteral("--batch-size"),
            QString::number(config.batchSize),
            QStringLiteral("--image-size"),
            QString::number(config.imageSize),
            QStringLiteral("--workers"),
            QString::number(config.workers),
            QStringLiteral("--validation-limit"),
            QString::number(config.validationLimit),
            QStringLiteral("--seed"),
            QString::number(config.seed),
            QStringLiteral("--run-dir"),
            QString::fromStdString(config.runsDirectory),
            QStringLiteral("--name"),
            name};
}

Measured runCli(const Settings& settings, const QString& name)
{
    QProcess process;
    process.start(settings.cli, cliArguments(settings.config, name));
    Measured measured;
    if (!process.waitForFinished(-1) || process.exitCode() != 0) {
        measured.error = QStringLiteral("the CLI failed: ") + QString::fromLocal8Bit(process.readAllStandardError());
        return measured;
    }
    for (const QByteArray& line : process.readAllStandardOutput().split('\n')) {
        const QJsonObject event = QJsonDocument::fromJson(line).object();
        if (event.value(QLatin1String("event")).toString() == QLatin1String("finished"))
            measured.imagesPerSecond = event.value(QLatin1String("images_per_second")).toDouble();
    }
    return measured;
}

/// The CPU time the calling thread has used, in milliseconds.
double threadCpuMilliseconds()
{
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
}

/// The CPU time the threads of Qt's global thread pool have used, in milliseconds. Qt's raster painter
/// hands large fills (a chart's background, a progress bar) to that pool's threads in parts and waits for
/// them, so that time belongs to the window's drawing too; the workbench itself does not use the pool.
double painterPoolCpuMilliseconds()
{
    double total = 0.0;
    const QDir tasks(QStringLiteral("/proc/self/task"));
    for (const QString& task : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile name(tasks.filePath(task + QStringLiteral("/comm")));
        QFile scheduled(tasks.filePath(task + QStringLiteral("/schedstat")));
        if (!name.open(QIODevice::ReadOnly) || name.readAll().trimmed() != "Thread (pooled)"
            || !scheduled.open(QIODevice::ReadOnly))
            continue;
        total += scheduled.readAll().split(' ').value(0).toDouble() / 1e6; // nanoseconds on a CPU
    }
    return total;
}

Measured runWindow(const Settings& settings, const QString& name)
{
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    ampwb::TrainingConfig config = settings.config;
    config.name = name.toStdString();
    window.configPanel().setConfig(config);
    QEventLoop idle;
    QObject::connect(&window.engine(), &EngineController::workFinished, &idle, &QEventLoop::quit);
    Measured measured;
    QObject::connect(&window.trainTab().charts().chart(QStringLiteral("loss"))->plot(), &QCustomPlot::afterReplot,
                     &idle, [&measured] { ++measured.lossChartReplots; });
    GuiStallMeter stalls;
    stalls.start();
    const double cpuBefore = threadCpuMilliseconds();
    const double poolBefore = painterPoolCpuMilliseconds();
    QElapsedTimer click;
    click.start();
    window.startAction().trigger();
    measured.startMilliseconds = static_cast<double>(click.nsecsElapsed()) / 1e6;
    idle.exec();
    measured.guiCpuMilliseconds = threadCpuMilliseconds() - cpuBefore;
    measured.painterPoolCpuMilliseconds = painterPoolCpuMilliseconds() - poolBefore;
    stalls.stop();

    measured.longestStallMilliseconds = stalls.longestGapMilliseconds();
    for (MetricChart* chart : window.trainTab().charts().charts())
        measured.redrawMilliseconds += chart->plot().replotTime(true);
    const auto& runs = window.trainTab().histories().runs();
    if (runs.empty() || !runs.front().summary || runs.front().summary->state != ampwb::RunState::Finished)
        measured.error = QStringLiteral("the window's run did not finish");
    else
        measured.imagesPerSecond = runs.front().summary->imagesPerSecond;
    return measured;
}

/// window ÷ CLI for each round's pair.
std::vector<double> pairRatios(const std::vector<double>& window, const std::vector<double>& cli)
{
    std::vector<double> ratios;
    for (size_t round = 0; round < std::min(window.size(), cli.size()); ++round)
        ratios.push_back(cli[round] > 0.0 ? window[round] / cli[round] : 0.0);
    return ratios;
}

/// The longest stall of the idle window: what the machine alone costs the GUI thread.
double idleStallMilliseconds(int milliseconds)
{
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    GuiStallMeter stalls;
    stalls.start();
    QEventLoop wait;
    QTimer::singleShot(milliseconds, &wait, &QEventLoop::quit);
    wait.exec();
    stalls.stop();
    return stalls.longestGapMilliseconds();
}

void printJson(const QJsonObject& object)
{
    std::printf("%s\n", QJsonDocument(object).toJson(QJsonDocument::Compact).constData());
    std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv)
{
    ampwb::applyThreadPolicy(ampwb::chooseThreadPolicy()); // as the window's main() does
    QApplication application(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("AMPWorkbenchBench"));
    QApplication::setApplicationName(QStringLiteral("gui_overhead"));

    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption cli(QStringLiteral("cli"), QStringLiteral("amp-workbench-cli to compare with."),
                                 QStringLiteral("path"));
    const QCommandLineOption rounds(QStringLiteral("rounds"), QStringLiteral("CLI/window pairs (default 3)."),
                                    QStringLiteral("n"), QStringLiteral("3"));
    const QCommandLineOption steps(QStringLiteral("steps"), QStringLiteral("Steps per run (default 150)."),
                                   QStringLiteral("n"), QStringLiteral("150"));
    const QCommandLineOption data(QStringLiteral("data"), QStringLiteral("Data source (default fashion-mnist)."),
                                  QStringLiteral("source"), QStringLiteral("fashion-mnist"));
    const QCommandLineOption batch(QStringLiteral("batch-size"), QStringLiteral("Batch size (default 128)."),
                                   QStringLiteral("n"), QStringLiteral("128"));
    const QCommandLineOption size(QStringLiteral("image-size"), QStringLiteral("Image size (0: the data's own)."),
                                  QStringLiteral("px"), QStringLiteral("0"));
    const QCommandLineOption precision(QStringLiteral("precision"), QStringLiteral("fp32 or amp (default fp32)."),
                                       QStringLiteral("p"), QStringLiteral("fp32"));
    parser.addOptions({cli, rounds, steps, data, batch, size, precision});
    parser.process(application);
    if (!parser.isSet(cli)) {
        std::fprintf(stderr, "gui_overhead: --cli is required\n");
        return 2;
    }

    QTemporaryDir runs;
    AppSettings::setRunsDirectory(runs.path());
    Settings settings;
    settings.cli = parser.value(cli);
    settings.rounds = parser.value(rounds).toInt();
    settings.config.dataset = parser.value(data).toStdString();
    settings.config.maxSteps = parser.value(steps).toInt();
    settings.config.epochs = 1;
    settings.config.batchSize = parser.value(batch).toInt();
    settings.config.imageSize = parser.value(size).toInt();
    const auto chosenPrecision = ampwb::parsePrecision(parser.value(precision).toStdString());
    if (!chosenPrecision) {
        std::fprintf(stderr, "gui_overhead: --precision is fp32 or amp\n");
        return 2;
    }
    settings.config.precision = *chosenPrecision;
    settings.config.validationLimit = 256;
    settings.config.runsDirectory = runs.path().toStdString();

    std::vector<double> cliSpeeds;
    std::vector<double> windowSpeeds;
    double longestStall = 0.0;
    for (int round = 0; round < settings.rounds; ++round) {
        for (int turn = 0; turn < 2; ++turn) {
            const bool window = (round + turn) % 2 == 1;
            const QString name =
                QStringLiteral("%1-%2").arg(window ? QStringLiteral("window") : QStringLiteral("cli")).arg(round);
            const Measured measured = window ? runWindow(settings, name) : runCli(settings, name);
            if (!measured.error.isEmpty()) {
                std::fprintf(stderr, "gui_overhead: %s\n", qPrintable(measured.error));
                return 1;
            }
            (window ? windowSpeeds : cliSpeeds).push_back(measured.imagesPerSecond);
            longestStall = std::max(longestStall, measured.longestStallMilliseconds);
            QJsonObject line{{QStringLiteral("runner"), window ? QStringLiteral("window") : QStringLiteral("cli")},
                             {QStringLiteral("round"), round},
                             {QStringLiteral("images_per_second"), measured.imagesPerSecond}};
            if (window) {
                line.insert(QStringLiteral("longest_stall_ms"), measured.longestStallMilliseconds);
                line.insert(QStringLiteral("start_action_ms"), measured.startMilliseconds);
                line.insert(QStringLiteral("chart_redraw_ms"), measured.redrawMilliseconds);
                line.insert(QStringLiteral("gui_thread_cpu_ms"), measured.guiCpuMilliseconds);
                line.insert(QStringLiteral("painter_pool_cpu_ms"), measured.painterPoolCpuMilliseconds);
                line.insert(QStringLiteral("loss_chart_replots"), measured.lossChartReplots);
            }
            printJson(line);
        }
    }
    const double idleStall = idleStallMilliseconds(5000);
    const double cliMedian = ampwb::median(cliSpeeds);
    const double windowMedian = ampwb::median(windowSpeeds);
    printJson({{QStringLiteral("summary"), true},
               {QStringLiteral("cli_images_per_second"), cliMedian},
               {QStringLiteral("window_images_per_second"), windowMedian},
               {QStringLiteral("window_over_cli"), cliMedian > 0.0 ? windowMedian / cliMedian : 0.0},
               {QStringLiteral("window_over_cli_median_of_pairs"), ampwb::median(pairRatios(windowSpeeds, cliSpeeds))},
               {QStringLiteral("longest_stall_ms"), longestStall},
               {QStringLiteral("idle_window_longest_stall_ms"), idleStall},
               {QStringLiteral("stall_tick_ms"), GuiStallMeter::kTickMilliseconds}});
    return 0;
}
