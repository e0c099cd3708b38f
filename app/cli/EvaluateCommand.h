#pragma once

#include "Command.h"
#include "model/Classifier.h"

#include <cstdint>
#include <string>

namespace ampwb::cli {

/// `amp-workbench-cli evaluate`: classifies every image of a dataset's validation (or
/// training) split with a model and reports the confusion matrix, per-class precision,
/// recall and F1, and the top confusions; writes them with every image's top-5 to
/// confusion.csv, per-class.csv and predictions.csv (in the run's evaluation/ folder when
/// the model is a run, or --out). With --against, a second model is evaluated on the same
/// images and the two compared (agreement, disagreements.csv). run() returns 0 when the evaluation finished, 1 when the
/// model or data could not be used or it was stopped.
class EvaluateCommand : public Command {
public:
    EvaluateCommand();

    int run() override;

private:
    std::string model;
    std::string against;
    std::string data;
    std::string split = "validation";
    std::string out;
    ClassifierOptions classifierOptions;
    int64_t batchSize = 64;
    int64_t limit = 0;
    bool json = false;
};

} // namespace ampwb::cli
