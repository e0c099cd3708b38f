#include "ExportCommand.h"

#include "CommandLine.h"
#include "modelfiles/ModelCard.h"
#include "modelfiles/ModelExport.h"
#include "modelfiles/ModelLoading.h"
#include "OptionReader.h"
#ifdef AMPWB_WITH_ONNX
#include "modelfiles/OnnxExport.h"
#endif

#include <cstdio>

namespace ampwb::cli {
namespace {

const char* kExportHelp =
    "Usage: amp-workbench-cli export --model FILE --format pth|onnx --out FILE [OPTIONS]\n\n"
    "Writes a model for use outside the workbench:\n"
    "  pth   a state dict that torchvision.models.resnet18(num_classes=N) loads with\n"
    "        strict=True, plus OUT's .json model card (class names, input size, mean, std)\n"
    "  onnx  opset 13, dynamic batch, batch norms folded; runs in OpenCV DNN and ONNX Runtime;\n"
    "        the model card travels in metadata_props\n\n"
    "  --model FILE     a run folder or its checkpoint.pt, a .pth state dict, or `torchvision`\n"
    "  --format pth|onnx\n"
    "  --out FILE       where to write (an existing file is kept unless --force)\n"
    "  --labels FILE    class names to embed, one per line in label order\n"
    "  --force          replace existing files\n";

int exportModel(const OptionReader& reader)
{
    const std::string model = reader.value("--model").value_or("");
    const std::string format = reader.value("--format").value_or("");
    const std::string out = reader.value("--out").value_or("");
    if (model.empty() || out.empty())
        throw UsageError("--model and --out are required.");
    if (format != "pth" && format != "onnx")
        throw UsageError("--format must be pth or onnx.");
    if (!reader.positional().empty())
        throw UsageError("Unexpected argument \"" + reader.positional().front() + "\".");
    const bool force = reader.flag("--force");

    const ClassifierModel loaded = loadClassifierModel(model, reader.value("--labels").value_or(""));
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

} // namespace

int runExport(const std::vector<std::string>& arguments)
{
    try {
        const OptionReader reader(arguments, {"--model", "--format", "--out", "--labels"}, {"--force", "--help", "-h"});
        if (reader.flag("--help") || reader.flag("-h")) {
            std::fputs(kExportHelp, stdout);
            return 0;
        }
        return exportModel(reader);
    } catch (const UsageError& error) {
        std::fprintf(stderr, "error: %s\nRun `amp-workbench-cli export --help` for the options.\n", error.what());
        return 2;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "error: %s\n", error.what());
        return 1;
    }
}

} // namespace ampwb::cli
