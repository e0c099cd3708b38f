// ResNet18: torchvision's state-dict layout, initialisation, and numerical parity with
// torchvision.models.resnet18 (run through the torch wheel's torchvision).
#include "model/ResNet18.h"

#include "TestSupport.h"

#include <QTemporaryDir>
#include <QTextStream>

#include <torch/nn/functional/loss.h>
#include <torch/torch.h>

#include <cmath>

using namespace ampwb;

namespace {

struct TensorSpec {
    QString dtype;              ///< "float32" or "int64"
    std::vector<int64_t> shape; ///< empty for a 0-d tensor ("scalar")
};

/// The reference layout: name → dtype, shape, in the file's order.
std::vector<std::pair<QString, TensorSpec>> readStateDictTable()
{
    std::vector<std::pair<QString, TensorSpec>> rows;
    QFile file(QStringLiteral(AMPWB_SOURCE_DIR "/tests/data/torchvision-resnet18-state-dict.tsv"));
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return rows;
    QTextStream in(&file);
    while (!in.atEnd()) {
        const QString line = in.readLine().trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const QStringList fields = line.split(QLatin1Char('\t'));
        if (fields.size() != 3)
            continue;
        TensorSpec spec;
        spec.dtype = fields[1];
        if (fields[2] != QLatin1String("scalar")) {
            for (const QString& extent : fields[2].split(QLatin1Char('x')))
                spec.shape.push_back(extent.toLongLong());
        }
        rows.emplace_back(fields[0], spec);
    }
    return rows;
}

QString dtypeName(const torch::Tensor& tensor)
{
    switch (tensor.scalar_type()) {
    case torch::kFloat: return QStringLiteral("float32");
    case torch::kLong: return QStringLiteral("int64");
    default: return QString::fromStdString(std::string(c10::toString(tensor.scalar_type())));
    }
}

QString shapeText(const std::vector<int64_t>& shape)
{
    if (shape.empty())
        return QStringLiteral("scalar");
    QStringList parts;
    for (int64_t extent : shape)
        parts << QString::number(extent);
    return parts.join(QLatin1Char('x'));
}

/// Parameters and buffers under their state-dict names.
std::map<std::string, torch::Tensor> stateDict(const ResNet18& model)
{
    std::map<std::string, torch::Tensor> entries;
    for (const auto& item : model->named_parameters())
        entries.emplace(item.key(), item.value());
    for (const auto& item : model->named_buffers())
        entries.emplace(item.key(), item.value());
    return entries;
}

} // namespace

class ResNet18Test : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void stateDictMatchesTorchvision();
    void classCountChangesOnlyTheHead_data();
    void classCountChangesOnlyTheHead();
    void convolutionsAreKaimingNormalFanOut_data();
    void convolutionsAreKaimingNormalFanOut();
    void batchNormsStartAtIdentity();
    void headHasLinearDefaultInitialisation();
    void forwardGivesOneRowOfLogitsPerImage_data();
    void forwardGivesOneRowOfLogitsPerImage();
    void evalForwardMatchesTorchvision();
    void trainForwardBackwardMatchesTorchvision();

private:
    /// Loads the reference file (generating it once); returns false and skips/fails otherwise.
    const std::map<std::string, torch::Tensor>& reference();
    /// Copies every reference tensor into the model's parameter/buffer of the same name; fails the
    /// test when the reference could not be made.
    void loadReferenceWeights(ResNet18& model);

    std::vector<std::pair<QString, TensorSpec>> table;
    ResNet18 initialised{nullptr}; ///< a freshly initialised 10-class model
    QTemporaryDir scratch;
    std::map<std::string, torch::Tensor> referenceTensors;
    QString referenceError;
    bool referenceTried = false;
};

void ResNet18Test::initTestCase()
{
    torch::set_num_threads(1);
    table = readStateDictTable();
    QVERIFY2(!table.empty(), "cannot read " AMPWB_SOURCE_DIR "/tests/data/torchvision-resnet18-state-dict.tsv");
    QVERIFY(scratch.isValid());
    torch::manual_seed(7);
    initialised = ResNet18(10);
}

void ResNet18Test::stateDictMatchesTorchvision()
{
    torch::manual_seed(0);
    ResNet18 model(1000);
    const auto entries = stateDict(model);
    QCOMPARE(entries.size(), table.size());
    for (const auto& [name, spec] : table) {
        const auto found = entries.find(name.toStdString());
        QVERIFY2(found != entries.end(), qPrintable(QStringLiteral("the model has no %1").arg(name)));
        const torch::Tensor& tensor = found->second;
        QVERIFY2(dtypeName(tensor) == spec.dtype,
                 qPrintable(
                     QStringLiteral("%1: dtype %2, torchvision has %3").arg(name, dtypeName(tensor), spec.dtype)));
        QVERIFY2(tensor.sizes().vec() == spec.shape,
                 qPrintable(QStringLiteral("%1: shape %2, torchvision has %3")
                                .arg(name, shapeText(tensor.sizes().vec()), shapeText(spec.shape))));
    }
    // Learnable tensors are parameters; running statistics are buffers, as in PyTorch.
    for (const auto& item : model->named_parameters()) {
        QVERIFY2(item.value().requires_grad(), item.key().c_str());
        QVERIFY2(item.key().find("running_") == std::string::npos
                     && item.key().find("num_batches") == std::string::npos,
                 item.key().c_str());
    }
    for (const auto& item : model->named_buffers())
        QVERIFY2(item.key().find("running_") != std::string::npos
                     || item.key().find("num_batches") != std::string::npos,
                 item.key().c_str());
    QCOMPARE(model->numClasses(), int64_t(1000));
}

void ResNet18Test::classCountChangesOnlyTheHead_data()
{
    QTest::addColumn<int64_t>("classes");
    QTest::newRow("10 classes") << int64_t(10);
    QTest::newRow("2 classes") << int64_t(2);
    QTest::newRow("1 class") << int64_t(1);
}

void ResNet18Test::classCountChangesOnlyTheHead()
{
    QFETCH(int64_t, classes);
    ResNet18 model(classes);
    QCOMPARE(model->numClasses(), classes);
    const auto entries = stateDict(model);
    QCOMPARE(entries.size(), table.size());
    for (const auto& [name, spec] : table) {
        const auto found = entries.find(name.toStdString());
        QVERIFY2(found != entries.end(), qPrintable(name));
        std::vector<int64_t> expected = spec.shape;
        if (name == QLatin1String("fc.weight"))
            expected = {classes, 512};
        else if (name == QLatin1String("fc.bias"))
            expected = {classes};
        QVERIFY2(found->second.sizes().vec() == expected,
                 qPrintable(QStringLiteral("%1: %2, expected %3")
                                .arg(name, shapeText(found->second.sizes().vec()), shapeText(expected))));
        QCOMPARE(dtypeName(found->second), spec.dtype);
    }
}

void ResNet18Test::convolutionsAreKaimingNormalFanOut_data()
{
    QTest::addColumn<QString>("name");
    for (const auto& [name, spec] : readStateDictTable()) {
        if (spec.shape.size() == 4)
            QTest::newRow(qPrintable(name)) << name;
    }
}

void ResNet18Test::convolutionsAreKaimingNormalFanOut()
{
    QFETCH(QString, name);
    const torch::Tensor weight = stateDict(initialised).at(name.toStdString()).detach().to(torch::kDouble);
    // kaiming_normal_(mode="fan_out", nonlinearity="relu"): N(0, 2 / fan_out), fan_out = out × kh × kw.
    const double fanOut = static_cast<double>(weight.size(0) * weight.size(2) * weight.size(3));
    const double expectedStd = std::sqrt(2.0 / fanOut);
    const auto n = static_cast<double>(weight.numel());
    const double std = weight.std().item<double>();
    const double mean = weight.mean().item<double>();
    // The sample std of n normal draws has a relative standard error of 1/sqrt(2n) (< 0.8 % here);
    // 5 % is more than six standard errors, while a fan-in init would be off by a factor ≥ 2.
    QVERIFY2(std::abs(std / expectedStd - 1.0) < 0.05,
             qPrintable(QStringLiteral("std %1, expected %2 (n = %3)").arg(std).arg(expectedStd).arg(n)));
    QVERIFY2(std::abs(mean) < 6.0 * expectedStd / std::sqrt(n),
             qPrintable(QStringLiteral("mean %1 for std %2").arg(mean).arg(expectedStd)));
    // Normal, not uniform: about 4.6 % of normal draws lie beyond 2σ, none of a matching uniform's.
    const double beyondTwoSigma = (weight.abs() > 2.0 * expectedStd).to(torch::kDouble).mean().item<double>();
    QVERIFY2(beyondTwoSigma > 0.03 && beyondTwoSigma < 0.065, qPrintable(QString::number(beyondTwoSigma)));
}

void ResNet18Test::batchNormsStartAtIdentity()
{
    ResNet18 model(10);
    int norms = 0;
    for (const auto& [name, tensor] : stateDict(model)) {
        const QString key = QString::fromStdString(name);
        const bool isNorm = key.startsWith(QLatin1String("bn")) || key.contains(QLatin1String(".bn"))
                         || key.contains(QLatin1String("downsample.1."));
        if (!isNorm)
            continue;
        if (key.endsWith(QLatin1String(".weight")) || key.endsWith(QLatin1String(".running_var"))) {
            QVERIFY2(torch::equal(tensor, torch::ones_like(tensor)), qPrintable(key));
            ++norms;
        } else if (key.endsWith(QLatin1String(".bias")) || key.endsWith(QLatin1String(".running_mean"))) {
            QVERIFY2(torch::equal(tensor, torch::zeros_like(tensor)), qPrintable(key));
        } else {
            QVERIFY2(key.endsWith(QLatin1String(".num_batches_tracked")), qPrintable(key));
            QCOMPARE(tensor.dim(), int64_t(0));
            QCOMPARE(tensor.item<int64_t>(), int64_t(0));
        }
    }
    // 20 batch norms (stem, 16 in the blocks, 3 downsample), each with weight and running_var.
    QCOMPARE(norms, 40);
}

void ResNet18Test::headHasLinearDefaultInitialisation()
{
    torch::manual_seed(3);
    ResNet18 model(1000);
    const auto entries = stateDict(model);
    // nn.Linear's default: weight and bias uniform in ±1/sqrt(in_features).
    const double bound = 1.0 / std::sqrt(512.0);
    for (const char* name : {"fc.weight", "fc.bias"}) {
        const torch::Tensor tensor = entries.at(name).detach().to(torch::kDouble);
        QVERIFY2(tensor.abs().max().item<double>() <= bound, name);
        // A uniform on [-b, b] has std b/sqrt(3).
        const double std = tensor.std().item<double>();
        const double tolerance = tensor.numel() > 10000 ? 0.03 : 0.2;
        QVERIFY2(std::abs(std / (bound / std::sqrt(3.0)) - 1.0) < tolerance,
                 qPrintable(QStringLiteral("%1 std %2").arg(QLatin1String(name)).arg(std)));
    }
}

void ResNet18Test::forwardGivesOneRowOfLogitsPerImage_data()
{
    QTest::addColumn<int64_t>("batch");
    QTest::addColumn<int64_t>("height");
    QTest::addColumn<int64_t>("width");
    QTest::newRow("1x1") << int64_t(1) << int64_t(1) << int64_t(1);
    QTest::newRow("28x28") << int64_t(3) << int64_t(28) << int64_t(28);
    QTest::newRow("32x48") << int64_t(2) << int64_t(32) << int64_t(48);
    QTest::newRow("224x224") << int64_t(1) << int64_t(224) << int64_t(224);
}

void ResNet18Test::forwardGivesOneRowOfLogitsPerImage()
{
    QFETCH(int64_t, batch);
    QFETCH(int64_t, height);
    QFETCH(int64_t, width);
    torch::manual_seed(1);
    ResNet18 model(10);
    model->eval();
    torch::NoGradGuard noGrad;
    const torch::Tensor logits = model->forward(torch::randn({batch, 3, height, width}));
    QCOMPARE(logits.sizes().vec(), (std::vector<int64_t>{batch, 10}));
    QCOMPARE(logits.scalar_type(), torch::kFloat);
    QVERIFY(torch::isfinite(logits).all().item<bool>());
}

const std::map<std::string, torch::Tensor>& ResNet18Test::reference()
{
    if (!referenceTried) {
        referenceTried = true;
        const QString path = scratch.filePath(QStringLiteral("resnet18-reference.pt"));
        referenceError = ampwb::test::runReferenceScript("resnet18_reference.py", {path, QStringLiteral("1234")});
        if (referenceError.isEmpty()) {
            try {
                referenceTensors = ampwb::test::loadTensorDict(path);
            } catch (const std::exception& error) {
                referenceError =
                    QStringLiteral("torch::pickle_load failed on %1: %2").arg(path, QLatin1String(error.what()));
            }
        }
    }
    return referenceTensors;
}

void ResNet18Test::loadReferenceWeights(ResNet18& model)
{
    const auto& ref = reference();
    QVERIFY2(referenceError.isEmpty(), qPrintable(referenceError));
    torch::NoGradGuard noGrad;
    int matched = 0;
    for (auto& [name, tensor] : stateDict(model)) {
        const auto found = ref.find("param:" + name);
        QVERIFY2(found != ref.end(),
                 qPrintable(QStringLiteral("torchvision's state dict has no %1").arg(QString::fromStdString(name))));
        QVERIFY2(found->second.sizes() == tensor.sizes() && found->second.scalar_type() == tensor.scalar_type(),
                 qPrintable(QStringLiteral("%1: engine %2, torchvision %3")
                                .arg(QString::fromStdString(name), ampwb::test::describe(tensor),
                                     ampwb::test::describe(found->second))));
        tensor.copy_(found->second);
        ++matched;
    }
    int referenceEntries = 0;
    for (const auto& item : ref)
        referenceEntries += item.first.rfind("param:", 0) == 0 ? 1 : 0;
    // Every torchvision entry found its engine counterpart, and the other way round.
    QCOMPARE(matched, referenceEntries);
    QCOMPARE(static_cast<size_t>(matched), table.size());
}

void ResNet18Test::evalForwardMatchesTorchvision()
{
    AMPWB_REQUIRE_REFERENCE_PYTHON();
    ResNet18 model(10);
    loadReferenceWeights(model);
    if (QTest::currentTestFailed())
        return;
    model->eval();
    const auto& ref = reference();
    torch::NoGradGuard noGrad;
    const torch::Tensor logits = model->forward(ref.at("input"));
    const torch::Tensor& expected = ref.at("eval_logits");
    QCOMPARE(logits.sizes().vec(), expected.sizes().vec());
    const double maxDifference = (logits - expected).abs().max().item<double>();
    QVERIFY2(torch::allclose(logits, expected, 1e-4, 1e-5),
             qPrintable(QStringLiteral("largest logit difference %1 (logits up to %2)")
                            .arg(maxDifference)
                            .arg(expected.abs().max().item<double>())));
    // The eval forward must not touch the running statistics.
    QCOMPARE(stateDict(model).at("bn1.num_batches_tracked").item<int64_t>(), int64_t(7));
}

void ResNet18Test::trainForwardBackwardMatchesTorchvision()
{
    AMPWB_REQUIRE_REFERENCE_PYTHON();
    ResNet18 model(10);
    loadReferenceWeights(model);
    if (QTest::currentTestFailed())
        return;
    model->train();
    const auto& ref = reference();
    const torch::Tensor loss = torch::nn::functional::cross_entropy(model->forward(ref.at("input")),
                                                                    ref.at("train_target"));
    loss.backward();

    const double expectedLoss = ref.at("train_loss").item<double>();
    QVERIFY2(std::abs(loss.item<double>() - expectedLoss) <= 1e-4 * std::abs(expectedLoss),
             qPrintable(QStringLiteral("loss %1, torchvision %2").arg(loss.item<double>()).arg(expectedLoss)));

    int gradients = 0;
    for (const auto& item : model->named_parameters()) {
        const torch::Tensor& expected = ref.at("grad:" + item.key());
        const torch::Tensor grad = item.value().grad();
        QVERIFY2(grad.defined(), item.key().c_str());
        const double scale = expected.abs().max().item<double>();
        const double difference = (grad - expected).abs().max().item<double>();
        QVERIFY2(torch::allclose(grad, expected, 1e-3, 1e-4 * scale + 1e-8),
                 qPrintable(QStringLiteral("d loss / d %1: largest difference %2 (gradient up to %3)")
                                .arg(QString::fromStdString(item.key()))
                                .arg(difference)
                                .arg(scale)));
        ++gradients;
    }
    QCOMPARE(gradients, 62);
    for (const auto& item : model->named_buffers()) {
        const torch::Tensor& expected = ref.at("after_train:" + item.key());
        QVERIFY2(torch::allclose(item.value(), expected, 1e-4, 1e-6),
                 qPrintable(QStringLiteral("%1 after a train-mode forward differs from torchvision's")
                                .arg(QString::fromStdString(item.key()))));
    }
    QCOMPARE(stateDict(model).at("layer3.1.bn2.num_batches_tracked").item<int64_t>(), int64_t(8));
}

QTEST_GUILESS_MAIN(ResNet18Test)
#include "ResNet18Test.moc"
