#include "data/SyntheticDataset.h"

#include "data/ImageTransform.h"
#include "data/Random.h"

namespace ampwb {

SyntheticDataset::SyntheticDataset(int64_t size, int64_t imageSize, int64_t classCount, uint64_t seed)
    : count(size)
    , side(imageSize)
    , seed(seed)
{
    for (int64_t c = 0; c < classCount; ++c)
        names.push_back("class " + std::to_string(c));
}

int64_t SyntheticDataset::label(int64_t index) const
{
    return static_cast<int64_t>(mixSeed(seed, static_cast<uint64_t>(index), 1) % names.size());
}

torch::Tensor SyntheticDataset::image(int64_t index) const
{
    SplitMix64 random(mixSeed(seed, static_cast<uint64_t>(index), 2));
    auto pixels = torch::empty({3, side, side}, torch::kUInt8);
    auto* out = pixels.data_ptr<uint8_t>();
    const int64_t total = pixels.numel();
    int64_t i = 0;
    for (; i + 8 <= total; i += 8) {
        const uint64_t word = random.next();
        std::memcpy(out + i, &word, 8);
    }
    for (; i < total; ++i)
        out[i] = static_cast<uint8_t>(random.next());
    return pixels;
}

DataSplits openSynthetic(int64_t imageSize, int64_t trainSize, int64_t validationSize, uint64_t seed)
{
    // Made at the size the eval transform resizes to, so it only crops: throughput runs
    // measure the model, not the resizing of random noise.
    const int64_t side = ImageTransform::evalResizeSize(imageSize);
    DataSplits splits;
    splits.train = std::make_shared<SyntheticDataset>(trainSize, side, 10, seed);
    splits.validation = std::make_shared<SyntheticDataset>(validationSize, side, 10, seed ^ 0x5eedULL);
    splits.description = "synthetic " + std::to_string(imageSize) + " px";
    splits.nativeImageSize = imageSize;
    return splits;
}

} // namespace ampwb
