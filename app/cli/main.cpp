// amp-workbench-cli: headless training, FP32-vs-AMP comparison, precision policies suggested from measurements,
// classification, model export, serving and fetching pretrained weights.
// main() is the dispatcher: it picks the command, parses its options, prints help and owns the exit codes.
#include "ClassifyCommand.h"
#include "EvaluateCommand.h"
#include "ExportCommand.h"
#ifdef AMPWB_WITH_SERVE
#include "ServeCommand.h"
#endif
#include "TrainingCommand.h"
#include "UsageError.h"
#include "WeightsCommand.h"
#include "system/ThreadPolicy.h"
#include "system/VersionReport.h"

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

using namespace ampwb;

namespace {

template <typename CommandType, auto... arguments>
std::unique_ptr<cli::Command> create()
{
    return std::make_unique<CommandType>(arguments...);
}

struct CommandEntry {
    const char* name;
    const char* summary;
    std::unique_ptr<cli::Command> (*create)();
};

const CommandEntry kCommands[] = {
    {"train", "train ResNet-18 in FP32 or AMP and write a run folder",
     create<cli::TrainingCommand, cli::TrainingCommand::Kind::Train>},
    {"compare", "train FP32, then AMP, with the same seed and data; print and save the comparison",
     create<cli::TrainingCommand, cli::TrainingCommand::Kind::Compare>},
    {"profile", "the X-ray: where FP32's and AMP's step time goes, operator by operator (trace + CSV)",
     create<cli::TrainingCommand, cli::TrainingCommand::Kind::Profile>},
    {"precision", "`precision suggest`: a precision policy from fp32, bf16 and fp16 measured on this machine",
     create<cli::TrainingCommand, cli::TrainingCommand::Kind::SuggestPrecision>},
    {"classify", "classify images with a trained run, a .pth state dict or torchvision's weights",
     create<cli::ClassifyCommand>},
    {"evaluate", "where a model goes wrong on a dataset: confusion matrix, per-class figures",
     create<cli::EvaluateCommand>},
    {"export", "write a model as a torchvision .pth state dict or as ONNX", create<cli::ExportCommand>},
#ifdef AMPWB_WITH_SERVE
    {"serve", "classify images sent over HTTP: a web page and a JSON API", create<cli::ServeCommand>},
#endif
    {"weights", "fetch pretrained weights into the torch hub cache (`weights fetch imagenet`)",
     create<cli::WeightsCommand>},
};

std::string usage()
{
    std::string text = "Usage: amp-workbench-cli COMMAND [OPTIONS]\n\nCommands:\n";
    for (const CommandEntry& command : kCommands) {
        std::string name = command.name;
        name.resize(9, ' ');
        text += "  " + name + "  " + command.summary + "\n";
    }
    text += "\n  --version  versions of the workbench and its libraries, and what the machine offers (bf16, CUDA)\n"
            "Run `amp-workbench-cli COMMAND --help` for a command's options.\n";
    return text;
}

int printVersion()
{
    for (const std::string& line : versionReport("amp-workbench-cli"))
        std::printf("%s\n", line.c_str());
    return 0;
}

int runCommand(const CommandEntry& entry, const std::vector<std::string>& arguments)
{
    try {
        const std::unique_ptr<cli::Command> command = entry.create();
        if (command->options().parse(arguments) == cli::ParseOutcome::HelpAsked) {
            std::fputs(command->help().c_str(), stdout);
            return 0;
        }
        return command->run();
    } catch (const cli::UsageError& error) {
        std::fprintf(stderr, "error: %s\nRun `amp-workbench-cli %s --help` for the options.\n", error.what(),
                     entry.name);
        return 2;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "error: %s\n", error.what());
        return 1;
    }
}

} // namespace

int main(int argc, char** argv)
{
    const std::vector<std::string> arguments(argv + 1, argv + argc);
    applyThreadPolicy(chooseThreadPolicy());
    if (arguments.empty() || arguments[0] == "--help" || arguments[0] == "-h" || arguments[0] == "help") {
        std::fputs(usage().c_str(), arguments.empty() ? stderr : stdout);
        return arguments.empty() ? 2 : 0;
    }
    if (arguments[0] == "--version")
        return printVersion();
    for (const CommandEntry& entry : kCommands) {
        if (arguments[0] == entry.name)
            return runCommand(entry, {arguments.begin() + 1, arguments.end()});
    }
    std::fprintf(stderr, "error: unknown command \"%s\"\n\n%s", arguments[0].c_str(), usage().c_str());
    return 2;
}
