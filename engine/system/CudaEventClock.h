#pragma once

#include <c10/core/Device.h>

#include <cstdint>
#include <vector>

namespace ampwb {

/// A clock on a CUDA device's stream: marks are CUDA events recorded in turn on the current stream,
/// and a mark's time is when the device reached it, read once the work queued before it has run.
/// Where the CUDA part is missing (or the device is not CUDA) nothing is recorded and every mark is -1.
class CudaEventClock {
public:
    explicit CudaEventClock(c10::Device device);
    ~CudaEventClock();
    CudaEventClock(const CudaEventClock&) = delete;
    CudaEventClock& operator=(const CudaEventClock&) = delete;

    /// Whether marks are recorded: a CUDA device and the CUDA part are there.
    bool recording() const { return list != nullptr; }
    /// Records a mark; returns its number (from 0), or -1 when none could be recorded.
    int64_t mark();
    /// Waits for the device to reach the last mark; then each mark's milliseconds after the first,
    /// by number. Empty when nothing was recorded or the events cannot be read.
    std::vector<double> millisecondsSinceFirst();

private:
    void* list = nullptr;
    int64_t marks = 0;
};

} // namespace ampwb
