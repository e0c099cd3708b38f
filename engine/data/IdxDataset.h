#pragma once

#include "data/Dataset.h"

namespace ampwb {

/// MNIST-format (IDX) images and labels held in memory: Fashion-MNIST, MNIST.
/// Files may be gzip-compressed or raw.
class IdxDataset : public Dataset {
public:
    /// Reads an images file (magic 0x00000803) and a labels file (magic 0x00000801).
    IdxDataset(const std::string& imagesPath, const std::string& labelsPath, std::vector<std::string> classNames);

    int64_t size() const override { return labels.size(0); }
    int64_t label(int64_t index) const override;
    torch::Tensor image(int64_t index) const override;
    const std::vector<std::string>& classNames() const override { return names; }

private:
    torch::Tensor images; // uint8 [N, H, W]
    torch::Tensor labels; // int64 [N]
    std::vector<std::string> names;
};

/// Reads an IDX file of unsigned bytes (gzip or raw) with the given number of
/// dimensions; throws DataError naming the file when it is malformed or truncated.
torch::Tensor readIdxFile(const std::string& path, uint32_t dimensions);

/// Where Debian's `dataset-fashion-mnist` package installs its files.
inline constexpr const char* kFashionMnistDirectory = "/usr/share/datasets/fashion-mnist";

/// Fashion-MNIST's ten class names in label order.
const std::vector<std::string>& fashionMnistClassNames();

/// Opens the train/t10k IDX pair in `directory` (gzip or raw names), naming the
/// Debian package to install when the default directory is missing.
DataSplits openIdxDirectory(const std::string& directory, std::vector<std::string> classNames,
                            const std::string& displayName);

} // namespace ampwb
