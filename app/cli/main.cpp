// amp-workbench-cli: headless training, FP32-vs-AMP comparison, classification and model export.
#include "ClassifyCommand.h"
#include "CommandLine.h"
#include "training/Comparison.h"
#include "ConsoleObserver.h"
#include "ExportCommand.h"
#include "InterruptWatcher.h"
#ifdef AMPWB_WITH_SERVE
#include "ServeCommand.h"
#endif
#include "training/Trainer.h"
#include "system/VersionReport.h"

#include <cstdio>

using namespace ampwb;

namespace {

const char* kStopNotice = "Stopping after the current step (the run can be resumed)…";

const char* kUsage =
    "Usage: amp-workbench-cli COMMAND [OPTIONS]\n\n"
    "Commands:\n"
    "  train      train ResNet-18 in FP32 or AMP and write a run folder\n"
    "  compare    train FP32, then AMP, with the same seed and data; print and save the comparison\n"
    "  classify   classify images with a trained run, a .pth state dict or torchvision's weights\n"
    "  export     write a model as a torchvision .pth state dict or as ONNX\n"
    "  serve      classify images sent over HTTP: a web page and a JSON API\n\n"
    "  --version  versions of the workbench and its libraries, and what the machine offers (bf16, CUDA)\n"
    "Run `amp-workbench-cli COMMAND --help` for a command's options.\n";

cli::ConsoleStyle styleOf(const cli::TrainOptions& options)
{
    return options.json ? cli::ConsoleStyle::Json : options.quiet ? cli::ConsoleStyle::Quiet : cli::ConsoleStyle::Auto;
}

int exitCode(const RunSummary& summary)
{
    switch (summary.state) {
    case RunState::Finished: return 0;
    case RunState::Stopped: return 130;
    default: return 1;
    }
}

int runTrain(const cli::TrainOptions& options)
{
    cli::ConsoleObserver console(styleOf(options));
    Trainer trainer(options.config, options.resumeDirectory);
    trainer.addObserver(&console);
    cli::InterruptWatcher watcher(kStopNotice, [&] { trainer.requestStop(); });
    return exitCode(trainer.run());
}

int runCompare(const cli::TrainOptions& options)
{
    const cli::ConsoleStyle style = styleOf(options);
    cli::ConsoleObserver console(style == cli::ConsoleStyle::Json ? style : cli::ConsoleStyle::Quiet);
    Comparison comparison(options.config,
                          options.interleave ? ComparisonOrder::Interleaved : ComparisonOrder::Sequential);
    comparison.addObserver(&console);
    cli::InterruptWatcher watcher(kStopNotice, [&] { comparison.requestStop(); });
    const ComparisonResult result = comparison.run();
    console.comparisonFinished(result.reportMarkdown, result.directory + "/report.md");
    const int fp32 = exitCode(result.fp32);
    return fp32 != 0 ? fp32 : exitCode(result.amp);
}

int printVersion()
{
    for (const std::string& line : versionReport("amp-workbench-cli"))
        std::printf("%s\n", line.c_str());
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    std::vector<std::string> arguments(argv + 1, argv + argc);
    if (arguments.empty() || arguments[0] == "--help" || arguments[0] == "-h" || arguments[0] == "help") {
        std::fputs(kUsage, arguments.empty() ? stderr : stdout);
        return arguments.empty() ? 2 : 0;
    }
    if (arguments[0] == "--version")
        return printVersion();

    const std::string command = arguments[0];
    const std::vector<std::string> rest(arguments.begin() + 1, arguments.end());
    if (command == "classify")
        return cli::runClassify(rest);
    if (command == "export")
        return cli::runExport(rest);
#ifdef AMPWB_WITH_SERVE
    if (command == "serve")
        return cli::runServe(rest);
#endif
    if (command != "train" && command != "compare") {
        std::fprintf(stderr, "error: unknown command \"%s\"\n\n%s", command.c_str(), kUsage);
        return 2;
    }
    const bool isTrain = command == "train";
    try {
        const cli::TrainOptions options = cli::parseTrainOptions(rest, isTrain);
        if (options.help) {
            std::printf("Usage: amp-workbench-cli %s [OPTIONS]\n\n%s\n%s", command.c_str(),
                        isTrain ? "Trains ResNet-18 and writes config.json, steps.csv, epochs.csv, summary.json and "
                                  "checkpoint.pt\ninto a new run folder."
                                : "Trains FP32, then AMP, with the same seed and data order, and writes both runs\n"
                                  "and report.md (the comparison table) into a new folder.",
                        cli::trainOptionsHelp(isTrain).c_str());
            return 0;
        }
        return isTrain ? runTrain(options) : runCompare(options);
    } catch (const cli::UsageError& error) {
        std::fprintf(stderr, "error: %s\nRun `amp-workbench-cli %s --help` for the options.\n", error.what(),
                     command.c_str());
        return 2;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "error: %s\n", error.what());
        return 1;
    }
}
