#pragma once

#include "model/ClassifierModel.h"

#include <string>

namespace ampwb {

/// Writes the model as a state dict that `torchvision.models.resnet18(num_classes=N)`
/// loads with `strict=True` (torch.save's format, see writeStateDictFile), and its model
/// card (class names, preprocessing) as JSON at modelCardPath(path). Refuses, with a
/// ModelFileError, to replace existing files unless `replaceExisting`.
void exportStateDict(const ClassifierModel& model, const std::string& path, bool replaceExisting = false);

/// Throws ModelFileError when `path` exists and may not be replaced: always when it is not a
/// regular file (a device, a folder, …), else unless `replaceExisting`.
void checkMayWrite(const std::string& path, bool replaceExisting);

} // namespace ampwb
