// The only file that includes CUDA headers; compiled with AMPWB_WITH_CUDA only when
// the Torch package found has CUDA.
#include "system/CudaSupport.h"

#include <torch/cuda.h>

#ifdef AMPWB_WITH_CUDA
#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAFunctions.h>
#include <cuda_runtime_api.h>

#include <cstdio>
#endif

namespace ampwb {

bool cudaAvailable()
{
    return torch::cuda::is_available();
}

#ifdef AMPWB_WITH_CUDA
namespace {

c10::DeviceIndex indexOf(c10::Device device)
{
    return device.has_index() ? device.index() : c10::DeviceIndex(0);
}

} // namespace

MemoryUsage cudaMemoryUsage(c10::Device device)
{
    const auto stats = c10::cuda::CUDACachingAllocator::getDeviceStats(indexOf(device));
    constexpr size_t all = 0; // StatType::AGGREGATE, whose namespace differs between 1.13 and 2.x
    MemoryUsage usage;
    usage.isCuda = true;
    usage.allocatedBytes = stats.allocated_bytes[all].current;
    usage.peakAllocatedBytes = stats.allocated_bytes[all].peak;
    usage.reservedBytes = stats.reserved_bytes[all].current;
    usage.peakReservedBytes = stats.reserved_bytes[all].peak;
    return usage;
}

void resetCudaPeakMemory(c10::Device device)
{
    c10::cuda::CUDACachingAllocator::resetPeakStats(indexOf(device));
}

void synchronizeDevice(c10::Device device)
{
    if (device.is_cuda())
        c10::cuda::device_synchronize();
}

std::string cudaDeviceDescription(c10::Device device)
{
    cudaDeviceProp properties{};
    if (cudaGetDeviceProperties(&properties, indexOf(device)) != cudaSuccess)
        return {};
    char memory[32];
    std::snprintf(memory, sizeof memory, "%.1f GiB", properties.totalGlobalMem / double(1ULL << 30));
    return std::string(properties.name) + ", " + memory;
}

#else

MemoryUsage cudaMemoryUsage(c10::Device)
{
    MemoryUsage usage;
    usage.isCuda = true;
    return usage;
}

void resetCudaPeakMemory(c10::Device) {}
void synchronizeDevice(c10::Device) {}
std::string cudaDeviceDescription(c10::Device)
{
    return {};
}

#endif

} // namespace ampwb
