#pragma once

#include <torch/types.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

namespace ampwb {

struct PickleValue;

/// A Python tuple read from a pickle.
using PickleTuple = std::vector<PickleValue>;

/// A Python global named by a pickle, e.g. `collections.OrderedDict`.
struct PickleGlobal {
    std::string module;
    std::string name;
    /// "module.name", for messages and comparisons.
    std::string qualifiedName() const { return module + "." + name; }
};

/// Refers to a dict kept by the PickleReader that produced it (dicts may be shared and
/// filled after they are referenced, so they live in the reader, not in the value).
struct PickleDictHandle {
    size_t index = 0;
};

/// One Python object as far as torch.save's state dicts need them: None, bool, int,
/// str, tuple, dict, a global, or a tensor built while reading. Copies are cheap
/// (heavy parts are shared), so a pickle cannot make the reader copy large data.
struct PickleValue {
    std::variant<std::monostate, bool, int64_t, std::shared_ptr<const std::string>, std::shared_ptr<const PickleTuple>,
                 PickleDictHandle, std::shared_ptr<const PickleGlobal>, torch::Tensor>
        content;

    static PickleValue none() { return {}; }
    static PickleValue boolean(bool value) { return {value}; }
    static PickleValue integer(int64_t value) { return {value}; }
    static PickleValue string(std::string text) { return {std::make_shared<const std::string>(std::move(text))}; }
    static PickleValue tuple(PickleTuple items) { return {std::make_shared<const PickleTuple>(std::move(items))}; }
    static PickleValue dict(size_t index) { return {PickleDictHandle{index}}; }
    static PickleValue global(PickleGlobal global) { return {std::make_shared<const PickleGlobal>(std::move(global))}; }
    static PickleValue tensor(torch::Tensor tensor) { return {std::move(tensor)}; }

    bool isNone() const { return std::holds_alternative<std::monostate>(content); }
    /// The contained object, or nullptr when the value holds something else.
    const bool* asBool() const { return std::get_if<bool>(&content); }
    const int64_t* asInteger() const { return std::get_if<int64_t>(&content); }
    const std::string* asString() const;
    const PickleTuple* asTuple() const;
    const PickleDictHandle* asDict() const { return std::get_if<PickleDictHandle>(&content); }
    const PickleGlobal* asGlobal() const;
    const torch::Tensor* asTensor() const { return std::get_if<torch::Tensor>(&content); }
    /// The Python type name ("None", "int", "str", "tuple", "dict", "global", "tensor", …).
    std::string typeName() const;
};

/// A Python dict (or OrderedDict) with string keys, in insertion order.
struct PickleDict {
    std::vector<std::pair<std::string, PickleValue>> items;
    /// Where each key is in `items`.
    std::unordered_map<std::string, size_t> positions;
};

} // namespace ampwb
