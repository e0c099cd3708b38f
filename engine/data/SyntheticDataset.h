#pragma once

#include "data/Dataset.h"

namespace ampwb {

/// Random RGB images with random labels, generated on demand from a fixed seed:
/// the same index always yields the same image. For throughput runs.
class SyntheticDataset : public Dataset {
public:
    SyntheticDataset(int64_t size, int64_t imageSize, int64_t classCount, uint64_t seed);

    int64_t size() const override { return count; }
    int64_t label(int64_t index) const override;
    torch::Tensor image(int64_t index) const override;
    const std::vector<std::string>& classNames() const override { return names; }

private:
    int64_t count;
    int64_t side;
    uint64_t seed;
    std::vector<std::string> names;
};

/// A synthetic train/validation pair for models that see `imageSize` images (ten
/// classes); the images are stored at ImageTransform::evalResizeSize(imageSize).
DataSplits openSynthetic(int64_t imageSize, int64_t trainSize, int64_t validationSize, uint64_t seed);

} // namespace ampwb
