#pragma once

#include "system/EngineError.h"

#include <cstdint>
#include <functional>
#include <optional>
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

/// A file a bounded reader would not read: not a regular file, larger than it can be, or (for the
/// readers that check their lines) a line that is not what belongs there. The message names the file,
/// and the line where there is one.
class FileRefused : public EngineError {
public:
    using EngineError::EngineError;
};

/// How much of a file a bounded reader reads at most, and why: the file is refused beyond it.
struct ReadLimits {
    uint64_t maxBytes = 0;   ///< the largest file read
    size_t maxLineBytes = 0; ///< the longest line read (readLinesOf; 0: no limit of its own)
    /// What the limits follow from, quoted in the refusal ("a steps.csv holds at most … steps, …").
    std::string reason;
    /// readLinesOf: whether a last line without its '\n' is left out when it is text, as a file written a line at
    /// a time has one only when a write was cut short (a crash, a power loss).
    bool unfinishedLastLineDropped = false;
};

/// The whole regular file at `path` (a link followed), or nullopt when there is nothing at `path`.
/// Never blocks and never reads more than `limits.maxBytes`: a pipe, a device, a socket or a folder is
/// refused before it is opened (and opened with O_NONBLOCK and checked again, should one be swapped in
/// meanwhile), and a larger file before a byte of it is read. Throws FileRefused then, and
/// std::runtime_error when the file cannot be read.
std::optional<std::string> readRegularFile(const std::string& path, const ReadLimits& limits);

/// Why a line of a text file is not text: its first byte that is not printable ASCII (a tab and a carriage
/// return aside), as NUL padding and binary content have them ("binary data, not text (byte 0x00 at
/// position 1)"); nullopt for a line of text.
std::optional<EngineMessage> binaryContent(const std::string& line);

/// Reads the regular file at `path` line by line, as readRegularFile guards it, calling `line(text, number)`
/// for each line, numbered from 1, without its '\n' (the last one also when the file does not end with one, unless
/// `limits.unfinishedLastLineDropped` leaves it out).
/// A line longer than `limits.maxLineBytes` is refused as soon as it is, so a file with no line breaks
/// (NUL bytes, /dev/zero's content) is refused after that many bytes (as binary data when it has a byte
/// that is not text). Returns false, calling nothing, when
/// there is nothing at `path`; throws FileRefused (or what `line` throws) otherwise.
bool readLinesOf(const std::string& path, const ReadLimits& limits,
                 const std::function<void(const std::string& text, int64_t number)>& line);

} // namespace ampwb
