#pragma once

#include <string>
#include <vector>

namespace ampwb {

/// One of ResNet-18's modules as a precision policy names it.
struct PolicyModule {
    std::string path;         ///< its state-dict path: "conv1", "layer2", "layer2.0", "layer2.0.conv1", "fc"…
    bool isBatchNorm = false; ///< a policy's batchNormFp32 covers it
    /// The X-ray times it on its own: each convolution, batch norm and the head, and a shortcut's downsample as
    /// one (its convolution and batch norm run inside one scope).
    bool timedAlone = false;
};

/// ResNet-18's modules in the model's order, as its own named_modules() lists them: the paths a policy may name.
const std::vector<PolicyModule>& resNet18PolicyModules();

/// The module a policy can name at `path` ("layer2.0.conv1"); null for any other path ("relu", "loss"…).
const PolicyModule* findPolicyModule(const std::string& path);

/// The module whose output the operators of a scope between ResNet-18's modules take, and so the type they compute
/// in, since autocast lowers none of them: "bn1" for the stem's "relu" and "maxpool", "layer1.0.bn1" for a block's
/// "layer1.0.relu" (which runs again after the addition), "layer1.0.bn2" for the block's own scope "layer1.0" (its
/// shortcut's addition), the last block's "layer4.1.bn2" for "avgpool"; "" for any other scope.
std::string moduleFeeding(const std::string& scope);

} // namespace ampwb
