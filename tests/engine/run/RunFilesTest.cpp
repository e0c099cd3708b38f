// Run files: steps.csv, epochs.csv and summary.json written through RunFolder and read back
// through RunFiles and RunFolder::readSummary; the files' text as runs already on disk have it;
// tolerant reading of damaged files; the strict check a resume makes first, naming the file and line;
// bounded reading that refuses pipes, devices and files larger than a run writes without waiting on them;
// the enum names the files and the command line use.
#include "model/InferencePrecision.h"
#include "run/GradientRanges.h"
#include "run/NumericCsv.h"
#include "run/RunFiles.h"
#include "run/RunFolder.h"
#include "run/TrainingConfig.h"
#include "system/DeviceInfo.h"
#include "system/EnumNames.h"

#include "TestSupport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>

#include <cmath>
#include <fstream>
#include <limits>
#include <stdexcept>

#include <sys/stat.h>

using namespace ampwb;

namespace {

// The header lines of the run files as every run so far has written them: existing run folders are
// read by these names, so they are the compatibility contract of the format.
constexpr const char* kStepsHeader =
    "step,epoch,step_in_epoch,loss,loss_scale,skipped,step_ms,images_per_s,data_wait_ms,learning_rate,wall_s,"
    "allocated_bytes,reserved_bytes,peak_allocated_bytes,peak_reserved_bytes,rss_bytes,peak_rss_bytes,"
    "global_images_per_s";
constexpr const char* kEpochsHeader =
    "epoch,steps,complete,train_loss,train_accuracy,val_loss,val_top1,val_top5,epoch_s,images_per_s,"
    "peak_memory_bytes,skipped_steps";

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInfinity = std::numeric_limits<double>::infinity();

/// A CUDA step with byte counts that a double printed to 10 digits could not hold.
StepMetrics cudaStep()
{
    StepMetrics step;
    step.step = 1;
    step.epoch = 1;
    step.stepInEpoch = 1;
    step.loss = 2.302585093;
    step.lossScale = 65536.0;
    step.skipped = false;
    step.stepMilliseconds = 12.5;
    step.imagesPerSecond = 10240.0;
    step.globalImagesPerSecond = 20480.0; // of two ranks
    step.dataWaitMilliseconds = 0.25;
    step.learningRate = 0.1;
    step.wallSeconds = 0.0125;
    step.memory.allocatedBytes = 150000000000;
    step.memory.reservedBytes = 160000000000;
    step.memory.peakAllocatedBytes = 1099511627776;
    step.memory.peakReservedBytes = 123456789012345;
    return step;
}

/// A skipped step with a NaN loss (with its sign bit set, as x86 makes it) and a value past 10 digits.
StepMetrics skippedStep()
{
    StepMetrics step = cudaStep();
    step.step = 2;
    step.stepInEpoch = 2;
    step.loss = -kNaN;
    step.lossScale = 32768.0;
    step.skipped = true;
    step.stepMilliseconds = 1234.567891;
    step.wallSeconds = 1.0 / 3.0;
    return step;
}

/// A step of the second epoch with an infinite loss.
StepMetrics infiniteLossStep()
{
    StepMetrics step = cudaStep();
    step.step = 3;
    step.epoch = 2;
    step.stepInEpoch = 1;
    step.loss = kInfinity;
    step.learningRate = 0.001;
    return step;
}

EpochMetrics partialEpoch()
{
    EpochMetrics epoch;
    epoch.epoch = 1;
    epoch.steps = 2;
    epoch.complete = false;
    epoch.trainLoss = kNaN;
    epoch.trainAccuracy = 0.5;
    epoch.validationLoss = kInfinity;
    epoch.validationTop1 = 0.875;
    epoch.validationTop5 = 1.0;
    epoch.epochSeconds = 2.5;
    epoch.imagesPerSecond = 10240.0;
    epoch.peakMemoryBytes = 150000000000;
    epoch.skippedSteps = 1;
    return epoch;
}

EpochMetrics completeEpoch()
{
    EpochMetrics epoch = partialEpoch();
    epoch.epoch = 2;
    epoch.complete = true;
    epoch.trainLoss = 0.693147;
    epoch.validationLoss = 0.75;
    epoch.skippedSteps = 0;
    return epoch;
}

/// A summary with every field set, two of them NaN (written as null).
RunSummary finishedSummary(const std::string& directory)
{
    RunSummary summary;
    summary.runDirectory = directory;
    summary.state = RunState::Finished;
    summary.message = EngineMessage(EngineMessage::Code::LostRanks, {"3", EngineMessage::text("\"all\" closed")});
    summary.precision = Precision::Amp;
    summary.ampDtype = AmpDtype::Float16;
    summary.deviceDescription = "CUDA 0: NVIDIA H200";
    summary.imageSize = 224;
    summary.steps = 3;
    summary.epochsCompleted = 1;
    summary.trainSeconds = 5.25;
    summary.imagesPerSecond = 10240.5;
    summary.imagesPerSecondError = 0.03125;
    summary.worldSize = 4;
    summary.medianStepMilliseconds = 12.5;
    summary.epochSeconds = 2.5;
    summary.epochSecondsProjected = true;
    summary.memoryIsCuda = true;
    summary.peakMemoryBytes = 150000000000;
    summary.peakReservedBytes = 160000000000;
    summary.interleaved = true;
    summary.finalTrainLoss = kNaN;
    summary.finalValidationLoss = 0.75;
    summary.finalTop1 = 0.875;
    summary.finalTop5 = kNaN;
    summary.skippedSteps = 1;
    summary.nonFiniteLosses = 2;
    summary.finalLossScale = 32768.0;
    summary.unreadableImages = 4;
    summary.validationImages = 640;
    return summary;
}

/// The summary.json text finishedSummary has always been written as (keys in alphabetical order).
QByteArray finishedSummaryJson(const std::string& directory)
{
    return QByteArray("{\n"
                      "  \"amp_dtype\": \"float16\",\n"
                      "  \"device\": \"CUDA 0: NVIDIA H200\",\n"
                      "  \"epoch_seconds\": 2.5,\n"
                      "  \"epoch_seconds_projected\": true,\n"
                      "  \"epochs_completed\": 1,\n"
                      "  \"final_loss_scale\": 32768.0,\n"
                      "  \"final_top1\": 0.875,\n"
                      "  \"final_top5\": null,\n"
                      "  \"final_train_loss\": null,\n"
                      "  \"final_validation_loss\": 0.75,\n"
                      "  \"image_size\": 224,\n"
                      "  \"images_per_second\": 10240.5,\n"
                      "  \"images_per_second_relative_error\": 0.03125,\n"
                      "  \"interleaved\": true,\n"
                      "  \"median_step_ms\": 12.5,\n"
                      "  \"memory_is_cuda\": true,\n"
                      "  \"message\": \"Lost contact with the other ranks of the data-parallel group in step 3: a rank "
                      "ended or its machine went away, or it did not answer within the group timeout. The run's last "
                      "checkpoint is kept. (Gloo: \\\"all\\\" closed)\",\n"
                      "  \"message_coded\": {\n"
                      "    \"arguments\": [\n"
                      "      \"3\",\n"
                      "      {\n"
                      "        \"arguments\": [\n"
                      "          \"\\\"all\\\" closed\"\n"
                      "        ],\n"
                      "        \"code\": \"Text\"\n"
                      "      }\n"
                      "    ],\n"
                      "    \"code\": \"LostRanks\"\n"
                      "  },\n"
                      "  \"non_finite_losses\": 2,\n"
                      "  \"peak_memory_bytes\": 150000000000,\n"
                      "  \"peak_reserved_bytes\": 160000000000,\n"
                      "  \"precision\": \"amp\",\n"
                      "  \"run_directory\": \"")
         + QByteArray::fromStdString(directory)
         + QByteArray("\",\n"
                      "  \"skipped_steps\": 1,\n"
                      "  \"state\": \"finished\",\n"
                      "  \"steps\": 3,\n"
                      "  \"train_seconds\": 5.25,\n"
                      "  \"unreadable_images\": 4,\n"
                      "  \"validated\": true,\n"
                      "  \"validation_images\": 640,\n"
                      "  \"world_size\": 4\n"
                      "}\n");
}

/// A configuration with every field away from its default.
TrainingConfig unusualConfig()
{
    TrainingConfig config;
    config.name = "amp-64px";
    config.dataset = "synthetic";
    config.syntheticTrainSize = 512;
    config.syntheticValidationSize = 64;
    config.precision = Precision::Amp;
    config.ampDtype = AmpDtype::BFloat16;
    config.enginePaths = EnginePaths::stock();
    config.device = "cpu";
    config.epochs = 3;
    config.maxSteps = 100;
    config.batchSize = 32;
    config.learningRate = 0.05;
    config.momentum = 0.8;
    config.weightDecay = 0.0001;
    config.nesterov = true;
    config.clipGradNorm = 1.5;
    config.schedule = LearningRateSchedule::Cosine;
    config.stepSize = 10;
    config.gamma = 0.5;
    config.warmupEpochs = 0.5;
    config.imageSize = 64;
    config.channelsLast = true;
    config.augment = false;
    config.lossScaling = LossScaling::On;
    config.scaler.initScale = 1024.0;
    config.scaler.growthFactor = 4.0;
    config.scaler.backoffFactor = 0.25;
    config.scaler.growthInterval = 100;
    config.seed = std::numeric_limits<uint64_t>::max();
    config.workers = 4;
    config.validationLimit = 256;
    config.validation = false;
    config.gradientStatsEvery = 25;
    config.runsDirectory = "/tmp/runs";
    config.initWeights = "/tmp/weights/mine.pth";
    config.newHead = true;
    config.freezeBackbone = true;
    config.backboneLearningRateScale = 0.1;
    return config;
}

/// The config.json text (before RunFolder adds the machine) unusualConfig is written as: the same
/// keys as always, and since fine-tuning init_weights, new_head, freeze_backbone and backbone_lr_scale.
constexpr const char* kUnusualConfigJson = "{\n"
                                           "  \"amp_dtype\": \"bfloat16\",\n"
                                           "  \"augment\": false,\n"
                                           "  \"backbone_lr_scale\": 0.1,\n"
                                           "  \"batch_size\": 32,\n"
                                           "  \"channels_last\": true,\n"
                                           "  \"clip_grad_norm\": 1.5,\n"
                                           "  \"dataset\": \"synthetic\",\n"
                                           "  \"device\": \"cpu\",\n"
                                           "  \"engine_paths\": \"stock\",\n"
                                           "  \"epochs\": 3,\n"
                                           "  \"freeze_backbone\": true,\n"
                                           "  \"gamma\": 0.5,\n"
                                           "  \"grad_stats_every\": 25,\n"
                                           "  \"image_size\": 64,\n"
                                           "  \"init_weights\": \"/tmp/weights/mine.pth\",\n"
                                           "  \"learning_rate\": 0.05,\n"
                                           "  \"loss_scaling\": \"on\",\n"
                                           "  \"max_steps\": 100,\n"
                                           "  \"momentum\": 0.8,\n"
                                           "  \"name\": \"amp-64px\",\n"
                                           "  \"nesterov\": true,\n"
                                           "  \"new_head\": true,\n"
                                           "  \"precision\": \"amp\",\n"
                                           "  \"runs_directory\": \"/tmp/runs\",\n"
                                           "  \"scaler\": {\n"
                                           "    \"backoff_factor\": 0.25,\n"
                                           "    \"growth_factor\": 4.0,\n"
                                           "    \"growth_interval\": 100,\n"
                                           "    \"init_scale\": 1024.0\n"
                                           "  },\n"
                                           "  \"schedule\": \"cosine\",\n"
                                           "  \"seed\": 18446744073709551615,\n"
                                           "  \"step_size\": 10,\n"
                                           "  \"synthetic_train_size\": 512,\n"
                                           "  \"synthetic_validation_size\": 64,\n"
                                           "  \"validation\": false,\n"
                                           "  \"validation_limit\": 256,\n"
                                           "  \"warmup_epochs\": 0.5,\n"
                                           "  \"weight_decay\": 0.0001,\n"
                                           "  \"workers\": 4\n"
                                           "}";

QList<QByteArray> linesOf(const std::string& path)
{
    QList<QByteArray> lines = test::readBytes(QString::fromStdString(path)).split('\n');
    if (!lines.isEmpty() && lines.back().isEmpty())
        lines.pop_back();
    return lines;
}

void writeFile(const std::string& path, const QByteArray& text)
{
    QVERIFY2(test::writeBytes(QString::fromStdString(path), text), path.c_str());
}

/// Compares what was read with what was written, for the members steps.csv holds.
void compareStep(const StepMetrics& read, const StepMetrics& written)
{
    QCOMPARE(read.step, written.step);
    QCOMPARE(read.epoch, written.epoch);
    QCOMPARE(read.stepInEpoch, written.stepInEpoch);
    QCOMPARE(read.loss, written.loss);
    QCOMPARE(read.lossScale, written.lossScale);
    QCOMPARE(read.skipped, written.skipped);
    QCOMPARE(read.stepMilliseconds, written.stepMilliseconds);
    QCOMPARE(read.imagesPerSecond, written.imagesPerSecond);
    QCOMPARE(read.globalImagesPerSecond, written.globalImagesPerSecond);
    QCOMPARE(read.dataWaitMilliseconds, written.dataWaitMilliseconds);
    QCOMPARE(read.learningRate, written.learningRate);
    QCOMPARE(read.wallSeconds, written.wallSeconds);
    QCOMPARE(read.memory.allocatedBytes, written.memory.allocatedBytes);
    QCOMPARE(read.memory.reservedBytes, written.memory.reservedBytes);
    QCOMPARE(read.memory.peakAllocatedBytes, written.memory.peakAllocatedBytes);
    QCOMPARE(read.memory.peakReservedBytes, written.memory.peakReservedBytes);
    QCOMPARE(read.memory.residentBytes, written.memory.residentBytes);
    QCOMPARE(read.memory.peakResidentBytes, written.memory.peakResidentBytes);
}

void compareEpoch(const EpochMetrics& read, const EpochMetrics& written)
{
    QCOMPARE(read.epoch, written.epoch);
    QCOMPARE(read.steps, written.steps);
    QCOMPARE(read.complete, written.complete);
    QCOMPARE(read.trainLoss, written.trainLoss);
    QCOMPARE(read.trainAccuracy, written.trainAccuracy);
    QCOMPARE(read.validationLoss, written.validationLoss);
    QCOMPARE(read.validationTop1, written.validationTop1);
    QCOMPARE(read.validationTop5, written.validationTop5);
    QCOMPARE(read.epochSeconds, written.epochSeconds);
    QCOMPARE(read.imagesPerSecond, written.imagesPerSecond);
    QCOMPARE(read.peakMemoryBytes, written.peakMemoryBytes);
    QCOMPARE(read.skippedSteps, written.skippedSteps);
}

void compareSummary(const RunSummary& read, const RunSummary& written)
{
    QCOMPARE(read.runDirectory, written.runDirectory);
    QCOMPARE(toString(read.state), toString(written.state));
    QCOMPARE(read.message, written.message);
    QCOMPARE(toString(read.precision), toString(written.precision));
    QCOMPARE(toString(read.ampDtype), toString(written.ampDtype));
    QCOMPARE(read.deviceDescription, written.deviceDescription);
    QCOMPARE(read.imageSize, written.imageSize);
    QCOMPARE(read.steps, written.steps);
    QCOMPARE(read.epochsCompleted, written.epochsCompleted);
    QCOMPARE(read.trainSeconds, written.trainSeconds);
    QCOMPARE(read.imagesPerSecond, written.imagesPerSecond);
    QCOMPARE(read.worldSize, written.worldSize);
    QCOMPARE(read.medianStepMilliseconds, written.medianStepMilliseconds);
    QCOMPARE(read.epochSeconds, written.epochSeconds);
    QCOMPARE(read.epochSecondsProjected, written.epochSecondsProjected);
    QCOMPARE(read.memoryIsCuda, written.memoryIsCuda);
    QCOMPARE(read.peakMemoryBytes, written.peakMemoryBytes);
    QCOMPARE(read.peakReservedBytes, written.peakReservedBytes);
    QCOMPARE(read.interleaved, written.interleaved);
    QCOMPARE(read.finalTrainLoss, written.finalTrainLoss);
    QCOMPARE(read.finalValidationLoss, written.finalValidationLoss);
    QCOMPARE(read.finalTop1, written.finalTop1);
    QCOMPARE(read.finalTop5, written.finalTop5);
    QCOMPARE(read.skippedSteps, written.skippedSteps);
    QCOMPARE(read.nonFiniteLosses, written.nonFiniteLosses);
    QCOMPARE(read.finalLossScale, written.finalLossScale);
    QCOMPARE(read.unreadableImages, written.unreadableImages);
}

/// Every value of an enum: its name through the helper, back to the value, and the name it has always had.
template <typename Enum, typename Parse>
void checkNames(const std::vector<std::pair<Enum, std::string>>& expected, Parse parse)
{
    for (const auto& [value, name] : expected) {
        QCOMPARE(toString(value), name);
        const std::optional<Enum> parsed = parse(name);
        QVERIFY2(parsed.has_value(), name.c_str());
        QCOMPARE(toString(*parsed), name);
    }
}

} // namespace

class RunFilesTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        QVERIFY(scratch.isValid());
        runs = scratch.path().toStdString();
    }

    void filesHaveTheirExistingText()
    {
        RunFolder folder = RunFolder::create(runs, "text");
        folder.openLogs(0, 0);
        folder.appendStep(cudaStep());
        folder.appendStep(skippedStep());
        folder.appendEpoch(partialEpoch());

        const QList<QByteArray> steps = linesOf(folder.stepsPath());
        QCOMPARE(steps.size(), 3);
        QCOMPARE(steps[0], QByteArray(kStepsHeader));
        // Integers exactly, doubles to 10 significant digits, flags as 0/1, NaN as nan.
        QCOMPARE(steps[1], QByteArray("1,1,1,2.302585093,65536,0,12.5,10240,0.25,0.1,0.0125,"
                                      "150000000000,160000000000,1099511627776,123456789012345,0,0,20480"));
        QCOMPARE(steps[2], QByteArray("2,1,2,-nan,32768,1,1234.567891,10240,0.25,0.1,0.3333333333,"
                                      "150000000000,160000000000,1099511627776,123456789012345,0,0,20480"));

        const QList<QByteArray> epochs = linesOf(folder.epochsPath());
        QCOMPARE(epochs.size(), 2);
        QCOMPARE(epochs[0], QByteArray(kEpochsHeader));
        QCOMPARE(epochs[1], QByteArray("1,2,0,nan,0.5,inf,0.875,1,2.5,10240,150000000000,1"));

        folder.writeSummary(finishedSummary(folder.directory()));
        QCOMPARE(test::readBytes(QString::fromStdString(folder.summaryPath())),
                 finishedSummaryJson(folder.directory()));
    }

    void rankStepsAppendAndResume()
    {
        RunFolder folder = RunFolder::create(runs, "ranks");
        folder.openRankSteps(0);
        RankStep figures;
        figures.step = 1;
        figures.rank = 1;
        figures.stepMilliseconds = 512.25;
        figures.dataWaitMilliseconds = 0.5;
        figures.allReduceMilliseconds = 40.125;
        figures.exposedAllReduceMilliseconds = 7.5;
        figures.memoryBytes = 150'000'000'000;
        RankStep later = figures;
        later.step = 2;
        later.rank = 0;
        folder.appendRankSteps({figures, later});
        const QByteArray header("step,rank,step_ms,data_wait_ms,allreduce_ms,allreduce_exposed_ms,memory_bytes");
        QCOMPARE(linesOf(folder.ranksPath()), (QList<QByteArray>{header, "1,1,512.25,0.5,40.125,7.5,150000000000",
                                                                 "2,0,512.25,0.5,40.125,7.5,150000000000"}));
        // Resuming from the checkpoint of step 1 drops what came after it.
        RunFolder resumed(folder.directory());
        resumed.openRankSteps(1);
        resumed.appendRankSteps({later});
        QCOMPARE(linesOf(folder.ranksPath()), (QList<QByteArray>{header, "1,1,512.25,0.5,40.125,7.5,150000000000",
                                                                 "2,0,512.25,0.5,40.125,7.5,150000000000"}));
        RunFolder again(folder.directory());
        again.openRankSteps(1);
        QCOMPARE(linesOf(folder.ranksPath()).size(), 2);
    }

    void rankStepsReadBackWithTheirSteps()
    {
        RunFolder folder = RunFolder::create(runs, "ranks-read");
        folder.writeConfig(TrainingConfig{}, DeviceInfo{}, "CPU");
        folder.openLogs(0, 0);
        folder.appendStep(cudaStep());
        folder.appendStep(skippedStep());
        folder.openRankSteps(0);
        // In the order they reach rank 0: its own row of each step, the other rank's a step late.
        const auto row = [](int64_t step, int rank, double milliseconds) {
            RankStep figures;
            figures.step = step;
            figures.rank = rank;
            figures.stepMilliseconds = milliseconds;
            figures.memoryBytes = 1000 * step + rank;
            return figures;
        };
        folder.appendRankSteps({row(1, 0, 10.5)});
        folder.appendRankSteps({row(2, 0, 20.5), row(1, 1, 11.5)});
        folder.appendRankSteps({row(2, 1, 21.5), row(9, 1, 99.0)}); // step 9 is not in steps.csv

        const std::optional<RunFiles> read = RunFiles::read(folder.directory());
        QVERIFY(read.has_value());
        QCOMPARE(read->steps.size(), size_t{2});
        for (const StepMetrics& step : read->steps) {
            QCOMPARE(step.ranks.size(), size_t{2});
            for (int rank = 0; rank < 2; ++rank) {
                const RankStep& figures = step.ranks[static_cast<size_t>(rank)];
                QCOMPARE(figures.step, step.step);
                QCOMPARE(figures.rank, rank);
                QCOMPARE(figures.stepMilliseconds, 10.0 * static_cast<double>(step.step) + 0.5 + rank);
                QCOMPARE(figures.memoryBytes, 1000 * step.step + rank);
            }
        }
    }

    void deviceReadsBackAsAMessage()
    {
        DeviceInfo machine;
        machine.cpuModel = "Model %1 CPU";
        machine.cpuThreads = 8;
        machine.cpuHasAmxBf16 = true;
        machine.cpuHasAvx512Bf16 = true;
        TrainingConfig config;
        config.device = "cpu";
        const c10::Device cpu(c10::kCPU);
        RunFolder amx = RunFolder::create(runs, "device-amx");
        amx.writeConfig(config, machine, describeDevice(cpu, machine));
        QCOMPARE(RunFolder::readDevice(amx.directory()), std::optional(deviceMessage(cpu, machine)));

        machine.cpuHasAmxBf16 = false;
        RunFolder avx = RunFolder::create(runs, "device-avx512");
        avx.writeConfig(config, machine, describeDevice(cpu, machine));
        QCOMPARE(RunFolder::readDevice(avx.directory())->english(),
                 std::string("CPU (Model %1 CPU, 8 threads, bf16 units: AVX512-BF16)"));

        // "auto" took the GPU the machine had; "cpu" did not.
        machine.gpuName = "NVIDIA H200, 139.8 GiB";
        config.device = "auto";
        const c10::Device cuda(c10::kCUDA, 0);
        RunFolder gpu = RunFolder::create(runs, "device-cuda");
        gpu.writeConfig(config, machine, describeDevice(cuda, machine));
        QCOMPARE(RunFolder::readDevice(gpu.directory()), std::optional(deviceMessage(cuda, machine)));
        config.device = "cpu";
        RunFolder cpuBeside = RunFolder::create(runs, "device-cpu-beside-gpu");
        cpuBeside.writeConfig(config, machine, describeDevice(cpu, machine));
        QCOMPARE(RunFolder::readDevice(cpuBeside.directory()), std::optional(deviceMessage(cpu, machine)));

        // A line the machine's fields do not make again, and a folder from before "cpu_amx_bf16": no message.
        RunFolder other = RunFolder::create(runs, "device-other");
        other.writeConfig(config, machine, "CPU");
        QVERIFY(!RunFolder::readDevice(other.directory()));
        QFile file(QString::fromStdString(amx.configPath()));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QByteArray text = file.readAll();
        file.close();
        QVERIFY(text.contains("\"cpu_amx_bf16\": true,\n"));
        text.replace("\"cpu_amx_bf16\": true,\n", "");
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(text);
        file.close();
        QVERIFY(!RunFolder::readDevice(amx.directory()));
        QVERIFY(!RunFolder::readDevice(runs + "/no-such-run"));
    }

    void runReadsBackAsWritten()
    {
        RunFolder folder = RunFolder::create(runs, "written");
        TrainingConfig config;
        config.precision = Precision::Amp;
        config.batchSize = 64;
        folder.writeConfig(config, DeviceInfo{}, "CPU");
        folder.openLogs(0, 0);
        const std::vector<StepMetrics> steps{cudaStep(), skippedStep(), infiniteLossStep()};
        for (const StepMetrics& step : steps)
            folder.appendStep(step);
        const std::vector<EpochMetrics> epochs{partialEpoch(), completeEpoch()};
        for (const EpochMetrics& epoch : epochs)
            folder.appendEpoch(epoch);
        const RunSummary summary = finishedSummary(folder.directory());
        folder.writeSummary(summary);

        const std::optional<RunFiles> read = RunFiles::read(folder.directory());
        QVERIFY(read.has_value());
        QVERIFY(read->config.has_value());
        QCOMPARE(toString(read->config->precision), std::string("amp"));
        QCOMPARE(read->config->batchSize, int64_t(64));
        QVERIFY(read->summary.has_value());
        compareSummary(*read->summary, summary);

        QCOMPARE(read->steps.size(), steps.size());
        StepMetrics roundedSkipped = skippedStep();
        roundedSkipped.wallSeconds = 0.3333333333; // written to 10 significant digits
        compareStep(read->steps[0], steps[0]);
        compareStep(read->steps[1], roundedSkipped);
        compareStep(read->steps[2], steps[2]);
        QVERIFY(std::isnan(read->steps[1].loss));
        QVERIFY(std::isinf(read->steps[2].loss));
        for (const StepMetrics& step : read->steps) {
            QCOMPARE(step.stepsPerEpoch, int64_t(2)); // the most steps an epoch reached
            QVERIFY(step.memory.isCuda);              // from the summary
        }

        QCOMPARE(read->epochs.size(), epochs.size());
        for (size_t i = 0; i < epochs.size(); ++i)
            compareEpoch(read->epochs[i], epochs[i]);
        QCOMPARE(RunFiles::readEpochs(folder.directory()).size(), epochs.size());
    }

    void memoryKindWithoutSummaryComesFromTheFigures()
    {
        RunFolder folder = RunFolder::create(runs, "no-summary");
        folder.openLogs(0, 0);
        StepMetrics cpu = cudaStep();
        cpu.memory = MemoryUsage{};
        cpu.memory.residentBytes = 2147483648;
        cpu.memory.peakResidentBytes = 3221225472;
        folder.appendStep(cudaStep()); // reserved memory and no RSS: CUDA
        folder.appendStep(cpu);

        const std::optional<RunFiles> read = RunFiles::read(folder.directory());
        QVERIFY(read.has_value());
        QVERIFY(!read->config.has_value());
        QVERIFY(!read->summary.has_value());
        QVERIFY(read->epochs.empty());
        QCOMPARE(read->steps.size(), size_t(2));
        QVERIFY(read->steps[0].memory.isCuda);
        QVERIFY(!read->steps[1].memory.isCuda);
        compareStep(read->steps[1], cpu);

        // A CPU run's summary says so even where a row looks like CUDA's.
        RunSummary summary = finishedSummary(folder.directory());
        summary.memoryIsCuda = false;
        folder.writeSummary(summary);
        const std::optional<RunFiles> reread = RunFiles::read(folder.directory());
        QVERIFY(reread.has_value());
        for (const StepMetrics& step : reread->steps)
            QVERIFY(!step.memory.isCuda);
    }

    void damagedFilesReadTolerantly()
    {
        const std::string directory = RunFolder::create(runs, "damaged").directory();
        // No data_wait_ms column, an unknown one, Windows line ends, a junk cell, a short row, a blank line.
        writeFile(directory + "/steps.csv",
                  "step,epoch,step_in_epoch,loss,loss_scale,skipped,step_ms,images_per_s,learning_rate,wall_s,"
                  "allocated_bytes,reserved_bytes,peak_allocated_bytes,peak_reserved_bytes,rss_bytes,"
                  "peak_rss_bytes,future_column\r\n"
                  "1,1,1,inf,1,0,20,100,0.1,1.5,0,0,0,0,1000,2000,7\r\n"
                  "2,1,2,junk,1,0,20,100,0.1,3,0,0,0,0,1000,2000,7\r\n"
                  "3,1,3,0.5,1,0\r\n"
                  "\r\n"
                  "4,1,4,-inf,1,1,20,100,0.1,6,0,0,0,0,1000,2000\r\n"
                  "5,2,1,1e-400,1,nan,20.5x,100,0.1,7.5,0,0,0,0,1000,2000,7\r\n");
        writeFile(directory + "/epochs.csv", "epoch,steps,val_top1\n1,4,0.5\n2,1\n");

        const std::optional<RunFiles> read = RunFiles::read(directory);
        QVERIFY(read.has_value());
        QCOMPARE(read->steps.size(), size_t(3)); // rows 3 and 4 have the wrong number of cells
        const StepMetrics& first = read->steps[0];
        QCOMPARE(first.step, int64_t(1));
        QCOMPARE(first.loss, kInfinity);
        QCOMPARE(first.dataWaitMilliseconds, 0.0); // missing column
        QCOMPARE(first.wallSeconds, 1.5);
        QCOMPARE(first.memory.peakResidentBytes, int64_t(2000));
        QVERIFY(!first.memory.isCuda);
        QCOMPARE(read->steps[1].loss, 0.0); // junk cell
        QCOMPARE(read->steps[1].wallSeconds, 3.0);
        const StepMetrics& last = read->steps[2];
        QCOMPARE(last.step, int64_t(5));
        QCOMPARE(last.loss, 0.0);              // below the smallest double
        QVERIFY(last.skipped);                 // NaN is not 0
        QCOMPARE(last.stepMilliseconds, 20.5); // the number a cell starts with
        QCOMPARE(last.stepsPerEpoch, int64_t(2));

        QCOMPARE(read->epochs.size(), size_t(1));
        const EpochMetrics& epoch = read->epochs[0];
        QCOMPARE(epoch.epoch, int64_t(1));
        QCOMPARE(epoch.steps, int64_t(4));
        QCOMPARE(epoch.validationTop1, 0.5);
        QVERIFY(!epoch.complete); // missing columns read as 0
        QCOMPARE(epoch.trainLoss, 0.0);

        writeFile(directory + "/steps.csv", "");
        QVERIFY(RunFiles::read(directory).has_value());
        QVERIFY(RunFiles::read(directory)->steps.empty());
    }

    void runWithoutStepsIsUnreadable()
    {
        const RunFolder folder = RunFolder::create(runs, "empty");
        QVERIFY(!RunFiles::read(folder.directory()).has_value());
        QVERIFY(!RunFiles::read(runs + "/does-not-exist").has_value());
        QVERIFY(RunFiles::readEpochs(folder.directory()).empty());
    }

    void limitsFollowFromTheWidestRow()
    {
        // Whole numbers 20 characters, decimals 17, flags 1, a separator (or the line end) after each.
        const ReadLimits steps = runFileLimits(RunFile::Steps);
        QCOMPARE(steps.maxLineBytes, size_t(9 * 21 + 8 * 18 + 2));
        QCOMPARE(steps.maxBytes, uint64_t(10'000'001) * 335);
        QCOMPARE(QString::fromStdString(steps.reason),
                 QStringLiteral("a steps.csv holds at most 10000000 steps, one line of at most 335 bytes each"));
        QCOMPARE(runFileLimits(RunFile::Epochs).maxLineBytes, size_t(4 * 21 + 7 * 18 + 2));
        QCOMPARE(runFileLimits(RunFile::Ranks, 4).maxLineBytes, size_t(2 * 21 + 12 + 4 * 18));
        QCOMPARE(runFileLimits(RunFile::Ranks, 4).maxBytes, uint64_t(40'000'001) * 126);
        // Every line a run writes fits, the widest values included.
        RunFolder folder = RunFolder::create(runs, "widest");
        folder.openLogs(0, 0);
        StepMetrics step = cudaStep();
        step.step = std::numeric_limits<int64_t>::min();
        step.loss = -1.234567891e-308;
        step.memory.residentBytes = std::numeric_limits<int64_t>::min();
        folder.appendStep(step);
        for (const QByteArray& line : linesOf(folder.stepsPath()))
            QVERIFY2(size_t(line.size()) < steps.maxLineBytes, line.constData());
    }

    void resumeCheckNamesTheFileAndLine_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected"); // empty: the file passes
        const QByteArray header(kStepsHeader);
        const QByteArray row("1,1,1,2.302585093,65536,0,12.5,10240,0.25,0.1,0.0125,1,2,3,4,5,6,7");
        const QByteArray header2 = header + '\n' + row + '\n';
        QTest::newRow("as written") << "steps.csv" << header2 + "2,1,2,-nan,inf,1,1,1,1,1,1,1,1,1,1,1,1,-inf\r\n"
                                    << "";
        QTest::newRow("header only") << "steps.csv" << header + '\n' << "";
        QTest::newRow("empty") << "steps.csv" << QByteArray() << "";
        QTest::newRow("two blank lines") << "steps.csv" << header2 + "\n\n"
                                         << "steps.csv line 3: a blank line, where a row of 18 numbers belongs.";
        QTest::newRow("NUL tail") << "steps.csv" << header2 + QByteArray(100, '\0')
                                  << "steps.csv line 3: binary data, not text (byte 0x00 at position 1).";
        QTest::newRow("binary in a row") << "steps.csv" << header2 + "2,1,\xff\n"
                                         << "steps.csv line 3: binary data, not text (byte 0xFF at position 5).";
        QTest::newRow("short row") << "steps.csv" << header2 + "2,1,2,0.5\n"
                                   << "steps.csv line 3: 4 cells, where the header has 18.";
        // A write a crash cut short: the resume drops it, as it drops the rows after its checkpoint.
        QTest::newRow("cut-off last row") << "steps.csv" << header2 + "2,1,2,0.5,1,0,12"
                                          << "";
        QTest::newRow("cut-off row, then more") << "steps.csv" << header2 + "2,1,2,0.5,1,0,12\n" + row
                                                << "steps.csv line 3: 7 cells, where the header has 18.";
        QTest::newRow("step out of range")
            << "steps.csv" << header2 + "99999999999999999999" + row.mid(1) + '\n'
            << "steps.csv line 3: step is 99999999999999999999, not a whole number from 1 to 10000000.";
        QTest::newRow("step 0") << "steps.csv" << header2 + "0" + row.mid(1) + '\n'
                                << "steps.csv line 3: step is 0, not a whole number from 1 to 10000000.";
        QTest::newRow("not a number") << "steps.csv" << header2 + "2,1,2,junk" + row.mid(17) + '\n'
                                      << "steps.csv line 3: loss is \"junk\", not a number.";
        QTest::newRow("fractional rss") << "steps.csv" << header2 + row.left(row.size() - 3) + "6.5,7\n"
                                        << "steps.csv line 3: peak_rss_bytes is 6.5, not a whole number.";
        QTest::newRow("foreign header") << "steps.csv" << QByteArray("loss,step\n")
                                        << "steps.csv line 1: the header names \"loss\" first, not step.";
        QTest::newRow("epoch nan") << "epochs.csv"
                                   << QByteArray(kEpochsHeader) + "\nnan,2,0,nan,0.5,inf,0.875,1,2.5,10240,1,1\n"
                                   << "epochs.csv line 2: epoch is nan, not a whole number from 1 to 10000000.";
        QTest::newRow("epoch's val_loss nan")
            << "epochs.csv" << QByteArray(kEpochsHeader) + "\n1,2,0,nan,0.5,nan,0.875,1,2.5,10240,1,1\n"
            << "";
        QTest::newRow("ranks blank")
            << "ranks.csv"
            << QByteArray("step,rank,step_ms,data_wait_ms,allreduce_ms,allreduce_exposed_ms,memory_bytes\n\n")
            << "ranks.csv line 2: a blank line, where a row of 7 numbers belongs.";
        QTest::newRow("gradstats blank") << "gradstats.csv" << QByteArray::fromStdString(gradientStatsHeader()) + "\n\n"
                                         << "gradstats.csv line 2: a blank line, where a row belongs.";
        QTest::newRow("gradstats junk") << "gradstats.csv"
                                        << QByteArray::fromStdString(gradientStatsHeader()) + "\n1,conv1.weight,3\n"
                                        << "gradstats.csv line 2: not a row of gradient statistics";
        QTest::newRow("too long a line")
            << "steps.csv" << header + '\n' + QByteArray(400, '1')
            << "steps.csv line 2: a line longer than 335 bytes, more than any line of such a "
               "file (a steps.csv holds at most 10000000 steps, one line of at most 335 "
               "bytes each); it is not read.";
    }

    void resumeCheckNamesTheFileAndLine()
    {
        QFETCH(QString, file);
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        const std::string directory = RunFolder::create(runs, "check").directory();
        writeFile(directory + "/" + file.toStdString(), text);
        try {
            RunFiles::checkForResume(directory);
            QVERIFY2(expected.isEmpty(), "the damaged file passed");
        } catch (const FileRefused& refused) {
            const QString message = QString::fromUtf8(refused.what());
            QVERIFY2(!expected.isEmpty(), qPrintable(message));
            QVERIFY2(message.startsWith(QString::fromStdString(directory) + QLatin1Char('/') + expected),
                     qPrintable(message));
            QCOMPARE(codeName(refused.message().code()), std::string("ResumeRefusedRunKept"));
            QVERIFY2(message.endsWith(QLatin1String(" Nothing in the run was changed; repair that file, or move it out "
                                                    "of the run folder, to resume the run.")),
                     qPrintable(message));
        }
        // Read tolerantly (to plot it), the same file reads, but for what is over the limits.
        if (file == QLatin1String("steps.csv") && !expected.contains(QLatin1String("longer than")))
            QVERIFY(RunFiles::read(directory).has_value());
    }

    void specialFilesAreRefusedWithoutWaiting()
    {
        QElapsedTimer clock;
        clock.start();
        const std::string directory = RunFolder::create(runs, "special").directory();
        QCOMPARE(::mkfifo((directory + "/steps.csv").c_str(), 0644), 0);
        std::string problem;
        QVERIFY(!RunFiles::read(directory, &problem).has_value());
        QCOMPARE(QString::fromStdString(problem),
                 QString::fromStdString(directory + "/steps.csv is a pipe, not a regular file: it is not read."));
        QVERIFY_THROWS_EXCEPTION(FileRefused, RunFiles::checkForResume(directory));

        QVERIFY(QFile::remove(QString::fromStdString(directory + "/steps.csv")));
        QVERIFY(QFile::link(QStringLiteral("/dev/zero"), QString::fromStdString(directory + "/steps.csv")));
        QVERIFY(!RunFiles::read(directory, &problem).has_value());
        QCOMPARE(QString::fromStdString(problem),
                 QString::fromStdString(directory + "/steps.csv is a device, not a regular file: it is not read."));

        QVERIFY(QFile::remove(QString::fromStdString(directory + "/steps.csv")));
        QVERIFY(QDir().mkdir(QString::fromStdString(directory + "/steps.csv")));
        QVERIFY(!RunFiles::read(directory, &problem).has_value());
        QVERIFY2(QString::fromStdString(problem).endsWith(
                     QLatin1String("steps.csv is a folder, not a regular file: it is not read.")),
                 problem.c_str());

        // The other files of the run: refused or left out, never waited on.
        for (const char* name : {"/epochs.csv", "/summary.json", "/config.json", "/ranks.csv", "/gradstats.csv"})
            QCOMPARE(::mkfifo((directory + name).c_str(), 0644), 0);
        QVERIFY(RunFiles::readEpochs(directory).empty());
        QVERIFY(!RunFolder::readSummary(directory).has_value());
        QVERIFY_THROWS_EXCEPTION(FileRefused, RunFolder::readConfig(directory));
        QVERIFY(clock.elapsed() < 10000);
    }

    void oversizedFilesAreRefusedBeforeTheyAreRead()
    {
        const std::string directory = RunFolder::create(runs, "oversized").directory();
        const ReadLimits limits = runFileLimits(RunFile::Steps);
        QFile steps(QString::fromStdString(directory + "/steps.csv"));
        QVERIFY(steps.open(QIODevice::WriteOnly));
        QVERIFY(steps.resize(static_cast<qint64>(limits.maxBytes) + 1)); // sparse: no disk space taken
        steps.close();
        std::string problem;
        QVERIFY(!RunFiles::read(directory, &problem).has_value());
        QCOMPARE(QString::fromStdString(problem),
                 QString::fromStdString(directory
                                        + "/steps.csv is 3350000336 bytes, more than such a file can be "
                                          "(at most 3350000335 bytes: a steps.csv holds at most 10000000 "
                                          "steps, one line of at most 335 bytes each); it is not read."));
        // Within the size limit, NULs without a line end are refused after one line's worth.
        QVERIFY(steps.open(QIODevice::WriteOnly));
        QVERIFY(steps.resize(qint64(1) << 30));
        steps.close();
        QVERIFY(!RunFiles::read(directory, &problem).has_value());
        QVERIFY2(QString::fromStdString(problem).contains(
                     QLatin1String("steps.csv line 1: binary data, not text (byte 0x00 at position 1), in a line "
                                   "longer than 335 bytes")),
                 problem.c_str());
        // config.json and summary.json: a few kilobytes, at most 1 MiB.
        writeFile(directory + "/config.json", QByteArray((1 << 20) + 1, ' '));
        QVERIFY_THROWS_EXCEPTION(FileRefused, RunFolder::readConfig(directory));
    }

    void resumeTruncationKeepsTheRowsUpToTheCheckpoint()
    {
        RunFolder folder = runOfThreeSteps("truncated");
        RunFiles::checkForResume(folder.directory());
        RunFolder resumed(folder.directory());
        resumed.openLogs(2, 0);
        QCOMPARE(linesOf(folder.stepsPath()).size(), 3); // the header and steps 1 and 2
        QCOMPARE(linesOf(folder.stepsPath())[2].left(2), QByteArray("2,"));
    }

    void aRowCutShortByACrashIsDroppedOnResume()
    {
        RunFolder folder = runOfThreeSteps("cut");
        StepMetrics step = cudaStep();
        {
            std::ofstream cut(folder.stepsPath(), std::ios::app);
            cut << "4,1,2,0.5"; // no line break: the write was cut short
        }
        RunFiles::checkForResume(folder.directory());
        RunFolder resumed(folder.directory());
        resumed.openLogs(3, 0);
        step.step = 4;
        resumed.appendStep(step);
        const QList<QByteArray> lines = linesOf(folder.stepsPath());
        QCOMPARE(lines.size(), 5); // the header and steps 1 to 4, step 4 whole, on a line of its own
        QVERIFY(lines[3].startsWith("3,"));
        QVERIFY2(lines[4].startsWith("4,") && lines[4].count(',') == lines[3].count(','), lines[4].constData());
        RunFiles::checkForResume(folder.directory());
    }

    void summaryRoundTripsWithNaNAsNull()
    {
        const RunFolder folder = RunFolder::create(runs, "summary");
        const RunSummary summary = finishedSummary(folder.directory());
        folder.writeSummary(summary);
        const QByteArray text = test::readBytes(QString::fromStdString(folder.summaryPath()));
        QVERIFY(text.contains("\"final_train_loss\": null"));
        const std::optional<RunSummary> read = RunFolder::readSummary(folder.directory());
        QVERIFY(read.has_value());
        compareSummary(*read, summary);
        QVERIFY(std::isnan(read->finalTrainLoss));
        QVERIFY(std::isnan(read->finalTop5));
        // Written again, it is the same text.
        QCOMPARE(QByteArray::fromStdString(toJson(*read)), text);
    }

    void summaryReadsTolerantly()
    {
        const RunFolder folder = RunFolder::create(runs, "sparse-summary");
        // Missing keys, a number as text, an unknown state, a precision in capitals.
        writeFile(folder.summaryPath(), "{\"state\": \"exploded\", \"precision\": \"AMP\", \"steps\": \"12\", "
                                        "\"train_seconds\": \"fast\", \"image_size\": 32.0, \"memory_is_cuda\": true}");
        const std::optional<RunSummary> read = RunFolder::readSummary(folder.directory());
        QVERIFY(read.has_value());
        QCOMPARE(read->runDirectory, folder.directory());
        QCOMPARE(toString(read->state), std::string("running"));
        QCOMPARE(toString(read->precision), std::string("amp"));
        QCOMPARE(read->steps, int64_t(0));
        QCOMPARE(read->imageSize, int64_t(32));
        QVERIFY(std::isnan(read->trainSeconds));
        QVERIFY(std::isnan(read->finalLossScale));
        QVERIFY(read->memoryIsCuda);
        QVERIFY(!read->interleaved);
        QVERIFY(read->validated); // a summary from before the field had its validation figures
        QCOMPARE(read->message, EngineMessage::text(""));

        // Text or a flag of another type, or no JSON object, makes the summary unreadable.
        writeFile(folder.summaryPath(), "{\"message\": 3}");
        QVERIFY(!RunFolder::readSummary(folder.directory()).has_value());
        writeFile(folder.summaryPath(), "{\"interleaved\": \"yes\"}");
        QVERIFY(!RunFolder::readSummary(folder.directory()).has_value());
        writeFile(folder.summaryPath(), "[1, 2]");
        QVERIFY(!RunFolder::readSummary(folder.directory()).has_value());
        writeFile(folder.summaryPath(), "{\"steps\": ");
        QVERIFY(!RunFolder::readSummary(folder.directory()).has_value());
        QVERIFY(!RunFolder::readSummary(runs + "/does-not-exist").has_value());
    }

    void summaryMessageReadsByItsCode()
    {
        const RunFolder folder = RunFolder::create(runs, "coded-message");
        const auto readMessage = [&folder](const char* text) {
            writeFile(folder.summaryPath(), text);
            return RunFolder::readSummary(folder.directory()).value().message;
        };
        // Its code and arguments, when they give the English beside them.
        const EngineMessage stopped(EngineMessage::Code::StoppedAtStep, {"4", "9"});
        QCOMPARE(readMessage("{\"message\": \"Stopped at step 4 of 9; resume to continue.\", \"message_coded\": "
                             "{\"code\": \"StoppedAtStep\", \"arguments\": [\"4\", \"9\"]}}"),
                 stopped);
        // A summary from before the code was kept, a code this version does not know, arguments that do not
        // give the English, or a malformed one: the English as words.
        QCOMPARE(readMessage("{\"message\": \"Stopped at step 4 of 9; resume to continue.\"}"),
                 EngineMessage::text(stopped.english()));
        QCOMPARE(readMessage("{\"message\": \"Later.\", \"message_coded\": {\"code\": \"SomethingNew\", "
                             "\"arguments\": []}}"),
                 EngineMessage::text("Later."));
        QCOMPARE(readMessage("{\"message\": \"Stopped at step 4 of 9; resume to continue.\", \"message_coded\": "
                             "{\"code\": \"StoppedAtStep\", \"arguments\": [\"5\", \"9\"]}}"),
                 EngineMessage::text(stopped.english()));
        QCOMPARE(readMessage("{\"message\": \"x\", \"message_coded\": {\"code\": \"Text\", \"arguments\": [7]}}"),
                 EngineMessage::text("x"));
        // Words from elsewhere are written as their English alone, and read back the same.
        RunSummary failed;
        failed.message = EngineMessage::text("c10 said no");
        folder.writeSummary(failed);
        QVERIFY(!test::readBytes(QString::fromStdString(folder.summaryPath())).contains("message_coded"));
        QCOMPARE(RunFolder::readSummary(folder.directory()).value().message, failed.message);
    }

    void configRoundTripsWithItsText()
    {
        const TrainingConfig config = unusualConfig();
        const std::string text = toJson(config);
        QCOMPARE(QByteArray::fromStdString(text), QByteArray(kUnusualConfigJson));
        // The writer is pinned by the text above; what the reader made of that text is written again
        // and must give the same text, so every key read into its own member with its own value.
        const TrainingConfig read = trainingConfigFromJson(text);
        QCOMPARE(QByteArray::fromStdString(toJson(read)), QByteArray(kUnusualConfigJson));
        QCOMPARE(read.name, config.name);
        QCOMPARE(read.scaler.growthInterval, config.scaler.growthInterval);
        QVERIFY(!read.precisionPolicy); // a run without a policy writes no key for it

        TrainingConfig withPolicy = config;
        withPolicy.precisionPolicy = *presetPrecisionPolicy("amp-keep-small-maps-fp32");
        withPolicy.precisionPolicy->modules["layer1.0.conv2"] = ModulePrecision::Fp16;
        const std::string policyText = toJson(withPolicy);
        QVERIFY(policyText.find("\"precision_policy\": {") != std::string::npos);
        QVERIFY(trainingConfigFromJson(policyText).precisionPolicy == withPolicy.precisionPolicy);
    }

    void configReadingIsStrict()
    {
        // Missing keys keep their defaults, the scaler's too.
        const TrainingConfig sparse = trainingConfigFromJson("{\"epochs\": 7, \"scaler\": {\"growth_interval\": 50}}");
        QCOMPARE(sparse.epochs, int64_t(7));
        QCOMPARE(sparse.scaler.growthInterval, int64_t(50));
        QCOMPARE(sparse.scaler.initScale, TrainingConfig{}.scaler.initScale);
        QCOMPARE(sparse.batchSize, TrainingConfig{}.batchSize);
        QCOMPARE(toString(sparse.schedule), toString(TrainingConfig{}.schedule));
        QCOMPARE(toString(trainingConfigFromJson("{\"precision\": \"AMP\"}").precision), std::string("amp"));

        // A field of the wrong type or an unknown name is an error that names the field.
        const auto problem = [](const char* text) {
            try {
                trainingConfigFromJson(text);
            } catch (const std::runtime_error& error) {
                return std::string(error.what());
            }
            return std::string("no error");
        };
        QCOMPARE(problem("{\"epochs\": \"three\"}"), std::string("config field \"epochs\" has the wrong type"));
        QCOMPARE(problem("{\"scaler\": {\"init_scale\": true}}"),
                 std::string("config field \"init_scale\" has the wrong type"));
        QCOMPARE(problem("{\"schedule\": \"linear\"}"),
                 std::string("config field \"schedule\" has the unknown value \"linear\""));
        QCOMPARE(problem("{\"loss_scaling\": 1}"), std::string("config field \"loss_scaling\" has the wrong type"));
        QCOMPARE(problem("[]"), std::string("config is not a JSON object"));
        QCOMPARE(problem("{\"precision_policy\": {\"otherwise\": \"int8\"}}"),
                 std::string(
                     "The precision policy in config field \"precision_policy\" gives \"otherwise\" \"int8\"; a "
                     "precision is \"fp32\", \"amp\", \"bf16\" or \"fp16\"."));
    }

    void enumNamesRoundTrip()
    {
        checkNames<Precision>({{Precision::Fp32, "fp32"}, {Precision::Amp, "amp"}}, parsePrecision);
        checkNames<InferencePrecision>({{InferencePrecision::Fp32, "fp32"}, {InferencePrecision::Bf16, "bf16"}},
                                       parseInferencePrecision);
        checkNames<LearningRateSchedule>({{LearningRateSchedule::Constant, "constant"},
                                          {LearningRateSchedule::Step, "step"},
                                          {LearningRateSchedule::Cosine, "cosine"}},
                                         parseSchedule);
        checkNames<LossScaling>({{LossScaling::Auto, "auto"}, {LossScaling::On, "on"}, {LossScaling::Off, "off"}},
                                parseLossScaling);
        checkNames<RunState>({{RunState::Running, "running"},
                              {RunState::Finished, "finished"},
                              {RunState::Stopped, "stopped"},
                              {RunState::Failed, "failed"}},
                             parseRunState);
        // Precisions are also read in capitals (the command line's --precision AMP).
        QVERIFY(parsePrecision("AMP") == Precision::Amp);
        QVERIFY(parseInferencePrecision("Bf16") == InferencePrecision::Bf16);
    }

    void unknownEnumNamesAreRejected()
    {
        QVERIFY(!parsePrecision("fp16").has_value());
        QVERIFY(!parsePrecision("").has_value());
        QVERIFY(!parsePrecision("amp ").has_value());
        QVERIFY(!parseInferencePrecision("int8").has_value());
        QVERIFY(!parseSchedule("linear").has_value());
        QVERIFY(!parseSchedule("Cosine").has_value()); // these names are matched exactly
        QVERIFY(!parseLossScaling("yes").has_value());
        QVERIFY(!parseRunState("Finished").has_value());
        QVERIFY(!parseRunState("finish").has_value());

        enum class Colour { Red, Green };
        constexpr EnumName<Colour> names[] = {{Colour::Red, "red"}, {Colour::Green, "green"}};
        QCOMPARE(enumName(Colour::Green, names), std::string("green"));
        QVERIFY(enumFromName("GREEN", names, NameMatch::IgnoringCase) == Colour::Green);
        QVERIFY(!enumFromName("GREEN", names).has_value());
        QVERIFY(!enumFromName("greens", names, NameMatch::IgnoringCase).has_value());
    }

private:
    /// A run folder named `name` whose steps.csv holds steps 1, 2 and 3.
    RunFolder runOfThreeSteps(const std::string& name)
    {
        RunFolder folder = RunFolder::create(runs, name);
        folder.openLogs(0, 0);
        StepMetrics step = cudaStep();
        for (int64_t number = 1; number <= 3; ++number) {
            step.step = number;
            folder.appendStep(step);
        }
        return folder;
    }
    QTemporaryDir scratch;
    std::string runs;
};

QTEST_GUILESS_MAIN(RunFilesTest)
#include "RunFilesTest.moc"
