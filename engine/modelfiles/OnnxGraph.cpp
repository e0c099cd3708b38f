#include "modelfiles/OnnxGraph.h"

#include "model/ModelFileError.h"

#include <onnx/checker.h>
#include <onnx/onnx_pb.h>

namespace ampwb {
namespace {

void describeValue(onnx::ValueInfoProto* value, const std::string& name, const std::vector<int64_t>& fixedSizes)
{
    value->set_name(name);
    onnx::TypeProto::Tensor* type = value->mutable_type()->mutable_tensor_type();
    type->set_elem_type(onnx::TensorProto::FLOAT);
    onnx::TensorShapeProto* shape = type->mutable_shape();
    shape->add_dim()->set_dim_param("batch");
    for (const int64_t size : fixedSizes)
        shape->add_dim()->set_dim_value(size);
}

} // namespace

OnnxGraph::OnnxGraph(const std::string& graphName, int64_t opset, int64_t irVersion)
    : model(std::make_unique<onnx::ModelProto>())
{
    model->set_ir_version(irVersion);
    onnx::OperatorSetIdProto* import = model->add_opset_import();
    import->set_domain("");
    import->set_version(opset);
    model->mutable_graph()->set_name(graphName);
}

OnnxGraph::~OnnxGraph() = default;

void OnnxGraph::setProducer(const std::string& name, const std::string& version)
{
    model->set_producer_name(name);
    model->set_producer_version(version);
}

void OnnxGraph::setDescription(const std::string& text)
{
    model->set_doc_string(text);
}

void OnnxGraph::addMetadata(const std::string& key, const std::string& value)
{
    onnx::StringStringEntryProto* entry = model->add_metadata_props();
    entry->set_key(key);
    entry->set_value(value);
}

void OnnxGraph::addInput(const std::string& name, const std::vector<int64_t>& fixedSizes)
{
    describeValue(model->mutable_graph()->add_input(), name, fixedSizes);
}

void OnnxGraph::addOutput(const std::string& name, const std::vector<int64_t>& fixedSizes)
{
    describeValue(model->mutable_graph()->add_output(), name, fixedSizes);
}

std::string OnnxGraph::addInitializer(const std::string& name, const std::vector<int64_t>& sizes, const float* values)
{
    onnx::TensorProto* proto = model->mutable_graph()->add_initializer();
    proto->set_name(name);
    proto->set_data_type(onnx::TensorProto::FLOAT);
    size_t count = 1;
    for (const int64_t size : sizes) {
        proto->add_dims(size);
        count *= static_cast<size_t>(size);
    }
    proto->set_raw_data(values, count * sizeof(float));
    return name;
}

std::string OnnxGraph::addNode(const std::string& type, const std::vector<std::string>& inputs,
                               const std::vector<OnnxAttribute>& attributes, const std::string& output)
{
    onnx::GraphProto& graph = *model->mutable_graph();
    onnx::NodeProto* node = graph.add_node();
    node->set_op_type(type);
    node->set_name(type + "_" + std::to_string(graph.node_size()));
    for (const std::string& input : inputs)
        node->add_input(input);
    node->add_output(output.empty() ? "t" + std::to_string(graph.node_size()) : output);
    for (const OnnxAttribute& each : attributes) {
        onnx::AttributeProto* attribute = node->add_attribute();
        attribute->set_name(each.name);
        if (each.single) {
            attribute->set_type(onnx::AttributeProto::INT);
            attribute->set_i(each.values.front());
        } else {
            attribute->set_type(onnx::AttributeProto::INTS);
            for (const int64_t value : each.values)
                attribute->add_ints(value);
        }
    }
    return node->output(0);
}

std::string OnnxGraph::checkedBytes() const
{
    try {
        onnx::checker::check_model(*model);
    } catch (const std::exception& error) {
        throw ModelFileError(EngineMessage(EngineMessage::Code::OnnxCheckerFailed, {error.what()}));
    }
    std::string bytes;
    if (!model->SerializeToString(&bytes))
        throw ModelFileError(EngineMessage(EngineMessage::Code::OnnxTooLarge));
    return bytes;
}

} // namespace ampwb
