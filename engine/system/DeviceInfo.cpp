#include "system/DeviceInfo.h"

#include "system/CudaSupport.h"
#include "system/EngineError.h"

#include <ATen/Parallel.h>
#include <torch/version.h>

#include <fstream>
#include <sstream>

namespace ampwb {

DeviceInfo probeDevices()
{
    DeviceInfo info;
    std::ifstream cpuinfo("/proc/cpuinfo");
    bool flagsRead = false;
    for (std::string line; std::getline(cpuinfo, line);) {
        const auto colon = line.find(':');
        if (colon == std::string::npos)
            continue;
        const std::string key = line.substr(0, line.find_last_not_of(" \t", colon - 1) + 1);
        const std::string value = colon + 2 <= line.size() ? line.substr(colon + 2) : std::string();
        if (key == "model name" && info.cpuModel.empty())
            info.cpuModel = value;
        if (key == "flags" && !flagsRead) {
            flagsRead = true;
            std::istringstream flags(value);
            for (std::string flag; flags >> flag;) {
                info.cpuHasAvx512Bf16 |= flag == "avx512_bf16";
                info.cpuHasAmxBf16 |= flag == "amx_bf16";
                info.cpuHasAvx512Fp16 |= flag == "avx512_fp16";
                info.cpuHasAmxFp16 |= flag == "amx_fp16";
            }
        }
    }
    info.cpuThreads = at::get_num_threads();
    info.cudaAvailable = cudaAvailable();
    info.cudaBuild = cudaBuildDescription();
    if (info.cudaAvailable)
        info.gpuName = cudaDeviceDescription(c10::Device(c10::DeviceType::CUDA, 0));
    info.libtorchVersion = TORCH_VERSION;
    return info;
}

c10::Device resolveDevice(const std::string& request)
{
    if (request == "auto")
        return cudaAvailable() ? c10::Device(c10::DeviceType::CUDA, 0) : c10::Device(c10::DeviceType::CPU);
    if (request == "cpu")
        return c10::Device(c10::DeviceType::CPU);
    if (request.rfind("cuda", 0) == 0) {
        if (!cudaAvailable())
            throw EngineError(EngineMessage(EngineMessage::Code::CudaUnavailable));
        try {
            c10::Device device(request);
            return device.has_index() ? device : c10::Device(c10::DeviceType::CUDA, 0);
        } catch (const std::exception&) {
            throw EngineError(EngineMessage(EngineMessage::Code::UnknownDevice, {request}));
        }
    }
    throw EngineError(EngineMessage(EngineMessage::Code::UnknownDevice, {request}));
}

EngineMessage deviceMessage(c10::Device device, const DeviceInfo& info)
{
    using Code = EngineMessage::Code;
    if (device.is_cuda())
        return EngineMessage(Code::CudaDevice, {info.gpuName.empty() ? std::string("GPU") : info.gpuName});
    EngineMessage::Argument units = EngineMessage(Code::NoBf16Units);
    if (info.cpuHasAmxBf16)
        units = "AMX-BF16";
    else if (info.cpuHasAvx512Bf16)
        units = "AVX512-BF16";
    if (info.cpuThreads == 1)
        return EngineMessage(Code::CpuDeviceOneThread, {info.cpuModel, units});
    return EngineMessage(Code::CpuDevice, {info.cpuModel, std::to_string(info.cpuThreads), units});
}

std::string describeDevice(c10::Device device, const DeviceInfo& info)
{
    return deviceMessage(device, info).english();
}

} // namespace ampwb
