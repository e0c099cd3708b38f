#include "WeightsCommand.h"

#include "InterruptWatcher.h"
#include "OptionValue.h"
#include "modelfiles/TorchHubWeights.h"
#include "modelfiles/WeightsDownload.h"

#include <atomic>
#include <cstdio>
#include <string>
#include <utility>

namespace ampwb::cli {
namespace {

const char* kWeightsIntroduction =
    "Usage: amp-workbench-cli weights fetch imagenet [--url URL] [--quiet]\n\n"
    "Downloads torchvision's ImageNet ResNet-18 weights (resnet18-f37072fd.pth) into the torch hub\n"
    "cache, where `classify --model torchvision`, the window and Python's torchvision find them:\n"
    "the first of $TORCH_HOME/hub/checkpoints, $XDG_CACHE_HOME/torch/hub/checkpoints and\n"
    "~/.cache/torch/hub/checkpoints whose variable is set. The file is kept only when its SHA-256\n"
    "starts with f37072fd, as its name says; a matching file already there is left as it is.\n\n";

const char* kWeightsNotes = "\nExit status: 0 the file is there, 1 the download failed or was cancelled (nothing is\n"
                            "left behind), 2 a usage mistake.\n";

constexpr double kBytesPerMegabyte = 1024.0 * 1024.0;

/// The \r-updated progress line on stderr; ends the line when it goes, so that what follows starts afresh.
class ProgressLine {
public:
    explicit ProgressLine(std::string fileName)
        : fileName(std::move(fileName))
    {
    }
    ~ProgressLine()
    {
        if (shown)
            std::fputc('\n', stderr);
    }
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

    void show(const DownloadProgress& progress)
    {
        const double received = static_cast<double>(progress.receivedBytes) / kBytesPerMegabyte;
        if (progress.totalBytes > 0)
            std::fprintf(stderr, "\rDownloading %s: %.1f of %.1f MB (%d %%)  ", fileName.c_str(), received,
                         static_cast<double>(progress.totalBytes) / kBytesPerMegabyte,
                         static_cast<int>(100 * progress.receivedBytes / progress.totalBytes));
        else
            std::fprintf(stderr, "\rDownloading %s: %.1f MB  ", fileName.c_str(), received);
        std::fflush(stderr);
        shown = true;
    }

private:
    std::string fileName;
    bool shown = false;
};

} // namespace

WeightsCommand::WeightsCommand()
    : Command(kWeightsIntroduction, kWeightsNotes)
    , url(kTorchvisionResNet18Url)
{
    table.add({
        {"--url", "URL",
         "download from here instead of " + std::string(kTorchvisionResNet18Url)
             + "\n(a mirror; the file is checked all the same)",
         [this](const OptionValue& v) { url = v.text(); }},
        {"--quiet", "", "no progress line", [this](const OptionValue&) { quiet = true; }},
    });
    table.takePositional([this](const std::string& argument) { arguments.push_back(argument); });
}

int WeightsCommand::run()
{
    if (arguments.empty())
        throw UsageError("Name what to do: `weights fetch imagenet`.");
    if (arguments[0] != "fetch")
        throw UsageError("Unknown action \"" + arguments[0] + "\": the only action is fetch.");
    if (arguments.size() < 2)
        throw UsageError("Name the weights to fetch: imagenet.");
    if (arguments[1] != "imagenet")
        throw UsageError("Unknown weights \"" + arguments[1] + "\": only imagenet can be fetched.");
    if (arguments.size() > 2)
        throw UsageError("Unexpected argument \"" + arguments[2] + "\".");

    const std::string destination = torchvisionResNet18DownloadPath();
    std::atomic<bool> cancelRequested{false};
    FetchOutcome outcome;
    {
        ProgressLine line(kTorchvisionResNet18FileName);
        InterruptWatcher watcher("Cancelling the download…", [&] { cancelRequested = true; });
        outcome = fetchWeights(url, destination, [&](const DownloadProgress& progress) {
            if (!quiet && (progress.receivedBytes > 0 || progress.totalBytes > 0))
                line.show(progress);
            return !cancelRequested;
        });
    }
    std::printf(outcome == FetchOutcome::AlreadyThere ? "Already there: %s\n" : "Saved %s\n", destination.c_str());
    return 0;
}

} // namespace ampwb::cli
