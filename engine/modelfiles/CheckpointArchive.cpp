#include "modelfiles/CheckpointArchive.h"

#include "model/ModelFileError.h"
#include "modelfiles/TorchFileFormat.h"

#include <filesystem>

namespace ampwb {

CheckpointArchive openCheckpoint(const std::string& path, const torch::Device& device)
{
    if (!std::filesystem::exists(path))
        throw CheckpointError("There is no checkpoint at " + path + ".");
    if (!std::filesystem::is_regular_file(path))
        throw CheckpointError("The checkpoint " + path
                              + " is not a regular file (a pipe, a device, a folder): it is "
                                "not read.");
    try {
        // Refuses records that would unpack to more than a checkpoint can need before libtorch unpacks them.
        detectTorchFileFormat(path);
    } catch (const ModelFileError& error) {
        throw CheckpointError(error.what());
    }
    CheckpointArchive opened;
    try {
        opened.archive.load_from(path, device);
    } catch (const std::exception&) {
        throw CheckpointError("The checkpoint " + path + " is damaged or not a workbench checkpoint.");
    }
    try {
        if (readCheckpointField<int64_t>(opened.archive, "format_version") != 1)
            throw CheckpointError("The checkpoint " + path + " was written by another workbench version.");
        opened.classCount = readCheckpointField<int64_t>(opened.archive, "num_classes");
    } catch (const CheckpointError&) {
        throw;
    } catch (const std::exception& error) {
        throw CheckpointError("The checkpoint " + path + " is not a workbench ResNet-18 checkpoint: "
                              + std::string(error.what()).substr(0, 300));
    }
    if (opened.classCount < 1 || opened.classCount > 1'000'000)
        throw CheckpointError("The checkpoint " + path + " has an invalid class count.");
    return opened;
}

} // namespace ampwb
