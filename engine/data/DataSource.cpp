#include "data/DataSource.h"

#include "data/Cifar10Dataset.h"
#include "data/IdxDataset.h"
#include "data/SyntheticDataset.h"
#ifdef AMPWB_WITH_OPENCV
#include "data/ImageFolderDataset.h"
#endif

namespace ampwb {
namespace {

bool startsWith(const std::string& text, const std::string& prefix)
{
    return text.rfind(prefix, 0) == 0;
}

std::vector<std::string> digitNames()
{
    std::vector<std::string> names;
    for (int digit = 0; digit < 10; ++digit)
        names.push_back(std::to_string(digit));
    return names;
}

} // namespace

DataSplits openDataSource(const DataSourceOptions& options)
{
    const std::string& spec = options.spec;
    if (spec.empty())
        throw DataError(EngineMessage(EngineMessage::Code::NoDatasetGiven));
    if (spec == "fashion-mnist")
        return openIdxDirectory(kFashionMnistDirectory, fashionMnistClassNames(), "Fashion-MNIST");
    if (startsWith(spec, "fashion-mnist:"))
        return openIdxDirectory(spec.substr(14), fashionMnistClassNames(), "Fashion-MNIST");
    if (startsWith(spec, "mnist:"))
        return openIdxDirectory(spec.substr(6), digitNames(), "MNIST");
    if (spec == "synthetic")
        return openSynthetic(options.imageSize, options.syntheticTrainSize, options.syntheticValidationSize,
                             options.seed);
    if (startsWith(spec, "cifar10:"))
        return openCifar10Directory(spec.substr(8));
#ifdef AMPWB_WITH_OPENCV
    return openImageFolder(spec);
#else
    throw DataError(EngineMessage(EngineMessage::Code::UnknownDatasetWithoutOpenCv, {spec}));
#endif
}

DataSourceOptions dataSourceOptions(const TrainingConfig& config)
{
    DataSourceOptions source;
    source.spec = config.dataset;
    source.imageSize = config.imageSize > 0 ? config.imageSize : 64;
    source.syntheticTrainSize = config.syntheticTrainSize;
    source.syntheticValidationSize = config.syntheticValidationSize;
    source.seed = config.seed;
    return source;
}

} // namespace ampwb
