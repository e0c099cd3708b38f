// libampwb_cuda.so: the engine's CUDA part (see system/CudaPluginInterface.h). Loading it loads
// libtorch_cuda, whose kernels, autocast lists, GradScaler ops and caching allocator register
// themselves with libtorch on load; the functions here are what the engine asks of CUDA directly.
#include "system/CudaPluginInterface.h"

#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAFunctions.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime_api.h>

#include <cstdio>

namespace {

void memoryUsage(int device, int64_t figures[4])
{
    const auto stats = c10::cuda::CUDACachingAllocator::getDeviceStats(static_cast<c10::DeviceIndex>(device));
    const auto all = static_cast<size_t>(c10::CachingAllocator::StatType::AGGREGATE);
    figures[0] = stats.allocated_bytes[all].current;
    figures[1] = stats.allocated_bytes[all].peak;
    figures[2] = stats.reserved_bytes[all].current;
    figures[3] = stats.reserved_bytes[all].peak;
}

void resetPeakMemory(int device)
{
    c10::cuda::CUDACachingAllocator::resetPeakStats(static_cast<c10::DeviceIndex>(device));
}

void synchronize(int device)
{
    c10::cuda::CUDAGuard guard(static_cast<c10::DeviceIndex>(device));
    c10::cuda::device_synchronize();
}

bool describe(int device, char* text, size_t capacity)
{
    cudaDeviceProp properties{};
    if (cudaGetDeviceProperties(&properties, device) != cudaSuccess)
        return false;
    std::snprintf(text, capacity, "%s, %.1f GiB", properties.name, properties.totalGlobalMem / double(1ULL << 30));
    return true;
}

const char* builtWithCuda()
{
    static char version[16];
    std::snprintf(version, sizeof version, "%d.%d", CUDART_VERSION / 1000, CUDART_VERSION % 1000 / 10);
    return version;
}

} // namespace

extern "C" __attribute__((visibility("default"))) const ampwb::CudaPluginFunctions* ampwb_cuda_plugin_functions()
{
    static const ampwb::CudaPluginFunctions functions{
        ampwb::kCudaPluginInterfaceVersion, builtWithCuda(), memoryUsage, resetPeakMemory, synchronize, describe};
    return &functions;
}
