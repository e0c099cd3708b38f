#include "CommandLine.h"

#include <functional>
#include <sstream>

namespace ampwb::cli {
namespace {

int64_t toInteger(const std::string& option, const std::string& text)
{
    try {
        size_t used = 0;
        const long long value = std::stoll(text, &used);
        if (used == text.size())
            return value;
    } catch (const std::exception&) {
    }
    throw UsageError(option + " expects a whole number, not \"" + text + "\".");
}

double toNumber(const std::string& option, const std::string& text)
{
    try {
        size_t used = 0;
        const double value = std::stod(text, &used);
        if (used == text.size())
            return value;
    } catch (const std::exception&) {
    }
    throw UsageError(option + " expects a number, not \"" + text + "\".");
}

} // namespace

TrainOptions parseTrainOptions(const std::vector<std::string>& arguments, bool allowResume)
{
    TrainOptions options;
    TrainingConfig& c = options.config;
    using Setter = std::function<void(const std::string& option, const std::string& value)>;
    const std::map<std::string, Setter> valued{
        {"--data", [&](auto&, auto& v) { c.dataset = v; }},
        {"--precision",
         [&](auto& o, auto& v) {
             const auto precision = parsePrecision(v);
             if (!precision)
                 throw UsageError(o + " must be fp32 or amp, not \"" + v + "\".");
             c.precision = *precision;
         }},
        {"--device", [&](auto&, auto& v) { c.device = v; }},
        {"--epochs", [&](auto& o, auto& v) { c.epochs = toInteger(o, v); }},
        {"--max-steps", [&](auto& o, auto& v) { c.maxSteps = toInteger(o, v); }},
        {"--batch-size", [&](auto& o, auto& v) { c.batchSize = toInteger(o, v); }},
        {"--lr", [&](auto& o, auto& v) { c.learningRate = toNumber(o, v); }},
        {"--momentum", [&](auto& o, auto& v) { c.momentum = toNumber(o, v); }},
        {"--weight-decay", [&](auto& o, auto& v) { c.weightDecay = toNumber(o, v); }},
        {"--clip-grad-norm", [&](auto& o, auto& v) { c.clipGradNorm = toNumber(o, v); }},
        {"--schedule",
         [&](auto& o, auto& v) {
             const auto schedule = parseSchedule(v);
             if (!schedule)
                 throw UsageError(o + " must be constant, step or cosine, not \"" + v + "\".");
             c.schedule = *schedule;
         }},
        {"--step-size", [&](auto& o, auto& v) { c.stepSize = toInteger(o, v); }},
        {"--gamma", [&](auto& o, auto& v) { c.gamma = toNumber(o, v); }},
        {"--warmup-epochs", [&](auto& o, auto& v) { c.warmupEpochs = toNumber(o, v); }},
        {"--image-size", [&](auto& o, auto& v) { c.imageSize = toInteger(o, v); }},
        {"--loss-scaling",
         [&](auto& o, auto& v) {
             const auto scaling = parseLossScaling(v);
             if (!scaling)
                 throw UsageError(o + " must be auto, on or off, not \"" + v + "\".");
             c.lossScaling = *scaling;
         }},
        {"--init-scale", [&](auto& o, auto& v) { c.scaler.initScale = toNumber(o, v); }},
        {"--growth-interval", [&](auto& o, auto& v) { c.scaler.growthInterval = toInteger(o, v); }},
        {"--seed", [&](auto& o, auto& v) { c.seed = static_cast<uint64_t>(toInteger(o, v)); }},
        {"--workers", [&](auto& o, auto& v) { c.workers = static_cast<int>(toInteger(o, v)); }},
        {"--synthetic-size", [&](auto& o, auto& v) { c.syntheticTrainSize = toInteger(o, v); }},
        {"--validation-limit", [&](auto& o, auto& v) { c.validationLimit = toInteger(o, v); }},
        {"--run-dir", [&](auto&, auto& v) { c.runsDirectory = v; }},
        {"--name", [&](auto&, auto& v) { c.name = v; }},
        {"--resume",
         [&](auto& o, auto& v) {
             if (!allowResume)
                 throw UsageError(o + " is only for `train`.");
             options.resumeDirectory = v;
         }},
    };
    const std::map<std::string, std::function<void()>> flags{
        {"--channels-last", [&] { c.channelsLast = true; }},
        {"--no-augment", [&] { c.augment = false; }},
        {"--nesterov", [&] { c.nesterov = true; }},
        {"--interleave",
         [&] {
             if (allowResume)
                 throw UsageError("--interleave is only for `compare`.");
             options.interleave = true;
         }},
        {"--json", [&] { options.json = true; }},
        {"--quiet", [&] { options.quiet = true; }},
        {"--help", [&] { options.help = true; }},
        {"-h", [&] { options.help = true; }},
    };

    for (size_t i = 0; i < arguments.size(); ++i) {
        std::string option = arguments[i];
        std::string value;
        bool hasInlineValue = false;
        if (const auto equals = option.find('='); option.rfind("--", 0) == 0 && equals != std::string::npos) {
            value = option.substr(equals + 1);
            option = option.substr(0, equals);
            hasInlineValue = true;
        }
        if (const auto flag = flags.find(option); flag != flags.end() && !hasInlineValue) {
            flag->second();
            continue;
        }
        const auto setter = valued.find(option);
        if (setter == valued.end())
            throw UsageError("Unknown option \"" + arguments[i] + "\".");
        if (!hasInlineValue) {
            if (i + 1 >= arguments.size())
                throw UsageError(option + " needs a value.");
            value = arguments[++i];
        }
        setter->second(option, value);
    }
    if (!options.help) {
        const auto problems = validate(c);
        if (!problems.empty())
            throw UsageError(problems.front());
    }
    return options;
}

std::string trainOptionsHelp(bool allowResume)
{
    std::ostringstream help;
    help << "Data and model:\n"
            "  --data SOURCE          fashion-mnist (default; Debian package dataset-fashion-mnist),\n"
            "                         fashion-mnist:DIR, mnist:DIR, synthetic, cifar10:DIR, or an\n"
            "                         ImageFolder DIR (one subfolder per class; train/ + val/ optional)\n"
            "  --image-size N         side of the images the model sees (default: the dataset's own;\n"
            "                         224 for image folders)\n"
            "  --synthetic-size N     images in the synthetic training set (default 10240)\n"
            "  --no-augment           no random crop/flip during training\n"
            "Precision and device:\n"
            "  --precision fp32|amp   AMP = fp16 autocast + loss scaling on CUDA, bf16 autocast on CPU\n"
            "  --device auto|cpu|cuda (default auto)\n"
            "  --channels-last        NHWC memory format for weights and images\n"
            "  --loss-scaling auto|on|off   (auto: on for CUDA AMP, off for CPU bf16)\n"
            "  --init-scale X         initial loss scale (default 65536)\n"
            "  --growth-interval N    clean steps before the scale doubles (default 2000)\n"
            "Optimisation:\n"
            "  --epochs N             (default 1)\n"
            "  --max-steps N          stop after N optimizer steps in total (default: no limit)\n"
            "  --batch-size N         (default 128)\n"
            "  --lr X                 SGD learning rate (default 0.1)\n"
            "  --momentum X           (default 0.9)   --weight-decay X (default 5e-4)   --nesterov\n"
            "  --clip-grad-norm X     clip the gradients' L2 norm (unscaled first under AMP; default off)\n"
            "  --schedule constant|step|cosine   (default step: x gamma every step-size epochs)\n"
            "  --step-size N          (default 30)    --gamma X (default 0.1)\n"
            "  --warmup-epochs X      linear warm-up (default 0)\n"
            "Run:\n"
            "  --seed N               data order, augmentation and initial weights (default 0)\n"
            "  --workers N            data loader threads (default 2)\n"
            "  --validation-limit N   evaluate on the first N validation images only\n"
            "  --run-dir DIR          folder that holds run folders (default runs)\n"
            "  --name NAME            run folder name (default: precision and time)\n";
    if (allowResume)
        help << "  --resume DIR           continue the stopped run in DIR from its checkpoint\n";
    else
        help << "  --interleave           alternate FP32 and AMP step by step, so machine noise hits both\n"
                "                         alike (peak memory is then that of both runs together)\n";
    help << "Output:\n"
            "  --json                 one JSON object per line (started, step, epoch, finished)\n"
            "  --quiet                only the final summary\n";
    return help.str();
}

} // namespace ampwb::cli
