#include "EngineText.h"

#include <QList>
#include <QRegularExpression>
#include <QStringList>

#include <array>

namespace {

// The messages of ampwb::validate(), extracted for translation and looked up by their text.
[[maybe_unused]] constexpr std::array kValidationMessages{
    QT_TRANSLATE_NOOP("EngineText", "Choose a dataset."),
    QT_TRANSLATE_NOOP("EngineText", "Epochs must be at least 1."),
    QT_TRANSLATE_NOOP("EngineText", "Max steps must be 0 (no limit) or positive."),
    QT_TRANSLATE_NOOP("EngineText", "Batch size must be between 1 and 65536."),
    QT_TRANSLATE_NOOP("EngineText", "The learning rate must be a positive number."),
    QT_TRANSLATE_NOOP("EngineText", "Momentum must be in [0, 1)."),
    QT_TRANSLATE_NOOP("EngineText", "Weight decay cannot be negative."),
    QT_TRANSLATE_NOOP("EngineText", "Nesterov momentum needs a momentum above 0."),
    QT_TRANSLATE_NOOP("EngineText", "The step schedule's step size must be at least 1 epoch."),
    QT_TRANSLATE_NOOP("EngineText", "The step schedule's gamma must be in (0, 1]."),
    QT_TRANSLATE_NOOP("EngineText", "Warm-up epochs cannot be negative."),
    QT_TRANSLATE_NOOP("EngineText", "The image size must be between 8 and 1024 pixels (or 0 for the dataset's own)."),
    QT_TRANSLATE_NOOP("EngineText", "Workers must be between 0 and 64."),
    QT_TRANSLATE_NOOP("EngineText", "Loss scaler: init scale > 0, growth factor > 1, backoff in (0, 1), interval ≥ 1."),
    QT_TRANSLATE_NOOP("EngineText", "Synthetic dataset sizes must be positive."),
    QT_TRANSLATE_NOOP("EngineText", "The validation limit cannot be negative."),
    QT_TRANSLATE_NOOP("EngineText", "Gradient statistics: every N steps with N ≥ 1, or 0 for none."),
    QT_TRANSLATE_NOOP("EngineText", "Choose a folder for runs."),
    QT_TRANSLATE_NOOP("EngineText",
                      "A run name cannot start with a dot or contain / or \\: it names a folder in the runs folder."),
    QT_TRANSLATE_NOOP("EngineText", "A new head needs starting weights (ImageNet or a file)."),
    QT_TRANSLATE_NOOP("EngineText", "Training only the new head needs starting weights (ImageNet or a file)."),
    QT_TRANSLATE_NOOP("EngineText", "The backbone's learning rate scale must be a positive number."),
    QT_TRANSLATE_NOOP("EngineText", "No verdict: a run did not take enough steps to measure."),
    QT_TRANSLATE_NOOP("EngineText", "Train more steps, or interleave the two runs."), // after "Too short to tell"
    QT_TRANSLATE_NOOP("EngineText", "Train more steps."),
    QT_TRANSLATE_NOOP("EngineText", "this CPU has no bf16 units (AVX512-BF16 or AMX), so bf16 math is emulated."),
    QT_TRANSLATE_NOOP("EngineText", "this CPU has no fp16 units (AVX512-FP16 or AMX-FP16), so fp16 math is converted "
                                    "to fp32 and back around every product."),
    QT_TRANSLATE_NOOP("EngineText", "libtorch's fp16 convolution gradients on the CPU are far slower than its fp32 and "
                                    "bf16 ones; fp16 AMP on a CPU shows loss scaling at work, not speed."),
    QT_TRANSLATE_NOOP("EngineText",
                      "the step is bound by work that autocast does not speed up (casts, batch norm, data loading)."),
    QT_TRANSLATE_NOOP("EngineText", "none"), // a CPU without bf16 units, in describeDevice()
};

// fashionMnistClassNames() of IdxDataset.cpp, the default dataset's classes.
[[maybe_unused]] constexpr std::array kFashionMnistClassNames{
    QT_TRANSLATE_NOOP("ClassNames", "T-shirt/top"), QT_TRANSLATE_NOOP("ClassNames", "Trouser"),
    QT_TRANSLATE_NOOP("ClassNames", "Pullover"),    QT_TRANSLATE_NOOP("ClassNames", "Dress"),
    QT_TRANSLATE_NOOP("ClassNames", "Coat"),        QT_TRANSLATE_NOOP("ClassNames", "Sandal"),
    QT_TRANSLATE_NOOP("ClassNames", "Shirt"),       QT_TRANSLATE_NOOP("ClassNames", "Sneaker"),
    QT_TRANSLATE_NOOP("ClassNames", "Bag"),         QT_TRANSLATE_NOOP("ClassNames", "Ankle boot"),
};

/// A message with numbers or other messages inside: its pattern and its source text for
/// translation, where %1, %2, … are the pattern's captures (a capture marked `nested` is itself
/// translated).
struct PatternRule {
    QRegularExpression pattern;
    const char* translation;
    int nestedCapture = 0;
};

/// Compiled once; the translations are looked up when a pattern matches, in the language then installed.
const QList<PatternRule>& patternRules()
{
    static const QList<PatternRule> rules{
        {QRegularExpression(QStringLiteral("^AMP helped: (.+)× the FP32 throughput \\(steady-state images/s\\), and an "
                                           "epoch took (.+)× as long, with (.+) % less peak memory\\.$")),
         QT_TRANSLATE_NOOP("EngineText", "AMP helped: %1× the FP32 throughput (steady-state images/s), and an epoch "
                                         "took %2× as long, with %3 % less peak memory.")},
        {QRegularExpression(QStringLiteral("^AMP helped: (.+)× the FP32 throughput \\(steady-state images/s\\), and an "
                                           "epoch took (.+)× as long\\.$")),
         QT_TRANSLATE_NOOP(
             "EngineText",
             "AMP helped: %1× the FP32 throughput (steady-state images/s), and an epoch took %2× as long.")},
        {QRegularExpression(
             QStringLiteral("^AMP did not help here: (.+)× the FP32 throughput \\(steady-state images/s\\), "
                            "and an epoch took (.+)× as long\\. Likely reason: (.*)$")),
         QT_TRANSLATE_NOOP("EngineText", "AMP did not help here: %1× the FP32 throughput (steady-state images/s), and "
                                         "an epoch took %2× as long. Likely reason: %3"),
         3},
        {QRegularExpression(
             QStringLiteral("^Too short to tell: AMP ran at (.+)× the FP32 throughput, but the step times "
                            "of these runs leave ±(.+) % of uncertainty \\(95 %\\)\\. (.*)$")),
         QT_TRANSLATE_NOOP("EngineText", "Too short to tell: AMP ran at %1× the FP32 throughput, but the step times of "
                                         "these runs leave ±%2 % of uncertainty (95 %). %3"),
         3},
        {QRegularExpression(QStringLiteral("^the images are small \\((\\d+) px\\), so the layers are too small for "
                                           "reduced precision to pay for its casts\\.$")),
         QT_TRANSLATE_NOOP("EngineText",
                           "the images are small (%1 px), so the layers are too small for reduced precision to pay "
                           "for its casts.")},
        {QRegularExpression(QStringLiteral("^the batch is small \\((\\d+)\\), so per-step overhead dominates\\.$")),
         QT_TRANSLATE_NOOP("EngineText", "the batch is small (%1), so per-step overhead dominates.")},
        {QRegularExpression(QStringLiteral("^Accuracy: top-1 (\\S+) pt, but the runs are too short to tell a "
                                           "difference from run-to-run variation \\(fewer than 8 steps with a loss "
                                           "each\\)\\.$")),
         QT_TRANSLATE_NOOP("EngineText", "Accuracy: top-1 %1 pt, but the runs are too short to tell a difference "
                                         "from run-to-run variation (fewer than 8 steps with a loss each).")},
        {QRegularExpression(QStringLiteral("^Accuracy: top-1 (\\S+) pt is within what runs this short can tell: the "
                                           "training losses differ by (\\S+) \\(±(\\S+)\\) over the last (\\d+) "
                                           "steps, inside their step-to-step spread\\. Train longer before reading "
                                           "it as AMP's\\.$")),
         QT_TRANSLATE_NOOP("EngineText", "Accuracy: top-1 %1 pt is within what runs this short can tell: the "
                                         "training losses differ by %2 (±%3) over the last %4 steps, inside their "
                                         "step-to-step spread. Train longer before reading it as AMP's.")},
        {QRegularExpression(QStringLiteral("^Accuracy: top-1 (\\S+) pt is within the validation sample's margin "
                                           "\\(±(\\S+)\\), though the training losses differ by (\\S+) \\(±(\\S+)\\) "
                                           "over the last (\\d+) steps\\.$")),
         QT_TRANSLATE_NOOP("EngineText", "Accuracy: top-1 %1 pt is within the validation sample's margin (±%2), "
                                         "though the training losses differ by %3 (±%4) over the last %5 steps.")},
        {QRegularExpression(QStringLiteral("^Accuracy: top-1 (\\S+) pt \\(±(\\S+) on the validation sample\\), and "
                                           "the training losses differ by (\\S+) \\(±(\\S+)\\) over the last (\\d+) "
                                           "steps: a difference these runs can tell\\.$")),
         QT_TRANSLATE_NOOP("EngineText", "Accuracy: top-1 %1 pt (±%2 on the validation sample), and the training "
                                         "losses differ by %3 (±%4) over the last %5 steps: a difference these runs "
                                         "can tell.")},
        {QRegularExpression(QStringLiteral("^No verdict: a run failed \\((.*)\\)\\.$")),
         QT_TRANSLATE_NOOP("EngineText", "No verdict: a run failed (%1).")},
        // describeDevice() and the descriptions of ModelLoading.cpp's classifier models.
        {QRegularExpression(QStringLiteral("^CPU \\((.+), 1 thread, bf16 units: (.+)\\)$")),
         QT_TRANSLATE_NOOP("EngineText", "CPU (%1, 1 thread, bf16 units: %2)"), 2},
        {QRegularExpression(QStringLiteral("^CPU \\((.+), (\\d+) threads, bf16 units: (.+)\\)$")),
         QT_TRANSLATE_NOOP("EngineText", "CPU (%1, %2 threads, bf16 units: %3)"), 3},
        {QRegularExpression(QStringLiteral("^workbench run (.+), (\\d+) classes, (\\d+) px$")),
         QT_TRANSLATE_NOOP("EngineText", "workbench run %1, %2 classes, %3 px")},
        {QRegularExpression(QStringLiteral("^ResNet-18 state dict, (\\d+) classes \\((.+)\\)$")),
         QT_TRANSLATE_NOOP("EngineText", "ResNet-18 state dict, %1 classes (%2)")},
        {QRegularExpression(QStringLiteral("^torchvision ResNet-18 ImageNet weights \\((.+)\\)$")),
         QT_TRANSLATE_NOOP("EngineText", "torchvision ResNet-18 ImageNet weights (%1)")},
    };
    return rules;
}

/// `translation` with %1, %2, … replaced in one pass, so that a value holding "%2" (a path,
/// a CPU name) stays as it is.
QString substitute(const QString& translation, const QStringList& values)
{
    static const QRegularExpression marker(QStringLiteral("%(\\d)"));
    QString text;
    qsizetype done = 0;
    for (auto markers = marker.globalMatch(translation); markers.hasNext();) {
        const QRegularExpressionMatch found = markers.next();
        text += translation.mid(done, found.capturedStart() - done);
        const int number = found.captured(1).toInt();
        text += number >= 1 && number <= values.size() ? values[number - 1] : found.captured();
        done = found.capturedEnd();
    }
    return text + translation.mid(done);
}

} // namespace

QString EngineText::translate(const std::string& message)
{
    return translate(QString::fromStdString(message));
}

QString EngineText::translate(const QString& message)
{
    const QString exact = tr(message.toUtf8().constData());
    if (exact != message)
        return exact;
    for (const PatternRule& rule : patternRules()) {
        const QRegularExpressionMatch match = rule.pattern.match(message);
        if (!match.hasMatch())
            continue;
        QStringList values;
        for (int capture = 1; capture <= match.lastCapturedIndex(); ++capture)
            values << (capture == rule.nestedCapture ? translate(match.captured(capture)) : match.captured(capture));
        return substitute(tr(rule.translation), values);
    }
    return message;
}

QString EngineText::className(const QString& name)
{
    return QCoreApplication::translate("ClassNames", name.toUtf8().constData());
}
