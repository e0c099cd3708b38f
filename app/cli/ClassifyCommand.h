#pragma once

#include "Command.h"
#include "model/Classifier.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ampwb::cli {

/// `amp-workbench-cli classify`: classifies image files with a run's checkpoint, a
/// .pth state dict or torchvision's ImageNet weights. run() returns 0 when every image
/// was classified, 1 when the model or any image could not be read.
class ClassifyCommand : public Command {
public:
    ClassifyCommand();

    int run() override;

private:
    std::string model;
    std::string labels;
    ClassifierOptions classifierOptions;
    int64_t batchSize = 16;
    bool json = false;
    bool logits = false;
    std::vector<std::string> images;
};

} // namespace ampwb::cli
