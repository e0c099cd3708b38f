#pragma once

#include <cstdint>
#include <string>

namespace ampwb {

/// Writes pickle protocol 2 opcode by opcode, the subset `torch.save` uses for a state
/// dict; the caller arranges the opcodes as Python's pickler would.
class PickleWriter {
public:
    PickleWriter();

    void global(const std::string& module, const std::string& name);
    void mark();
    void tupleFromMark();
    void emptyTuple();
    void emptyDict();
    void setItem();
    void setItemsFromMark();
    /// Calls the callable below the argument tuple on the stack.
    void reduce();
    /// Applies the state on top of the stack to the object below it.
    void build();
    /// Replaces the tuple on top of the stack by the object it identifies (persistent load).
    void persistentId();
    void integer(int64_t value);
    void boolean(bool value);
    void string(const std::string& text);
    /// Ends the pickle; `bytes()` is then complete.
    void stop();

    const std::string& bytes() const { return data; }

private:
    void put(uint8_t byte);
    void putLittleEndian(uint64_t value, int bytes);

    std::string data;
};

} // namespace ampwb
