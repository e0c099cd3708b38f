#pragma once

#include "system/MemoryUsage.h"

#include <string>

namespace ampwb {

/// Whether this build has CUDA and a CUDA device is present.
bool cudaAvailable();
/// The caching allocator's figures for a CUDA device (all zero in CPU-only builds).
MemoryUsage cudaMemoryUsage(c10::Device device);
void resetCudaPeakMemory(c10::Device device);
/// Waits for the device's queued kernels (no-op on CPU-only builds).
void synchronizeDevice(c10::Device device);
/// "NVIDIA H200, 139.8 GiB" or an empty string.
std::string cudaDeviceDescription(c10::Device device);

} // namespace ampwb
