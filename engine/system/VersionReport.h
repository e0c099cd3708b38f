#pragma once

#include <string>
#include <vector>

namespace ampwb {

/// A library that a front end links and the engine does not (e.g. Qt for the window).
struct ComponentVersion {
    std::string name;    ///< e.g. "Qt"
    std::string version; ///< e.g. "6.4.2"
};

/// The workbench's version, as the project declares it (e.g. "0.1.0").
std::string workbenchVersion();

/// The workbench's license as an SPDX expression: "GPL-3.0-or-later" (QCustomPlot, which the
/// window links, is GPL-3+).
std::string workbenchLicense();

/// What `--version` and the About dialog show, one line each: the program and the workbench
/// version, its license, libtorch, the front end's own libraries, OpenCV and ONNX export as built in, the
/// CPU and whether it computes bf16 in hardware, and CUDA. The first line is "PROGRAM VERSION".
std::vector<std::string> versionReport(const std::string& program,
                                       const std::vector<ComponentVersion>& frontEndLibraries = {});

} // namespace ampwb
