#pragma once

#include "evaluation/ModelEvaluation.h"
#include "evaluation/PredictionAgreement.h"

#include <string>

namespace ampwb {

/// Writes an evaluation into `directory` (created when missing), each file atomically:
/// confusion.csv (one row per true class, one column per predicted class, counts),
/// per-class.csv (class, precision, recall, f1, support) and predictions.csv (index, file,
/// true class and the probability given to it, then the top classes' index, label and
/// probability, most probable first).
/// Text with commas or quotes is quoted as RFC 4180 says.
void writeEvaluationFiles(const ModelEvaluation& evaluation, const std::string& directory);

/// Writes the images two models answer differently to `path` (atomically): index, file,
/// true label, the first model's top-1 label and the second's.
void writeDisagreements(const PredictionAgreement& agreement, const std::vector<std::string>& classNames,
                        const std::string& path);

} // namespace ampwb
