#include "modelfiles/TorchFileFormat.h"

#include "model/ModelFileError.h"

#include <caffe2/serialize/inline_container.h>

#include <filesystem>
#include <fstream>

namespace ampwb {

TorchFileFormat detectTorchFileFormat(const std::string& path)
{
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error))
        throw ModelFileError("There is no model file at " + path + ".");
    std::ifstream in(path, std::ios::binary);
    char signature[4] = {};
    if (!in.read(signature, sizeof signature))
        return TorchFileFormat::Unknown;
    if (static_cast<unsigned char>(signature[0]) == 0x80 && signature[1] == 2)
        return TorchFileFormat::LegacyTorchSave;
    if (std::string(signature, 4) != std::string("PK\x03\x04", 4))
        return TorchFileFormat::Unknown;
    try {
        caffe2::serialize::PyTorchStreamReader reader(path);
        if (reader.hasRecord("constants.pkl"))
            return TorchFileFormat::TorchScriptArchive;
        if (reader.hasRecord("data.pkl"))
            return TorchFileFormat::StateDictArchive;
    } catch (const std::exception&) {
    }
    return TorchFileFormat::Unknown;
}

} // namespace ampwb
