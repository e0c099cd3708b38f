#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace ampwb {

/// Where a run's weights came from when it did not start from random ones; config.json
/// records it under "start".
struct WeightsOrigin {
    std::string source;           ///< as the user named it: "imagenet", a .pth file, a run folder or its checkpoint.pt
    std::string file;             ///< the file read
    std::string sha256;           ///< of that file, lowercase hex
    int64_t fileClasses = 0;      ///< classes of the file's head
    bool headReplaced = false;    ///< the head is a new Linear(512, N) for the data's N classes
    int64_t imageSize = 224;      ///< the image size the weights were trained at, and the run's unless it sets one
    std::array<double, 3> mean{}; ///< the normalisation the weights expect, which the run uses
    std::array<double, 3> std{};
};

} // namespace ampwb
