#pragma once

#include "system/EngineError.h"

#include <string>
#include <utility>

namespace ampwb {

/// Weights could not be downloaded, or the download was cancelled; the message says what to do
/// (e.g. which URL to fetch in a browser and where to put the file). Nothing is left under the
/// file's final name either way.
class WeightsDownloadError : public EngineError {
public:
    explicit WeightsDownloadError(EngineMessage message, bool cancelled = false)
        : EngineError(std::move(message))
        , wasCancelled(cancelled)
    {
    }
    explicit WeightsDownloadError(const std::string& words, bool cancelled = false)
        : EngineError(words)
        , wasCancelled(cancelled)
    {
    }

    /// Whether the progress callback asked to stop, rather than something failing.
    bool cancelled() const { return wasCancelled; }

private:
    bool wasCancelled;
};

} // namespace ampwb
