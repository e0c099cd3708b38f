#pragma once

#include "Command.h"
#include "training/TrainingConfig.h"

#include <string>

namespace ampwb::cli {

enum class ConsoleStyle;

/// `amp-workbench-cli train` (one run into a new run folder, or a stopped one resumed) and
/// `amp-workbench-cli compare` (FP32, then AMP, with the same seed and data order). run() returns
/// 0 when the runs finished, 130 when stopped, 1 when one failed.
class TrainingCommand : public Command {
public:
    enum class Kind { Train, Compare };

    explicit TrainingCommand(Kind kind);

    int run() override;

private:
    int train();
    int compare();
    ConsoleStyle style() const;

    Kind kind;
    TrainingConfig config;
    std::string resumeDirectory;
    int threads = 0;                   ///< the training step's operator threads (0: the thread policy's choice)
    bool interleave = false;           ///< `compare`: alternate FP32 and AMP step by step
    int64_t groupTimeoutSeconds = 300; ///< `train` under torchrun: the data-parallel group's timeout
    int processes = 1;                 ///< `train --nproc-per-node`: ranks on this machine, started here
    bool json = false;
    bool quiet = false;
};

} // namespace ampwb::cli
