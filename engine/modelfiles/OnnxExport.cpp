#include "modelfiles/OnnxExport.h"

#include "model/FoldedResNet18.h"
#include "model/ModelFileError.h"
#include "modelfiles/ModelExport.h"
#include "system/AtomicFile.h"
#include "system/ErrorText.h"
#include "system/VersionReport.h"

#include "modelfiles/OnnxGraph.h"

namespace ampwb {
namespace {

constexpr int64_t kOpsetVersion = 13;
constexpr int64_t kIrVersion = 7; // the IR version that introduced opset 13

/// The network's layers as ONNX nodes, each named after its torchvision module.
class ResNetGraph {
public:
    explicit ResNetGraph(OnnxGraph& graph)
        : graph(graph)
    {
    }

    std::string initializer(const std::string& name, const torch::Tensor& tensor)
    {
        const torch::Tensor values = tensor.to(torch::kFloat).contiguous();
        return graph.addInitializer(name, values.sizes().vec(), values.data_ptr<float>());
    }

    std::string convolution(const std::string& input, const FoldedConvolution& convolution, const std::string& name)
    {
        const int64_t kernel = convolution.weight.size(2);
        const int64_t stride = convolution.stride;
        const int64_t padding = convolution.padding;
        return graph.addNode("Conv",
                             {input, initializer(name + ".weight", convolution.weight),
                              initializer(name + ".bias", convolution.bias)},
                             {OnnxAttribute::integers("kernel_shape", {kernel, kernel}),
                              OnnxAttribute::integers("strides", {stride, stride}),
                              OnnxAttribute::integers("pads", {padding, padding, padding, padding}),
                              OnnxAttribute::integers("dilations", {1, 1}), OnnxAttribute::integer("group", 1)});
    }

    std::string relu(const std::string& input) { return graph.addNode("Relu", {input}); }

    void build(const FoldedResNet18& network, int64_t imageSize)
    {
        graph.addInput("input", {3, imageSize, imageSize});
        graph.addOutput("logits", {network.classCount()});
        std::string x = relu(convolution("input", network.stem(), "conv1"));
        x = graph.addNode("MaxPool", {x},
                          {OnnxAttribute::integers("kernel_shape", {3, 3}), OnnxAttribute::integers("strides", {2, 2}),
                           OnnxAttribute::integers("pads", {1, 1, 1, 1})});
        for (size_t index = 0; index < network.blocks().size(); ++index) {
            const FoldedBlock& block = network.blocks()[index];
            const std::string name = "layer" + std::to_string(index / 2 + 1) + "." + std::to_string(index % 2);
            const std::string shortcut = block.shortcut ? convolution(x, *block.shortcut, name + ".downsample") : x;
            const std::string first = relu(convolution(x, block.first, name + ".conv1"));
            const std::string second = convolution(first, block.second, name + ".conv2");
            x = relu(graph.addNode("Add", {second, shortcut}));
        }
        x = graph.addNode("GlobalAveragePool", {x});
        x = graph.addNode("Flatten", {x}, {OnnxAttribute::integer("axis", 1)});
        graph.addNode("Gemm",
                      {x, initializer("fc.weight", network.classifierWeight()),
                       initializer("fc.bias", network.classifierBias())},
                      {OnnxAttribute::integer("transB", 1)}, "logits");
    }

private:
    OnnxGraph& graph;
};

} // namespace

void exportOnnx(const ClassifierModel& model, const std::string& path, bool replaceExisting)
{
    checkMayWrite(path, replaceExisting);
    OnnxGraph graph("resnet18", kOpsetVersion, kIrVersion);
    graph.setProducer("AMP Workbench", workbenchVersion());
    graph.setDescription(model.description ? model.description->english() : std::string());
    for (const auto& [key, value] : metadataProperties(model.card))
        graph.addMetadata(key, value);
    ResNetGraph(graph).build(FoldedResNet18(*model.network), model.card.preprocessing.imageSize);
    const std::string bytes = graph.checkedBytes();
    try {
        writeTextAtomically(path, bytes);
    } catch (const std::exception& error) {
        throw ModelFileError(messageOf(error));
    }
}

} // namespace ampwb
