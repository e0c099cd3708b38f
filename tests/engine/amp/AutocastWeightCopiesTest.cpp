// AutocastWeightCopies: the weights' bf16 copies a CPU AMP step takes in place of autocast's casts
// hold the values autocast's cast gives, are made again whenever the weight changed otherwise than
// through the optimizer, and leave a training step's results bit for bit as they were.
#include "amp/AutocastGuard.h"
#include "amp/AutocastWeightCopies.h"
#include "model/ResNet18.h"
#include "training/OnePassSgd.h"

#include <QtTest>

#include <torch/torch.h>

using namespace ampwb;

namespace {

const c10::Device kCpu(c10::DeviceType::CPU);

bool sameBits(const torch::Tensor& a, const torch::Tensor& b)
{
    return a.scalar_type() == b.scalar_type() && a.sizes() == b.sizes() && a.strides() == b.strides()
        && torch::equal(a.contiguous().reshape({-1}).view(torch::kShort),
                        b.contiguous().reshape({-1}).view(torch::kShort));
}

/// ResNet-18 (channels_last, as the trainer lays it out) and its optimizer under CPU AMP, taking
/// the weights' copies or autocast's casts.
struct TrainedModel {
    explicit TrainedModel(bool takesCopies)
        : takesCopies(takesCopies)
    {
        torch::manual_seed(3);
        model = ResNet18(10);
        for (auto& parameter : model->parameters())
            if (parameter.dim() == 4)
                parameter.set_data(parameter.data().contiguous(torch::MemoryFormat::ChannelsLast));
        optimizer = std::make_unique<OnePassSgd>(model->parameters(),
                                                 torch::optim::SGDOptions(0.1).momentum(0.9).weight_decay(5e-4));
        if (takesCopies)
            optimizer->writeAutocastCopies(&copies);
    }

    /// One step on `images` (32 px, channels_last); returns its loss.
    torch::Tensor step(const torch::Tensor& images, const torch::Tensor& labels)
    {
        for (auto& parameter : model->parameters())
            parameter.mutable_grad().reset();
        torch::Tensor loss;
        {
            const AutocastGuard autocast(kCpu, true, c10::kBFloat16);
            std::optional<AutocastWeightCopies::InUse> inUse;
            if (takesCopies)
                inUse.emplace(copies);
            loss = torch::nn::functional::cross_entropy(model->forward(images), labels);
        }
        loss.backward();
        optimizer->step();
        return loss.detach();
    }

    bool takesCopies;
    ResNet18 model{nullptr};
    AutocastWeightCopies copies;
    std::unique_ptr<OnePassSgd> optimizer;
};

} // namespace

class AutocastWeightCopiesTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void copyHoldsTheCastsValues();
    void copyIsMadeAgainAfterTheWeightChanged();
    void gradientReachesTheWeightAsThroughTheCast();
    void onlyDenseFloatWeightsHaveCopies();
    void optimizerRewritesTheCopiesItUses();
    void trainingStepsAreBitForBitAutocasts();
};

void AutocastWeightCopiesTest::copyHoldsTheCastsValues()
{
    torch::manual_seed(1);
    const torch::Tensor weight = torch::randn({64, 32, 3, 3}).contiguous(torch::MemoryFormat::ChannelsLast);
    AutocastWeightCopies copies;
    const torch::Tensor copy = copies.copyOf(weight);
    QVERIFY(sameBits(copy, weight.to(torch::kBFloat16)));
    // used again unchanged: the same copy, not a new cast
    QCOMPARE(copies.copyOf(weight).data_ptr(), copy.data_ptr());
}

void AutocastWeightCopiesTest::copyIsMadeAgainAfterTheWeightChanged()
{
    torch::manual_seed(2);
    torch::Tensor weight = torch::randn({16, 8, 3, 3});
    AutocastWeightCopies copies;
    copies.copyOf(weight);

    weight.mul_(3); // in place, as a checkpoint's load or libtorch's SGD changes a weight
    QVERIFY(sameBits(copies.copyOf(weight), weight.to(torch::kBFloat16)));

    weight.set_data(torch::randn({16, 8, 3, 3}).contiguous(torch::MemoryFormat::ChannelsLast)); // new memory
    QVERIFY(sameBits(copies.copyOf(weight), weight.to(torch::kBFloat16)));
}

void AutocastWeightCopiesTest::gradientReachesTheWeightAsThroughTheCast()
{
    torch::manual_seed(4);
    const torch::Tensor input = torch::randn({8, 16}).to(torch::kBFloat16);
    const auto gradientThrough = [&](const std::function<torch::Tensor(const torch::Tensor&)>& cast) {
        const torch::Tensor weight = torch::linspace(-2, 2, 32 * 16).reshape({32, 16}).requires_grad_(true);
        torch::mm(input, cast(weight).t()).pow(2).sum().backward();
        return weight.grad();
    };
    AutocastWeightCopies copies;
    const torch::Tensor throughCopy = gradientThrough([&](const torch::Tensor& weight) {
        const AutocastWeightCopies::InUse inUse(copies);
        return autocastWeight(weight, torch::kBFloat16);
    });
    const torch::Tensor throughCast = gradientThrough(
        [](const torch::Tensor& weight) { return weight.to(torch::kBFloat16); });
    QCOMPARE(throughCopy.scalar_type(), torch::kFloat);
    QVERIFY(sameBits(throughCopy, throughCast));
}

void AutocastWeightCopiesTest::onlyDenseFloatWeightsHaveCopies()
{
    AutocastWeightCopies copies;
    QVERIFY(!copies.copyOf(torch::ones({4, 4}, torch::kDouble)).defined());
    QVERIFY(!copies.copyOf(torch::ones({4, 8}).t().slice(0, 0, 4, 2)).defined()); // not dense
    // without copies in use, or for another type, autocastWeight is the plain cast
    const torch::Tensor weight = torch::ones({4, 4});
    QCOMPARE(autocastWeight(weight, torch::kBFloat16).scalar_type(), torch::kBFloat16);
    const AutocastWeightCopies::InUse inUse(copies);
    QCOMPARE(autocastWeight(weight, torch::kHalf).scalar_type(), torch::kHalf);
}

void AutocastWeightCopiesTest::optimizerRewritesTheCopiesItUses()
{
    TrainedModel trained(true);
    torch::manual_seed(5);
    const torch::Tensor images = torch::randn({4, 3, 32, 32}).contiguous(torch::MemoryFormat::ChannelsLast);
    const torch::Tensor labels = torch::randint(10, {4});
    trained.step(images, labels);
    std::vector<std::pair<torch::Tensor, torch::Tensor>> weightsAndCopies;
    for (const auto& parameter : trained.model->parameters())
        if (parameter.dim() == 4)
            weightsAndCopies.emplace_back(parameter, trained.copies.copyOf(parameter));
    QCOMPARE(weightsAndCopies.size(), size_t{20}); // every convolution's weight

    trained.step(images, labels);
    for (const auto& [weight, copy] : weightsAndCopies) {
        // the optimizer wrote the new values into the same copy, in its pass; nothing cast them again
        QVERIFY(sameBits(copy, weight.to(torch::kBFloat16)));
        QCOMPARE(trained.copies.copyOf(weight).data_ptr(), copy.data_ptr());
    }
}

void AutocastWeightCopiesTest::trainingStepsAreBitForBitAutocasts()
{
    TrainedModel withCopies(true), withCasts(false);
    for (int step = 0; step < 3; ++step) {
        torch::manual_seed(10 + step);
        const torch::Tensor images = torch::randn({4, 3, 32, 32}).contiguous(torch::MemoryFormat::ChannelsLast);
        const torch::Tensor labels = torch::randint(10, {4});
        QVERIFY(sameBits(withCopies.step(images, labels), withCasts.step(images, labels)));
        if (step == 1) {
            // a weight changed in place between steps (as by loading weights) is cast anew
            torch::NoGradGuard noGrad;
            withCopies.model->named_parameters()["layer1.0.conv1.weight"].mul_(0.5);
            withCasts.model->named_parameters()["layer1.0.conv1.weight"].mul_(0.5);
        }
    }
    const auto ours = withCopies.model->parameters(), theirs = withCasts.model->parameters();
    for (size_t i = 0; i < ours.size(); ++i)
        QVERIFY2(torch::equal(ours[i], theirs[i]), qPrintable(QStringLiteral("parameter %1 differs").arg(i)));
}

QTEST_GUILESS_MAIN(AutocastWeightCopiesTest)
#include "AutocastWeightCopiesTest.moc"
