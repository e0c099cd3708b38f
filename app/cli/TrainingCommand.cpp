#include "TrainingCommand.h"

#include "ConsoleObserver.h"
#include "InterruptWatcher.h"
#include "OptionValue.h"
#include "ProfileReport.h"
#include "UsageError.h"
#include "distributed/LocalRanks.h"
#include "distributed/ProcessGroup.h"
#include "distributed/Rendezvous.h"
#include "system/AtomicFile.h"
#include "system/ThreadPolicy.h"
#include "training/Comparison.h"
#include "training/PrecisionMeasurement.h"
#include "training/Trainer.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>

namespace ampwb::cli {
namespace {

const char* kStopNotice = "Stopping after the current step (the run can be resumed)…";

const char* kTrainIntroduction =
    "Usage: amp-workbench-cli train [OPTIONS]\n\n"
    "Trains ResNet-18 and writes config.json, steps.csv, epochs.csv, summary.json and checkpoint.pt\n"
    "into a new run folder.\n\n";

const char* kCompareIntroduction =
    "Usage: amp-workbench-cli compare [OPTIONS]\n\n"
    "Trains FP32 and AMP (or, with --three-way, FP32, AMP bf16 and AMP fp16) with the same seed and\n"
    "data order (on a CPU in turns, step by step; on CUDA and data-parallel one after the other), and\n"
    "writes the runs and report.md (the comparison table) into a new folder. With --precision-policy,\n"
    "a third run trains under that policy (same seed and data order), and the report says whether\n"
    "it beat both.\n\n";

const char* kProfileIntroduction =
    "Usage: amp-workbench-cli profile [OPTIONS]\n\n"
    "The X-ray: trains FP32 and AMP (or only --precision's) for 1 + --steps steps and records every\n"
    "operator of the steps after the first (libtorch's profiling hooks): time by kind of work, dtype,\n"
    "module, autocast's casts. Prints FP32 against AMP and writes profile/steps-A-B/ into each run\n"
    "folder: trace.json (Perfetto, chrome://tracing), classes.csv, modules.csv, operators.csv.\n\n";

const char* kSuggestIntroduction =
    "Usage: amp-workbench-cli precision suggest [OPTIONS]\n\n"
    "Suggests a precision policy from measurements on this machine and these data: trains FP32, AMP\n"
    "bf16 and AMP fp16 (with its loss scaling) for 1 + --steps steps with the same seed and data, profiles\n"
    "the steps after the first and measures the fp16 run's gradients against fp16's and bf16's ranges. Per\n"
    "module it picks the fastest precision whose gradients flush to zero at most --max-flushed of their\n"
    "values, a 16-bit one only when at least --min-gain faster (docs/precision-policy.md), and prints the\n"
    "table behind every choice. Writes the runs, suggestion.md and suggested-policy.json (for `train\n"
    "--precision-policy FILE`) into a new folder.\n\n";

const char* introductionOf(TrainingCommand::Kind kind)
{
    switch (kind) {
    case TrainingCommand::Kind::Train: return kTrainIntroduction;
    case TrainingCommand::Kind::Compare: return kCompareIntroduction;
    case TrainingCommand::Kind::SuggestPrecision: return kSuggestIntroduction;
    case TrainingCommand::Kind::Profile: break;
    }
    return kProfileIntroduction;
}

/// `train` and `profile` take no order or runs of a comparison.
void refuseComparisonOptions(OptionTable& table)
{
    for (const std::string option : {"--interleave", "--one-after-the-other", "--three-way"})
        table.refuse(option, option + " is only for `compare`.");
}

/// "A:B" with 1 ≤ A ≤ B, as --profile-steps takes it.
StepRange stepRange(const OptionValue& value)
{
    long long first = 0;
    long long last = 0;
    char end = 0;
    if (std::sscanf(value.text().c_str(), "%lld:%lld%c", &first, &last, &end) != 2 || first < 1 || last < first)
        throw value.mistake("expects steps A:B with 1 ≤ A ≤ B, such as 20:24, not \"" + value.text() + "\".");
    return {first, last};
}

/// The training settings of the config.json that --config names.
TrainingConfig settingsFrom(const OptionValue& value)
{
    try {
        return trainingConfigFromJson(readTextFile(value.text()));
    } catch (const std::exception& error) {
        throw value.mistake("cannot use " + value.text() + ": " + error.what());
    }
}

int exitCode(const RunSummary& summary)
{
    switch (summary.state) {
    case RunState::Finished: return 0;
    case RunState::Stopped: return 130;
    default: return 1;
    }
}

/// The exit code of the first run it sees end other than finished (0 while all finish).
struct RunOutcome : TrainingObserver {
    void runFinished(const RunSummary& summary) override
    {
        if (code == 0)
            code = exitCode(summary);
    }
    int code = 0;
};

} // namespace

TrainingCommand::TrainingCommand(Kind kind)
    : Command(introductionOf(kind))
    , kind(kind)
{
    TrainingConfig& c = config;
    table.addGroup("Data and model:",
                   {
                       {"--data", "SOURCE",
                        "fashion-mnist (default; Debian package dataset-fashion-mnist),\n"
                        "fashion-mnist:DIR, mnist:DIR, synthetic, cifar10:DIR, or an\n"
                        "ImageFolder DIR (one subfolder per class; train/ + val/ optional)",
                        [&c](const OptionValue& v) { c.dataset = v.text(); }},
                       {"--image-size", "N",
                        "side of the images the model sees (default: the dataset's own;\n"
                        "224 for image folders)",
                        [&c](const OptionValue& v) { c.imageSize = v.wholeNumber(); }},
                       {"--synthetic-size", "N", "images in the synthetic training set (default 10240)",
                        [&c](const OptionValue& v) { c.syntheticTrainSize = v.wholeNumber(); }},
                       {"--no-augment", "", "no random crop/flip during training",
                        [&c](const OptionValue&) { c.augment = false; }},
                   });
    table.addGroup("Starting weights (fine-tuning):",
                   {
                       {"--init-weights", "SOURCE",
                        "start from imagenet (torchvision's ResNet-18 weights in the torch hub\n"
                        "cache; `weights fetch imagenet` downloads them), a .pth state dict in\n"
                        "torchvision's format, or a run folder or its checkpoint.pt (default:\n"
                        "random weights). A head for another class count is replaced; the\n"
                        "image size defaults to the weights' (224 for imagenet)",
                        [&c](const OptionValue& v) { c.initWeights = v.text(); }},
                       {"--new-head", "",
                        "a new head even when the weights' class count equals the data's (other classes, same number)",
                        [&c](const OptionValue&) { c.newHead = true; }},
                       {"--freeze-backbone", "",
                        "train only the new head (backbone and its batch-norm statistics stay)",
                        [&c](const OptionValue&) { c.freezeBackbone = true; }},
                       {"--backbone-lr-scale", "X", "the backbone's learning rate relative to the head's (default 1)",
                        [&c](const OptionValue& v) { c.backboneLearningRateScale = v.number(); }},
                   });
    table.addGroup(
        "Precision and device:",
        {
            {"--precision", "fp32|amp", "AMP = autocast in --amp-dtype (+ dynamic loss scaling in fp16)",
             [this](const OptionValue& v) {
                 config.precision = v.oneOf(parsePrecision(v.text()), "fp32 or amp");
                 precisionChosen = true;
             }},
            {"--precision-policy", "PRESET|FILE",
             "each module's precision: a preset (fp32, amp, amp-batchnorm-fp32,\n"
             "amp-keep-small-maps-fp32, bf16-everywhere, amp-reduced-weights) or a\n"
             "JSON policy file\n"
             "(docs/precision-policy.md); instead of --precision (compare: a\n"
             "third run beside FP32 and AMP)",
             [this](const OptionValue& v) {
                 try {
                     config.precisionPolicy = readPrecisionPolicy(v.text());
                 } catch (const std::runtime_error& error) {
                     throw v.mistake(error.what());
                 }
                 precisionChosen = true;
             }},
            {"--amp-dtype", "auto|bfloat16|float16",
             "what AMP's autocast computes in (default auto: float16 on CUDA,\n"
             "bfloat16 on the CPU; float16 runs on any CPU, with loss scaling)",
             [&c](const OptionValue& v) {
                 c.ampDtype = v.oneOf(parseAmpDtype(v.text()), "auto, bfloat16 or float16");
             }},
            {"--stock-libtorch", "",
             "libtorch's own operators and SGD alone, without the workbench's\n"
             "measured fast paths (what plain PyTorch does; recorded in config.json)",
             [&c](const OptionValue&) { c.enginePaths = EnginePaths::stock(); }},
            {"--without-tuned-path", "NAME",
             "leave one of the fast paths out (small-map-convolutions,\n"
             "one-pass-sgd, kept-freed-memory; repeatable): what each is worth",
             [&c](const OptionValue& v) {
                 c.enginePaths = c.enginePaths.without(
                     v.oneOf(parseTunedPath(v.text()), "small-map-convolutions, one-pass-sgd or kept-freed-memory"));
             }},
            {"--device", "auto|cpu|cuda", "(default auto)", [&c](const OptionValue& v) { c.device = v.text(); }},
            {"--channels-last", "", "NHWC memory format for weights and images (the default)",
             [&c](const OptionValue&) { c.channelsLast = true; }},
            {"--contiguous", "", "NCHW memory format, PyTorch's default (beside plain PyTorch ranks)",
             [&c](const OptionValue&) { c.channelsLast = false; }},
            {"--loss-scaling", "auto|on|off", "(auto: on for AMP in float16, off for bfloat16)",
             [&c](const OptionValue& v) { c.lossScaling = v.oneOf(parseLossScaling(v.text()), "auto, on or off"); }},
            {"--init-scale", "X", "initial loss scale (default 65536)",
             [&c](const OptionValue& v) { c.scaler.initScale = v.number(); }},
            {"--growth-interval", "N", "clean steps before the scale doubles (default 2000)",
             [&c](const OptionValue& v) { c.scaler.growthInterval = v.wholeNumber(); }},
        });
    table.addGroup(
        "Optimisation:",
        {
            {"--epochs", "N", "(default 1)", [&c](const OptionValue& v) { c.epochs = v.wholeNumber(); }},
            {"--max-steps", "N", "stop after N optimizer steps in total (default: no limit)",
             [&c](const OptionValue& v) { c.maxSteps = v.wholeNumber(); }},
            {"--batch-size", "N", "(default 128)", [&c](const OptionValue& v) { c.batchSize = v.wholeNumber(); }},
            {"--lr", "X", "SGD learning rate (default 0.1)",
             [&c](const OptionValue& v) { c.learningRate = v.number(); }},
            {"--momentum", "X", "(default 0.9)", [&c](const OptionValue& v) { c.momentum = v.number(); }},
            {"--weight-decay", "X", "(default 5e-4)", [&c](const OptionValue& v) { c.weightDecay = v.number(); }},
            {"--nesterov", "", "Nesterov momentum (default off)", [&c](const OptionValue&) { c.nesterov = true; }},
            {"--clip-grad-norm", "X", "clip the gradients' L2 norm (unscaled first under AMP; default off)",
             [&c](const OptionValue& v) { c.clipGradNorm = v.number(); }},
            {"--grad-stats-every", "K",
             "each parameter's gradient range against fp16 and bf16 into gradstats.csv at step 1\n"
             "and every K steps (default 100; 0: off)",
             [&c](const OptionValue& v) { c.gradientStatsEvery = v.wholeNumber(); }},
            {"--schedule", "constant|step|cosine", "(default step: x gamma every step-size epochs)",
             [&c](const OptionValue& v) { c.schedule = v.oneOf(parseSchedule(v.text()), "constant, step or cosine"); }},
            {"--step-size", "N", "(default 30)", [&c](const OptionValue& v) { c.stepSize = v.wholeNumber(); }},
            {"--gamma", "X", "(default 0.1)", [&c](const OptionValue& v) { c.gamma = v.number(); }},
            {"--warmup-epochs", "X", "linear warm-up (default 0)",
             [&c](const OptionValue& v) { c.warmupEpochs = v.number(); }},
        });
    std::vector<Option> runRows{
        {"--config", "FILE",
         "the settings in FILE (a run's config.json) in place of the defaults\n"
         "and of the options before it; options after it change them",
         [&c](const OptionValue& v) { c = settingsFrom(v); }},
        {"--seed", "N", "data order, augmentation and initial weights (default 0)",
         [&c](const OptionValue& v) { c.seed = static_cast<uint64_t>(v.wholeNumber()); }},
        {"--workers", "N", "data loader threads (default 2)",
         [&c](const OptionValue& v) { c.workers = static_cast<int>(v.wholeNumber()); }},
        {"--threads", "N",
         "operator threads of the training step (default: one per physical core,\n"
         "or OMP_NUM_THREADS when set); each loader thread uses one",
         [this](const OptionValue& v) { threads = static_cast<int>(v.wholeNumberBetween(1, 1024)); }},
        {"--validation-limit", "N", "evaluate on the first N validation images only",
         [&c](const OptionValue& v) { c.validationLimit = v.wholeNumber(); }},
        {"--no-validation", "",
         "do not evaluate after each epoch (benchmarks; a group with a plain\n"
         "PyTorch rank)",
         [&c](const OptionValue&) { c.validation = false; }},
        {"--run-dir", "DIR", "folder that holds run folders (default runs)",
         [&c](const OptionValue& v) { c.runsDirectory = v.text(); }},
        {"--name", "NAME", "run folder name inside --run-dir, no slashes (default: precision and time)",
         [&c](const OptionValue& v) { c.name = v.text(); }},
    };
    runRows.push_back({"--nproc-per-node", "N",
                       "train data-parallel in N processes on this machine (ranks 1…N−1\n"
                       "started by this one, as `torchrun --standalone` starts them); each\n"
                       "gets an equal share of the physical cores unless --threads is given",
                       [this](const OptionValue& v) { processes = static_cast<int>(v.wholeNumberBetween(1, 256)); }});
    runRows.push_back({"--group-timeout", "SECONDS",
                       "in a data-parallel group: how long a rank waits for the others, at\n"
                       "the start and in each step, before the run fails (default 300); with\n"
                       "--nproc-per-node also how long rank 0, once done, waits for the\n"
                       "others to end before it ends them",
                       [this](const OptionValue& v) { groupTimeoutSeconds = v.wholeNumberBetween(1, 86400); }});
    if (kind == Kind::Profile || kind == Kind::SuggestPrecision) {
        runRows.push_back(
            {"--steps", "N", "steps to profile after the first (default 5)", [this](const OptionValue& v) {
                 profileSteps = StepRange{2, 1 + v.wholeNumberBetween(1, 1000)};
             }});
        table.refuse("--resume", "--resume is only for `train`.");
        refuseComparisonOptions(table);
    } else {
        runRows.push_back({"--profile-steps", "A:B",
                           "record every operator of steps A to B (the X-ray) into each run\n"
                           "folder's profile/steps-A-B/ and print where the time went",
                           [this](const OptionValue& v) { profileSteps = stepRange(v); }});
    }
    if (kind == Kind::Train) {
        runRows.push_back({"--resume", "DIR", "continue the stopped run in DIR from its checkpoint",
                           [this](const OptionValue& v) { resumeDirectory = v.text(); }});
        refuseComparisonOptions(table);
    } else if (kind == Kind::Compare) {
        runRows.push_back({"--interleave", "",
                           "alternate FP32 and AMP step by step, so machine noise hits both\n"
                           "alike (the default on a CPU; peak memory is then that of both runs\n"
                           "together)",
                           [this](const OptionValue&) { chooseOrder(ComparisonOrder::Interleaved); }});
        runRows.push_back({"--one-after-the-other", "",
                           "train FP32 to the end, then AMP, each with the machine to itself\n"
                           "(the default on CUDA and data-parallel): each run's own peak memory",
                           [this](const OptionValue&) { chooseOrder(ComparisonOrder::Sequential); }});
        runRows.push_back({"--three-way", "",
                           "train FP32, AMP bf16 and AMP fp16 (with its loss scaling) instead of\n"
                           "FP32 and --amp-dtype's AMP; on a CPU, fp16's steps take far longer",
                           [this](const OptionValue&) { comparedRuns = ComparisonRuns::ThreeWay; }});
        table.refuse("--resume", "--resume is only for `train`.");
    } else if (kind == Kind::SuggestPrecision) {
        for (const std::string option : {"--precision", "--precision-policy", "--amp-dtype"})
            table.refuse(option, option + " does not go with `precision suggest`, which measures fp32, bf16 and fp16.");
        for (const std::string option : {"--epochs", "--max-steps"})
            table.refuse(option, option
                                     + " does not go with `precision suggest`, which trains 1 + --steps steps in "
                                       "each precision.");
        table.refuse("--grad-stats-every", "`precision suggest` measures the gradients at every step.");
        table.refuse("--validation-limit", "`precision suggest` validates on one batch: its runs are measurements.");
        table.refuse("--nproc-per-node", "`precision suggest` measures in one process.");
        table.refuse("--json", "`precision suggest` prints a table; suggestion.md and suggested-policy.json hold it.");
        table.takePositional([this](const std::string& word) { words.push_back(word); });
    }
    table.addGroup("Run:", std::move(runRows));
    if (kind == Kind::SuggestPrecision) {
        std::vector<Option> suggestionRows{
            {"--max-flushed", "F",
             "the largest fraction of a module's non-zero gradient values that may\n"
             "flush to zero in a 16-bit type (default 0.001)",
             [this](const OptionValue& v) { rule.maxFlushedFraction = v.number(); }},
            {"--min-gain", "G",
             "how much faster a 16-bit type must be on a module to replace a wider\n"
             "one (default 0.05: 5 %)",
             [this](const OptionValue& v) { rule.minimumGain = v.number(); }},
            {"--output", "FILE", "also write the suggested policy to FILE",
             [this](const OptionValue& v) { policyOutput = v.text(); }},
        };
        table.addGroup("Suggestion:", std::move(suggestionRows));
    }
    table.addGroup("Output:",
                   {
                       {"--json", "", "one JSON object per line (started, step, epoch, finished)",
                        [this](const OptionValue&) { json = true; }},
                       {"--quiet", "", "only the final summary", [this](const OptionValue&) { quiet = true; }},
                   });
}

int TrainingCommand::run()
{
    const std::vector<EngineMessage> problems = validationProblems(config);
    if (!problems.empty())
        throw UsageError(problems.front().english());
    if (kind == Kind::Compare && config.precisionPolicy && comparedRuns == ComparisonRuns::ThreeWay)
        throw UsageError("--precision-policy adds a third run to FP32 and AMP; leave out --three-way.");
    if (threads > 0)
        applyThreadPolicy(chooseThreadPolicy(threads));
    if (kind == Kind::SuggestPrecision)
        return suggestPrecision();
    if (kind == Kind::Profile) {
        // A short measurement: the first step warms up, the rest are profiled; one batch validates.
        if (!profileSteps)
            profileSteps = StepRange{2, 6};
        config.maxSteps = profileSteps->last;
        config.validationLimit = config.batchSize;
        if (config.name.empty())
            config.name = Trainer::timestampedRunName("profile");
        return precisionChosen ? train() : compare();
    }
    return kind == Kind::Train ? train() : compare();
}

void TrainingCommand::reportProfiles() const
{
    if (profiles.empty() || style() == ConsoleStyle::Json)
        return;
    std::printf("\n%s", profileReport(profiles).c_str());
    std::fflush(stdout);
}

ConsoleStyle TrainingCommand::style() const
{
    return json ? ConsoleStyle::Json : quiet ? ConsoleStyle::Quiet : ConsoleStyle::Auto;
}

std::shared_ptr<ProcessGroup> TrainingCommand::joinDataParallelGroup(std::optional<LocalRanks>& localRanks) const
{
    // Under torchrun (RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT set) this process is one rank of a group;
    // with --nproc-per-node it is rank 0 and starts the others.
    std::optional<Rendezvous> rendezvous = rendezvousFromEnvironment();
    if (processes > 1) {
        if (rendezvous)
            throw UsageError("--nproc-per-node starts the ranks itself; leave it out under torchrun.");
        const int threadsPerRank = threadsPerLocalRank(processes);
        if (threads == 0 && !std::getenv("OMP_NUM_THREADS"))
            applyThreadPolicy(chooseThreadPolicy(threadsPerRank));
        localRanks.emplace(processes, ownProgram(), ownArgumentsWithout("--nproc-per-node"), threadsPerRank);
        rendezvous = localRanks->rendezvous();
    }
    if (!rendezvous || rendezvous->worldSize <= 1)
        return nullptr;
#ifdef AMPWB_WITH_GLOO
    return std::make_shared<ProcessGroup>(*rendezvous, std::chrono::seconds(groupTimeoutSeconds));
#else
    throw UsageError("This amp-workbench-cli was built without Gloo (libgloo-dev), so it cannot train as one "
                     "of several ranks.");
#endif
}

int TrainingCommand::withLocalRanks(std::optional<LocalRanks>& localRanks, int code) const
{
    if (!localRanks)
        return code;
    const std::vector<RankExit> ends = localRanks->wait(std::chrono::seconds(groupTimeoutSeconds));
    for (size_t each = 0; each < ends.size(); ++each) {
        const std::string failure = describeRankExit(static_cast<int>(each) + 1, ends[each]);
        if (!failure.empty())
            std::fprintf(stderr, "%s\n", failure.c_str());
        code = code != 0 ? code : ends[each].status;
    }
    return code;
}

int TrainingCommand::train()
{
    std::optional<LocalRanks> localRanks;
    const std::shared_ptr<ProcessGroup> group = joinDataParallelGroup(localRanks);
    // Rank 0 reports the run; the other ranks only their final summary.
    ConsoleObserver console(leadsTheRun(group.get()) ? style() : ConsoleStyle::Quiet);
    Trainer trainer(config, resumeDirectory);
    if (group)
        trainer.joinGroup(group);
    trainer.addObserver(&console);
    StepProfiler profiler(profileSteps, [this](const ProfileTaken& taken) { profiles.push_back(taken); });
    if (profileSteps)
        trainer.addObserver(&profiler);
    InterruptWatcher watcher(kStopNotice, [&] { trainer.requestStop(); });
    const int code = exitCode(trainer.run());
    reportProfiles();
    return withLocalRanks(localRanks, code);
}

void TrainingCommand::chooseOrder(ComparisonOrder chosen)
{
    if (order && *order != chosen)
        throw UsageError("--interleave and --one-after-the-other exclude each other; give one of them.");
    order = chosen;
}

int TrainingCommand::compare()
{
    const bool dataParallel = processes > 1 || rendezvousFromEnvironment();
    if (order == ComparisonOrder::Interleaved && dataParallel)
        throw UsageError("--interleave runs FP32 and AMP in one process; leave it out of a data-parallel comparison.");
    std::optional<LocalRanks> localRanks;
    const std::shared_ptr<ProcessGroup> group = joinDataParallelGroup(localRanks);
    const bool reports = leadsTheRun(group.get());
    ConsoleObserver console(reports && style() == ConsoleStyle::Json ? ConsoleStyle::Json : ConsoleStyle::Quiet);
    // `profile` records FP32, then AMP, as it always has; `compare` takes the order asked for or the default.
    const ComparisonOrder defaultOrder = defaultComparisonOrder(config.device, dataParallel);
    Comparison comparison(config, kind == Kind::Profile ? ComparisonOrder::Sequential : order.value_or(defaultOrder),
                          comparedRuns);
    if (group)
        comparison.joinGroup(group);
    comparison.addObserver(&console);
    StepProfiler profiler(profileSteps, [this](const ProfileTaken& taken) { profiles.push_back(taken); });
    if (profileSteps)
        comparison.addObserver(&profiler);
    InterruptWatcher watcher(kStopNotice, [&] { comparison.requestStop(); });
    const ComparisonResult result = comparison.run();
    if (reports && kind == Kind::Compare)
        console.comparisonFinished(result.reportMarkdown, result.directory + "/report.md");
    reportProfiles();
    int code = exitCode(result.fp32);
    for (const RunSummary& amp : result.amp)
        code = code != 0 ? code : exitCode(amp);
    return withLocalRanks(localRanks, code);
}

int TrainingCommand::suggestPrecision()
{
    if (words.empty() || words[0] != "suggest")
        throw UsageError(words.empty() ? "Name what to do: `precision suggest`."
                                       : "Unknown action \"" + words[0] + "\": the only action is suggest.");
    if (words.size() > 1)
        throw UsageError("Unexpected argument \"" + words[1] + "\".");
    if (!(rule.maxFlushedFraction >= 0.0 && rule.maxFlushedFraction <= 1.0))
        throw UsageError("--max-flushed is a fraction from 0 to 1, such as 0.001.");
    if (!(rule.minimumGain >= 0.0 && rule.minimumGain < 1.0))
        throw UsageError("--min-gain is a fraction from 0 up to 1, such as 0.05.");
    ConsoleObserver console(style());
    RunOutcome outcome;
    PrecisionMeasurement measurement(config, profileSteps ? profileSteps->last - 1 : 5, rule);
    measurement.addObserver(&console);
    measurement.addObserver(&outcome);
    {
        InterruptWatcher watcher(kStopNotice, [&] { measurement.requestStop(); });
        measurement.runJob();
    }
    const std::optional<PrecisionSuggestion> suggestion = measurement.suggestion();
    if (!suggestion)
        return outcome.code != 0 ? outcome.code : 1;
    std::printf("\n%s\nWritten to %s/suggested-policy.json (train --precision-policy FILE trains under it) and "
                "suggestion.md.\n",
                suggestionMarkdown(*suggestion).c_str(), measurement.directory().c_str());
    if (!policyOutput.empty()) {
        writeTextAtomically(policyOutput, precisionPolicyJson(suggestion->policy) + "\n");
        std::printf("Also written to %s.\n", policyOutput.c_str());
    }
    return 0;
}

} // namespace ampwb::cli
