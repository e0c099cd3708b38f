#pragma once

#include "system/MemoryUsage.h"

#include <string>

namespace ampwb {

struct CudaPluginFunctions;

/// Whether a CUDA device can be used: the engine's CUDA part (libampwb_cuda.so) loads and libtorch
/// finds a device. The first call loads the part; call it before anything else touches CUDA.
bool cudaAvailable();
/// What the CUDA part says of itself: "built with CUDA 13.0", or why it is not there.
std::string cudaBuildDescription();
/// The caching allocator's figures for a CUDA device (all zero without the CUDA part).
MemoryUsage cudaMemoryUsage(c10::Device device);
void resetCudaPeakMemory(c10::Device device);
/// Waits for the device's queued kernels (no-op on the CPU or without the CUDA part).
void synchronizeDevice(c10::Device device);
/// "NVIDIA H200, 139.8 GiB" or an empty string.
std::string cudaDeviceDescription(c10::Device device);
/// Starts this thread's span of the CUDA device's work, timed by CUDA events (no-op without the CUDA part).
void startCudaTimer(c10::Device device);
/// The milliseconds the device's work took since startCudaTimer, once it has all run; 0 without the CUDA part.
double cudaTimerMilliseconds(c10::Device device);
/// The CUDA part's functions (system/CudaPluginInterface.h), or null where it did not load.
const CudaPluginFunctions* cudaPluginFunctions();

} // namespace ampwb
