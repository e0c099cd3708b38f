// Fuzz target: the strict unpickler behind .pth import (torch.save's data.pkl).
#include "FuzzInput.h"

#include "modelfiles/PickleReader.h"
#include "modelfiles/StateDictFile.h"

#include <c10/util/Exception.h>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    // Every storage record exists and holds zeros, so tensor building is exercised too.
    const auto readRecord = [](const std::string&) { return std::string(4096, '\0'); };
    try {
        const ampwb::StateDict stateDict =
            ampwb::stateDictFromPickle(std::string(reinterpret_cast<const char*>(data), size), readRecord);
        for (const auto& [name, tensor] : stateDict) {
            if (!tensor.defined())
                __builtin_trap();
        }
    } catch (const ampwb::PickleError&) {
    }
    return 0;
}
