#include "system/CudaEventClock.h"

#include "system/CudaPluginInterface.h"
#include "system/CudaSupport.h"

namespace ampwb {

CudaEventClock::CudaEventClock(c10::Device device)
{
    if (device.is_cuda() && cudaAvailable())
        list = cudaPluginFunctions()->createEventList(device.has_index() ? device.index() : 0);
}

CudaEventClock::~CudaEventClock()
{
    if (list)
        cudaPluginFunctions()->destroyEventList(list);
}

int64_t CudaEventClock::mark()
{
    if (!list)
        return -1;
    const int64_t number = cudaPluginFunctions()->recordListEvent(list);
    if (number >= 0)
        marks = number + 1;
    return number;
}

std::vector<double> CudaEventClock::millisecondsSinceFirst()
{
    if (!list || marks == 0)
        return {};
    std::vector<double> milliseconds(static_cast<size_t>(marks));
    const int64_t read = cudaPluginFunctions()->listEventMilliseconds(list, milliseconds.data(), marks);
    if (read != marks)
        return {};
    return milliseconds;
}

} // namespace ampwb
