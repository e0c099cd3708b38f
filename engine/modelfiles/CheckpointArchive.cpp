#include "modelfiles/CheckpointArchive.h"

#include "model/ModelFileError.h"
#include "modelfiles/TorchFileFormat.h"

#include <filesystem>

namespace ampwb {

CheckpointArchive openCheckpoint(const std::string& path, const torch::Device& device)
{
    if (!std::filesystem::exists(path))
        throw CheckpointError(EngineMessage(EngineMessage::Code::CheckpointMissing, {path}));
    if (!std::filesystem::is_regular_file(path))
        throw CheckpointError(EngineMessage(EngineMessage::Code::CheckpointNotRegularFile, {path}));
    try {
        // Refuses records that would unpack to more than a checkpoint can need before libtorch unpacks them.
        detectTorchFileFormat(path);
    } catch (const ModelFileError& error) {
        throw CheckpointError(error.message());
    }
    CheckpointArchive opened;
    try {
        opened.archive.load_from(path, device);
    } catch (const std::exception&) {
        throw CheckpointError(EngineMessage(EngineMessage::Code::CheckpointDamaged, {path}));
    }
    try {
        if (readCheckpointField<int64_t>(opened.archive, "format_version") != 1)
            throw CheckpointError(EngineMessage(EngineMessage::Code::CheckpointOtherVersion, {path}));
        opened.classCount = readCheckpointField<int64_t>(opened.archive, "num_classes");
    } catch (const CheckpointError&) {
        throw;
    } catch (const std::exception& error) {
        throw CheckpointError(EngineMessage(EngineMessage::Code::CheckpointNotWorkbenchResNet18,
                                            {path, std::string(error.what()).substr(0, 300)}));
    }
    if (opened.classCount < 1 || opened.classCount > 1'000'000)
        throw CheckpointError(EngineMessage(EngineMessage::Code::CheckpointInvalidClassCount, {path}));
    return opened;
}

} // namespace ampwb
