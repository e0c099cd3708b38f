// The rule that suggests a precision policy, fed recorded measurements: X-ray rows named as ResNet18.cpp's scopes
// name them and gradient ranges as gradstats.csv holds them. Each choice follows the stated rule (fastest allowed,
// the gain margin, the flushed-fraction threshold, the rows between modules counted with the module whose output they
// take, `otherwise` following the modules), the same input gives the same suggestion, and a module whose fp16
// gradients flush is never put in fp16.
#include "amp/AutocastGuard.h"
#include "model/ModulePrecisions.h"
#include "model/ResNet18.h"
#include "xray/PrecisionSuggestion.h"

#include <QtTest>

#include <torch/nn/functional/loss.h>

#include <algorithm>
#include <optional>

using namespace ampwb;

Q_DECLARE_METATYPE(ampwb::ModulePrecision)
Q_DECLARE_METATYPE(ampwb::ChoiceReason)

// What Qt Test prints of a value that differs.
namespace QTest {
template <>
char* toString(const ChoiceReason& reason)
{
    return qstrdup(describeChoiceReason(reason, {}).english().c_str());
}
} // namespace QTest

namespace {

/// ResNet-18's modules as the X-ray times them, in the model's order: what a suggestion chooses for.
const QStringList kModules = [] {
    QStringList modules{QStringLiteral("conv1"), QStringLiteral("bn1")};
    for (int stage = 1; stage <= 4; ++stage)
        for (int block = 0; block < 2; ++block) {
            const QString path = QStringLiteral("layer%1.%2.").arg(stage).arg(block);
            for (const char* module : {"conv1", "bn1", "conv2", "bn2"})
                modules << path + QLatin1String(module);
            if (stage > 1 && block == 0)
                modules << path + QStringLiteral("downsample");
        }
    modules << QStringLiteral("fc");
    return modules;
}();

/// What a suggestion chooses for, in the model's order: each convolution with the batch norm after it, each
/// downsample and the head.
const QStringList kChosen = [] {
    QStringList chosen;
    for (const QString& module : kModules)
        if (!module.contains(QLatin1String("bn")))
            chosen << module;
    return chosen;
}();

/// The batch norm chosen with `module` (a convolution's: "layer1.0.conv2" → "layer1.0.bn2"), or "" for none.
std::string batchNormOf(const QString& module)
{
    if (!module.contains(QLatin1String("conv")))
        return {};
    return QString(module).replace(QLatin1String("conv"), QLatin1String("bn")).toStdString();
}

/// Rows between modules (each taking one module's output: the stem's batch norm's, a block's first batch norm's, a
/// block's second batch norm's, the last block's, the head's), a row of operators in no module (`otherwise`'s), and
/// the step's work outside the model, which no policy reaches.
const QStringList kBetweenModules{"relu", "maxpool", "layer1.0", "layer1.0.relu", "layer4.1.relu", "avgpool", "loss"};
const QStringList kOfNoModule{"forward"};
const QStringList kOutsideTheModel{"optimizer", "(step)"};

/// An X-ray row of `milliseconds` per step: half forward, half backward, a quarter of it casts.
ModuleTime row(const QString& module, double milliseconds)
{
    ModuleTime time;
    time.module = module.toStdString();
    time.forwardMilliseconds = 0.5 * milliseconds;
    time.backwardMilliseconds = 0.5 * milliseconds;
    time.castMilliseconds = 0.25 * milliseconds;
    time.otherMilliseconds = 1000.0; // optimizer and step work: no module's forward or backward
    return time;
}

/// A profile of every module and the rows around them, each module taking `milliseconds` but those in `times`.
OperatorProfile profileOf(double milliseconds, const std::map<QString, double>& times = {})
{
    OperatorProfile profile;
    profile.firstStep = 2;
    profile.lastStep = 3;
    for (const QStringList* rows : {&kModules, &kBetweenModules, &kOfNoModule, &kOutsideTheModel})
        for (const QString& module : *rows) {
            const auto given = times.find(module);
            profile.modules.push_back(row(module, given != times.end() ? given->second : milliseconds));
        }
    return profile;
}

/// One parameter's gradient at `step`: `representable` finite non-zero values of which `fp16Flushed` flush in fp16
/// under the loss scale and `bf16Flushed` in bf16; unscaled, many more would flush in fp16, and some bf16 ones
/// once scaled (which the rule does not read).
GradientStatsRow gradient(const std::string& parameter, int64_t step, int64_t representable, int64_t fp16Flushed,
                          int64_t bf16Flushed = 0)
{
    GradientStatsRow stats;
    stats.step = step;
    stats.range.parameter = parameter;
    stats.range.zeros = 3;
    stats.range.nonFinite = 1;
    stats.range.elements = representable + stats.range.zeros + stats.range.nonFinite;
    stats.range.lossScale = 1024.0;
    stats.range.fp16.underflow = representable;
    stats.range.fp16Scaled.underflow = fp16Flushed;
    stats.range.bf16.underflow = bf16Flushed;
    stats.range.bf16Scaled.underflow = representable;
    return stats;
}

/// Gradients of every module's weight at steps 2 and 3, none flushing.
std::vector<GradientStatsRow> cleanGradients()
{
    std::vector<GradientStatsRow> rows;
    for (int64_t step : {2, 3})
        for (const QString& module : kModules)
            rows.push_back(gradient(module.toStdString() + ".weight", step, 1000, 0));
    return rows;
}

const ModuleChoice& choiceOf(const PrecisionSuggestion& suggestion, const std::string& module)
{
    const auto found = std::find_if(suggestion.choices.begin(), suggestion.choices.end(),
                                    [&module](const ModuleChoice& choice) { return choice.module == module; });
    if (found == suggestion.choices.end())
        qFatal("no choice for \"%s\"", module.c_str());
    return *found;
}

/// A precision by name, as Qt Test compares and prints it.
QString named(ModulePrecision precision)
{
    return QString::fromStdString(toString(precision));
}

std::optional<double> given(double milliseconds)
{
    return milliseconds < 0 ? std::nullopt : std::optional<double>(milliseconds);
}

} // namespace

class PrecisionSuggestionTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void choicesFollowTheRule_data();
    void choicesFollowTheRule();
    void flushedFractionIsTheWorstStepOfTheModulesParameters();
    void aModuleWhoseFp16GradientsFlushIsNeverFp16();
    void rowsBetweenModulesCountWithTheModuleTheyFollow();
    void otherwiseFollowsTheModules();
    void theLossComputesInFp32UnderASuggestedPolicy();
    void modulesAreResNet18sInTheModelsOrder();
    void theSameMeasurementsGiveTheSameSuggestion();
    void theSuggestedPolicyTrainsAResNet18();
    void theTableShowsEveryChoice();
    void aBatchNormIsChosenWithItsConvolution();
};

void PrecisionSuggestionTest::choicesFollowTheRule_data()
{
    // One module, layer2.0.conv1, under a rule of exact binary fractions: at most 1 in 8 values flushed, a 16-bit
    // type at least 25 % faster. Times of -1: that precision was not profiled. Flushed: of 8 representable values.
    QTest::addColumn<double>("fp32");
    QTest::addColumn<double>("bf16");
    QTest::addColumn<double>("fp16");
    QTest::addColumn<int>("fp16Flushed");
    QTest::addColumn<int>("bf16Flushed");
    QTest::addColumn<ModulePrecision>("chosen");
    QTest::addColumn<ChoiceReason>("reason");
    const auto add = [](const char* name, double fp32, double bf16, double fp16, int fp16Flushed, int bf16Flushed,
                        ModulePrecision chosen, ChoiceReason reason) {
        QTest::newRow(name) << fp32 << bf16 << fp16 << fp16Flushed << bf16Flushed << chosen << reason;
    };
    using P = ModulePrecision;
    using R = ChoiceReason;
    add("fp16 fastest", 1.0, 0.8, 0.5, 0, 0, P::Fp16, R::Fastest);
    add("bf16 fastest", 1.0, 0.5, 0.8, 0, 0, P::Bf16, R::Fastest);
    add("fp32 fastest", 1.0, 1.5, 2.0, 0, 0, P::Fp32, R::Fastest);
    add("bf16 faster by under the gain", 1.0, 0.8, 2.0, 0, 0, P::Fp32, R::NotFasterEnough);
    add("bf16 faster by exactly the gain", 1.0, 0.75, 2.0, 0, 0, P::Bf16, R::Fastest);
    add("fp16 faster than bf16 by under the gain", 1.0, 0.5, 0.45, 0, 0, P::Bf16, R::NotFasterEnough);
    add("fp16 flushing exactly the threshold", 1.0, 0.8, 0.5, 1, 0, P::Fp16, R::Fastest);
    add("fp16 fastest but flushing", 1.0, 0.5, 0.25, 2, 0, P::Bf16, R::Fp16GradientsFlush);
    add("fp16 fastest but flushing, bf16 not faster", 1.0, 1.0, 0.25, 8, 0, P::Fp32, R::Fp16GradientsFlush);
    add("fp16 flushing, bf16 fastest anyway", 1.0, 0.5, 0.45, 8, 0, P::Bf16, R::Fastest);
    add("bf16 flushing", 1.0, 0.5, 2.0, 0, 2, P::Fp32, R::Fastest);
    add("fp16 not profiled", 1.0, 0.5, -1, 0, 0, P::Bf16, R::Fastest);
    add("bf16 not profiled", 1.0, -1, 0.5, 0, 0, P::Fp16, R::Fastest);
    add("only fp32 profiled", 1.0, -1, -1, 0, 0, P::Fp32, R::OnlyFp32Measured);
    add("fp32 not profiled", -1, 0.5, 0.25, 0, 0, P::Fp32, R::OnlyFp32Measured);
}

void PrecisionSuggestionTest::choicesFollowTheRule()
{
    QFETCH(double, fp32);
    QFETCH(double, bf16);
    QFETCH(double, fp16);
    QFETCH(int, fp16Flushed);
    QFETCH(int, bf16Flushed);
    QFETCH(ModulePrecision, chosen);
    QFETCH(ChoiceReason, reason);
    const QString module = QStringLiteral("layer2.0.conv1");
    const auto profile = [&module](double milliseconds) -> std::optional<OperatorProfile> {
        if (milliseconds < 0)
            return std::nullopt;
        return profileOf(4.0, {{module, milliseconds}, {QStringLiteral("layer2.0.bn1"), 0.0}}); // the pair's time
    };
    PrecisionMeasurements measured{profile(fp32), profile(bf16), profile(fp16), cleanGradients()};
    measured.gradients.push_back(gradient("layer2.0.conv1.weight", 4, 8, fp16Flushed, bf16Flushed));
    const SuggestionRule rule{0.125, 0.25};

    const PrecisionSuggestion suggestion = suggestPrecisions(measured, rule);
    const ModuleChoice& choice = choiceOf(suggestion, module.toStdString());
    QCOMPARE(choice.fp32Milliseconds, given(fp32));
    QCOMPARE(choice.bf16Milliseconds, given(bf16));
    QCOMPARE(choice.fp16Milliseconds, given(fp16));
    QCOMPARE(choice.fp16FlushedFraction, std::optional<double>(fp16Flushed / 8.0));
    QCOMPARE(choice.bf16FlushedFraction, std::optional<double>(bf16Flushed / 8.0));
    QCOMPARE(named(choice.chosen), named(chosen));
    QCOMPARE(choice.reason, reason);
    QCOMPARE(named(suggestion.policy.precisionOf(module.toStdString())), named(chosen));
    QCOMPARE(choice.batchNorm, std::string("layer2.0.bn1"));
    QCOMPARE(named(suggestion.policy.precisionOf("layer2.0.bn1", true)), named(chosen)); // chosen with it
    QCOMPARE(suggestion.policy.name, std::string("suggested"));
}

void PrecisionSuggestionTest::flushedFractionIsTheWorstStepOfTheModulesParameters()
{
    // The shortcut's convolution and batch norm are one module to the X-ray: their three parameters together.
    // Step 2: 3 of 400 flush in fp16; step 3: 6 of 200. bf16: 1 of 400, then none. The stem's conv1 is not
    // layer1.0.conv1, whose values all flush.
    std::vector<GradientStatsRow> rows{
        gradient("layer2.0.downsample.0.weight", 2, 300, 1, 1),
        gradient("layer2.0.downsample.1.weight", 2, 50, 2),
        gradient("layer2.0.downsample.1.bias", 2, 50, 0),
        gradient("layer2.0.downsample.0.weight", 3, 100, 6),
        gradient("layer2.0.downsample.1.weight", 3, 50, 0),
        gradient("layer2.0.downsample.1.bias", 3, 50, 0),
        gradient("conv1.weight", 2, 1000, 1),
        gradient("layer1.0.conv1.weight", 2, 1000, 1000, 1000),
    };
    const PrecisionSuggestion suggestion = suggestPrecisions({profileOf(1.0), profileOf(0.5), profileOf(0.25), rows});

    const ModuleChoice& downsample = choiceOf(suggestion, "layer2.0.downsample");
    QCOMPARE(downsample.fp16FlushedFraction, std::optional<double>(6.0 / 200.0));
    QCOMPARE(downsample.bf16FlushedFraction, std::optional<double>(1.0 / 400.0));
    QCOMPARE(named(downsample.chosen), named(ModulePrecision::Fp32)); // fp16's 3 % and bf16's 0.25 % are over 0.1 %
    QCOMPARE(downsample.reason, ChoiceReason::Fp16GradientsFlush);
    QCOMPARE(choiceOf(suggestion, "conv1").fp16FlushedFraction, std::optional<double>(1.0 / 1000.0));
    QCOMPARE(named(choiceOf(suggestion, "conv1").chosen), named(ModulePrecision::Fp16)); // exactly 1 in 1000: allowed
    QCOMPARE(choiceOf(suggestion, "layer1.0.conv1").fp16FlushedFraction, std::optional<double>(1.0));
    // Modules none of whose gradients were measured have no fraction, and nothing that flushes.
    QCOMPARE(choiceOf(suggestion, "fc").fp16FlushedFraction, std::optional<double>());
    QCOMPARE(named(choiceOf(suggestion, "fc").chosen), named(ModulePrecision::Fp16));
    QCOMPARE(suggestion.choices.back().fp16FlushedFraction, std::optional<double>());
}

void PrecisionSuggestionTest::aModuleWhoseFp16GradientsFlushIsNeverFp16()
{
    // fp16 ten times faster everywhere; every third module's gradients flush just over the threshold at one step.
    std::vector<GradientStatsRow> rows = cleanGradients();
    QStringList flushing;
    for (int index = 0; index < kModules.size(); index += 3) {
        flushing << kModules[index];
        rows.push_back(gradient(kModules[index].toStdString() + ".weight", 5, 10000, 11));
    }
    const PrecisionSuggestion suggestion = suggestPrecisions({profileOf(1.0), profileOf(0.9), profileOf(0.1), rows});

    for (const ModuleChoice& choice : suggestion.choices) {
        if (choice.module.empty()) // `otherwise` has no gradients; its rule: otherwiseFollowsTheModules
            continue;
        // A convolution goes with its batch norm: the pair flushes when either does.
        const bool flushes = flushing.contains(QString::fromStdString(choice.module))
                          || flushing.contains(QString::fromStdString(choice.batchNorm));
        QVERIFY2(choice.chosen == (flushes ? ModulePrecision::Bf16 : ModulePrecision::Fp16), choice.module.c_str());
        QCOMPARE(choice.reason, flushes ? ChoiceReason::Fp16GradientsFlush : ChoiceReason::Fastest);
        QCOMPARE(suggestion.policy.precisionOf(choice.module) == ModulePrecision::Fp16, !flushes);
    }
}

void PrecisionSuggestionTest::rowsBetweenModulesCountWithTheModuleTheyFollow()
{
    // Every row 1 ms in fp32 and 0.9 in bf16, but layer1.0.relu 1.5 in bf16 and every row 0.1 in fp16 except the
    // step's work outside the model, 100 ms: none of which counts, so fp16 is fastest everywhere it is profiled.
    const PrecisionSuggestion suggestion = suggestPrecisions(
        {profileOf(1.0), profileOf(0.9, {{QStringLiteral("layer1.0.relu"), 1.5}}),
         profileOf(0.1, {{QStringLiteral("optimizer"), 100.0}, {QStringLiteral("(step)"), 100.0}}), cleanGradients()});
    const auto expect = [&suggestion](const std::string& module, double fp32, double bf16) {
        const ModuleChoice& choice = choiceOf(suggestion, module);
        QVERIFY2(choice.fp32Milliseconds && qFuzzyCompare(*choice.fp32Milliseconds, fp32), module.c_str());
        QVERIFY2(choice.bf16Milliseconds && qFuzzyCompare(*choice.bf16Milliseconds, bf16), module.c_str());
    };
    expect("conv1", 4.0, 3.6);          // with bn1, the ReLU and the max pooling after it
    expect("layer1.0.conv1", 3.0, 3.3); // with bn1 and the block's ReLU, slower in bf16
    expect("layer1.0.conv2", 3.0, 2.7); // with bn2 and the block's addition
    expect("layer1.1.conv2", 2.0, 1.8); // no rows of its own between modules here
    expect("layer4.1.conv1", 3.0, 2.7); // with layer4.1.relu
    expect("layer4.1.conv2", 3.0, 2.7); // with the average pooling after the last block
    expect("fc", 2.0, 1.8);             // with the loss
    expect("layer2.0.downsample", 1.0, 0.9);
    QVERIFY(choiceOf(suggestion, "fc").fp16Milliseconds
            && qFuzzyCompare(*choiceOf(suggestion, "fc").fp16Milliseconds, 0.2));
    // Without fp16, layer1.0.conv1 stays fp32 for its ReLU's sake: 3.3 ms in bf16 against 3.0.
    const PrecisionSuggestion withoutFp16 = suggestPrecisions(
        {profileOf(1.0), profileOf(0.9, {{QStringLiteral("layer1.0.relu"), 1.5}}), std::nullopt, cleanGradients()});
    QCOMPARE(named(choiceOf(withoutFp16, "layer1.0.conv1").chosen), named(ModulePrecision::Fp32));
    QCOMPARE(named(choiceOf(withoutFp16, "layer1.0.conv2").chosen), named(ModulePrecision::Bf16));
    // What ran in no module is `otherwise`'s row, shown and not chosen from.
    const ModuleChoice& rest = suggestion.choices.back();
    QCOMPARE(rest.module, std::string());
    QCOMPARE(rest.fp32Milliseconds, std::optional<double>(1.0));
    QCOMPARE(rest.fp16Milliseconds, std::optional<double>(0.1));
}

void PrecisionSuggestionTest::otherwiseFollowsTheModules()
{
    // `otherwise`'s choice, with its reason.
    const auto otherwiseOf = [](const PrecisionSuggestion& suggestion) {
        return suggestion.choices.back().reason == ChoiceReason::FollowsTheModules ? named(suggestion.policy.otherwise)
                                                                                   : QStringLiteral("another reason");
    };
    // Every module fp32 (fp16 and bf16 slower, but faster between modules and in no module): fp32 throughout, and
    // the policy names no module.
    std::map<QString, double> fastBetween;
    for (const QStringList* rows : {&kBetweenModules, &kOfNoModule})
        for (const QString& row : *rows)
            fastBetween[row] = 0.01;
    const PrecisionSuggestion fp32 = suggestPrecisions(
        {profileOf(1.0), profileOf(2.0, fastBetween), profileOf(3.0, fastBetween), cleanGradients()});
    QCOMPARE(otherwiseOf(fp32), named(ModulePrecision::Fp32));
    QVERIFY(fp32.policy.modules.empty());
    // Every module fp16: fp16, no module named.
    const PrecisionSuggestion fp16 = suggestPrecisions(
        {profileOf(1.0), profileOf(0.8), profileOf(0.5), cleanGradients()});
    QCOMPARE(otherwiseOf(fp16), named(ModulePrecision::Fp16));
    QVERIFY(fp16.policy.modules.empty());
    // Most modules fp32, the stem bf16 and the head fp16 (one each: a tie, so bf16): the fp32 modules are named.
    std::map<QString, double> stemFast;
    for (const char* row : {"conv1", "bn1", "relu", "maxpool"}) // the stem's pair and what takes its output
        stemFast[QLatin1String(row)] = 0.1;
    std::map<QString, double> headFast{{QStringLiteral("fc"), 0.01}, {QStringLiteral("loss"), 0.01}};
    const PrecisionSuggestion tie = suggestPrecisions(
        {profileOf(1.0), profileOf(2.0, stemFast), profileOf(2.0, headFast), cleanGradients()});
    QCOMPARE(named(choiceOf(tie, "conv1").chosen), named(ModulePrecision::Bf16));
    QCOMPARE(named(choiceOf(tie, "fc").chosen), named(ModulePrecision::Fp16));
    QCOMPARE(otherwiseOf(tie), named(ModulePrecision::Bf16));
    QCOMPARE(named(tie.policy.precisionOf("layer3.1.conv2")), named(ModulePrecision::Fp32));
    QCOMPARE(named(tie.policy.precisionOf("fc")), named(ModulePrecision::Fp16));
    QVERIFY(!tie.policy.modules.count("conv1"));
    // Two modules fp16 against one bf16: fp16.
    headFast[QStringLiteral("layer2.0.downsample")] = 0.01;
    const PrecisionSuggestion moreFp16 = suggestPrecisions(
        {profileOf(1.0), profileOf(2.0, stemFast), profileOf(2.0, headFast), cleanGradients()});
    QCOMPARE(otherwiseOf(moreFp16), named(ModulePrecision::Fp16));
    QCOMPARE(named(moreFp16.policy.precisionOf("conv1")), named(ModulePrecision::Bf16));
}

void PrecisionSuggestionTest::theLossComputesInFp32UnderASuggestedPolicy()
{
    // Only the head is faster in bf16: `otherwise` is bf16 around fp32 modules, so the bf16 logits reach cross
    // entropy inside autocast, which computes it in fp32 (with autocast off it would compute in bf16).
    const PrecisionSuggestion suggestion = suggestPrecisions(
        {profileOf(1.0), profileOf(2.0, {{QStringLiteral("fc"), 0.1}, {QStringLiteral("loss"), 0.1}}), std::nullopt,
         cleanGradients()});
    QCOMPARE(named(suggestion.policy.precisionOf("fc")), named(ModulePrecision::Bf16));
    QCOMPARE(named(suggestion.policy.precisionOf("layer1.0.conv1")), named(ModulePrecision::Fp32));
    const auto precisions = std::make_shared<ModulePrecisions>(suggestion.policy, c10::kCPU, c10::kBFloat16);
    ResNet18 model(10);
    model->setModulePrecisions(precisions);
    const AutocastGuard region(c10::kCPU, precisions->outerType());
    const torch::Tensor logits = model->forward(torch::randn({2, 3, 32, 32}));
    QCOMPARE(logits.scalar_type(), c10::kBFloat16);
    const torch::Tensor loss = torch::nn::functional::cross_entropy(logits, torch::tensor({1, 2}));
    QCOMPARE(loss.scalar_type(), c10::kFloat);
}

void PrecisionSuggestionTest::modulesAreResNet18sInTheModelsOrder()
{
    const PrecisionSuggestion suggestion = suggestPrecisions({profileOf(1.0), std::nullopt, std::nullopt, {}});
    QStringList modules;
    for (const ModuleChoice& choice : suggestion.choices)
        modules << QString::fromStdString(choice.module);
    QCOMPARE(modules, kChosen + QStringList{QString()});
    for (const ModuleChoice& choice : suggestion.choices) {
        if (choice.module.empty()) { // `otherwise`
            QCOMPARE(choice.reason, ChoiceReason::FollowsTheModules);
            continue;
        }
        QCOMPARE(choice.batchNorm, batchNormOf(QString::fromStdString(choice.module)));
        QCOMPARE(named(choice.chosen), named(ModulePrecision::Fp32));
        QCOMPARE(choice.reason, ChoiceReason::OnlyFp32Measured);
    }
}

void PrecisionSuggestionTest::theSameMeasurementsGiveTheSameSuggestion()
{
    std::map<QString, double> mixed;
    for (int index = 0; index < kModules.size(); ++index)
        mixed[kModules[index]] = 0.3 + 0.1 * (index % 9);
    std::vector<GradientStatsRow> rows = cleanGradients();
    rows.push_back(gradient("layer3.1.bn2.bias", 3, 512, 100));
    const PrecisionMeasurements measured{profileOf(1.0), profileOf(0.7, mixed), profileOf(0.6), rows};
    const PrecisionSuggestion first = suggestPrecisions(measured);

    // The rows in another order, profiles and gradients alike: the same suggestion.
    PrecisionMeasurements reordered = measured;
    for (std::optional<OperatorProfile>* profile : {&reordered.fp32, &reordered.bf16, &reordered.fp16})
        std::reverse((*profile)->modules.begin(), (*profile)->modules.end());
    std::reverse(reordered.gradients.begin(), reordered.gradients.end());
    for (const PrecisionMeasurements& input : {measured, reordered}) {
        const PrecisionSuggestion again = suggestPrecisions(input);
        QVERIFY(again.policy == first.policy);
        QCOMPARE(QString::fromStdString(suggestionMarkdown(again)), QString::fromStdString(suggestionMarkdown(first)));
    }
    QVERIFY(first.policy.modules.size() > 3); // a mixed policy, not a uniform one
    // layer3.1.bn2's fp16 gradients flush, so its pair with layer3.1.conv2 stays out of fp16, both of them.
    QCOMPARE(named(choiceOf(first, "layer3.1.conv2").chosen), named(ModulePrecision::Bf16));
    QCOMPARE(named(first.policy.precisionOf("layer3.1.bn2", true)), named(ModulePrecision::Bf16));
}

void PrecisionSuggestionTest::theSuggestedPolicyTrainsAResNet18()
{
    std::map<QString, double> mixed;
    for (int index = 0; index < kModules.size(); ++index)
        mixed[kModules[index]] = index % 2 ? 0.5 : 2.0;
    const PrecisionSuggestion suggestion = suggestPrecisions(
        {profileOf(1.0), profileOf(0.8, mixed), profileOf(0.4, mixed), cleanGradients()});
    QCOMPARE(parsePrecisionPolicy(precisionPolicyJson(suggestion.policy), "suggested-policy.json"), suggestion.policy);

    ResNet18 model(10);
    model->setModulePrecisions(
        std::make_shared<ModulePrecisions>(suggestion.policy, c10::kCPU, c10::ScalarType::BFloat16));
    const torch::Tensor logits = model->forward(torch::randn({2, 3, 32, 32}));
    logits.sum().backward();
    QCOMPARE(logits.sizes(), (torch::IntArrayRef{2, 10}));
    QVERIFY(model->named_parameters()["layer2.0.downsample.0.weight"].grad().defined());
}

void PrecisionSuggestionTest::theTableShowsEveryChoice()
{
    std::vector<GradientStatsRow> rows = cleanGradients();
    rows.push_back(gradient("fc.weight", 7, 100, 50));
    const PrecisionSuggestion suggestion = suggestPrecisions({profileOf(1.0), std::nullopt, profileOf(0.5), rows},
                                                             SuggestionRule{});
    const QString table = QString::fromStdString(suggestionMarkdown(suggestion));
    QVERIFY2(table.contains(QStringLiteral("| conv1 + bn1 | 4.000 | — | 2.000 | 0 % | 0 % | fp16 | fastest allowed |")),
             qPrintable(table));
    QVERIFY2(table.contains(QStringLiteral("| fc | 2.000 | — | 1.000 | 50 % | 0 % | fp32 | fp16 fastest, but over "
                                           "0.1 % of its gradients flush to zero |")),
             qPrintable(table));
    QVERIFY2(table.contains(QStringLiteral("| (otherwise) | 1.000 | — | 0.500 | — | — | fp16 | follows the modules: "
                                           "fp32 where all are, else their most common 16-bit type (the loss then in "
                                           "fp32) |")),
             qPrintable(table));
    QVERIFY2(table.contains(QStringLiteral("Policy: suggested: fp16, and fp32 in fc")), qPrintable(table));
    QCOMPARE(table.count(QStringLiteral("\n| ")), kChosen.size() + 2); // the header, each choice, `otherwise`
}

void PrecisionSuggestionTest::aBatchNormIsChosenWithItsConvolution()
{
    // bf16 makes layer1.0.bn1 ten times faster but layer1.0.conv1 three times slower: apart, the batch norm would be
    // bf16, which autocast would not give it after an fp32 convolution. Together (with the block's ReLU, 1 ms either
    // way) they stay fp32 (3.0 against 4.1 ms). layer2.1.conv2 gains what its batch norm loses: together bf16 (1.6
    // against 2.0 ms).
    const PrecisionSuggestion suggestion = suggestPrecisions({profileOf(1.0),
                                                              profileOf(1.0, {{QStringLiteral("layer1.0.conv1"), 3.0},
                                                                              {QStringLiteral("layer1.0.bn1"), 0.1},
                                                                              {QStringLiteral("layer2.1.conv2"), 0.4},
                                                                              {QStringLiteral("layer2.1.bn2"), 1.2}}),
                                                              std::nullopt, cleanGradients()});
    const ModuleChoice& slowConvolution = choiceOf(suggestion, "layer1.0.conv1");
    QCOMPARE(slowConvolution.batchNorm, std::string("layer1.0.bn1"));
    QVERIFY(slowConvolution.fp32Milliseconds && qFuzzyCompare(*slowConvolution.fp32Milliseconds, 3.0));
    QVERIFY(slowConvolution.bf16Milliseconds && qFuzzyCompare(*slowConvolution.bf16Milliseconds, 4.1));
    QCOMPARE(named(slowConvolution.chosen), named(ModulePrecision::Fp32));
    QCOMPARE(named(choiceOf(suggestion, "layer2.1.conv2").chosen), named(ModulePrecision::Bf16));
    // Every batch norm computes in its convolution's precision, and the policy says so.
    for (const QString& module : kChosen) {
        const std::string batchNorm = batchNormOf(module);
        if (!batchNorm.empty())
            QCOMPARE(named(suggestion.policy.precisionOf(batchNorm, true)),
                     named(suggestion.policy.precisionOf(module.toStdString())));
    }
    QCOMPARE(named(suggestion.policy.precisionOf("layer2.1.bn2", true)), named(ModulePrecision::Bf16));
    QCOMPARE(named(suggestion.policy.precisionOf("layer1.0.bn1", true)), named(ModulePrecision::Fp32));
}

QTEST_GUILESS_MAIN(PrecisionSuggestionTest)
#include "PrecisionSuggestionTest.moc"
