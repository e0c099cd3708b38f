#include "modelfiles/CheckpointWeights.h"

#include "model/ModelFileError.h"
#include "modelfiles/TorchFileFormat.h"
#include "training/Checkpoint.h"

#include <torch/serialize.h>

#include <filesystem>

namespace ampwb {
namespace {

int64_t readInteger(torch::serialize::InputArchive& archive, const std::string& key)
{
    torch::Tensor value;
    archive.read(key, value);
    return value.item<int64_t>();
}

} // namespace

ResNet18 loadCheckpointWeights(const std::string& path)
{
    if (!std::filesystem::is_regular_file(path))
        throw CheckpointError("There is no checkpoint at " + path + ".");
    try {
        // Refuses records that would unpack to more than a checkpoint can need before libtorch unpacks them.
        detectTorchFileFormat(path);
    } catch (const ModelFileError& error) {
        throw CheckpointError(error.what());
    }
    torch::serialize::InputArchive archive;
    try {
        archive.load_from(path, torch::kCPU);
    } catch (const std::exception&) {
        throw CheckpointError("The checkpoint " + path + " is damaged or not a workbench checkpoint.");
    }
    try {
        if (readInteger(archive, "format_version") != 1)
            throw CheckpointError("The checkpoint " + path + " was written by another workbench version.");
        const int64_t classes = readInteger(archive, "num_classes");
        if (classes < 1 || classes > 1000000)
            throw CheckpointError("The checkpoint " + path + " has an invalid class count.");
        ResNet18 model(classes);
        torch::serialize::InputArchive modelArchive;
        archive.read("model", modelArchive);
        model->load(modelArchive);
        return model;
    } catch (const CheckpointError&) {
        throw;
    } catch (const std::exception& error) {
        throw CheckpointError("The checkpoint " + path + " is not a workbench ResNet-18 checkpoint: "
                              + std::string(error.what()).substr(0, 300));
    }
}

} // namespace ampwb
