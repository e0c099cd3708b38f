// Fuzz target: the IDX (MNIST format) reader, gzip and raw.
#include "FuzzInput.h"

#include "data/Dataset.h"
#include "data/IdxDataset.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string path = writeFuzzInput(data, size, ".idx");
    for (uint32_t dimensions : {1u, 3u}) {
        try {
            const torch::Tensor values = ampwb::readIdxFile(path, dimensions);
            if (values.dim() != static_cast<int64_t>(dimensions))
                __builtin_trap();
        } catch (const ampwb::DataError&) {
        }
    }
    return 0;
}
