#pragma once

#include "data/Dataset.h"

namespace ampwb {

/// CIFAR-10 in its binary distribution (records of 1 label byte + 3072 RGB bytes), in memory.
class Cifar10Dataset : public Dataset {
public:
    /// Reads and concatenates the given `.bin` batch files.
    Cifar10Dataset(const std::vector<std::string>& batchFiles, std::vector<std::string> classNames);

    int64_t size() const override { return labels.size(0); }
    int64_t label(int64_t index) const override;
    torch::Tensor image(int64_t index) const override { return images[index]; }
    const std::vector<std::string>& classNames() const override { return names; }

private:
    torch::Tensor images; // uint8 [N, 3, 32, 32]
    torch::Tensor labels; // int64 [N]
    std::vector<std::string> names;
};

/// Opens `directory` (or its `cifar-10-batches-bin` subfolder): data_batch_1..5.bin for
/// training, test_batch.bin for validation, class names from batches.meta.txt.
DataSplits openCifar10Directory(const std::string& directory);

} // namespace ampwb
