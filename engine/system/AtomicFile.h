#pragma once

#include <functional>
#include <string>

namespace ampwb {

/// Writes `path` so that readers see either the old file or the complete new one:
/// `write` fills a temporary file beside it, which is flushed to disk and renamed over
/// `path`. Throws std::runtime_error (with the reason, e.g. a full disk) and leaves
/// the old file untouched when anything fails.
void writeFileAtomically(const std::string& path, const std::function<void(const std::string& temporaryPath)>& write);

/// writeFileAtomically for text content.
void writeTextAtomically(const std::string& path, const std::string& text);

/// The whole content of a file; throws std::runtime_error when unreadable.
std::string readTextFile(const std::string& path);

} // namespace ampwb
