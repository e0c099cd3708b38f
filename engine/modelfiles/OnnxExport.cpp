#include "modelfiles/OnnxExport.h"

#include "model/FoldedResNet18.h"
#include "modelfiles/ModelExport.h"
#include "modelfiles/ModelFileError.h"
#include "system/AtomicFile.h"
#include "system/VersionReport.h"

#include <onnx/checker.h>
#include <onnx/onnx_pb.h>

#include <fstream>

namespace ampwb {
namespace {

constexpr int64_t kOpsetVersion = 13;
constexpr int64_t kIrVersion = 7; // the IR version that introduced opset 13

/// Adds graph nodes and initializers, naming outputs in order.
class GraphBuilder {
public:
    explicit GraphBuilder(onnx::GraphProto& graph)
        : graph(graph)
    {
    }

    std::string initializer(const std::string& name, const torch::Tensor& tensor)
    {
        const torch::Tensor values = tensor.to(torch::kFloat).contiguous();
        onnx::TensorProto* proto = graph.add_initializer();
        proto->set_name(name);
        proto->set_data_type(onnx::TensorProto::FLOAT);
        for (const int64_t size : values.sizes())
            proto->add_dims(size);
        proto->set_raw_data(values.data_ptr(), values.nbytes());
        return name;
    }

    onnx::NodeProto* node(const std::string& type, const std::vector<std::string>& inputs,
                          const std::string& output = {})
    {
        onnx::NodeProto* proto = graph.add_node();
        proto->set_op_type(type);
        proto->set_name(type + "_" + std::to_string(graph.node_size()));
        for (const std::string& input : inputs)
            proto->add_input(input);
        proto->add_output(output.empty() ? "t" + std::to_string(graph.node_size()) : output);
        return proto;
    }

    std::string convolution(const std::string& input, const FoldedConvolution& convolution, const std::string& name)
    {
        const int64_t kernel = convolution.weight.size(2);
        onnx::NodeProto* conv = node("Conv", {input, initializer(name + ".weight", convolution.weight),
                                              initializer(name + ".bias", convolution.bias)});
        integers(conv, "kernel_shape", {kernel, kernel});
        integers(conv, "strides", {convolution.stride, convolution.stride});
        integers(conv, "pads", {convolution.padding, convolution.padding, convolution.padding, convolution.padding});
        integers(conv, "dilations", {1, 1});
        integer(conv, "group", 1);
        return conv->output(0);
    }

    std::string relu(const std::string& input) { return node("Relu", {input})->output(0); }

    static void integers(onnx::NodeProto* node, const std::string& name, const std::vector<int64_t>& values)
    {
        onnx::AttributeProto* attribute = node->add_attribute();
        attribute->set_name(name);
        attribute->set_type(onnx::AttributeProto::INTS);
        for (const int64_t value : values)
            attribute->add_ints(value);
    }

    static void integer(onnx::NodeProto* node, const std::string& name, int64_t value)
    {
        onnx::AttributeProto* attribute = node->add_attribute();
        attribute->set_name(name);
        attribute->set_type(onnx::AttributeProto::INT);
        attribute->set_i(value);
    }

private:
    onnx::GraphProto& graph;
};

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

void buildGraph(onnx::GraphProto& graph, const FoldedResNet18& network, int64_t imageSize)
{
    GraphBuilder builder(graph);
    graph.set_name("resnet18");
    describeValue(graph.add_input(), "input", {3, imageSize, imageSize});
    describeValue(graph.add_output(), "logits", {network.classCount()});

    std::string x = builder.relu(builder.convolution("input", network.stem(), "conv1"));
    onnx::NodeProto* pool = builder.node("MaxPool", {x});
    GraphBuilder::integers(pool, "kernel_shape", {3, 3});
    GraphBuilder::integers(pool, "strides", {2, 2});
    GraphBuilder::integers(pool, "pads", {1, 1, 1, 1});
    x = pool->output(0);
    for (size_t index = 0; index < network.blocks().size(); ++index) {
        const FoldedBlock& block = network.blocks()[index];
        const std::string name = "layer" + std::to_string(index / 2 + 1) + "." + std::to_string(index % 2);
        const std::string shortcut = block.shortcut ? builder.convolution(x, *block.shortcut, name + ".downsample") : x;
        const std::string first = builder.relu(builder.convolution(x, block.first, name + ".conv1"));
        const std::string second = builder.convolution(first, block.second, name + ".conv2");
        x = builder.relu(builder.node("Add", {second, shortcut})->output(0));
    }
    x = builder.node("GlobalAveragePool", {x})->output(0);
    onnx::NodeProto* flatten = builder.node("Flatten", {x});
    GraphBuilder::integer(flatten, "axis", 1);
    onnx::NodeProto* gemm = builder.node("Gemm",
                                         {flatten->output(0),
                                          builder.initializer("fc.weight", network.classifierWeight()),
                                          builder.initializer("fc.bias", network.classifierBias())},
                                         "logits");
    GraphBuilder::integer(gemm, "transB", 1);
}

} // namespace

void exportOnnx(const ClassifierModel& model, const std::string& path, bool replaceExisting)
{
    checkMayWrite(path, replaceExisting);
    onnx::ModelProto proto;
    proto.set_ir_version(kIrVersion);
    proto.set_producer_name("AMP Workbench");
    proto.set_producer_version(workbenchVersion());
    proto.set_doc_string(model.description);
    onnx::OperatorSetIdProto* opset = proto.add_opset_import();
    opset->set_domain("");
    opset->set_version(kOpsetVersion);
    for (const auto& [key, value] : metadataProperties(model.card)) {
        onnx::StringStringEntryProto* entry = proto.add_metadata_props();
        entry->set_key(key);
        entry->set_value(value);
    }
    buildGraph(*proto.mutable_graph(), FoldedResNet18(*model.network), model.card.preprocessing.imageSize);

    try {
        onnx::checker::check_model(proto);
    } catch (const std::exception& error) {
        throw ModelFileError(std::string("The ONNX graph failed the ONNX checker: ") + error.what());
    }
    std::string bytes;
    if (!proto.SerializeToString(&bytes))
        throw ModelFileError("The ONNX model could not be serialised (over 2 GiB?).");
    try {
        writeFileAtomically(path, [&](const std::string& temporary) {
            std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
            out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
            out.close();
            if (!out)
                throw std::runtime_error("writing failed (is the disk full?)");
        });
    } catch (const std::exception& error) {
        throw ModelFileError(error.what());
    }
}

} // namespace ampwb
