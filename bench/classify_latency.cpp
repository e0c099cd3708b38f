// Classifier latency on this CPU: median milliseconds per forward pass and per image for
// fp32 and bf16 at batch 1 and 16 (224 px), after warm-up. Wall-clock time, and the
// process's CPU time, which other programs sharing the cores disturb less. Pair it with
// classify_latency.py, which times torchvision's resnet18 the same way, for a ratio.
//
// Usage: classify_latency [--threads N] [--repeats N] [--batches 1,16] [--precisions fp32,bf16] [--size 224]
//                         [--layout channels-last|contiguous]
#include "model/ClassNames.h"
#include "model/Classifier.h"
#include "system/MeasurementNoise.h"

#include <torch/utils.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <sstream>
#include <string>
#include <vector>

using namespace ampwb;

namespace {

struct Settings {
    int threads = 0;
    int repeats = 30;
    std::vector<int64_t> batches{1, 16};
    std::vector<InferencePrecision> precisions{InferencePrecision::Fp32, InferencePrecision::Bf16};
    int64_t size = 224;
    bool channelsLast = true;
};

std::vector<std::string> splitList(const std::string& text)
{
    std::vector<std::string> items;
    std::stringstream stream(text);
    for (std::string item; std::getline(stream, item, ',');)
        items.push_back(item);
    return items;
}

Settings parse(int argc, char** argv)
{
    Settings settings;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string option = argv[i];
        const std::string value = argv[i + 1];
        if (option == "--threads") {
            settings.threads = std::stoi(value);
        } else if (option == "--repeats") {
            settings.repeats = std::stoi(value);
        } else if (option == "--layout") {
            if (value != "channels-last" && value != "contiguous")
                throw std::invalid_argument("--layout is channels-last or contiguous");
            settings.channelsLast = value == "channels-last";
        } else if (option == "--size") {
            settings.size = std::stoll(value);
        } else if (option == "--batches") {
            settings.batches.clear();
            for (const std::string& batch : splitList(value))
                settings.batches.push_back(std::stoll(batch));
        } else if (option == "--precisions") {
            settings.precisions.clear();
            for (const std::string& name : splitList(value)) {
                const auto precision = parseInferencePrecision(name);
                if (!precision)
                    throw std::invalid_argument("unknown precision " + name);
                settings.precisions.push_back(*precision);
            }
        } else {
            throw std::invalid_argument("unknown option " + option);
        }
    }
    return settings;
}

double cpuMilliseconds()
{
    timespec now{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) * 1e-6;
}

} // namespace

int main(int argc, char** argv)
{
    const Settings settings = parse(argc, argv);
    if (settings.threads > 0)
        torch::set_num_threads(settings.threads);
    torch::manual_seed(0);
    ClassifierModel model;
    model.network = ResNet18(1000);
    model.network->eval();
    model.card.classNames = imageNetClassNames();
    model.card.preprocessing.imageSize = settings.size;

    std::printf("C++ Classifier (BN folded, fp32 weights prepacked for oneDNN, otherwise %s; InferenceMode), "
                "%d threads, %lld px, bf16 units: %s\n",
                settings.channelsLast ? "channels-last" : "contiguous", torch::get_num_threads(),
                static_cast<long long>(settings.size), Classifier::bf16Recommended() ? "yes" : "no");
    std::printf("precision  batch  median ms/batch  median ms/image  median CPU ms/image  repeats\n");
    for (const InferencePrecision precision : settings.precisions) {
        ClassifierOptions options;
        options.precision = precision;
        options.channelsLast = settings.channelsLast;
        const Classifier classifier(model, options);
        for (const int64_t batch : settings.batches) {
            const torch::Tensor images = torch::randn({batch, 3, settings.size, settings.size});
            for (int warmup = 0; warmup < 3; ++warmup)
                classifier.logits(images);
            std::vector<double> milliseconds;
            std::vector<double> cpu;
            for (int repeat = 0; repeat < settings.repeats; ++repeat) {
                const auto start = std::chrono::steady_clock::now();
                const double cpuStart = cpuMilliseconds();
                classifier.logits(images);
                cpu.push_back(cpuMilliseconds() - cpuStart);
                milliseconds.push_back(
                    std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
            }
            const double perBatch = median(milliseconds);
            const auto imageCount = static_cast<double>(batch);
            std::printf("%-9s  %5lld  %15.2f  %15.2f  %18.2f  %7d\n", toString(precision).c_str(),
                        static_cast<long long>(batch), perBatch, perBatch / imageCount, median(cpu) / imageCount,
                        settings.repeats);
        }
    }
    return 0;
}
