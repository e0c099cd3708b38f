#pragma once

#include "modelfiles/WeightsDownloadError.h"

#include <cstdint>
#include <functional>
#include <string>

namespace ampwb {

/// Where torchvision publishes its ImageNet ResNet-18 weights (ResNet18_Weights.IMAGENET1K_V1).
inline constexpr const char* kTorchvisionResNet18Url = "https://download.pytorch.org/models/resnet18-f37072fd.pth";

/// The most bytes a download may bring: torchvision's resnet18-f37072fd.pth is 44.7 MiB, and a server that
/// sends more (with no length, or announcing more) is not sending it; the download stops there.
inline constexpr int64_t kLargestWeightsDownloadBytes = int64_t(64) << 20;

/// A download that brings less than kStalledBytesPerSecond for kStalledSeconds is given up. Tests may set
/// the environment variable AMPWB_DOWNLOAD_STALL_SECONDS (1 to 3600) to shorten the wait; it is for tests only.
inline constexpr int64_t kStalledBytesPerSecond = 1024;
inline constexpr int kStalledSeconds = 30;

/// The start of its SHA-256 that a torch hub file name carries, as torch.hub's check_hash reads it:
/// the lowercase hex digits of the first "-<digits>." in the name ("resnet18-f37072fd.pth" gives
/// "f37072fd"); "" when the name carries none.
std::string hashPrefixOfFileName(const std::string& fileName);

/// How far a download has come.
struct DownloadProgress {
    int64_t receivedBytes = 0;
    int64_t totalBytes = -1; ///< -1 while the size is unknown
};

/// What fetchWeights did.
enum class FetchOutcome { Downloaded, AlreadyThere };

/// Makes sure `destination` (a file path) holds the file at `url`, checked against the SHA-256 prefix
/// that the destination's name carries (see hashPrefixOfFileName). A file already there whose digest
/// matches is kept without a request. Otherwise the file is downloaded over HTTP(S) into a temporary
/// file beside it (the folder is created), checked, and renamed into place. `progress` is called as
/// bytes arrive (a few times a second, and once at the end); returning false cancels. A download that
/// goes past kLargestWeightsDownloadBytes, or stalls (see kStalledSeconds), is given up. Throws
/// WeightsDownloadError saying what to do; after a failure or a cancellation nothing is left under
/// the final name but what was there before, and no temporary file remains. Safe to call from any
/// thread; each call has its own connection.
FetchOutcome fetchWeights(const std::string& url, const std::string& destination,
                          const std::function<bool(const DownloadProgress&)>& progress = {});

} // namespace ampwb
