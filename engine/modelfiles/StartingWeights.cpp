#include "modelfiles/StartingWeights.h"

#include "data/ImageTransform.h"
#include "modelfiles/ModelLoading.h"
#include "system/Sha256.h"

#include <cmath>

namespace ampwb {
namespace {

/// Float constants as the decimals they were written as (0.485, not 0.48500001430511475).
std::array<double, 3> asDecimals(const std::array<float, 3>& values)
{
    std::array<double, 3> decimals{};
    for (size_t i = 0; i < values.size(); ++i)
        decimals[i] = std::round(static_cast<double>(values[i]) * 1e6) / 1e6;
    return decimals;
}

} // namespace

bool namesImageNetWeights(const std::string& source)
{
    return source == "imagenet" || source == "torchvision";
}

StartingModel loadStartingModel(const std::string& source)
{
    const ClassifierModel loaded = loadClassifierModel(namesImageNetWeights(source) ? "torchvision" : source);
    StartingModel start;
    start.network = loaded.network;
    start.network->train();
    WeightsOrigin& origin = start.origin;
    origin.source = source;
    origin.file = loaded.file;
    origin.sha256 = sha256OfFile(loaded.file);
    origin.fileClasses = loaded.network->numClasses();
    origin.imageSize = loaded.card.preprocessing.imageSize;
    origin.mean = asDecimals(kImageNetMean);
    origin.std = asDecimals(kImageNetStd);
    return start;
}

void fitHead(StartingModel& start, int64_t classCount, bool alwaysNew)
{
    if (start.network->numClasses() == classCount && !alwaysNew)
        return;
    start.network->replaceHead(classCount);
    start.origin.headReplaced = true;
}

} // namespace ampwb
