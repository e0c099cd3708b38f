#pragma once

#include "data/Dataset.h"
#include "run/TrainingConfig.h"

#include <string>

namespace ampwb {

/// What the user asked to train on, as written on the command line or in config.json:
/// "fashion-mnist" (Debian's package), "fashion-mnist:DIR", "mnist:DIR", "synthetic",
/// "cifar10:DIR", or a folder path (ImageFolder).
struct DataSourceOptions {
    std::string spec = "fashion-mnist";
    int64_t imageSize = 28; ///< size of synthetic images
    int64_t syntheticTrainSize = 10240;
    int64_t syntheticValidationSize = 1024;
    uint64_t seed = 0;
};

/// Opens the data source; throws DataError with a message saying what to fix.
DataSplits openDataSource(const DataSourceOptions& options);

/// The data source a training configuration names.
DataSourceOptions dataSourceOptions(const TrainingConfig& config);

} // namespace ampwb
