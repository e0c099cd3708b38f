#include "ServeCommand.h"

#include "HttpServer.h"
#include "InterruptWatcher.h"
#include "OptionValue.h"
#include "modelfiles/ModelLoading.h"
#include "system/AtomicFile.h"
#include "system/LoopbackHost.h"

#include <ATen/Parallel.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <stdexcept>

namespace ampwb::cli {
namespace {

const char* kServeIntroduction = "Usage: amp-workbench-cli serve --model FILE [OPTIONS]\n\n"
                                 "Serves a classifier over HTTP until Ctrl-C or SIGTERM (which finish the requests in\n"
                                 "flight): a web page at /, POST /v1/classify (an image as the body, or several as a\n"
                                 "multipart form), GET /v1/model and GET /healthz. See docs/serve.md.\n\n";

/// The access token held in `path`: its text without surrounding blanks and line ends.
std::string readAccessToken(const std::string& path)
{
    std::string token;
    try {
        token = readTextFile(path);
    } catch (const std::runtime_error&) {
        throw UsageError("--token: cannot read the token file " + path + ".");
    }
    const auto blank = [](unsigned char c) { return std::isspace(c) != 0; };
    token.erase(std::find_if_not(token.rbegin(), token.rend(), blank).base(), token.end());
    token.erase(token.begin(), std::find_if_not(token.begin(), token.end(), blank));
    if (token.empty())
        throw UsageError("--token: the token file " + path + " is empty; put the token (one line) in it.");
    if (!std::all_of(token.begin(), token.end(), [](unsigned char c) { return c > 0x20 && c < 0x7F; }))
        throw UsageError("--token: the token in " + path
                         + " must be one line of visible ASCII characters without spaces.");
    return token;
}

} // namespace

ServeCommand::ServeCommand()
    : Command(kServeIntroduction)
{
    serve::ServiceLimits& limits = serviceOptions.limits;
    table.add({
        {"--model", "FILE",
         "a run folder or its checkpoint.pt, a .pth state dict of\n"
         "torchvision.models.resnet18(num_classes=N), or `torchvision`",
         [this](const OptionValue& v) { model = v.text(); }},
        {"--labels", "FILE", "class names, one per line in label order",
         [this](const OptionValue& v) { labels = v.text(); }},
        {"--host", "ADDRESS", "address to listen on (default 127.0.0.1: this machine only)",
         [this](const OptionValue& v) { host = v.text(); }},
        {"--port", "N", "port (default 8080; 0 picks a free one)",
         [this](const OptionValue& v) { port = static_cast<int>(v.wholeNumberBetween(0, 65535)); }},
        {"--token", "FILE",
         "require `Authorization: Bearer TOKEN` (the token is the\n"
         "file's text) on every request but GET / and GET /healthz",
         [this](const OptionValue& v) { accessToken = readAccessToken(v.text()); }},
        {"--threads", "N",
         "requests classified at the same time, sharing the model and\n"
         "splitting the CPU cores (default 1)",
         [this](const OptionValue& v) { serviceOptions.workers = static_cast<int>(v.wholeNumberBetween(1, 256)); }},
        {"--precision", "fp32|bf16", "bf16 is fast on CPUs with AVX512-BF16 or AMX (default fp32)",
         [this](const OptionValue& v) {
             classifierOptions.precision = v.oneOf(parseInferencePrecision(v.text()), "fp32 or bf16");
         }},
        {"--top-k", "N", "classes returned per image (default 5)",
         [this](const OptionValue& v) { classifierOptions.topK = v.wholeNumberBetween(1, 1000); }},
        {"--queue", "N", "requests that may wait for a worker; more get 503 (default 16)",
         [&limits](const OptionValue& v) { limits.queueCapacity = static_cast<int>(v.wholeNumberBetween(1, 4096)); }},
        {"--max-request-mb", "N", "largest upload in MiB (default 20; larger get 413)",
         [&limits](const OptionValue& v) {
             limits.maxRequestBytes = static_cast<size_t>(v.wholeNumberBetween(1, 1024)) << 20;
         }},
        {"--max-megapixels", "N", "largest image in megapixels (default 40; larger get 413)",
         [&limits](const OptionValue& v) { limits.maxImagePixels = v.wholeNumberBetween(1, 100) * 1'000'000; }},
        {"--max-images", "N", "images per request (default 16)",
         [&limits](const OptionValue& v) {
             limits.maxImagesPerRequest = static_cast<int>(v.wholeNumberBetween(1, 1024));
         }},
    });
    table.takePositional([](const std::string&) {
        throw UsageError("serve takes no images on the command line; send them over HTTP.");
    });
}

int ServeCommand::run()
{
    if (model.empty())
        throw UsageError("--model is required (a run folder, checkpoint.pt, .pth file or `torchvision`).");
    if (classifierOptions.precision == InferencePrecision::Bf16 && !Classifier::bf16Recommended())
        std::fprintf(stderr,
                     "warning: this CPU has no bf16 units (AVX512-BF16 or AMX); bf16 will be slower than fp32.\n");
    // The workers split the cores libtorch would use for one.
    const int threadsPerWorker = std::max(1, at::get_num_threads() / serviceOptions.workers);
    at::set_num_threads(threadsPerWorker);
    auto classifier = std::make_shared<const Classifier>(loadClassifierModel(model, labels), classifierOptions);
    serve::ClassificationService service(classifier, serviceOptions);
    serve::HttpServer server(service, accessToken);
    server.bind(host, port);

    std::printf("Model: %s\nPrecision: %s, input %lld px, %d worker(s) × %d libtorch thread(s)\n",
                classifier->description().c_str(), toString(classifierOptions.precision).c_str(),
                static_cast<long long>(classifier->card().preprocessing.imageSize), serviceOptions.workers,
                threadsPerWorker);
    if (!isLoopbackHost(host))
        std::fprintf(stderr, "warning: listening on %s: other machines that reach it can use the service%s.\n",
                     host.c_str(),
                     accessToken.empty() ? ", and it has no authentication (see --token)" : " with the token");
    {
        // Watching before the URL is printed: a SIGTERM sent as soon as it appears stops cleanly.
        InterruptWatcher watcher("Stopping: finishing the requests in flight…", [&] { server.stop(); });
        std::printf("Serving on %s  (Ctrl-C stops after the requests in flight)\n", server.url().c_str());
        std::fflush(stdout);
        server.serve();
    }
    service.shutdown();
    std::printf("Stopped.\n");
    return 0;
}

} // namespace ampwb::cli
