#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ampwb {

/// The 1,000 ImageNet class names in the label order of torchvision's pretrained
/// models ("tench", "goldfish", …), built into the engine.
const std::vector<std::string>& imageNetClassNames();

/// "class 0", "class 1", … for a model whose class names are unknown.
std::vector<std::string> numberedClassNames(int64_t count);

/// A label list: one class name per line, in label order (trailing blank lines and
/// carriage returns ignored). Throws ModelFileError when unreadable or empty.
std::vector<std::string> readClassNamesFile(const std::string& path);

} // namespace ampwb
