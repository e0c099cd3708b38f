#include "data/IdxDataset.h"

#include <zlib.h>

#include <array>
#include <cstring>
#include <filesystem>
#include <memory>

namespace fs = std::filesystem;

namespace ampwb {
namespace {

struct GzFileCloser {
    void operator()(gzFile file) const { gzclose(file); }
};
using GzFile = std::unique_ptr<std::remove_pointer_t<gzFile>, GzFileCloser>;

void readExactly(gzFile file, void* buffer, size_t bytes, const std::string& path)
{
    auto* out = static_cast<unsigned char*>(buffer);
    while (bytes > 0) {
        const unsigned chunk = static_cast<unsigned>(std::min<size_t>(bytes, 1u << 30));
        const int got = gzread(file, out, chunk);
        if (got <= 0)
            throw DataError(EngineMessage(EngineMessage::Code::IdxTruncated, {path}));
        out += got;
        bytes -= static_cast<size_t>(got);
    }
}

uint32_t readBigEndian(gzFile file, const std::string& path)
{
    std::array<unsigned char, 4> bytes{};
    readExactly(file, bytes.data(), bytes.size(), path);
    return (uint32_t(bytes[0]) << 24) | (uint32_t(bytes[1]) << 16) | (uint32_t(bytes[2]) << 8) | bytes[3];
}

std::string findIdxFile(const fs::path& directory, const std::string& stem)
{
    for (const std::string& candidate : {stem + ".gz", stem, stem + ".idx"}) {
        if (fs::exists(directory / candidate))
            return (directory / candidate).string();
    }
    throw DataError(EngineMessage(EngineMessage::Code::IdxFileMissing, {directory.string(), stem}));
}

} // namespace

torch::Tensor readIdxFile(const std::string& path, uint32_t dimensions)
{
    GzFile file(gzopen(path.c_str(), "rb"));
    if (!file)
        throw DataError(EngineMessage(EngineMessage::Code::IdxCannotOpen, {path}));
    const uint32_t magic = readBigEndian(file.get(), path);
    if (magic != (0x0800u | dimensions))
        throw DataError(EngineMessage(EngineMessage::Code::IdxNotUnsignedBytes, {path, std::to_string(dimensions)}));
    std::vector<int64_t> shape;
    int64_t count = 1;
    for (uint32_t d = 0; d < dimensions; ++d) {
        const uint32_t extent = readBigEndian(file.get(), path);
        if (extent == 0 || extent > (1u << 28))
            throw DataError(EngineMessage(EngineMessage::Code::IdxImplausibleSize, {path}));
        shape.push_back(extent);
        count *= extent;
        if (count > (int64_t(1) << 33))
            throw DataError(EngineMessage(EngineMessage::Code::IdxImplausibleSize, {path}));
    }
    // Grow with the data actually present, so a header that lies costs no memory.
    std::vector<uint8_t> bytes;
    constexpr size_t kChunk = size_t(1) << 24;
    while (static_cast<int64_t>(bytes.size()) < count) {
        const size_t chunk = std::min<size_t>(kChunk, static_cast<size_t>(count) - bytes.size());
        const size_t offset = bytes.size();
        bytes.resize(offset + chunk);
        readExactly(file.get(), bytes.data() + offset, chunk, path);
    }
    torch::Tensor data = torch::empty(shape, torch::kUInt8);
    std::memcpy(data.data_ptr<uint8_t>(), bytes.data(), bytes.size());
    return data;
}

IdxDataset::IdxDataset(const std::string& imagesPath, const std::string& labelsPath,
                       std::vector<std::string> classNames)
    : names(std::move(classNames))
{
    images = readIdxFile(imagesPath, 3);
    labels = readIdxFile(labelsPath, 1).to(torch::kLong);
    if (images.size(0) != labels.size(0))
        throw DataError(
            EngineMessage(EngineMessage::Code::IdxCountsDiffer,
                          {imagesPath, labelsPath, std::to_string(images.size(0)), std::to_string(labels.size(0))}));
    const int64_t maxLabel = labels.max().item<int64_t>();
    if (maxLabel >= static_cast<int64_t>(names.size()))
        throw DataError(EngineMessage(EngineMessage::Code::IdxLabelOutOfRange,
                                      {labelsPath, std::to_string(maxLabel), std::to_string(names.size())}));
}

int64_t IdxDataset::label(int64_t index) const
{
    return labels.data_ptr<int64_t>()[index];
}

torch::Tensor IdxDataset::image(int64_t index) const
{
    return images[index].unsqueeze(0);
}

const std::vector<std::string>& fashionMnistClassNames()
{
    static const std::vector<std::string> names{"T-shirt/top", "Trouser", "Pullover", "Dress", "Coat",
                                                "Sandal",      "Shirt",   "Sneaker",  "Bag",   "Ankle boot"};
    return names;
}

DataSplits openIdxDirectory(const std::string& directory, std::vector<std::string> classNames,
                            const std::string& displayName)
{
    if (!fs::is_directory(directory)) {
        if (directory == kFashionMnistDirectory)
            throw DataError(EngineMessage(EngineMessage::Code::FashionMnistMissing, {directory}));
        throw DataError(EngineMessage(EngineMessage::Code::DataFolderMissing, {directory}));
    }
    const fs::path dir(directory);
    DataSplits splits;
    splits.train = std::make_shared<IdxDataset>(findIdxFile(dir, "train-images-idx3-ubyte"),
                                                findIdxFile(dir, "train-labels-idx1-ubyte"), classNames);
    splits.validation = std::make_shared<IdxDataset>(findIdxFile(dir, "t10k-images-idx3-ubyte"),
                                                     findIdxFile(dir, "t10k-labels-idx1-ubyte"), classNames);
    splits.description = displayName + " (" + directory + ")";
    splits.nativeImageSize = splits.train->image(0).size(1);
    return splits;
}

} // namespace ampwb
