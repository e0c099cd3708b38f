#include "data/Cifar10Dataset.h"

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;

namespace ampwb {
namespace {

constexpr int64_t kSide = 32;
constexpr int64_t kImageBytes = 3 * kSide * kSide;
constexpr int64_t kRecordBytes = 1 + kImageBytes;

std::vector<std::string> readClassNames(const fs::path& metaFile)
{
    std::vector<std::string> names;
    std::ifstream in(metaFile);
    for (std::string line; std::getline(in, line);) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
            line.pop_back();
        if (!line.empty())
            names.push_back(line);
    }
    if (names.size() != 10)
        names = {"airplane", "automobile", "bird", "cat", "deer", "dog", "frog", "horse", "ship", "truck"};
    return names;
}

} // namespace

Cifar10Dataset::Cifar10Dataset(const std::vector<std::string>& batchFiles, std::vector<std::string> classNames)
    : names(std::move(classNames))
{
    std::vector<torch::Tensor> imageParts;
    std::vector<torch::Tensor> labelParts;
    for (const std::string& path : batchFiles) {
        std::error_code error;
        const auto bytes = static_cast<int64_t>(fs::file_size(path, error));
        if (error)
            throw DataError(EngineMessage(EngineMessage::Code::CifarCannotReadBecause, {path, error.message()}));
        if (bytes == 0 || bytes % kRecordBytes != 0)
            throw DataError(EngineMessage(EngineMessage::Code::CifarTruncated,
                                          {path, std::to_string(bytes), std::to_string(kRecordBytes)}));
        auto raw = torch::empty({bytes / kRecordBytes, kRecordBytes}, torch::kUInt8);
        std::ifstream in(path, std::ios::binary);
        if (!in.read(reinterpret_cast<char*>(raw.data_ptr<uint8_t>()), bytes))
            throw DataError(EngineMessage(EngineMessage::Code::CifarCannotRead, {path}));
        labelParts.push_back(raw.select(1, 0).to(torch::kLong));
        const int64_t maxLabel = labelParts.back().max().item<int64_t>();
        if (maxLabel >= static_cast<int64_t>(names.size()))
            throw DataError(EngineMessage(EngineMessage::Code::CifarLabelOutOfRange, {path, std::to_string(maxLabel)}));
        imageParts.push_back(raw.narrow(1, 1, kImageBytes).reshape({-1, 3, kSide, kSide}).clone());
    }
    images = torch::cat(imageParts);
    labels = torch::cat(labelParts);
}

int64_t Cifar10Dataset::label(int64_t index) const
{
    return labels.data_ptr<int64_t>()[index];
}

DataSplits openCifar10Directory(const std::string& directory)
{
    fs::path dir(directory);
    if (fs::is_directory(dir / "cifar-10-batches-bin"))
        dir /= "cifar-10-batches-bin";
    if (!fs::is_directory(dir))
        throw DataError(EngineMessage(EngineMessage::Code::CifarFolderMissing, {directory}));
    std::vector<std::string> trainFiles;
    for (int i = 1; i <= 5; ++i) {
        const fs::path file = dir / ("data_batch_" + std::to_string(i) + ".bin");
        if (fs::exists(file))
            trainFiles.push_back(file.string());
    }
    const fs::path testFile = dir / "test_batch.bin";
    if (trainFiles.empty() || !fs::exists(testFile))
        throw DataError(EngineMessage(EngineMessage::Code::NotCifarBinaryFolder, {dir.string()}));
    const auto names = readClassNames(dir / "batches.meta.txt");
    DataSplits splits;
    splits.train = std::make_shared<Cifar10Dataset>(trainFiles, names);
    splits.validation = std::make_shared<Cifar10Dataset>(std::vector<std::string>{testFile.string()}, names);
    splits.description = "CIFAR-10 (" + dir.string() + ")";
    splits.nativeImageSize = kSide;
    return splits;
}

} // namespace ampwb
