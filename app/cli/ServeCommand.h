#pragma once

#include <string>
#include <vector>

namespace ampwb::cli {

/// `amp-workbench-cli serve`: classifies images sent over HTTP (a web page, a JSON API)
/// with a run's checkpoint, a .pth state dict or torchvision's weights until Ctrl-C or
/// SIGTERM, which stop it after the requests in flight. Returns the exit code: 0 after
/// a clean stop, 1 when the model cannot be loaded or the address bound, 2 for a
/// usage mistake.
int runServe(const std::vector<std::string>& arguments);

} // namespace ampwb::cli
