#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ampwb {

struct OperatorRecordingState;

/// What a recorded range is: an ATen operator, a named scope of the engine's own (a module of the
/// model, a phase of the training step), or one of autograd's backward functions.
enum class RecordedKind { Operator, Scope, BackwardFunction };

/// One range that libtorch's RecordFunction reported on the recording thread.
struct RecordedEvent {
    std::string name;
    RecordedKind kind = RecordedKind::Operator;
    int64_t startNanoseconds = 0; ///< since the recording started
    int64_t endNanoseconds = -1;  ///< -1 while the range is still open
    int parent = -1;              ///< index of the enclosing range; -1 at the top
    /// autograd's sequence number: a forward operator and the backward function made for it share it (-1: none).
    int64_t sequenceNumber = -1;
    std::string inputDtypes; ///< the tensor inputs' dtypes as PyTorch names them ("bfloat16,float32"; "" undefined)
    std::string inputShapes; ///< the tensor inputs' shapes, "[[64, 3, 28, 28], [64]]"
    std::string outputDtype; ///< the first defined tensor output's dtype; empty when there is none
};

/// PyTorch's name of a dtype: "float32", "bfloat16", "float16", "int64", …
std::string dtypeName(int8_t scalarType);

/// Records every operator, engine scope and backward function that runs on the calling thread
/// from construction to finish(), through libtorch's thread-local RecordFunction callbacks (with
/// the inputs' dtypes and shapes, which cost the dispatcher a copy of each operator's arguments).
/// The callbacks are part of the thread's libtorch state, so work that carries that state to
/// another thread (at::ThreadLocalStateGuard, as StepTurns does) is recorded there too. Other
/// threads, such as data loader workers, are not recorded.
class OperatorRecording {
public:
    /// Throws std::logic_error when eight recordings are already in progress in the process.
    OperatorRecording();
    ~OperatorRecording();
    OperatorRecording(const OperatorRecording&) = delete;
    OperatorRecording& operator=(const OperatorRecording&) = delete;

    /// Stops recording and hands over the ranges in the order they started (a range's parent comes
    /// before it). Call on the thread that constructed the recording.
    std::vector<RecordedEvent> finish();

private:
    OperatorRecordingState* state;
};

} // namespace ampwb
