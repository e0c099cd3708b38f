#pragma once

#include "modelfiles/PickleValue.h"
#include "system/EngineError.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <unordered_map>
#include <vector>

namespace ampwb {

/// A pickle is malformed, truncated, or uses something the reader does not support;
/// the message says what and at which byte.
class PickleError : public EngineError {
public:
    using EngineError::EngineError;
};

/// The most bytes a pickle may hold. torchvision's ResNet-18 state dict (resnet18-f37072fd.pth) has a
/// data.pkl of about 15 kB for its 122 tensors, a workbench checkpoint one of about 21 kB (with the
/// optimizer's momentum): 4 MiB is a couple of hundred times that, and refuses a pickle bomb before it is
/// unpacked (`\x80\x02` + 100 MB of `N` in a 100 kB zip).
inline constexpr size_t kLargestPickleBytes = size_t(4) << 20;

/// The most values a pickle may make the reader hold: on its stack and MARKs at once, in its memo, as
/// dicts, and as dict entries (each count apart). ResNet-18's state dict needs about 1,100 memo entries,
/// 190 dicts and 250 dict entries, and never more than 300 values on the stack.
inline constexpr size_t kMostPickleValues = size_t(1) << 16;

/// The most values a pickle may push in all (ResNet-18's state dict: about 4,300).
inline constexpr size_t kMostPickleValuesBuilt = size_t(1) << 19;

/// A strict, bounds-checked unpickler for the part of pickle that `torch.save` writes
/// (protocol 2, plus the protocol-4 framing opcodes): ints, bools, None, str, tuples,
/// dicts and OrderedDicts, globals, REDUCE, BUILD, persistent ids and the memo.
/// It never executes anything: globals and calls go to the caller's callbacks, which
/// decide what they mean. Anything malformed throws PickleError; no input crashes it, and no
/// input makes it hold more than the limits above (a pickle over them throws PickleError too).
class PickleReader {
public:
    struct Callbacks {
        /// Called for each global other than collections.OrderedDict; throws to reject it.
        std::function<void(const PickleGlobal&)> acceptGlobal;
        /// REDUCE: calls an accepted global with its argument tuple.
        std::function<PickleValue(const PickleGlobal&, const PickleTuple&)> call;
        /// BINPERSID: the object a persistent id stands for.
        std::function<PickleValue(const PickleValue&)> persistentLoad;
    };

    /// Reads from `data` (not copied; it must outlive the reader).
    PickleReader(const void* data, size_t size, Callbacks callbacks);

    /// Runs the pickle up to STOP and returns the object it built.
    PickleValue read();

    /// The dict a value of this reader refers to.
    const PickleDict& dict(PickleDictHandle handle) const;

private:
    [[noreturn]] void fail(EngineMessage problem) const;
    [[noreturn]] void overLimit(EngineMessage::Code what, size_t limit) const;
    const uint8_t* take(size_t count);
    uint8_t readByte();
    uint32_t readUnsigned(size_t bytes);
    int64_t readLong1();
    std::string readString(size_t length);
    std::string readIdentifierLine();

    void push(PickleValue value);
    void pushMark();
    PickleValue newDict();
    PickleValue pop();
    const PickleValue& top() const;
    std::vector<PickleValue> popToMark();
    PickleDict& dictOnTop();
    void setItem(PickleDict& dict, const PickleValue& key, PickleValue value);
    void pushGlobal(PickleGlobal global);
    void reduce();
    void build();
    void remember(uint32_t index);
    void recall(uint32_t index);

    const uint8_t* begin;
    const uint8_t* end;
    const uint8_t* cursor;
    size_t opcodeOffset = 0;
    Callbacks callbacks;
    std::vector<PickleValue> stack;
    std::vector<size_t> marks;
    std::unordered_map<uint32_t, PickleValue> memo;
    std::vector<PickleDict> dicts;
    size_t valuesBuilt = 0;
    size_t dictEntries = 0;
};

} // namespace ampwb
