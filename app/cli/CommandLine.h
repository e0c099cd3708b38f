#pragma once

#include "training/TrainingConfig.h"

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace ampwb::cli {

/// A command-line mistake; main prints it with the command's usage and exits with 2.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Options shared by `train` and `compare`, parsed into a TrainingConfig.
struct TrainOptions {
    TrainingConfig config;
    std::string resumeDirectory;
    bool interleave = false; ///< `compare`: alternate FP32 and AMP step by step
    bool json = false;
    bool quiet = false;
    bool help = false;
};

/// Parses `train`/`compare` arguments (everything after the subcommand).
TrainOptions parseTrainOptions(const std::vector<std::string>& arguments, bool allowResume);

/// The option list printed by `train --help` and `compare --help`.
std::string trainOptionsHelp(bool allowResume);

} // namespace ampwb::cli
