#include "ExportCommand.h"

#include "OptionValue.h"
#include "model/ModelCard.h"
#include "modelfiles/ModelExport.h"
#include "modelfiles/ModelLoading.h"
#ifdef AMPWB_WITH_ONNX
#include "modelfiles/OnnxExport.h"
#endif

#include <cstdio>

namespace ampwb::cli {
namespace {

const char* kExportIntroduction =
    "Usage: amp-workbench-cli export --model FILE --format pth|onnx --out FILE [OPTIONS]\n\n"
    "Writes a model for use outside the workbench:\n"
    "  pth   a state dict that torchvision.models.resnet18(num_classes=N) loads with\n"
    "        strict=True, plus OUT's .json model card (class names, input size, mean, std)\n"
    "  onnx  opset 13, dynamic batch, batch norms folded; runs in OpenCV DNN and ONNX Runtime;\n"
    "        the model card travels in metadata_props\n\n";

} // namespace

ExportCommand::ExportCommand()
    : Command(kExportIntroduction)
{
    table.add({
        {"--model", "FILE", "a run folder or its checkpoint.pt, a .pth state dict, or `torchvision`",
         [this](const OptionValue& v) { model = v.text(); }},
        {"--format", "pth|onnx", "what to write (see above)", [this](const OptionValue& v) { format = v.text(); }},
        {"--out", "FILE", "where to write (an existing file is kept unless --force)",
         [this](const OptionValue& v) { out = v.text(); }},
        {"--labels", "FILE", "class names to embed, one per line in label order",
         [this](const OptionValue& v) { labels = v.text(); }},
        {"--force", "", "replace existing files", [this](const OptionValue&) { force = true; }},
    });
}

int ExportCommand::run()
{
    if (model.empty() || out.empty())
        throw UsageError("--model and --out are required.");
    if (format != "pth" && format != "onnx")
        throw UsageError("--format must be pth or onnx.");

    const ClassifierModel loaded = loadClassifierModel(model, labels);
    if (format == "pth") {
        exportStateDict(loaded, out, force);
        std::printf("Wrote %s (torchvision.models.resnet18(num_classes=%lld) state dict) and its model card %s.\n",
                    out.c_str(), static_cast<long long>(loaded.network->numClasses()), modelCardPath(out).c_str());
        return 0;
    }
#ifdef AMPWB_WITH_ONNX
    exportOnnx(loaded, out, force);
    std::printf("Wrote %s (ONNX opset 13, input [N, 3, %lld, %lld], %lld classes).\n", out.c_str(),
                static_cast<long long>(loaded.card.preprocessing.imageSize),
                static_cast<long long>(loaded.card.preprocessing.imageSize),
                static_cast<long long>(loaded.network->numClasses()));
    return 0;
#else
    std::fprintf(stderr, "error: this build has no ONNX support (build with Debian's libonnx-dev).\n");
    return 1;
#endif
}

} // namespace ampwb::cli
