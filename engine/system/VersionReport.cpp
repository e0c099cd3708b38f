#include "system/VersionReport.h"

#include "system/DeviceInfo.h"
#include "system/ThreadPolicy.h"

#ifdef AMPWB_WITH_OPENCV
#include <opencv2/core/utility.hpp>
#endif

namespace ampwb {

namespace {

std::string bf16Line(const DeviceInfo& info)
{
    if (info.cpuHasAmxBf16)
        return "bf16: yes, AMX-BF16 units (CPU autocast runs in hardware)";
    if (info.cpuHasAvx512Bf16)
        return "bf16: yes, AVX512-BF16 units (CPU autocast runs in hardware)";
    return "bf16: no hardware units (CPU autocast is emulated)";
}

std::string fp16Line(const DeviceInfo& info)
{
    if (info.cpuHasAmxFp16)
        return "fp16: yes, AMX-FP16 units";
    if (info.cpuHasAvx512Fp16)
        return "fp16: yes, AVX512-FP16 units";
    return "fp16: no hardware units (CPU autocast in fp16 converts around each product)";
}

std::string cudaLine(const DeviceInfo& info)
{
    return "CUDA: " + info.cudaBuild + ", " + (info.cudaAvailable ? info.gpuName : std::string("no device"));
}

} // namespace

std::string workbenchVersion()
{
    return AMPWB_VERSION;
}

std::string workbenchLicense()
{
    return "GPL-3.0-or-later";
}

std::vector<std::string> versionReport(const std::string& program,
                                       const std::vector<ComponentVersion>& frontEndLibraries)
{
    const DeviceInfo info = probeDevices();
    std::vector<std::string> lines{program + " " + workbenchVersion(), "License: " + workbenchLicense(),
                                   "libtorch " + info.libtorchVersion};
    for (const ComponentVersion& library : frontEndLibraries)
        lines.push_back(library.name + " " + library.version);
#ifdef AMPWB_WITH_OPENCV
    lines.push_back("OpenCV " + cv::getVersionString());
#else
    lines.push_back("OpenCV: not built in (image folders and classifying image files need it)");
#endif
#ifdef AMPWB_WITH_ONNX
    lines.push_back("ONNX export: yes");
#else
    lines.push_back("ONNX export: not built in");
#endif
    lines.push_back("CPU: " + info.cpuModel + " (" + std::to_string(info.cpuThreads)
                    + (info.cpuThreads == 1 ? " thread, " : " threads, ") + currentThreadPolicy().chosenBy + ")");
    lines.push_back(bf16Line(info));
    lines.push_back(fp16Line(info));
    lines.push_back(cudaLine(info));
    return lines;
}

} // namespace ampwb
