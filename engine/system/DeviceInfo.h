#pragma once

#include "system/EngineMessage.h"

#include <c10/core/Device.h>

#include <string>

namespace ampwb {

/// What the machine offers for training, for the status bar, config.json and reports.
struct DeviceInfo {
    std::string cpuModel; ///< e.g. "AMD EPYC 9654 96-Core Processor"
    int cpuThreads = 0;   ///< libtorch's intra-op thread count
    bool cpuHasAvx512Bf16 = false;
    bool cpuHasAmxBf16 = false;
    bool cpuHasAvx512Fp16 = false;
    bool cpuHasAmxFp16 = false;
    bool cudaAvailable = false;
    std::string gpuName;         ///< e.g. "NVIDIA H200, 139.8 GiB" (empty without CUDA)
    std::string libtorchVersion; ///< e.g. "2.11.0"
    std::string cudaBuild;       ///< "built with CUDA 13.0", or why this build has no CUDA part
    /// Whether CPU autocast (bf16) has hardware support (AVX512-BF16 or AMX).
    bool cpuHasBf16Units() const { return cpuHasAvx512Bf16 || cpuHasAmxBf16; }
    /// Whether the CPU computes fp16 in hardware (AVX512-FP16 or AMX-FP16); without, CPU autocast in fp16 converts
    /// to fp32 and back around every product.
    bool cpuHasFp16Units() const { return cpuHasAvx512Fp16 || cpuHasAmxFp16; }
};

/// Reads the CPU model and flags from /proc/cpuinfo and asks libtorch about CUDA.
DeviceInfo probeDevices();

/// Resolves "auto" (CUDA when available, else CPU), "cpu" or "cuda"/"cuda:N";
/// throws std::invalid_argument with a readable message otherwise.
c10::Device resolveDevice(const std::string& request);

/// One line naming a device: "CPU (AMD EPYC …, 96 threads, bf16 units: AVX512-BF16)" or "CUDA (NVIDIA H200, …)".
EngineMessage deviceMessage(c10::Device device, const DeviceInfo& info);

/// deviceMessage() in English, as config.json, summary.json and the command line carry it.
std::string describeDevice(c10::Device device, const DeviceInfo& info);

} // namespace ampwb
