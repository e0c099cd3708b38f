#pragma once

#include "system/EngineMessage.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ampwb {

/// What one part of the model computes in. Amp: autocast in the run's AMP type (bf16 on the CPU, fp16 on
/// CUDA unless the run names one), with autocast's own lists deciding op by op; Bf16 and Fp16: autocast in that
/// type whatever the run's; Fp32: autocast off, the part's inputs cast to fp32 first.
enum class ModulePrecision { Fp32, Amp, Bf16, Fp16 };

/// "fp32", "amp", "bf16" or "fp16".
std::string toString(ModulePrecision precision);
/// Parses the names toString() gives (case-insensitive); nullopt for anything else.
std::optional<ModulePrecision> parseModulePrecision(const std::string& text);

/// Which precision each of ResNet-18's modules trains in: the write-up's "multi-level precision
/// scheduling", as nested `torch.autocast` contexts would give it in Python. `modules` names modules by their
/// state-dict path ("conv1", "layer3", "layer2.0", "layer2.0.conv1", "layer2.0.downsample", "fc"); a module takes
/// the precision of the longest path naming it or a module around it, else `otherwise`, which also covers what
/// lies between modules (ReLU, pooling, the shortcut's addition) and the loss.
struct PrecisionPolicy {
    std::string name = "custom";                      ///< a preset's name, or the file's "name"
    ModulePrecision otherwise = ModulePrecision::Amp; ///< every part the policy does not name
    std::map<std::string, ModulePrecision> modules;   ///< by module path
    /// Every batch norm in fp32 (its input cast up), whatever its module's precision: Apex O2's rule.
    bool batchNormFp32 = false;
    /// The stages whose feature maps are under 8×8 at the run's image size in fp32, and the head when layer4's
    /// are (a path `modules` names keeps its own precision): resolvedFor() applies the rule.
    bool smallMapsFp32 = false;
    /// The weights' storage level (Apex O2's, MS-AMP's): each convolution's and the head's weights are stored in
    /// the precision their module computes in, so that autocast casts none of them, and their fp32 master
    /// copies are what the optimizer steps (training/MasterWeights). Batch norms' weights stay fp32.
    bool reducedWeights = false;

    /// The precision the module at `path` computes in (batch norms: see batchNormFp32).
    ModulePrecision precisionOf(const std::string& path, bool isBatchNorm = false) const;
    /// Whether any part computes in a reduced precision (then the run is an AMP run).
    bool usesReducedPrecision() const;
    /// The policy with its rules applied for images of `imageSize` pixels: what the model computes by.
    PrecisionPolicy resolvedFor(int64_t imageSize) const;
};

bool operator==(const PrecisionPolicy& left, const PrecisionPolicy& right);

/// The policy on one line: "NAME: amp, and fp32 in fc, layer4; batch norms in fp32".
std::string describePrecisionPolicy(const PrecisionPolicy& policy);

/// The presets' names, in the order the CLI and the window list them.
std::vector<std::string> precisionPolicyPresets();
/// A preset by name: "fp32" (nothing reduced), "amp" (autocast's own lists), "amp-batchnorm-fp32" (AMP with
/// every batch norm in fp32), "amp-keep-small-maps-fp32" (AMP, but the stages whose feature maps are under 8×8
/// in fp32: where autocast's casts cost more than its products save on the CPUs measured), "bf16-everywhere"
/// (autocast in bf16 whatever the device: on CUDA instead of AMP's fp16), "amp-reduced-weights" (AMP with the
/// weights stored in AMP's type and fp32 masters for the optimizer). nullopt for an unknown name.
std::optional<PrecisionPolicy> presetPrecisionPolicy(const std::string& name);

/// A policy from a preset name or a JSON file (`{"name": …, "otherwise": "amp", "batchNormFp32": false,
/// "smallMapsFp32": false, "reducedWeights": false, "modules": {"layer4": "fp32", …}}`). Throws std::runtime_error
/// naming the file and the problem (unknown key, precision or name, not JSON, unreadable).
PrecisionPolicy readPrecisionPolicy(const std::string& presetOrFile);
/// The policy as the JSON readPrecisionPolicy reads (and config.json records under "precisionPolicy"); `indent`
/// as nlohmann::json::dump takes it (-1: on one line).
std::string precisionPolicyJson(const PrecisionPolicy& policy, int indent = 2);
/// The policy of precisionPolicyJson's text; throws std::runtime_error naming `source` for anything else.
PrecisionPolicy parsePrecisionPolicy(const std::string& json, const EngineMessage::Argument& source);

} // namespace ampwb
