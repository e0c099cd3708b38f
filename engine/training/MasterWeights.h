#pragma once

#include "model/ResNet18.h"

#include <torch/types.h>

#include <vector>

namespace ampwb {

class ModulePrecisions;

/// A precision policy's weights storage level (PrecisionPolicy::reducedWeights; Apex O2's "fp16 model with
/// fp32 master weights", MS-AMP's low-precision weights): each convolution's and the head's parameters are
/// stored in the type their module computes in, so forward and backward read and write them without autocast's
/// casts, and their fp32 values live on here as masters, which the optimizer steps. Batch norms' parameters, and
/// those of modules that compute in fp32, stay as they are.
class MasterWeights {
public:
    /// Stores the parameters of `model` that `precisions` puts in a reduced type in that type; their fp32 values
    /// become the masters. `model` must outlive this.
    MasterWeights(ResNet18& model, const ModulePrecisions& precisions);

    /// How many weight values are stored reduced.
    int64_t storedValues() const;
    /// The master of `parameter` where it is stored reduced, else `parameter` itself.
    torch::Tensor masterOf(const torch::Tensor& parameter) const;
    /// What the optimizer steps in place of `parameters`: each one's master (masterOf).
    std::vector<torch::Tensor> forOptimizer(const std::vector<torch::Tensor>& parameters) const;

    /// After backward (and a group's averaging): each master's gradient is its parameter's, in fp32; none where
    /// the parameter has none.
    void gradientsToMasters();
    /// After the optimizer's step: each stored parameter holds its master's values, rounded to its type.
    void mastersToModel();

    /// While it lives the model's stored parameters are their fp32 masters, for loading a checkpoint: values loaded
    /// into them become the masters' (and, rounded, the parameters'). Only before a DDP starts: changing a
    /// parameter's type resets its gradient accumulator, which DDP's hooks sit on (saveCheckpoint writes the masters
    /// without it).
    class Fp32Model {
    public:
        /// Does nothing for nullptr (a run whose weights are all fp32).
        explicit Fp32Model(MasterWeights* masters);
        ~Fp32Model();
        Fp32Model(const Fp32Model&) = delete;
        Fp32Model& operator=(const Fp32Model&) = delete;

    private:
        MasterWeights* masters;
        std::vector<torch::Tensor> reducedValues; ///< each parameter's own storage, given back at the end
    };

private:
    struct Stored {
        torch::Tensor parameter; ///< the model's, in its reduced type
        torch::Tensor master;    ///< fp32
    };
    std::vector<Stored> stored;
};

} // namespace ampwb
