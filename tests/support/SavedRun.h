#pragma once
// A run folder written the way a finished training run leaves it, for the suites that load models.

#include "model/ResNet18.h"
#include "run/RunFolder.h"
#include "run/TrainingConfig.h"
#include "system/DeviceInfo.h"
#include "training/Checkpoint.h"
#include "training/GradScaler.h"

#include <torch/optim/sgd.h>

#include <string>

namespace ampwb::test {

/// Writes run folder `name` under `parent`: a config.json naming `dataset` at `imageSize` pixels and
/// a checkpoint.pt holding `model`. Returns the folder.
inline std::string saveRun(const std::string& parent, const std::string& name, const std::string& dataset,
                           int64_t imageSize, ResNet18& model)
{
    const RunFolder run = RunFolder::create(parent, name);
    TrainingConfig config;
    config.dataset = dataset;
    config.imageSize = imageSize;
    run.writeConfig(config, probeDevices(), "CPU");
    torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.1));
    saveCheckpoint(run.checkpointPath(), model, optimizer, GradScaler(), TrainingProgress{});
    return run.directory();
}

} // namespace ampwb::test
