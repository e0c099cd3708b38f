#pragma once

#include <c10/core/Device.h>

#include <cstdint>
#include <string>
#include <vector>

namespace ampwb {

struct OperatorRecordingState;

/// What a recorded range is: an ATen operator, a named scope of the engine's own (a module of the
/// model, a phase of the training step), or one of autograd's backward functions.
enum class RecordedKind { Operator, Scope, BackwardFunction };

/// Which clock a recording's times come from: the host's steady clock on the recording thread, or (on
/// a CUDA device) CUDA events recorded on the device's stream at each range's start and end, so that a
/// range's time is the device's time between them, as PyTorch's profiler with `use_cuda` once measured.
enum class RecordingClock { Host, CudaEvents };

/// One range that libtorch's RecordFunction reported on the recording thread.
struct RecordedEvent {
    std::string name;
    RecordedKind kind = RecordedKind::Operator;
    int64_t startNanoseconds = 0; ///< since the recording started (the first range's start on a CUDA clock)
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
/// threads, such as data loader workers, are not recorded. On a CUDA device, where operators only
/// queue kernels, the ranges are timed on the device's stream by CUDA events (RecordingClock).
class OperatorRecording {
public:
    /// Records with the clock of `device` (the host's for a CPU, or where the CUDA part is missing).
    /// Throws std::logic_error when eight recordings are already in progress in the process.
    explicit OperatorRecording(c10::Device device = c10::kCPU);
    ~OperatorRecording();
    OperatorRecording(const OperatorRecording&) = delete;
    OperatorRecording& operator=(const OperatorRecording&) = delete;

    /// Stops recording and hands over the ranges in the order they started (a range's parent comes
    /// before it). Call on the thread that constructed the recording.
    std::vector<RecordedEvent> finish();
    /// The clock the finished recording's times come from.
    RecordingClock clock() const;

private:
    OperatorRecordingState* state;
};

} // namespace ampwb
