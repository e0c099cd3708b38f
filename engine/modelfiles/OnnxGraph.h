#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace onnx {
class ModelProto;
}

namespace ampwb {

/// One attribute of an ONNX node: a list of integers, or a single one.
struct OnnxAttribute {
    std::string name;
    std::vector<int64_t> values;
    bool single = false;

    static OnnxAttribute integers(std::string name, std::vector<int64_t> values)
    {
        return {std::move(name), std::move(values), false};
    }
    static OnnxAttribute integer(std::string name, int64_t value) { return {std::move(name), {value}, true}; }
};

/// An ONNX model (one float graph) built from plain values. It is compiled apart from libtorch: the torch
/// wheel's headers carry their own protobuf, which Debian's libonnx classes must not meet.
class OnnxGraph {
public:
    /// A model of opset `opset` (IR version `irVersion`) whose graph is called `graphName`.
    OnnxGraph(const std::string& graphName, int64_t opset, int64_t irVersion);
    ~OnnxGraph();
    OnnxGraph(const OnnxGraph&) = delete;
    OnnxGraph& operator=(const OnnxGraph&) = delete;

    void setProducer(const std::string& name, const std::string& version);
    void setDescription(const std::string& text);
    void addMetadata(const std::string& key, const std::string& value);
    /// A float input or output, of a dynamic batch ("batch") first and `fixedSizes` after.
    void addInput(const std::string& name, const std::vector<int64_t>& fixedSizes);
    void addOutput(const std::string& name, const std::vector<int64_t>& fixedSizes);
    /// A float constant of `sizes` from `values` (row-major, as many as the sizes' product); returns its name.
    std::string addInitializer(const std::string& name, const std::vector<int64_t>& sizes, const float* values);
    /// A node of `type`; returns the name of its one output (`output`, or a fresh name when empty).
    std::string addNode(const std::string& type, const std::vector<std::string>& inputs,
                        const std::vector<OnnxAttribute>& attributes = {}, const std::string& output = {});
    /// The model's bytes after onnx::checker passed it; throws ModelFileError otherwise.
    std::string checkedBytes() const;

private:
    std::unique_ptr<onnx::ModelProto> model;
};

} // namespace ampwb
