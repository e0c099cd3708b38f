#pragma once

#include "evaluation/ModelEvaluation.h"

#include <string>

namespace ampwb {

/// Writes an evaluation into `directory` (created when missing), each file atomically:
/// confusion.csv (one row per true class, one column per predicted class, counts),
/// per-class.csv (class, precision, recall, f1, support) and predictions.csv (index, file,
/// true class, then the top classes' index, label and probability, most probable first).
/// Text with commas or quotes is quoted as RFC 4180 says.
void writeEvaluationFiles(const ModelEvaluation& evaluation, const std::string& directory);

} // namespace ampwb
