#include "modelfiles/ModelLoading.h"

#include "data/DataSource.h"
#include "model/ClassNames.h"
#include "model/ModelFileError.h"
#include "model/ResNet18StateDict.h"
#include "modelfiles/CheckpointWeights.h"
#include "modelfiles/StateDictFile.h"
#include "modelfiles/TorchFileFormat.h"
#include "modelfiles/TorchHubWeights.h"
#include "run/RunFolder.h"
#include "system/AtomicFile.h"
#include "system/ErrorText.h"

#include <filesystem>

namespace fs = std::filesystem;

namespace ampwb {
namespace {

ModelCard defaultCard(int64_t classCount)
{
    ModelCard card;
    card.classNames = classCount == 1000 ? imageNetClassNames() : numberedClassNames(classCount);
    return card;
}

ClassifierModel fromStateDictFile(const std::string& path)
{
    ClassifierModel model;
    model.network = resNet18FromStateDict(readStateDictFile(path), path);
    const int64_t classes = model.network->numClasses();
    const std::string cardPath = modelCardPath(path);
    if (fs::is_regular_file(cardPath)) {
        model.card = modelCardFromJson(readTextFile(cardPath), cardPath);
        if (static_cast<int64_t>(model.card.classNames.size()) != classes)
            throw ModelFileError(
                EngineMessage(EngineMessage::Code::ModelCardClassCount,
                              {cardPath, std::to_string(model.card.classNames.size()), path, std::to_string(classes)}));
    } else {
        model.card = defaultCard(classes);
    }
    model.description = EngineMessage(EngineMessage::Code::StateDictModel, {std::to_string(classes), path});
    model.file = path;
    return model;
}

/// Image size and class names as the run trained with them.
ModelCard cardOfRun(const std::string& directory, int64_t classCount)
{
    ModelCard card = defaultCard(classCount);
    TrainingConfig config;
    try {
        config = RunFolder::readConfig(directory);
    } catch (const std::exception& error) {
        throw ModelFileError(
            EngineMessage(EngineMessage::Code::RunFolderConfigUnusable, {directory, messageOf(error)}));
    }
    int64_t imageSize = config.imageSize;
    if (const auto summary = RunFolder::readSummary(directory); summary && summary->imageSize > 0)
        imageSize = summary->imageSize;
    try {
        const DataSplits data = openDataSource(dataSourceOptions(config));
        if (data.train->classCount() == classCount)
            card.classNames = data.train->classNames();
        card.learnedFromGrayscale = data.train->size() > 0 && data.train->image(0).size(0) == 1;
        if (imageSize <= 0)
            imageSize = data.nativeImageSize;
    } catch (const DataError&) {
        // The dataset moved or is gone: numbered class names, and the size the run recorded.
    }
    card.preprocessing.imageSize = imageSize > 0 ? imageSize : 224;
    return card;
}

ClassifierModel fromCheckpoint(const std::string& checkpointPath)
{
    ClassifierModel model;
    model.network = loadCheckpointWeights(checkpointPath);
    const int64_t classes = model.network->numClasses();
    const fs::path parent = fs::path(checkpointPath).parent_path();
    const std::string directory = parent.empty() ? "." : parent.string();
    const bool inRunFolder = fs::is_regular_file(fs::path(directory) / "config.json");
    model.card = inRunFolder ? cardOfRun(directory, classes) : defaultCard(classes);
    model.description = EngineMessage(EngineMessage::Code::WorkbenchRunModel,
                                      {inRunFolder ? directory : checkpointPath, std::to_string(classes),
                                       std::to_string(model.card.preprocessing.imageSize)});
    model.file = checkpointPath;
    return model;
}

ClassifierModel fromTorchHub()
{
    const auto path = findTorchvisionResNet18Weights();
    if (!path) {
        std::string searched;
        for (const std::string& directory : torchHubCheckpointDirectories())
            searched += (searched.empty() ? "" : ", ") + directory;
        throw ModelFileError(
            EngineMessage(EngineMessage::Code::ImageNetWeightsMissing, {kTorchvisionResNet18FileName, searched}));
    }
    ClassifierModel model = fromStateDictFile(*path);
    model.description = EngineMessage(EngineMessage::Code::TorchvisionModel, {*path});
    return model;
}

} // namespace

ClassifierModel loadClassifierModel(const std::string& model, const std::string& labelsPath)
{
    ClassifierModel loaded;
    if (model == "torchvision") {
        loaded = fromTorchHub();
    } else if (fs::is_directory(model)) {
        const fs::path checkpoint = fs::path(model) / "checkpoint.pt";
        if (!fs::is_regular_file(checkpoint))
            throw ModelFileError(EngineMessage(EngineMessage::Code::NotARunFolderWithCheckpoint, {model}));
        loaded = fromCheckpoint(checkpoint.string());
    } else if (detectTorchFileFormat(model) == TorchFileFormat::TorchScriptArchive) {
        loaded = fromCheckpoint(model);
    } else {
        loaded = fromStateDictFile(model);
    }
    if (!labelsPath.empty()) {
        std::vector<std::string> names = readClassNamesFile(labelsPath);
        if (static_cast<int64_t>(names.size()) != loaded.network->numClasses())
            throw ModelFileError(EngineMessage(EngineMessage::Code::LabelListClassCount,
                                               {labelsPath, std::to_string(names.size()),
                                                std::to_string(loaded.network->numClasses())}));
        loaded.card.classNames = std::move(names);
    }
    loaded.network->eval();
    return loaded;
}

} // namespace ampwb
