#pragma once

#include <c10/core/Device.h>

#include <cstdint>

namespace ampwb {

/// Memory figures at one instant. On CUDA they come from the caching allocator;
/// on CPU they are the process's resident set (RSS) and its peak.
struct MemoryUsage {
    bool isCuda = false;
    int64_t allocatedBytes = 0;     ///< CUDA: bytes in live tensors
    int64_t reservedBytes = 0;      ///< CUDA: bytes held by the caching allocator
    int64_t peakAllocatedBytes = 0; ///< CUDA: peak of allocatedBytes since the last reset
    int64_t peakReservedBytes = 0;  ///< CUDA: peak of reservedBytes since the last reset
    int64_t residentBytes = 0;      ///< CPU: process RSS
    int64_t peakResidentBytes = 0;  ///< CPU: peak RSS since the last reset
    /// The figure a "peak memory" column shows: peak allocated on CUDA, peak RSS on CPU.
    int64_t peakBytes() const { return isCuda ? peakAllocatedBytes : peakResidentBytes; }
};

/// Reads the current memory figures for `device`.
MemoryUsage readMemoryUsage(c10::Device device);
/// Starts a new peak window (CUDA allocator peak stats, or the kernel's RSS high-water mark).
void resetPeakMemory(c10::Device device);

} // namespace ampwb
