#pragma once

#include "system/EngineError.h"

#include <torch/serialize/input-archive.h>

#include <cstdint>
#include <stdexcept>
#include <string>

namespace ampwb {

/// A checkpoint could not be read or does not fit the model; the message names the problem.
class CheckpointError : public EngineError {
public:
    using EngineError::EngineError;
};

/// A run's checkpoint.pt (saveCheckpoint's), opened: its archive and the class count of its head.
struct CheckpointArchive {
    torch::serialize::InputArchive archive;
    int64_t classCount = 0;
};

/// Opens the checkpoint at `path` as a resume and a classifier both read it, its tensors on `device`: a regular
/// file whose records stay within what a checkpoint can need (detectTorchFileFormat), that libtorch loads, of
/// format version 1, with a class count from 1 to 1,000,000. Throws CheckpointError naming the problem.
CheckpointArchive openCheckpoint(const std::string& path, const torch::Device& device);

/// A field of a checkpoint archive: a whole number (a kLong tensor) or a real one (kDouble).
template <typename Value>
Value readCheckpointField(torch::serialize::InputArchive& archive, const std::string& key)
{
    torch::Tensor value;
    archive.read(key, value);
    return value.item<Value>();
}

} // namespace ampwb
