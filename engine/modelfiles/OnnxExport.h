#pragma once

#include "model/ClassifierModel.h"

#include <string>

namespace ampwb {

/// Writes the model as ONNX (opset 13, dynamic batch, input "input" [N, 3, S, S],
/// output "logits" [N, classes]) as a plain graph of Conv, Relu, MaxPool, Add,
/// GlobalAveragePool, Flatten and Gemm with batch norms folded into the convolutions,
/// which OpenCV's DNN module and ONNX Runtime run. The model card travels in
/// metadata_props (see metadataProperties). The graph passes onnx::checker before it
/// is written. Refuses to replace an existing file unless `replaceExisting`.
/// Throws ModelFileError. Only in builds with libonnx (AMPWB_WITH_ONNX).
void exportOnnx(const ClassifierModel& model, const std::string& path, bool replaceExisting = false);

} // namespace ampwb
