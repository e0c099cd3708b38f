#include "system/MemoryUsage.h"

#include "system/CudaSupport.h"

#include <fstream>
#include <string>

namespace ampwb {
namespace {

int64_t readStatusKilobytes(const std::string& key)
{
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);) {
        if (line.rfind(key, 0) == 0)
            return std::stoll(line.substr(key.size())) * 1024;
    }
    return 0;
}

} // namespace

MemoryUsage readMemoryUsage(c10::Device device)
{
    if (device.is_cuda())
        return cudaMemoryUsage(device);
    MemoryUsage usage;
    usage.residentBytes = readStatusKilobytes("VmRSS:");
    usage.peakResidentBytes = readStatusKilobytes("VmHWM:");
    return usage;
}

void resetPeakMemory(c10::Device device)
{
    if (device.is_cuda()) {
        resetCudaPeakMemory(device);
        return;
    }
    // Writing 5 to clear_refs resets VmHWM to the current RSS (Linux ≥ 4.0).
    std::ofstream clearRefs("/proc/self/clear_refs");
    clearRefs << "5";
}

} // namespace ampwb
