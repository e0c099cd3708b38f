// libampwb_cuda.so: the engine's CUDA part (see system/CudaPluginInterface.h). Loading it loads
// libtorch_cuda, whose kernels, autocast lists, GradScaler ops and caching allocator register
// themselves with libtorch on load; the functions here are what the engine asks of CUDA directly: allocator
// figures, synchronisation, CUDA-event timing (a step's, and each range of the X-ray's) and the NCCL backend of a
// data-parallel group.
#include "system/CudaPluginInterface.h"

#include <ATen/cuda/CUDAEvent.h>
#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAFunctions.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#include <cuda_runtime_api.h>
#ifdef USE_C10D_NCCL
#include <torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp>
#endif

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <utility>
#include <vector>

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

/// Each thread's timed span on each device: its start and end events.
std::map<int, std::pair<at::cuda::CUDAEvent, at::cuda::CUDAEvent>>& timers()
{
    thread_local std::map<int, std::pair<at::cuda::CUDAEvent, at::cuda::CUDAEvent>> spans;
    return spans;
}

void startTimer(int device)
{
    c10::cuda::CUDAGuard guard(static_cast<c10::DeviceIndex>(device));
    auto& span = timers()[device];
    span.first.record(c10::cuda::getCurrentCUDAStream());
}

double timerMilliseconds(int device)
{
    c10::cuda::CUDAGuard guard(static_cast<c10::DeviceIndex>(device));
    auto& span = timers()[device];
    span.second.record(c10::cuda::getCurrentCUDAStream());
    span.second.synchronize();
    return span.first.elapsed_time(span.second);
}

void* createNcclBackend(void* store, int rank, int worldSize, int64_t timeoutMilliseconds, const char* groupName,
                        char* error, size_t capacity)
{
#ifdef USE_C10D_NCCL
    try {
        auto options = c10d::ProcessGroupNCCL::Options::create();
        options->timeout = std::chrono::milliseconds(timeoutMilliseconds);
        options->group_name = groupName;
        auto backend = c10::make_intrusive<c10d::ProcessGroupNCCL>(
            c10::intrusive_ptr<c10d::Store>::unsafe_reclaim_from_nonowning(static_cast<c10d::Store*>(store)), rank,
            worldSize, options);
        return static_cast<c10d::Backend*>(backend.release());
    } catch (const std::exception& failure) {
        std::snprintf(error, capacity, "%s", failure.what());
        return nullptr;
    }
#else
    std::snprintf(error, capacity, "this CUDA part was built without NCCL's headers");
    return nullptr;
#endif
}

/// Events recorded in turn on one device's current stream; pooled, since a profiled step records thousands.
struct EventList {
    c10::DeviceIndex device = 0;
    std::vector<cudaEvent_t> events;
    size_t recorded = 0;
};

void* createEventList(int device)
{
    return new EventList{static_cast<c10::DeviceIndex>(device), {}, 0};
}

int64_t recordListEvent(void* opaque)
{
    auto* list = static_cast<EventList*>(opaque);
    try {
        c10::cuda::CUDAGuard guard(list->device);
        if (list->recorded == list->events.size()) {
            cudaEvent_t event = nullptr;
            if (cudaEventCreate(&event) != cudaSuccess)
                return -1;
            list->events.push_back(event);
        }
        if (cudaEventRecord(list->events[list->recorded], c10::cuda::getCurrentCUDAStream(list->device)) != cudaSuccess)
            return -1;
        return static_cast<int64_t>(list->recorded++);
    } catch (const std::exception&) {
        return -1; // called from inside an operator's RecordFunction: never throw there
    }
}

int64_t listEventMilliseconds(void* opaque, double* milliseconds, int64_t count)
{
    auto* list = static_cast<EventList*>(opaque);
    try {
        c10::cuda::CUDAGuard guard(list->device);
        const int64_t written = std::min(count, static_cast<int64_t>(list->recorded));
        if (written > 0 && cudaEventSynchronize(list->events[list->recorded - 1]) != cudaSuccess)
            return -1;
        for (int64_t i = 0; i < written; ++i) {
            float elapsed = 0.0F;
            if (cudaEventElapsedTime(&elapsed, list->events[0], list->events[static_cast<size_t>(i)]) != cudaSuccess)
                return -1;
            milliseconds[i] = elapsed;
        }
        return written;
    } catch (const std::exception&) {
        return -1;
    }
}

void destroyEventList(void* opaque)
{
    auto* list = static_cast<EventList*>(opaque);
    for (cudaEvent_t event : list->events)
        cudaEventDestroy(event);
    delete list;
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
    static const ampwb::CudaPluginFunctions functions{ampwb::kCudaPluginInterfaceVersion,
                                                      builtWithCuda(),
                                                      memoryUsage,
                                                      resetPeakMemory,
                                                      synchronize,
                                                      describe,
                                                      startTimer,
                                                      timerMilliseconds,
                                                      createNcclBackend,
                                                      createEventList,
                                                      recordListEvent,
                                                      listEventMilliseconds,
                                                      destroyEventList};
    return &functions;
}
