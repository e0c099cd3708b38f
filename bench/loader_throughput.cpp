// The training data pipeline's throughput on an ImageFolder: the engine's DataLoader with
// ImageFolderDataset (OpenCV decoding) and ImageTransform, exactly as `train` sets them up,
// decoding, resizing, cropping and normalising every image and collating batches. One
// untimed epoch warms the file cache, then each timed epoch counts from startEpoch() to its
// last batch. Prints one JSON line; loader_throughput.py times torchvision the same way.
//
// Usage: loader_throughput --folder DIR [--workers 2] [--batch-size 32] [--size 224]
//                          [--epochs 2] [--eval]   (--eval: Resize + CenterCrop instead of
//                                                    RandomResizedCrop + flip)
#include "data/DataLoader.h"
#include "data/ImageFolderDataset.h"

#include <torch/utils.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

using namespace ampwb;

namespace {

struct Settings {
    std::string folder;
    int workers = 2;
    int64_t batchSize = 32;
    int64_t size = 224;
    int epochs = 2;
    bool training = true;
};

Settings parse(int argc, char** argv)
{
    Settings settings;
    for (int i = 1; i < argc; ++i) {
        const std::string option = argv[i];
        if (option == "--eval") {
            settings.training = false;
            continue;
        }
        if (i + 1 >= argc)
            throw std::invalid_argument(option + " needs a value");
        const std::string value = argv[++i];
        if (option == "--folder")
            settings.folder = value;
        else if (option == "--workers")
            settings.workers = std::stoi(value);
        else if (option == "--batch-size")
            settings.batchSize = std::stoll(value);
        else if (option == "--size")
            settings.size = std::stoll(value);
        else if (option == "--epochs")
            settings.epochs = std::stoi(value);
        else
            throw std::invalid_argument("unknown option " + option);
    }
    if (settings.folder.empty())
        throw std::invalid_argument("--folder is required");
    if (settings.epochs < 1)
        throw std::invalid_argument("--epochs must be at least 1");
    return settings;
}

/// Images delivered by one epoch of `loader`.
int64_t readEpoch(DataLoader& loader, int64_t epoch)
{
    int64_t images = 0;
    loader.startEpoch(epoch);
    while (auto batch = loader.next())
        images += batch->labels.size(0);
    return images;
}

} // namespace

int main(int argc, char** argv)
{
    try {
        const Settings settings = parse(argc, argv);
        auto dataset = std::make_shared<ImageFolderDataset>(ImageFolderDataset::scan(settings.folder));
        LoaderOptions options;
        options.batchSize = settings.batchSize;
        options.workers = settings.workers;
        DataLoader loader(dataset, ImageTransform({settings.size, settings.training, kImageNetMean, kImageNetStd}),
                          options);
        readEpoch(loader, 0);
        int64_t images = 0;
        const auto start = std::chrono::steady_clock::now();
        for (int epoch = 1; epoch <= settings.epochs; ++epoch)
            images += readEpoch(loader, epoch);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::printf("{\"runner\": \"engine\", \"workers\": %d, \"transform\": \"%s\", \"files\": %lld, "
                    "\"images\": %lld, \"seconds\": %.4f, \"images_per_second\": %.2f, \"threads\": %d}\n",
                    settings.workers, settings.training ? "train" : "eval", static_cast<long long>(dataset->size()),
                    static_cast<long long>(images), seconds, static_cast<double>(images) / seconds,
                    torch::get_num_threads());
        return 0;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "loader_throughput: %s\n", error.what());
        return 1;
    }
}
