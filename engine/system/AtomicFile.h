#pragma once

#include <functional>
#include <string>

namespace ampwb {

/// Writes `path` so that readers see either the old file or the complete new one:
/// `write` fills a temporary file beside it, which is flushed to disk and renamed over
/// `path` (over a symlink's target, so the link stays a link). Throws std::runtime_error
/// (with the reason, e.g. a full disk) and leaves the old file untouched when anything
/// fails, or when `path` is not a file that may be replaced (see requireReplaceable).
void writeFileAtomically(const std::string& path, const std::function<void(const std::string& temporaryPath)>& write);

/// Throws std::runtime_error when `path` exists and is not a regular file or a symlink to
/// one: a device (/dev/null), a folder, a pipe or a socket is never replaced by a file.
void requireReplaceable(const std::string& path);

/// writeFileAtomically for text content.
void writeTextAtomically(const std::string& path, const std::string& text);

/// The whole content of a file; throws std::runtime_error when unreadable.
std::string readTextFile(const std::string& path);

} // namespace ampwb
