// Fuzz target: the CIFAR-10 binary batch reader.
#include "FuzzInput.h"

#include "data/Cifar10Dataset.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string path = writeFuzzInput(data, size, ".bin");
    try {
        ampwb::Cifar10Dataset dataset({path}, {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"});
        for (int64_t i = 0; i < dataset.size(); ++i) {
            if (dataset.label(i) < 0 || dataset.label(i) > 9 || dataset.image(i).size(0) != 3)
                __builtin_trap();
        }
    } catch (const ampwb::DataError&) {
    }
    return 0;
}
