#pragma once

#include "ClassificationService.h"
#include "Command.h"
#include "model/Classifier.h"

#include <string>

namespace ampwb::cli {

/// `amp-workbench-cli serve`: classifies images sent over HTTP (a web page, a JSON API)
/// with a run's checkpoint, a .pth state dict or torchvision's weights until Ctrl-C or
/// SIGTERM, which stop it after the requests in flight. run() returns 0 after a clean
/// stop, 1 when the model cannot be loaded or the address bound.
class ServeCommand : public Command {
public:
    ServeCommand();

    int run() override;

private:
    std::string model;
    std::string labels;
    std::string host = "127.0.0.1";
    int port = 8080;
    std::string accessToken; ///< from --token FILE; empty: no token needed
    ClassifierOptions classifierOptions;
    serve::ServiceOptions serviceOptions;
};

} // namespace ampwb::cli
