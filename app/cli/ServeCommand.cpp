#include "ServeCommand.h"

#include "ClassificationService.h"
#include "CommandLine.h"
#include "HttpServer.h"
#include "InterruptWatcher.h"
#include "modelfiles/ModelLoading.h"
#include "OptionReader.h"

#include <ATen/Parallel.h>

#include <algorithm>
#include <cstdio>

namespace ampwb::cli {
namespace {

const char* kServeHelp =
    "Usage: amp-workbench-cli serve --model FILE [OPTIONS]\n\n"
    "Serves a classifier over HTTP until Ctrl-C or SIGTERM (which finish the requests in\n"
    "flight): a web page at /, POST /v1/classify (an image as the body, or several as a\n"
    "multipart form), GET /v1/model and GET /healthz. See docs/serve.md.\n\n"
    "  --model FILE           a run folder or its checkpoint.pt, a .pth state dict of\n"
    "                         torchvision.models.resnet18(num_classes=N), or `torchvision`\n"
    "  --labels FILE          class names, one per line in label order\n"
    "  --host ADDRESS         address to listen on (default 127.0.0.1: this machine only)\n"
    "  --port N               port (default 8080; 0 picks a free one)\n"
    "  --threads N            requests classified at the same time, sharing the model and\n"
    "                         splitting the CPU cores (default 1)\n"
    "  --precision fp32|bf16  bf16 is fast on CPUs with AVX512-BF16 or AMX (default fp32)\n"
    "  --top-k N              classes returned per image (default 5)\n"
    "  --queue N              requests that may wait for a worker; more get 503 (default 16)\n"
    "  --max-request-mb N     largest upload in MiB (default 20; larger get 413)\n"
    "  --max-megapixels N     largest image in megapixels (default 40; larger get 413)\n"
    "  --max-images N         images per request (default 16)\n";

struct ServeOptions {
    std::string model;
    std::string labels;
    std::string host = "127.0.0.1";
    int port = 8080;
    ClassifierOptions classifier;
    serve::ServiceOptions service;
};

long long numberBetween(const OptionReader& reader, const std::string& option, long long low, long long high,
                        long long fallback)
{
    const auto text = reader.value(option);
    if (!text)
        return fallback;
    const long long number = wholeNumber(option, *text);
    if (number < low || number > high)
        throw UsageError(option + " must be between " + std::to_string(low) + " and " + std::to_string(high) + ".");
    return number;
}

ServeOptions parse(const OptionReader& reader)
{
    ServeOptions options;
    options.model = reader.value("--model").value_or("");
    if (options.model.empty())
        throw UsageError("--model is required (a run folder, checkpoint.pt, .pth file or `torchvision`).");
    if (!reader.positional().empty())
        throw UsageError("serve takes no images on the command line; send them over HTTP.");
    options.labels = reader.value("--labels").value_or("");
    options.host = reader.value("--host").value_or(options.host);
    options.port = static_cast<int>(numberBetween(reader, "--port", 0, 65535, options.port));
    if (const auto precision = reader.value("--precision")) {
        const auto parsed = parseInferencePrecision(*precision);
        if (!parsed)
            throw UsageError("--precision must be fp32 or bf16, not \"" + *precision + "\".");
        options.classifier.precision = *parsed;
    }
    options.classifier.topK = numberBetween(reader, "--top-k", 1, 1000, options.classifier.topK);
    serve::ServiceOptions& service = options.service;
    service.workers = static_cast<int>(numberBetween(reader, "--threads", 1, 256, service.workers));
    service.limits.queueCapacity =
        static_cast<int>(numberBetween(reader, "--queue", 1, 4096, service.limits.queueCapacity));
    service.limits.maxRequestBytes =
        static_cast<size_t>(numberBetween(reader, "--max-request-mb", 1, 1024, service.limits.maxRequestBytes >> 20))
        << 20;
    service.limits.maxImagePixels =
        numberBetween(reader, "--max-megapixels", 1, 100, service.limits.maxImagePixels / 1'000'000) * 1'000'000;
    service.limits.maxImagesPerRequest =
        static_cast<int>(numberBetween(reader, "--max-images", 1, 1024, service.limits.maxImagesPerRequest));
    return options;
}

int serveModel(const ServeOptions& options)
{
    if (options.classifier.precision == InferencePrecision::Bf16 && !Classifier::bf16Recommended())
        std::fprintf(stderr, "warning: this CPU has no bf16 units (AVX512-BF16 or AMX); bf16 will be slower than fp32.\n");
    // The workers split the cores libtorch would use for one.
    const int threadsPerWorker = std::max(1, at::get_num_threads() / options.service.workers);
    at::set_num_threads(threadsPerWorker);
    auto classifier = std::make_shared<const Classifier>(loadClassifierModel(options.model, options.labels),
                                                         options.classifier);
    serve::ClassificationService service(classifier, options.service);
    serve::HttpServer server(service);
    server.bind(options.host, options.port);

    std::printf("Model: %s\nPrecision: %s, input %lld px, %d worker(s) × %d libtorch thread(s)\n",
                classifier->description().c_str(), toString(options.classifier.precision).c_str(),
                static_cast<long long>(classifier->card().preprocessing.imageSize), options.service.workers,
                threadsPerWorker);
    if (!serve::isLoopbackHost(options.host))
        std::fprintf(stderr, "warning: listening on %s: other machines that reach it can use the service.\n",
                     options.host.c_str());
    std::printf("Serving on %s  (Ctrl-C stops after the requests in flight)\n", server.url().c_str());
    std::fflush(stdout);

    {
        InterruptWatcher watcher("Stopping: finishing the requests in flight…", [&] { server.stop(); });
        server.serve();
    }
    service.shutdown();
    std::printf("Stopped.\n");
    return 0;
}

} // namespace

int runServe(const std::vector<std::string>& arguments)
{
    try {
        const OptionReader reader(arguments,
                                  {"--model", "--labels", "--host", "--port", "--threads", "--precision", "--top-k",
                                   "--queue", "--max-request-mb", "--max-megapixels", "--max-images"},
                                  {"--help", "-h"});
        if (reader.flag("--help") || reader.flag("-h")) {
            std::fputs(kServeHelp, stdout);
            return 0;
        }
        return serveModel(parse(reader));
    } catch (const UsageError& error) {
        std::fprintf(stderr, "error: %s\nRun `amp-workbench-cli serve --help` for the options.\n", error.what());
        return 2;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "error: %s\n", error.what());
        return 1;
    }
}

} // namespace ampwb::cli
