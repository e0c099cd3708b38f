#pragma once

#include "model/Classifier.h"

#include <optional>
#include <string>
#include <vector>

namespace ampwb {

/// The outcome for one image file: a classification, or why the file could not be read.
struct ImageFileResult {
    std::string path;
    std::optional<Classification> classification; ///< absent when the image could not be read
    std::string error;                            ///< the reason, when absent
};

/// Decodes (decodeImageFile: any format OpenCV reads, EXIF orientation, grayscale and
/// alpha handled) and classifies image files in batches of `batchSize`, in the given
/// order. A file that cannot be decoded gets its error and the others go on.
/// Only in builds with OpenCV (AMPWB_WITH_OPENCV).
std::vector<ImageFileResult> classifyImageFiles(const Classifier& classifier, const std::vector<std::string>& paths,
                                                int64_t batchSize = 16);

} // namespace ampwb
