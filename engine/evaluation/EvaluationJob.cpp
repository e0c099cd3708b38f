#include "evaluation/EvaluationJob.h"

#include "data/DataSource.h"
#ifdef AMPWB_WITH_OPENCV
#include "data/ImageFolderDataset.h"
#endif
#include "evaluation/EvaluationFiles.h"
#include "modelfiles/ModelLoading.h"
#include "run/RunFolder.h"
#include "system/EngineError.h"

#include <filesystem>

namespace ampwb {

namespace fs = std::filesystem;

std::optional<std::string> runFolderOf(const std::string& model)
{
    const fs::path path(model);
    const fs::path folder = fs::is_directory(path) ? path : path.parent_path();
    if (!folder.empty() && fs::is_regular_file(folder / "config.json"))
        return folder.string();
    return std::nullopt;
}

namespace {

/// What the finished run in `folder` measured on its validation images, if it did.
std::optional<RunsOwnValidation> runsOwnValidation(const std::string& folder)
{
    const std::optional<RunSummary> summary = RunFolder::readSummary(folder);
    if (!summary || summary->state != RunState::Finished || !summary->validated)
        return std::nullopt;
    const std::string autocast = summary->ampDtype == AmpDtype::Auto ? "autocast"
                                                                     : shortName(summary->ampDtype) + " autocast";
    return RunsOwnValidation{summary->finalTop1, summary->validationImages,
                             summary->precision == Precision::Amp ? autocast : "fp32"};
}

} // namespace

EvaluationJobResult runEvaluationJob(const EvaluationJob& job)
{
    const std::optional<std::string> run = runFolderOf(job.model);
    DataSourceOptions source;
    EvaluationOptions options = job.evaluation;
    std::optional<RunsOwnValidation> runsOwn;
    if (run) {
        const TrainingConfig config = RunFolder::readConfig(*run);
        source = dataSourceOptions(config);
        // The run's own validation images: the same ones it measured itself on, so the two can be read together.
        if (job.data.empty() && !job.trainSplit) {
            if (options.limit == 0)
                options.limit = config.validationLimit;
            runsOwn = runsOwnValidation(*run);
        }
    }
    if (!job.data.empty())
        source.spec = job.data;
    else if (!run)
        throw EngineError(EngineMessage(EngineMessage::Code::EvaluationNeedsData, {job.model}));

    const Classifier classifier(loadClassifierModel(job.model), job.classifier);
    std::optional<Classifier> secondClassifier;
    if (!job.against.empty())
        secondClassifier.emplace(loadClassifierModel(job.against), job.classifier);
    const DataSplits splits = openDataSource(source);

    EvaluationJobResult result;
    result.dataset = job.trainSplit ? splits.train : splits.validation;
    result.source = splits.description;
    result.dataDescription = splits.description + (job.trainSplit ? ", train split" : ", validation split");
#ifdef AMPWB_WITH_OPENCV // without it, openDataSource has refused an image folder already
    if (job.wholeFolder && !job.data.empty() && fs::is_directory(job.data) && !validationFolderOf(job.data)) {
        result.dataset = std::make_shared<ImageFolderDataset>(ImageFolderDataset::scan(job.data));
        result.source = "ImageFolder (" + job.data + ")";
        result.dataDescription = result.source + ", every image";
    }
#endif
    result.modelDescription = classifier.description();
    result.evaluation = evaluateModel(classifier, *result.dataset, options);
    result.runsOwn = runsOwn;
    if (secondClassifier) {
        result.againstDescription = secondClassifier->description();
        if (!result.evaluation.cancelled)
            result.second = evaluateModel(*secondClassifier, *result.dataset, options);
    }
    result.cancelled = result.evaluation.cancelled || (result.second && result.second->cancelled);
    if (result.cancelled)
        return result;

    result.folder = !job.out.empty() ? job.out : run ? (fs::path(*run) / "evaluation").string() : std::string();
    if (result.second) {
        result.agreement = comparePredictions(result.evaluation, *result.second);
        const std::optional<std::string> secondRun = runFolderOf(job.against);
        result.secondFolder = !job.out.empty() ? (fs::path(job.out) / "against").string()
                            : secondRun        ? (fs::path(*secondRun) / "evaluation").string()
                                               : std::string();
    }
    if (!result.folder.empty())
        writeEvaluationFiles(result.evaluation, result.folder);
    if (!result.secondFolder.empty())
        writeEvaluationFiles(*result.second, result.secondFolder);
    if (result.agreement && !result.folder.empty())
        writeDisagreements(*result.agreement, result.evaluation.classNames,
                           (fs::path(result.folder) / "disagreements.csv").string());
    return result;
}

} // namespace ampwb
