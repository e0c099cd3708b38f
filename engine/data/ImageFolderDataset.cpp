#include "data/ImageFolderDataset.h"

#include "data/ImageDecoding.h"

#include <opencv2/imgcodecs.hpp>

#include <algorithm>
#include <filesystem>
#include <set>

namespace fs = std::filesystem;

namespace ampwb {

ImageFolderDataset::ImageFolderDataset(std::vector<Entry> entries, std::vector<std::string> classNames)
    : files(std::move(entries))
    , names(std::move(classNames))
{
}

namespace {

/// Why a file cannot be used, judged from its size and signature bytes (no decoding).
std::string unusableReason(const fs::path& path)
{
    std::error_code error;
    const auto bytes = fs::file_size(path, error);
    if (error)
        return "cannot be read (" + error.message() + ")";
    if (bytes == 0)
        return "empty file";
    try {
        if (!cv::haveImageReader(path.string()))
            return "not an image format OpenCV reads";
    } catch (const cv::Exception&) {
        return "not an image format OpenCV reads";
    }
    return {};
}

/// The image files under a class folder and its subfolders, following folder links but
/// entering each real folder once (a link to a parent or to itself is no loop) and never
/// the image folder itself or another class's folder, so no image gets another class's
/// label. Entries that cannot be read, such as a link to itself, go to `unusable` with the reason.
class ImageFileWalk {
public:
    /// `tree`: the real paths of the image folder and of all its class folders, read once for every class.
    ImageFileWalk(const std::set<std::string>& tree, std::vector<std::string>& images,
                  std::vector<std::string>* unusable)
        : tree(tree)
        , images(images)
        , unusable(unusable)
    {
    }

    /// Walks the class folder `folder`, whose real path is `real`.
    void walkClass(const fs::path& folder, const std::string& real)
    {
        visited.insert(real);
        list(folder);
    }

private:
    void enter(const fs::path& folder)
    {
        std::error_code error;
        const std::string real = fs::canonical(folder, error).string();
        if (error)
            return skip(folder, error);
        if (tree.count(real) == 0 && visited.insert(real).second)
            list(folder);
    }

    void list(const fs::path& folder)
    {
        std::error_code error;
        fs::directory_iterator item(folder, error);
        for (; !error && item != fs::directory_iterator(); item.increment(error)) {
            std::error_code statusError;
            const fs::file_status status = item->status(statusError);
            if (statusError) {
                if (isImageFileName(item->path().string()))
                    skip(item->path(), statusError);
            } else if (fs::is_directory(status)) {
                enter(item->path());
            } else if (fs::is_regular_file(status) && isImageFileName(item->path().string())) {
                take(item->path());
            }
        }
        if (error)
            skip(folder, error);
    }

    void take(const fs::path& path)
    {
        const std::string reason = unusableReason(path);
        if (reason.empty())
            images.push_back(path.string());
        else if (unusable)
            unusable->push_back(path.string() + ": " + reason);
    }
    void skip(const fs::path& path, const std::error_code& error)
    {
        if (unusable)
            unusable->push_back(path.string() + ": cannot be read (" + error.message() + ")");
    }

    const std::set<std::string>& tree;
    std::vector<std::string>& images;
    std::vector<std::string>* unusable;
    std::set<std::string> visited;
};

} // namespace

ImageFolderDataset ImageFolderDataset::scan(const std::string& directory, std::vector<std::string>* unusable)
{
    if (!fs::is_directory(directory))
        throw DataError(EngineMessage(EngineMessage::Code::ImageFolderMissing, {directory}));
    std::vector<std::string> classNames;
    for (const auto& item : fs::directory_iterator(directory)) {
        std::error_code unreadable; // a link to itself is no class folder
        if (item.is_directory(unreadable) && item.path().filename().string().rfind('.', 0) != 0)
            classNames.push_back(item.path().filename().string());
    }
    std::sort(classNames.begin(), classNames.end());
    if (classNames.size() < 2)
        throw DataError(EngineMessage(EngineMessage::Code::ImageFolderTooFewClasses,
                                      {directory, std::to_string(classNames.size())}));
    std::vector<std::string> realClassFolders;
    std::set<std::string> tree{fs::canonical(directory).string()};
    for (const std::string& name : classNames) {
        std::error_code unreadable;
        realClassFolders.push_back(fs::canonical(fs::path(directory) / name, unreadable).string());
        tree.insert(realClassFolders.back());
    }
    std::vector<Entry> entries;
    std::vector<std::string> emptyClasses;
    for (size_t label = 0; label < classNames.size(); ++label) {
        std::vector<std::string> paths;
        ImageFileWalk(tree, paths, unusable)
            .walkClass(fs::path(directory) / classNames[label], realClassFolders[label]);
        if (paths.empty())
            emptyClasses.push_back(classNames[label]);
        std::sort(paths.begin(), paths.end());
        for (auto& path : paths)
            entries.push_back({std::move(path), static_cast<int64_t>(label)});
    }
    if (entries.empty())
        throw DataError(EngineMessage(EngineMessage::Code::ImageFolderNoImages, {directory}));
    if (!emptyClasses.empty())
        throw DataError(
            EngineMessage(EngineMessage::Code::ClassFolderWithoutImages, {emptyClasses.front(), directory}));
    return ImageFolderDataset(std::move(entries), std::move(classNames));
}

torch::Tensor ImageFolderDataset::image(int64_t index) const
{
    return decodeImageFile(files[static_cast<size_t>(index)].path);
}

torch::Tensor ImageFolderDataset::transformedImage(int64_t index, const ImageTransform& transform, uint64_t seed) const
{
    if (!transform.cropsRandomRegions())
        return Dataset::transformedImage(index, transform, seed);
    bool flip = false;
    const torch::Tensor crop = decodeRegionResized(
        files[static_cast<size_t>(index)].path,
        [&](int64_t height, int64_t width) {
            const RandomCrop chosen = transform.randomCrop(height, width, seed);
            flip = chosen.flip;
            return chosen.region;
        },
        transform.options().imageSize);
    return transform.finishCrop(crop, flip);
}

std::optional<std::string> validationFolderOf(const std::string& directory)
{
    const fs::path root(directory);
    for (const char* validationName : {"val", "test", "validation"}) {
        if (fs::is_directory(root / "train") && fs::is_directory(root / validationName))
            return (root / validationName).string();
    }
    return std::nullopt;
}

DataSplits openImageFolder(const std::string& directory)
{
    const fs::path root(directory);
    DataSplits splits;
    splits.description = "ImageFolder (" + directory + ")";
    if (const std::optional<std::string> validationFolder = validationFolderOf(directory)) {
        auto train = ImageFolderDataset::scan((root / "train").string(), &splits.unusableFiles);
        auto validation = ImageFolderDataset::scan(*validationFolder, &splits.unusableFiles);
        if (validation.classNames() != train.classNames())
            throw DataError(
                EngineMessage(EngineMessage::Code::ClassFoldersDiffer, {*validationFolder, (root / "train").string()}));
        splits.train = std::make_shared<ImageFolderDataset>(std::move(train));
        splits.validation = std::make_shared<ImageFolderDataset>(std::move(validation));
        return splits;
    }
    auto all = ImageFolderDataset::scan(directory, &splits.unusableFiles);
    std::vector<ImageFolderDataset::Entry> train, validation;
    std::vector<int64_t> seenPerClass(all.classNames().size(), 0);
    for (const auto& entry : all.entries()) {
        const bool holdOut = seenPerClass[static_cast<size_t>(entry.label)]++ % 10 == 9;
        (holdOut ? validation : train).push_back(entry);
    }
    if (validation.empty()) {
        validation = train;
        splits.description += " — too few images to hold any out: validation uses the training images";
    }
    splits.train = std::make_shared<ImageFolderDataset>(std::move(train), all.classNames());
    splits.validation = std::make_shared<ImageFolderDataset>(std::move(validation), all.classNames());
    return splits;
}

} // namespace ampwb
