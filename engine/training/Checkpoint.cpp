#include "training/Checkpoint.h"

#include "modelfiles/ArchiveFileSink.h"
#include "system/AtomicFile.h"
#include "training/MasterWeights.h"

#include <torch/serialize.h>

#include <type_traits>

namespace ampwb {
namespace {

/// A whole number as a kLong tensor, a real one as a kDouble tensor (what PyTorch's own checkpoints hold).
template <typename Value>
void writeField(torch::serialize::OutputArchive& archive, const std::string& key, Value value)
{
    archive.write(key, torch::tensor(value, std::is_floating_point_v<Value> ? torch::kDouble : torch::kLong));
}

/// The checkpoint's fields beside the model and the optimizer, each under its key, in the one list that saving
/// and loading both walk: `visit(key, field)` for each.
template <typename Visit>
void forEachField(GradScalerState& scaler, TrainingProgress& progress, Visit&& visit)
{
    visit("scaler.scale", scaler.scale);
    visit("scaler.growth_tracker", scaler.growthTracker);
    visit("progress.epoch", progress.epoch);
    visit("progress.next_batch", progress.nextBatch);
    visit("progress.global_step", progress.globalStep);
    visit("progress.train_seconds", progress.trainSeconds);
    visit("progress.non_finite_losses", progress.nonFiniteLosses);
    visit("progress.skipped_steps", progress.skippedSteps);
    EpochProgress& epoch = progress.currentEpoch;
    visit("epoch.loss_sum", epoch.lossSum);
    visit("epoch.correct", epoch.correct);
    visit("epoch.images", epoch.images);
    visit("epoch.steps", epoch.steps);
    visit("epoch.skipped_steps", epoch.skippedSteps);
    visit("epoch.seconds", epoch.seconds);
}

/// The key libtorch 1.13 saved parameter `index` of group `group`'s state under: its memory address in the
/// process that wrote it, in hex ("0x55eef56ae080"); libtorch 2.x writes it in decimal. Empty when the archive
/// has the decimal form.
std::string hexKeyOf(torch::serialize::InputArchive& groups, size_t group, size_t index)
{
    torch::serialize::InputArchive groupArchive;
    groups.read("param_groups/" + std::to_string(group), groupArchive);
    c10::IValue key;
    groupArchive.read("params/" + std::to_string(index), key);
    const std::string& text = key.toStringRef();
    return text.rfind("0x", 0) == 0 ? text : std::string();
}

/// Restores the optimizer's momentum and options. libtorch 2.x reads its own archives; it parses 1.13's hex keys as
/// decimal (all as 0), which would give every parameter the same momentum, so those are matched here by position.
void loadOptimizer(torch::serialize::InputArchive& archive, torch::optim::SGD& optimizer)
{
    torch::serialize::InputArchive groups;
    archive.read("param_groups", groups);
    auto& paramGroups = optimizer.param_groups();
    if (paramGroups.empty() || paramGroups.front().params().empty() || hexKeyOf(groups, 0, 0).empty()) {
        optimizer.load(archive);
        return;
    }
    torch::serialize::InputArchive states;
    archive.read("state", states);
    for (size_t group = 0; group < paramGroups.size(); ++group) {
        torch::serialize::InputArchive groupArchive;
        groups.read("param_groups/" + std::to_string(group), groupArchive);
        torch::serialize::InputArchive optionsArchive;
        groupArchive.read("options", optionsArchive);
        auto& options = static_cast<torch::optim::SGDOptions&>(paramGroups[group].options());
        options.serialize(optionsArchive);
        const auto& params = paramGroups[group].params();
        for (size_t index = 0; index < params.size(); ++index) {
            torch::serialize::InputArchive state;
            if (!states.try_read(hexKeyOf(groups, group, index), state))
                continue; // a parameter without momentum yet
            torch::Tensor momentum;
            state.read("momentum_buffer", momentum);
            auto restored = std::make_unique<torch::optim::SGDParamState>();
            restored->momentum_buffer(momentum);
            optimizer.state()[params[index].unsafeGetTensorImpl()] = std::move(restored);
        }
    }
}

/// `module`'s parameters, buffers and children into `archive`, nested as Module::save nests them (what
/// Module::load reads), each weight stored reduced as its fp32 master. The parameters themselves are left as they
/// are: changing a parameter's type resets its gradient accumulator, and a running DDP's hooks with it.
void saveModule(const torch::nn::Module& module, const MasterWeights* masters, torch::serialize::OutputArchive& archive)
{
    for (const auto& parameter : module.named_parameters(/*recurse=*/false))
        archive.write(parameter.key(), masters ? masters->masterOf(parameter.value()) : parameter.value());
    for (const auto& buffer : module.named_buffers(/*recurse=*/false))
        archive.write(buffer.key(), buffer.value(), /*is_buffer=*/true);
    for (const auto& child : module.named_children()) {
        torch::serialize::OutputArchive childArchive(archive.compilation_unit());
        saveModule(*child.value(), masters, childArchive);
        archive.write(child.key(), childArchive);
    }
}

} // namespace

void saveCheckpoint(const std::string& path, ResNet18& model, torch::optim::SGD& optimizer, const GradScaler& scaler,
                    const TrainingProgress& progress, const MasterWeights* masters)
{
    torch::serialize::OutputArchive archive;
    torch::serialize::OutputArchive modelArchive;
    saveModule(*model, masters, modelArchive);
    archive.write("model", modelArchive);
    torch::serialize::OutputArchive optimizerArchive;
    optimizer.save(optimizerArchive);
    archive.write("optimizer", optimizerArchive);

    writeField<int64_t>(archive, "format_version", 1);
    writeField(archive, "num_classes", model->numClasses());
    GradScalerState scalerState = scaler.saveState();
    TrainingProgress saved = progress;
    forEachField(scalerState, saved, [&archive](const char* key, auto field) { writeField(archive, key, field); });

    writeFileAtomically(path, [&](const std::string& temporary) {
        ArchiveFileSink sink(temporary);
        archive.save_to(sink.writer());
        sink.finish();
    });
}

TrainingProgress loadCheckpoint(const std::string& path, ResNet18& model, torch::optim::SGD& optimizer,
                                GradScaler& scaler)
{
    CheckpointArchive checkpoint = openCheckpoint(path, model->parameters().front().device());
    torch::serialize::InputArchive& archive = checkpoint.archive;
    try {
        const int64_t classes = checkpoint.classCount;
        if (classes != model->numClasses())
            throw CheckpointError(EngineMessage(EngineMessage::Code::CheckpointHeadDiffers,
                                                {path, std::to_string(classes), std::to_string(model->numClasses())}));
        torch::serialize::InputArchive modelArchive;
        archive.read("model", modelArchive);
        model->load(modelArchive);
        torch::serialize::InputArchive optimizerArchive;
        archive.read("optimizer", optimizerArchive);
        loadOptimizer(optimizerArchive, optimizer);

        GradScalerState scalerState;
        TrainingProgress progress;
        forEachField(scalerState, progress, [&archive](const char* key, auto& field) {
            field = readCheckpointField<std::decay_t<decltype(field)>>(archive, key);
        });
        scaler.loadState(scalerState);
        return progress;
    } catch (const CheckpointError&) {
        throw;
    } catch (const std::exception& error) {
        throw CheckpointError(
            EngineMessage(EngineMessage::Code::CheckpointDoesNotFit, {path, std::string(error.what()).substr(0, 300)}));
    }
}

} // namespace ampwb
