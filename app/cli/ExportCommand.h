#pragma once

#include "Command.h"

#include <string>

namespace ampwb::cli {

/// `amp-workbench-cli export`: writes a model as a torchvision .pth state dict (plus its
/// model card) or as ONNX. run() returns 0 when written, 1 when it failed.
class ExportCommand : public Command {
public:
    ExportCommand();

    int run() override;

private:
    std::string model;
    std::string format;
    std::string out;
    std::string labels;
    bool force = false;
};

} // namespace ampwb::cli
