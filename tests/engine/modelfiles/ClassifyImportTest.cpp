// Importing models: torchvision state dicts written by Debian's python3-torch (1,000 and
// 10 classes) give torchvision's logits on real photos; the torch hub cache is found;
// runs and their checkpoints load; foreign files are named with their problem.
#include "ClassifyTestSupport.h"
#include "SavedRun.h"

#include "data/IdxDataset.h"
#include "data/ImageDecoding.h"
#include "model/ClassNames.h"
#include "model/ModelFileError.h"
#include "model/ResNet18StateDict.h"
#include "modelfiles/ModelLoading.h"
#include "modelfiles/StateDictFile.h"
#include "modelfiles/TorchHubWeights.h"

#include <QTemporaryDir>

#include <torch/serialize.h>

#include <cstdlib>
#include <filesystem>

using namespace ampwb;
using namespace ampwb::test;

namespace {

/// Sets an environment variable for the lifetime of the guard.
class EnvironmentGuard {
public:
    EnvironmentGuard(const char* name, const QString& value)
        : variable(name)
        , hadValue(std::getenv(name) != nullptr)
        , previous(hadValue ? std::getenv(name) : "")
    {
        setenv(name, value.toLocal8Bit().constData(), 1);
    }
    ~EnvironmentGuard()
    {
        if (hadValue)
            setenv(variable, previous.c_str(), 1);
        else
            unsetenv(variable);
    }

private:
    const char* variable;
    bool hadValue;
    std::string previous;
};

QString expectedMessage(const std::function<void()>& load)
{
    try {
        load();
    } catch (const std::exception& error) {
        return QString::fromUtf8(error.what());
    }
    return QStringLiteral("(no error)");
}

} // namespace

class ClassifyImportTest : public QObject, private ReferenceScratch {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        if (!findReference())
            return;
        rotatedPhoto = directory.filePath("messi5-exif-rotated.jpg");
        QCOMPARE(runReference({"exif-photo", photos[2], rotatedPhoto}), QString());
        const QStringList allImages = photos + QStringList{rotatedPhoto};
        QCOMPARE(runReference({"state-dict", path("imagenet.pth"), "--classes", "1000", "--seed", "7"}), QString());
        QCOMPARE(runReference(QStringList{"state-dict", path("ten.pth"), "--classes", "10", "--prototypes"} + photos),
                 QString());
        QVERIFY(QDir(directory.path()).mkpath("inputs"));
        QCOMPARE(runReference(QStringList{"logits", path("imagenet.pth"), "--classes", "1000", "--out",
                                          path("imagenet.json"), "--inputs", path("inputs")}
                              + allImages),
                 QString());
        QCOMPARE(runReference(QStringList{"logits", path("ten.pth"), "--classes", "10", "--out", path("ten.json")}
                              + allImages),
                 QString());
        QCOMPARE(runReference(
                     {"state-dict", path("mobilenet.pth"), "--classes", "10", "--architecture", "mobilenet_v3_small"}),
                 QString());
        QCOMPARE(runReference({"state-dict", path("legacy.pth"), "--classes", "10", "--layout", "legacy"}), QString());
        QCOMPARE(runReference({"state-dict", path("plain.pth"), "--classes", "10", "--layout", "plain"}), QString());
    }

    void importsTorchvisionStateDicts_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("classes");
        QTest::newRow("1000 classes") << "imagenet.pth" << 1000;
        QTest::newRow("10 classes") << "ten.pth" << 10;
        QTest::newRow("plain dict") << "plain.pth" << 10;
    }

    void importsTorchvisionStateDicts()
    {
        AMPWB_REQUIRE_REFERENCE();
        QFETCH(QString, file);
        QFETCH(int, classes);
        const ClassifierModel model = loadClassifierModel(path(file).toStdString());
        QCOMPARE(model.network->numClasses(), int64_t(classes));
        QCOMPARE(model.card.classNames.size(), size_t(classes));
        QCOMPARE(model.card.preprocessing.imageSize, int64_t(224));
        if (classes == 1000) {
            QCOMPARE(model.card.classNames.front(), std::string("tench"));
            QCOMPARE(model.card.classNames.back(), std::string("toilet tissue"));
        } else {
            QCOMPARE(model.card.classNames.front(), std::string("class 0"));
        }
        QVERIFY(!model.network->is_training());
    }

    void logitsMatchTorchvisionOnPhotos_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("classes");
        QTest::addColumn<int>("image");
        const QStringList names = testPhotos() + QStringList{"messi5-exif-rotated.jpg"};
        for (int image = 0; image < names.size(); ++image) {
            const QString name = QFileInfo(names[image]).fileName();
            QTest::newRow(qPrintable("1000 classes, " + name)) << "imagenet" << 1000 << image;
            QTest::newRow(qPrintable("10 classes, " + name)) << "ten" << 10 << image;
        }
    }

    void logitsMatchTorchvisionOnPhotos()
    {
        AMPWB_REQUIRE_REFERENCE();
        QFETCH(QString, file);
        QFETCH(int, classes);
        QFETCH(int, image);
        const std::vector<ReferenceImage> references = readReferenceLogits(path(file + ".json"));
        QVERIFY(image < static_cast<int>(references.size()));
        const ReferenceImage& reference = references[image];

        ClassifierModel model = loadClassifierModel(path(file + ".pth").toStdString());
        const torch::Tensor decoded = decodeImageFile(reference.path.toStdString());
        QCOMPARE(decoded.size(2), int64_t(reference.width));
        QCOMPARE(decoded.size(1), int64_t(reference.height));
        const torch::Tensor input = ImageTransform(model.card.preprocessing)(decoded, 0);
        torch::NoGradGuard noGrad;
        const torch::Tensor logits = model.network->forward(input.unsqueeze(0))[0];
        QCOMPARE(logits.size(0), int64_t(classes));

        const double pilError = relativeError(logits, reference.pilLogits);
        const double tensorError = relativeError(logits, reference.tensorLogits);
        qInfo("relative error vs torchvision: %.2g (uint8-tensor transform), %.2g (PIL transform)", tensorError,
              pilError);
        if (classes == 10 && image < 9)
            QCOMPARE(logits.argmax().item<int64_t>(), int64_t(image)); // the prototype head recognises each photo
        // PIL's own resampling differs from the antialiased bilinear of libtorch and of
        // torchvision's tensor transform by ~0.003 per input value (DESIGN.md).
        QVERIFY2(pilError < 1e-2, qPrintable(QString::number(pilError)));
        QCOMPARE(logits.argmax().item<int64_t>(), reference.pilLogits.argmax().item<int64_t>());
        if (file == "imagenet") {
            const torch::Tensor expectedInput = readReferenceInput(path("inputs/%1.f32").arg(image));
            QVERIFY(expectedInput.defined());
            // Upscaled images (short side < 256) may differ by one grey level in a few pixels:
            // torchvision passes antialias=True to interpolate when enlarging, ImageTransform does not.
            const torch::Tensor difference = (input - expectedInput).abs();
            const double oneLevel = 1.0 / 255.0 / 0.224;
            QVERIFY2(difference.max().item<double>() < 1.01 * oneLevel
                         && difference.mean().item<double>() < 1e-3 * oneLevel,
                     qPrintable(QString("input differs by up to %1").arg(difference.max().item<double>())));
        }
        QVERIFY2(tensorError < 1e-4, qPrintable(QString::number(tensorError)));
    }

    void exifOrientationIsApplied()
    {
        AMPWB_REQUIRE_REFERENCE();
        const torch::Tensor original = decodeImageFile(photos[2].toStdString());
        const torch::Tensor rotated = decodeImageFile(rotatedPhoto.toStdString());
        QVERIFY(rotated.sizes() == original.sizes());
        // Re-encoded as JPEG, so close rather than equal.
        QVERIFY((rotated.to(torch::kFloat) - original.to(torch::kFloat)).abs().mean().item<double>() < 4.0);
    }

    void findsTorchvisionWeightsInTheHubCache()
    {
        AMPWB_REQUIRE_REFERENCE();
        const QString torchHome = directory.filePath("torch-home");
        QVERIFY(QDir().mkpath(torchHome + "/hub/checkpoints"));
        QVERIFY(QFile::copy(path("imagenet.pth"), torchHome + "/hub/checkpoints/" + kTorchvisionResNet18FileName));
        EnvironmentGuard home("TORCH_HOME", torchHome);
        const auto found = findTorchvisionResNet18Weights();
        QVERIFY(found);
        const ClassifierModel model = loadClassifierModel("torchvision");
        QCOMPARE(model.network->numClasses(), int64_t(1000));
        QCOMPARE(model.card.classNames[1], std::string("goldfish"));
        QVERIFY(QString::fromStdString(model.description->english()).contains(kTorchvisionResNet18FileName));
    }

    void findsTorchvisionWeightsInTheHomeCache()
    {
        AMPWB_REQUIRE_REFERENCE();
        const QString home = directory.filePath("home");
        QVERIFY(QDir().mkpath(home + "/.cache/torch/hub/checkpoints"));
        QVERIFY(
            QFile::copy(path("imagenet.pth"), home + "/.cache/torch/hub/checkpoints/" + kTorchvisionResNet18FileName));
        EnvironmentGuard torchHome("TORCH_HOME", directory.filePath("empty-torch-home"));
        EnvironmentGuard cacheHome("XDG_CACHE_HOME", directory.filePath("empty-cache"));
        EnvironmentGuard homeDirectory("HOME", home);
        const auto found = findTorchvisionResNet18Weights();
        QVERIFY(found);
        QCOMPARE(QString::fromStdString(*found),
                 home + "/.cache/torch/hub/checkpoints/" + kTorchvisionResNet18FileName);
    }

    void missingHubWeightsAreExplained()
    {
        EnvironmentGuard torchHome("TORCH_HOME", directory.filePath("nowhere"));
        EnvironmentGuard cacheHome("XDG_CACHE_HOME", directory.filePath("nowhere"));
        EnvironmentGuard home("HOME", directory.filePath("nowhere"));
        const QString message = expectedMessage([] { loadClassifierModel("torchvision"); });
        QVERIFY2(message.contains("resnet18-f37072fd.pth") && message.contains("nowhere/hub/checkpoints"),
                 qPrintable(message));
    }

    void foreignFilesAreNamed_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("problem");
        // clang-format off
        QTest::newRow("another architecture") << "mobilenet.pth"
                                              << "has no 'conv1.weight' (its first entry is 'features.0.0.weight')";
        QTest::newRow("legacy format") << "legacy.pth" << "pre-1.6 format";
        QTest::newRow("head removed") << "no-head.pth" << "has no 'fc.weight'";
        QTest::newRow("wrong shape") << "wrong-shape.pth"
                                     << "'layer2.0.conv1.weight' has the shape [128, 64, 1, 1], ResNet-18 needs "
                                        "[128, 64, 3, 3]";
        QTest::newRow("extra entry") << "extra.pth" << "unexpected entry 'extra.weight'";
        QTest::newRow("integer weights") << "integer.pth" << "'conv1.weight' holds Long values";
        QTest::newRow("text file") << "notes.pth" << "not a state dict saved with torch.save";
        QTest::newRow("missing file") << "absent.pth" << "There is no model file";
        QTest::newRow("libtorch archive, not a checkpoint") << "archive.pt" << "not a workbench ResNet-18 checkpoint";
        QTest::newRow("folder without checkpoint") << "inputs" << "not a run folder with a checkpoint.pt";
        // clang-format on
    }

    void foreignFilesAreNamed()
    {
        AMPWB_REQUIRE_REFERENCE();
        QFETCH(QString, file);
        QFETCH(QString, problem);
        writeDamagedVariants();
        const QString message = expectedMessage([&] { loadClassifierModel(path(file).toStdString()); });
        QVERIFY2(message.contains(problem), qPrintable(message));
        QVERIFY2(message.contains(path(file)), qPrintable(message));
    }

    void loadsRunsAndTheirCheckpoints()
    {
        torch::manual_seed(5);
        ResNet18 trained(10);
        const std::string run = saveRun(path("runs").toStdString(), "fp32-run", "fashion-mnist", 32, trained);

        for (const std::string& spec : {run, run + "/checkpoint.pt"}) {
            const ClassifierModel model = loadClassifierModel(spec);
            QCOMPARE(model.network->numClasses(), int64_t(10));
            QCOMPARE(model.card.preprocessing.imageSize, int64_t(32));
            if (std::filesystem::exists(kFashionMnistDirectory)) {
                QVERIFY(model.card.classNames == fashionMnistClassNames());
                QVERIFY(model.card.learnedFromGrayscale); // Fashion-MNIST's images have one channel
            }
            const StateDict expected = stateDictOf(*trained);
            const StateDict loaded = stateDictOf(*model.network);
            for (size_t i = 0; i < expected.size(); ++i)
                QVERIFY2(torch::equal(expected[i].second, loaded[i].second), expected[i].first.c_str());
        }
    }

    void labelFilesNameTheClasses()
    {
        AMPWB_REQUIRE_REFERENCE();
        QFile labels(path("labels.txt"));
        QVERIFY(labels.open(QIODevice::WriteOnly));
        for (int index = 0; index < 10; ++index)
            labels.write(QStringLiteral("thing %1\r\n").arg(index).toUtf8());
        labels.write("\n");
        labels.close();
        const ClassifierModel model = loadClassifierModel(path("ten.pth").toStdString(),
                                                          path("labels.txt").toStdString());
        QCOMPARE(model.card.classNames[9], std::string("thing 9"));
        const QString message = expectedMessage(
            [&] { loadClassifierModel(path("imagenet.pth").toStdString(), path("labels.txt").toStdString()); });
        QVERIFY2(message.contains("has 10 names, but the model has 1000 classes"), qPrintable(message));
    }

private:
    /// Variants of the 10-class state dict with one thing wrong each, and two non-state-dict files.
    void writeDamagedVariants()
    {
        if (QFileInfo::exists(path("notes.pth")))
            return;
        const StateDict original = readStateDictFile(path("ten.pth").toStdString());
        const auto variant = [&](const QString& name, const std::function<void(StateDict&)>& change) {
            StateDict changed = original;
            change(changed);
            writeStateDictFile(path(name).toStdString(), changed, {});
        };
        variant("no-head.pth", [](StateDict& s) {
            s.erase(std::remove_if(s.begin(), s.end(), [](const auto& e) { return e.first == "fc.weight"; }), s.end());
        });
        variant("wrong-shape.pth", [](StateDict& s) {
            for (auto& entry : s) {
                if (entry.first == "layer2.0.conv1.weight")
                    entry.second = torch::zeros({128, 64, 1, 1});
            }
        });
        variant("extra.pth", [](StateDict& s) { s.emplace_back("extra.weight", torch::zeros({2})); });
        variant("integer.pth", [](StateDict& s) { s.front().second = s.front().second.to(torch::kLong); });
        QFile notes(path("notes.pth"));
        QVERIFY(notes.open(QIODevice::WriteOnly));
        notes.write("not a model\n");
        torch::serialize::OutputArchive archive;
        archive.write("something", torch::ones({3}));
        archive.save_to(path("archive.pt").toStdString());
    }

    QString rotatedPhoto;
};

QTEST_GUILESS_MAIN(ClassifyImportTest)
#include "ClassifyImportTest.moc"
