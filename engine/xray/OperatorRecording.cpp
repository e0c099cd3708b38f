#include "xray/OperatorRecording.h"

#include "system/CudaEventClock.h"

#include <ATen/record_function.h>
#include <c10/core/ScalarType.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <memory>
#include <stdexcept>

namespace ampwb {

struct OperatorRecordingState {
    explicit OperatorRecordingState(c10::Device device)
        : deviceClock(device)
    {
    }
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    CudaEventClock deviceClock; ///< records nothing on the CPU
    RecordingClock clock = RecordingClock::Host;
    std::vector<RecordedEvent> events;
    std::vector<std::array<int64_t, 2>> deviceMarks; ///< each event's start and end marks on `deviceClock` (-1: none)
    std::vector<int> open;                           ///< indices of the ranges not yet ended, innermost last
    at::CallbackHandle handle = 0;
    size_t slot = 0;

    int64_t now() const
    {
        return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count();
    }
};

namespace {

/// The recordings in progress, one per slot. A recording's callbacks are thread-local, so they go
/// wherever libtorch carries the thread's state (an interleaved comparison runs each turn on a shared
/// thread with its caller's state); each slot's callbacks name their recording by the slot.
constexpr size_t kSlots = 8;
std::array<std::atomic<OperatorRecordingState*>, kSlots> recordings{};

/// Which event an end callback closes.
struct EventIndex : at::ObserverContext {
    explicit EventIndex(int index)
        : index(index)
    {
    }
    int index;
};

std::string shapeText(const at::Tensor& tensor)
{
    std::string text = "[";
    for (int64_t d = 0; d < tensor.dim(); ++d)
        text += (d ? ", " : "") + std::to_string(tensor.size(d));
    return text + "]";
}

RecordedKind kindOf(const at::RecordFunction& fn)
{
    switch (fn.scope()) {
    case at::RecordScope::USER_SCOPE: return RecordedKind::Scope;
    case at::RecordScope::BACKWARD_FUNCTION: return RecordedKind::BackwardFunction;
    default: return RecordedKind::Operator;
    }
}

std::unique_ptr<at::ObserverContext> rangeStarted(OperatorRecordingState* state, const at::RecordFunction& fn)
{
    if (!state)
        return nullptr;
    RecordedEvent event;
    event.name = fn.name();
    event.kind = kindOf(fn);
    event.startNanoseconds = state->now();
    event.parent = state->open.empty() ? -1 : state->open.back();
    event.sequenceNumber = fn.seqNr();
    std::string shapes;
    for (const c10::IValue& input : fn.inputs()) {
        if (!input.isTensor())
            continue;
        const at::Tensor& tensor = input.toTensor();
        if (!event.inputDtypes.empty() || !shapes.empty())
            event.inputDtypes += ',';
        shapes += shapes.empty() ? "" : ", ";
        if (tensor.defined()) {
            event.inputDtypes += dtypeName(static_cast<int8_t>(tensor.scalar_type()));
            shapes += shapeText(tensor);
        } else {
            shapes += "[]";
        }
    }
    event.inputShapes = "[" + shapes + "]";
    const int index = static_cast<int>(state->events.size());
    state->events.push_back(std::move(event));
    if (state->deviceClock.recording())
        state->deviceMarks.push_back({state->deviceClock.mark(), -1});
    state->open.push_back(index);
    return std::make_unique<EventIndex>(index);
}

void rangeEnded(OperatorRecordingState* state, const at::RecordFunction& fn, at::ObserverContext* context)
{
    if (!state || !context)
        return;
    const int index = static_cast<EventIndex*>(context)->index;
    if (index >= static_cast<int>(state->events.size()))
        return;
    RecordedEvent& event = state->events[static_cast<size_t>(index)];
    event.endNanoseconds = state->now();
    if (state->deviceClock.recording())
        state->deviceMarks[static_cast<size_t>(index)][1] = state->deviceClock.mark();
    for (const c10::IValue& output : fn.outputs()) {
        if (output.isTensor() && output.toTensor().defined()) {
            event.outputDtype = dtypeName(static_cast<int8_t>(output.toTensor().scalar_type()));
            break;
        }
    }
    // Ranges end innermost first; drop this one (and any left open inside it) from the open list.
    const auto found = std::find(state->open.begin(), state->open.end(), index);
    if (found != state->open.end())
        state->open.erase(found, state->open.end());
}

template <size_t Slot>
std::unique_ptr<at::ObserverContext> rangeStartedIn(const at::RecordFunction& fn)
{
    return rangeStarted(recordings[Slot], fn);
}

template <size_t Slot>
void rangeEndedIn(const at::RecordFunction& fn, at::ObserverContext* context)
{
    rangeEnded(recordings[Slot], fn, context);
}

template <size_t... Slots>
at::RecordFunctionCallback callbackFor(size_t slot, std::index_sequence<Slots...>)
{
    constexpr std::array<at::RecordFunctionCallback::StartCallback, sizeof...(Slots)> starts{rangeStartedIn<Slots>...};
    constexpr std::array<at::RecordFunctionCallback::EndCallback, sizeof...(Slots)> ends{rangeEndedIn<Slots>...};
    return at::RecordFunctionCallback(starts[slot], ends[slot]).needsInputs(true).needsOutputs(true);
}

/// Moves the events onto the device's clock where every mark of theirs was recorded and can be read.
void readDeviceTimes(OperatorRecordingState& state)
{
    if (!state.deviceClock.recording() || state.events.empty())
        return;
    const std::vector<double> milliseconds = state.deviceClock.millisecondsSinceFirst();
    const auto nanoseconds = [&](int64_t mark) -> int64_t {
        return mark >= 0 && static_cast<size_t>(mark) < milliseconds.size()
                 ? static_cast<int64_t>(milliseconds[static_cast<size_t>(mark)] * 1e6)
                 : -2;
    };
    for (const auto& [start, end] : state.deviceMarks)
        if (nanoseconds(start) < 0 || (end >= 0 && nanoseconds(end) < 0))
            return; // a mark went missing: keep the host's times
    for (size_t i = 0; i < state.events.size(); ++i) {
        const auto [start, end] = state.deviceMarks[i];
        state.events[i].startNanoseconds = nanoseconds(start);
        state.events[i].endNanoseconds = end >= 0 ? nanoseconds(end) : -1;
    }
    state.clock = RecordingClock::CudaEvents;
}

} // namespace

std::string dtypeName(int8_t scalarType)
{
    switch (static_cast<c10::ScalarType>(scalarType)) {
    case c10::ScalarType::Float: return "float32";
    case c10::ScalarType::BFloat16: return "bfloat16";
    case c10::ScalarType::Half: return "float16";
    case c10::ScalarType::Double: return "float64";
    case c10::ScalarType::Long: return "int64";
    case c10::ScalarType::Int: return "int32";
    case c10::ScalarType::Bool: return "bool";
    case c10::ScalarType::Byte: return "uint8";
    default: return c10::toString(static_cast<c10::ScalarType>(scalarType));
    }
}

OperatorRecording::OperatorRecording(c10::Device device)
    : state(new OperatorRecordingState(device))
{
    for (size_t slot = 0; slot < kSlots; ++slot) {
        OperatorRecordingState* free = nullptr;
        if (recordings[slot].compare_exchange_strong(free, state)) {
            state->slot = slot;
            state->handle = at::addThreadLocalCallback(callbackFor(slot, std::make_index_sequence<kSlots>{}));
            return;
        }
    }
    delete state;
    throw std::logic_error("too many operator recordings at once");
}

OperatorRecording::~OperatorRecording()
{
    finish();
    delete state;
}

std::vector<RecordedEvent> OperatorRecording::finish()
{
    if (state->handle) {
        at::removeCallback(state->handle);
        state->handle = 0;
        recordings[state->slot] = nullptr;
        readDeviceTimes(*state);
    }
    return std::move(state->events);
}

RecordingClock OperatorRecording::clock() const
{
    return state->clock;
}

} // namespace ampwb
