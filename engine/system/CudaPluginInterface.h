#pragma once

#include <cstddef>
#include <cstdint>

// What the engine asks of its CUDA part, libampwb_cuda.so: the one library that links libtorch_cuda
// and the CUDA runtime. The engine loads it on first use (system/CudaSupport), so the programs run
// where no CUDA library is installed, and become CUDA programs where the CUDA part and a driver are.
// Plain C types only: the two sides are built together, but only this table crosses between them.

namespace ampwb {

/// Bump when a member is added, removed or changes meaning.
constexpr int kCudaPluginInterfaceVersion = 3;

/// The CUDA part's functions; every device argument is a CUDA device index.
struct CudaPluginFunctions {
    int interfaceVersion;
    /// The CUDA runtime version the part was built with, as "13.0".
    const char* builtWithCuda;
    /// The caching allocator's figures: allocated, peak allocated, reserved, peak reserved (bytes).
    void (*memoryUsage)(int device, int64_t figures[4]);
    void (*resetPeakMemory)(int device);
    /// Waits for every kernel queued on the device.
    void (*synchronize)(int device);
    /// Writes "NVIDIA H200, 139.8 GiB" into `text`; returns false when the device cannot be asked.
    bool (*describe)(int device, char* text, size_t capacity);
    /// Records a CUDA event on the device's current stream: the start of a timed span (one per thread).
    void (*startTimer)(int device);
    /// Records the span's end event, waits for it, and returns the milliseconds between the two events.
    double (*timerMilliseconds)(int device);
    /// A ProcessGroupNCCL over `store` (a c10d::Store*, borrowed) as a c10d::Backend* holding one reference
    /// for the caller; null with the reason in `error` when NCCL is missing or the backend cannot be made.
    void* (*createNcclBackend)(void* store, int rank, int worldSize, int64_t timeoutMilliseconds, const char* groupName,
                               char* error, size_t capacity);
    /// A list of CUDA events to be recorded in turn on the device's current stream (the X-ray's clock on a GPU).
    void* (*createEventList)(int device);
    /// Records one more event of the list; returns its position (from 0), or -1 when it could not be recorded.
    int64_t (*recordListEvent)(void* list);
    /// Waits for the list's events and writes the milliseconds from the first to each into `milliseconds`
    /// (at most `count`); returns how many were written, or -1 when the events cannot be read.
    int64_t (*listEventMilliseconds)(void* list, double* milliseconds, int64_t count);
    void (*destroyEventList)(void* list);
};

} // namespace ampwb

/// The CUDA part's one exported symbol.
extern "C" const ampwb::CudaPluginFunctions* ampwb_cuda_plugin_functions();
