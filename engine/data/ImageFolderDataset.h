#pragma once

#include "data/Dataset.h"

#include <optional>
#include <string>

namespace ampwb {

/// torchvision-style ImageFolder: one subfolder per class (sorted by name), image
/// files inside (JPEG/PNG/BMP/WebP, decoded by OpenCV on demand in loader threads).
class ImageFolderDataset : public Dataset {
public:
    struct Entry {
        std::string path;
        int64_t label;
    };
    ImageFolderDataset(std::vector<Entry> entries, std::vector<std::string> classNames);

    /// Lists `directory`'s class subfolders and their image files. Files that are empty
    /// or whose content is no image format OpenCV reads are left out and, when
    /// `unusable` is given, appended to it as "path: reason". Throws DataError when fewer
    /// than two classes or a class without any usable image remain.
    static ImageFolderDataset scan(const std::string& directory, std::vector<std::string>* unusable = nullptr);

    int64_t size() const override { return static_cast<int64_t>(files.size()); }
    int64_t label(int64_t index) const override { return files[static_cast<size_t>(index)].label; }
    torch::Tensor image(int64_t index) const override;
    /// Training crops (RandomResizedCrop) are chosen from the file's declared size and decoded
    /// with decodeRegionResized, so a JPEG is decoded at reduced scale when its crop allows;
    /// every other transform gets the whole decoded image, as `image()` gives it.
    torch::Tensor transformedImage(int64_t index, const ImageTransform& transform, uint64_t seed) const override;
    const std::vector<std::string>& classNames() const override { return names; }
    std::string sampleName(int64_t index) const override { return files[static_cast<size_t>(index)].path; }
    const std::vector<Entry>& entries() const { return files; }

private:
    std::vector<Entry> files;
    std::vector<std::string> names;
};

/// Opens an ImageFolder tree. With `train/` and `val/` (or `test/`) subfolders those
/// are the splits; otherwise every tenth file of each class is held out for validation.
DataSplits openImageFolder(const std::string& directory);

/// The folder of `directory`'s validation split when it has one of its own (train/ beside val/, test/
/// or validation/), which openImageFolder then takes; nullopt for a plain folder of class folders.
std::optional<std::string> validationFolderOf(const std::string& directory);

} // namespace ampwb
