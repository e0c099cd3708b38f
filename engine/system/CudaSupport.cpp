#include "system/CudaSupport.h"

#include "system/CudaPluginInterface.h"

#include <torch/cuda.h>

#include <dlfcn.h>
#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <mutex>
#include <vector>

namespace ampwb {
namespace {

struct CudaPart {
    const CudaPluginFunctions* functions = nullptr;
    std::string whyMissing;
};

// Where the CUDA part may be: $AMPWB_CUDA_PLUGIN; for a program in the build tree the build's copy, else
// beside the installed program (PREFIX/bin → PREFIX/lib/amp-workbench).
std::vector<std::string> candidatePaths()
{
    std::vector<std::string> paths;
    if (const char* chosen = std::getenv("AMPWB_CUDA_PLUGIN"); chosen && *chosen)
        paths.emplace_back(chosen);
    char executable[PATH_MAX];
    const ssize_t length = readlink("/proc/self/exe", executable, sizeof executable - 1);
    const std::string program = length > 0 ? std::string(executable, size_t(length)) : std::string();
#ifdef AMPWB_CUDA_PLUGIN_BUILD_PATH
    if (program.rfind(AMPWB_BUILD_TREE "/", 0) == 0) {
        paths.emplace_back(AMPWB_CUDA_PLUGIN_BUILD_PATH);
        return paths;
    }
#endif
    if (!program.empty())
        paths.push_back(program.substr(0, program.rfind('/')) + "/../lib/amp-workbench/libampwb_cuda.so");
    return paths;
}

CudaPart loadCudaPart()
{
    CudaPart part;
#ifndef AMPWB_WITH_CUDA
    part.whyMissing = "this build has no CUDA part (its libtorch was built without CUDA)";
    return part;
#else
    for (const std::string& path : candidatePaths()) {
        if (access(path.c_str(), F_OK) != 0)
            continue;
        void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!library) {
            const char* error = dlerror();
            part.whyMissing = "the CUDA part " + path + " did not load: " + (error ? error : "unknown error");
            return part;
        }
        using Entry = const CudaPluginFunctions* (*)();
        auto entry = reinterpret_cast<Entry>(dlsym(library, "ampwb_cuda_plugin_functions"));
        const CudaPluginFunctions* functions = entry ? entry() : nullptr;
        if (!functions || functions->interfaceVersion != kCudaPluginInterfaceVersion) {
            part.whyMissing = "the CUDA part " + path + " belongs to another version of the workbench";
            return part;
        }
        part.functions = functions;
        return part;
    }
    part.whyMissing = "the CUDA part (libampwb_cuda.so) is not installed";
    return part;
#endif
}

const CudaPart& cudaPart()
{
    static const CudaPart part = loadCudaPart();
    return part;
}

int indexOf(c10::Device device)
{
    return device.has_index() ? device.index() : 0;
}

} // namespace

bool cudaAvailable()
{
    return cudaPart().functions && torch::cuda::is_available();
}

std::string cudaBuildDescription()
{
    const CudaPart& part = cudaPart();
    if (!part.functions)
        return part.whyMissing;
    return std::string("built with CUDA ") + part.functions->builtWithCuda;
}

MemoryUsage cudaMemoryUsage(c10::Device device)
{
    MemoryUsage usage;
    usage.isCuda = true;
    if (const CudaPluginFunctions* functions = cudaPart().functions) {
        int64_t figures[4] = {};
        functions->memoryUsage(indexOf(device), figures);
        usage.allocatedBytes = figures[0];
        usage.peakAllocatedBytes = figures[1];
        usage.reservedBytes = figures[2];
        usage.peakReservedBytes = figures[3];
    }
    return usage;
}

void resetCudaPeakMemory(c10::Device device)
{
    if (const CudaPluginFunctions* functions = cudaPart().functions)
        functions->resetPeakMemory(indexOf(device));
}

void synchronizeDevice(c10::Device device)
{
    if (!device.is_cuda())
        return;
    if (const CudaPluginFunctions* functions = cudaPart().functions)
        functions->synchronize(indexOf(device));
}

void startCudaTimer(c10::Device device)
{
    if (const CudaPluginFunctions* functions = cudaPart().functions)
        functions->startTimer(indexOf(device));
}

double cudaTimerMilliseconds(c10::Device device)
{
    const CudaPluginFunctions* functions = cudaPart().functions;
    return functions ? functions->timerMilliseconds(indexOf(device)) : 0.0;
}

const CudaPluginFunctions* cudaPluginFunctions()
{
    return cudaPart().functions;
}

std::string cudaDeviceDescription(c10::Device device)
{
    const CudaPluginFunctions* functions = cudaPart().functions;
    char text[256];
    if (!functions || !functions->describe(indexOf(device), text, sizeof text))
        return {};
    return text;
}

} // namespace ampwb
