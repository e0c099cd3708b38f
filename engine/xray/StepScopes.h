#pragma once

namespace ampwb {

/// The names of the scopes a training step opens for libtorch's RecordFunction (what the X-ray's
/// operator profile attributes time by). The model's modules open scopes named by their state-dict
/// path ("conv1", "layer1.0.conv2", "fc"); these are the step's phases around them.
namespace stepscope {
inline constexpr const char* kTrainingStep = "training step"; ///< the measured step, forward to optimizer
inline constexpr const char* kForward = "forward";            ///< the model's forward and the loss
inline constexpr const char* kLoss = "loss";                  ///< cross entropy (and its backward)
inline constexpr const char* kBackward = "backward";          ///< autograd's backward pass
inline constexpr const char* kOptimizer = "optimizer";        ///< unscaling, clipping, the optimizer step
/// Measurements that the step's time leaves out (gradient ranges): not part of the profile either.
inline constexpr const char* kNotTimed = "not timed";
} // namespace stepscope

} // namespace ampwb
