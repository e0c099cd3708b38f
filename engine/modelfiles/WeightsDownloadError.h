#pragma once

#include <stdexcept>
#include <string>

namespace ampwb {

/// Weights could not be downloaded, or the download was cancelled; the message says what to do
/// (e.g. which URL to fetch in a browser and where to put the file). Nothing is left under the
/// file's final name either way.
class WeightsDownloadError : public std::runtime_error {
public:
    explicit WeightsDownloadError(const std::string& message, bool cancelled = false)
        : std::runtime_error(message)
        , wasCancelled(cancelled)
    {
    }

    /// Whether the progress callback asked to stop, rather than something failing.
    bool cancelled() const { return wasCancelled; }

private:
    bool wasCancelled;
};

} // namespace ampwb
