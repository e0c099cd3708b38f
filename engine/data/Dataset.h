#pragma once

#include "data/ImageTransform.h"
#include "system/EngineError.h"

#include <torch/types.h>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace ampwb {

/// A dataset could not be opened or read; the message says what to do.
class DataError : public EngineError {
public:
    using EngineError::EngineError;
};

/// A labelled image collection. Images come out as uint8 tensors [C, H, W]
/// with C = 1 (grayscale) or 3 (RGB); `image()` may be called from several threads.
class Dataset {
public:
    virtual ~Dataset() = default;
    virtual int64_t size() const = 0;
    virtual int64_t label(int64_t index) const = 0;
    virtual torch::Tensor image(int64_t index) const = 0;
    /// Image `index` as `transform` turns it for `seed`; a dataset that can make the sample
    /// with less work than decoding the whole image first overrides this.
    virtual torch::Tensor transformedImage(int64_t index, const ImageTransform& transform, uint64_t seed) const
    {
        return transform(image(index), seed);
    }
    virtual const std::vector<std::string>& classNames() const = 0;
    /// What names sample `index` in reports: its file, or "#index" where samples have none.
    virtual std::string sampleName(int64_t index) const { return "#" + std::to_string(index); }
    int64_t classCount() const { return static_cast<int64_t>(classNames().size()); }
};

/// The training and validation halves of one data source.
struct DataSplits {
    std::shared_ptr<const Dataset> train;
    std::shared_ptr<const Dataset> validation;
    /// Human-readable origin, e.g. "Fashion-MNIST (/usr/share/datasets/fashion-mnist)".
    std::string description;
    /// The side length the source's images have natively (0 when they vary).
    int64_t nativeImageSize = 0;
    /// Files left out when the source was opened, as "path: reason".
    std::vector<std::string> unusableFiles;
};

} // namespace ampwb
