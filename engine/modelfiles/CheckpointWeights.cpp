#include "modelfiles/CheckpointWeights.h"

#include "modelfiles/CheckpointArchive.h"

namespace ampwb {

ResNet18 loadCheckpointWeights(const std::string& path)
{
    CheckpointArchive checkpoint = openCheckpoint(path, torch::kCPU);
    try {
        ResNet18 model(checkpoint.classCount);
        torch::serialize::InputArchive modelArchive;
        checkpoint.archive.read("model", modelArchive);
        model->load(modelArchive);
        return model;
    } catch (const std::exception& error) {
        throw CheckpointError(EngineMessage(EngineMessage::Code::CheckpointNotWorkbenchResNet18,
                                            {path, std::string(error.what()).substr(0, 300)}));
    }
}

} // namespace ampwb
