#pragma once

#include "evaluation/ModelEvaluation.h"
#include "evaluation/PredictionAgreement.h"
#include "model/Classifier.h"

#include <memory>
#include <optional>
#include <string>

namespace ampwb {

/// One evaluation as the CLI's `evaluate` and the window's Evaluate ask for it: a model, and
/// optionally a second one to compare with on the same images.
struct EvaluationJob {
    std::string model;       ///< a run folder or its checkpoint.pt, a .pth state dict, or `torchvision`
    std::string against;     ///< a second model in the same forms; empty: none
    std::string data;        ///< a data source as `train --data` takes it; empty: the run's own
    bool trainSplit = false; ///< the training split instead of the validation split
    /// `data` is a folder of class folders: every image in it, not the tenth a split holds out for
    /// validation (a folder with train/ and val/ folders: its val/ folder).
    bool wholeFolder = false;
    ClassifierOptions classifier;
    EvaluationOptions evaluation;
    std::string out; ///< where the files go; empty: the runs' own evaluation/ folders (nothing without a run)
};

/// The top-1 a finished run measured at its end, on its own validation images with the weights its checkpoint
/// holds: an evaluation of that checkpoint on the same images differs only by the arithmetic.
struct RunsOwnValidation {
    double top1 = 0.0; ///< fraction
    int64_t images = 0;
    std::string arithmetic; ///< how the run validated: "fp32", or "bf16 autocast" / "fp16 autocast" for AMP
};

/// What an EvaluationJob found; nothing is written when it was cancelled.
struct EvaluationJobResult {
    std::string dataDescription; ///< the data source and split, e.g. "Fashion-MNIST (…), validation split"
    std::string source;          ///< the data source alone, e.g. "Fashion-MNIST (…)"
    std::shared_ptr<const Dataset> dataset;
    std::string modelDescription;
    std::string againstDescription;
    ModelEvaluation evaluation;
    std::optional<ModelEvaluation> second;
    std::optional<PredictionAgreement> agreement;
    std::string folder;       ///< where the first model's files went; empty: not written
    std::string secondFolder; ///< the second model's
    /// Set when the model is a finished run evaluated on its own validation images (its validation limit too).
    std::optional<RunsOwnValidation> runsOwn;
    bool cancelled = false;
};

/// The run folder `model` names (the folder itself, or the folder of its checkpoint.pt), if it is one.
std::optional<std::string> runFolderOf(const std::string& model);

/// Loads the model(s) and the data, evaluates, compares the two models image by image and
/// writes the files (writeEvaluationFiles, and disagreements.csv beside the first model's).
/// Throws EngineError when `data` is empty and `model` is not a run, and what
/// loading the model or data and evaluateModel throw.
EvaluationJobResult runEvaluationJob(const EvaluationJob& job);

} // namespace ampwb
