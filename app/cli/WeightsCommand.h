#pragma once

#include "Command.h"

#include <string>
#include <vector>

namespace ampwb::cli {

/// `amp-workbench-cli weights fetch imagenet`: downloads torchvision's ImageNet ResNet-18 weights
/// into the torch hub cache, checked against the SHA-256 prefix their file name carries. run()
/// returns 0 when the file is there, 1 when the download failed or was cancelled.
class WeightsCommand : public Command {
public:
    WeightsCommand();

    int run() override;

private:
    std::vector<std::string> arguments;
    std::string url;
    bool quiet = false;
};

} // namespace ampwb::cli
