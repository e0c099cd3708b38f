#include "EvaluateCommand.h"

#include "InterruptWatcher.h"
#include "OptionValue.h"
#include "evaluation/EvaluationJob.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <unistd.h>

namespace ampwb::cli {
namespace {

const char* kEvaluateIntroduction =
    "Usage: amp-workbench-cli evaluate --model SOURCE [--data SOURCE] [OPTIONS]\n\n"
    "Classifies every image of a dataset with a model, as `classify` does, and reports what it\n"
    "gets wrong: the confusion matrix, per-class precision, recall and F1, the top confusions.\n"
    "Writes confusion.csv, per-class.csv and predictions.csv (each image's top 5).\n\n";

const char* kEvaluateNotes = "\nExit status: 0 evaluated (unreadable images are listed and skipped), 1 the model or\n"
                             "data could not be used, or Ctrl-C stopped it (nothing is written), 2 a usage mistake.\n";

constexpr int kConfusionsShown = 5;

nlohmann::json documentOf(const ModelEvaluation& evaluation, const std::string& model, const std::string& precision,
                          const std::string& folder)
{
    const ConfusionMatrix& matrix = evaluation.confusion;
    nlohmann::json perClass = nlohmann::json::array();
    for (int64_t each = 0; each < matrix.classCount(); ++each)
        perClass.push_back({{"class", each},
                            {"label", evaluation.classNames[static_cast<size_t>(each)]},
                            {"precision", matrix.precision(each)},
                            {"recall", matrix.recall(each)},
                            {"f1", matrix.f1(each)},
                            {"support", matrix.support(each)}});
    nlohmann::json confusions = nlohmann::json::array();
    for (const ConfusionMatrix::Confusion& confusion : matrix.topConfusions(kConfusionsShown))
        confusions.push_back({{"true", evaluation.classNames[static_cast<size_t>(confusion.trueClass)]},
                              {"predicted", evaluation.classNames[static_cast<size_t>(confusion.predictedClass)]},
                              {"count", confusion.count}});
    return {{"model", model},
            {"precision", precision},
            {"images", matrix.total()},
            {"top1", matrix.accuracy()},
            {"images_per_second", evaluation.imagesPerSecond()},
            {"per_class", perClass},
            {"top_confusions", confusions},
            {"unreadable", evaluation.unreadableImages},
            {"folder", folder}};
}

void printReport(const ModelEvaluation& evaluation, const std::string& model, const std::string& data,
                 const std::string& folder)
{
    const ConfusionMatrix& matrix = evaluation.confusion;
    std::printf("Model: %s\nData: %s\n\n", model.c_str(), data.c_str());
    std::printf("%lld images, top-1 %.2f %%, %.1f images/s\n\n", static_cast<long long>(matrix.total()),
                100.0 * matrix.accuracy(), evaluation.imagesPerSecond());
    std::printf("  %-24s %9s %9s %9s %8s\n", "class", "precision", "recall", "F1", "support");
    for (int64_t each = 0; each < matrix.classCount(); ++each)
        std::printf("  %-24.24s %9.3f %9.3f %9.3f %8lld\n", evaluation.classNames[static_cast<size_t>(each)].c_str(),
                    matrix.precision(each), matrix.recall(each), matrix.f1(each),
                    static_cast<long long>(matrix.support(each)));
    const auto confusions = matrix.topConfusions(kConfusionsShown);
    if (!confusions.empty()) {
        std::printf("\nMost often confused:\n");
        for (const ConfusionMatrix::Confusion& confusion : confusions)
            std::printf("  %lld × %s taken for %s\n", static_cast<long long>(confusion.count),
                        evaluation.classNames[static_cast<size_t>(confusion.trueClass)].c_str(),
                        evaluation.classNames[static_cast<size_t>(confusion.predictedClass)].c_str());
    }
    if (!folder.empty())
        std::printf("\nWritten to %s (confusion.csv, per-class.csv, predictions.csv)\n", folder.c_str());
}

/// The run's own top-1 beside this evaluation's, and why they can differ: the arithmetic alone.
void printRunsOwn(const RunsOwnValidation& run, const ModelEvaluation& evaluation, const std::string& precision)
{
    const int64_t images = evaluation.confusion.total();
    const int64_t correct = evaluation.confusion.correct();
    const auto runCorrect = std::llround(run.top1 * static_cast<double>(run.images));
    std::printf("The run measured top-1 %.2f %% (%lld of %lld images) in %s as it ended", 100.0 * run.top1,
                static_cast<long long>(runCorrect), static_cast<long long>(run.images), run.arithmetic.c_str());
    if (run.images != images) {
        std::printf("; this evaluation read %lld of them (the others could not be read).\n\n",
                    static_cast<long long>(images));
        return;
    }
    std::printf(";\nhere, in %s with batch norm folded into the convolutions (as Classify and serve run it), %lld "
                "of them: %s.\n\n",
                precision.c_str(), static_cast<long long>(correct),
                correct == runCorrect
                    ? "the same count"
                    : "the arithmetic decides a few borderline images differently (same weights, same images)");
}

nlohmann::json agreementJson(const PredictionAgreement& agreement)
{
    return {{"images", agreement.images},
            {"top1_agreement", agreement.agreement()},
            {"disagreements", agreement.disagreements.size()},
            {"mean_true_class_probability_difference", agreement.meanTrueClassDifference},
            {"largest_true_class_probability_difference", agreement.largestTrueClassDifference},
            {"largest_difference_index", agreement.largestDifferenceIndex}};
}

void printAgreement(const PredictionAgreement& agreement, const ModelEvaluation& first, const ModelEvaluation& second,
                    const std::string& secondModel)
{
    std::printf("\nAgainst: %s: top-1 %.2f %%\n", secondModel.c_str(), 100.0 * second.confusion.accuracy());
    std::printf("Same top-1 on %lld of %lld images (%.2f %%); %zu answered differently.\n",
                static_cast<long long>(agreement.agreeing), static_cast<long long>(agreement.images),
                100.0 * agreement.agreement(), agreement.disagreements.size());
    std::printf("True class's probability, second − first: mean %+.4f, largest %+.4f (image %lld)\n\n",
                agreement.meanTrueClassDifference, agreement.largestTrueClassDifference,
                static_cast<long long>(agreement.largestDifferenceIndex));
    std::printf("  %-24s %14s %14s\n", "class", "recall first", "recall second");
    for (int64_t each = 0; each < first.confusion.classCount(); ++each)
        std::printf("  %-24.24s %14.3f %14.3f\n", first.classNames[static_cast<size_t>(each)].c_str(),
                    first.confusion.recall(each), second.confusion.recall(each));
}

} // namespace

EvaluateCommand::EvaluateCommand()
    : Command(kEvaluateIntroduction, kEvaluateNotes)
{
    table.add({
        {"--model", "SOURCE",
         "a run folder or its checkpoint.pt, a .pth state dict of\n"
         "torchvision.models.resnet18(num_classes=N), or `torchvision`",
         [this](const OptionValue& v) { model = v.text(); }},
        {"--against", "SOURCE",
         "a second model to evaluate on the same images and compare with\n"
         "(an AMP run against its FP32 twin): top-1 agreement, the images\n"
         "answered differently (disagreements.csv), per-class recall",
         [this](const OptionValue& v) { against = v.text(); }},
        {"--data", "SOURCE",
         "the dataset, in the forms `train --data` takes (default: the\n"
         "run's own dataset when --model is a run)",
         [this](const OptionValue& v) { data = v.text(); }},
        {"--split", "validation|train|all",
         "which split to evaluate (default validation); all: every image of\n"
         "a --data folder of class folders, not the tenth held out for validation",
         [this](const OptionValue& v) {
             split = v.oneOf(v.text() == "validation" || v.text() == "train" || v.text() == "all"
                                 ? std::optional(v.text())
                                 : std::nullopt,
                             "validation, train or all");
         }},
        {"--limit", "N", "only the first N images of the split",
         [this](const OptionValue& v) { limit = v.wholeNumberBetween(1, 1LL << 40); }},
        {"--precision", "fp32|bf16", "bf16 is fast on CPUs with AVX512-BF16 or AMX (default fp32)",
         [this](const OptionValue& v) {
             classifierOptions.precision = v.oneOf(parseInferencePrecision(v.text()), "fp32 or bf16");
         }},
        {"--batch-size", "N", "images per forward pass (default 64)",
         [this](const OptionValue& v) { batchSize = v.wholeNumberBetween(1, 4096); }},
        {"--out", "DIR",
         "where the CSV files go (default: the run's evaluation/ folder;\n"
         "without a run, nothing is written unless --out is given)",
         [this](const OptionValue& v) { out = v.text(); }},
        {"--json", "", "one JSON document instead of the text report", [this](const OptionValue&) { json = true; }},
    });
}

int EvaluateCommand::run()
{
    if (model.empty())
        throw UsageError("--model is required (a run folder, checkpoint.pt, .pth file or `torchvision`).");
    if (data.empty() && !runFolderOf(model))
        throw UsageError("--data is required when --model is not a run folder.");
    if (split == "all" && !std::filesystem::is_directory(data))
        throw UsageError("--split all is for a --data folder of class folders.");
    EvaluationJob job;
    job.model = model;
    job.against = against;
    job.data = data;
    job.trainSplit = split == "train";
    job.wholeFolder = split == "all";
    job.classifier = classifierOptions;
    job.out = out;
    job.evaluation.batchSize = batchSize;
    job.evaluation.limit = limit;

    std::atomic<bool> stopRequested{false};
    InterruptWatcher watcher("Stopping the evaluation…", [&] { stopRequested = true; });
    const bool terminal = isatty(STDERR_FILENO) == 1;
    job.evaluation.progress = [&](int64_t done, int64_t total) {
        if (terminal)
            std::fprintf(stderr, "\rEvaluated %lld of %lld images", static_cast<long long>(done),
                         static_cast<long long>(total));
        return !stopRequested.load();
    };
    const EvaluationJobResult result = runEvaluationJob(job);
    if (terminal)
        std::fprintf(stderr, "\n");
    if (result.cancelled) {
        std::fprintf(stderr, "Stopped; nothing was written.\n");
        return 1;
    }
    const ModelEvaluation& evaluation = result.evaluation;
    const std::string precision = toString(classifierOptions.precision);
    if (json) {
        nlohmann::json document = documentOf(evaluation, result.modelDescription, precision, result.folder);
        if (result.runsOwn)
            document["run_measured"] = {{"top1", result.runsOwn->top1},
                                        {"images", result.runsOwn->images},
                                        {"arithmetic", result.runsOwn->arithmetic}};
        if (result.second) {
            document["against"] = documentOf(*result.second, result.againstDescription, precision, result.secondFolder);
            document["agreement"] = agreementJson(*result.agreement);
        }
        std::printf("%s\n", document.dump(2).c_str());
    } else {
        printReport(evaluation, result.modelDescription + " (" + precision + ")", result.dataDescription,
                    result.folder);
        if (result.runsOwn)
            printRunsOwn(*result.runsOwn, evaluation, precision);
        if (result.second)
            printAgreement(*result.agreement, evaluation, *result.second,
                           result.againstDescription + " (" + precision + ")");
    }
    for (const std::string& unreadable : evaluation.unreadableImages)
        std::fprintf(stderr, "skipped: %s\n", unreadable.c_str());
    if (!evaluation.unreadableImages.empty())
        std::fprintf(stderr, "%zu images could not be read and were skipped.\n", evaluation.unreadableImages.size());
    return 0;
}

} // namespace ampwb::cli
