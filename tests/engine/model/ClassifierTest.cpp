// The Classifier: folded, channels-last, InferenceMode logits equal the plain model's;
// bf16 agrees with fp32 on the top class; top-k; image files with bad ones among them.
#include "ClassifyTestSupport.h"

#include "data/ImageDecoding.h"
#include "model/ClassNames.h"
#include "model/Classifier.h"
#include "model/ImageFileClassification.h"
#include "modelfiles/ModelLoading.h"

#include <QTemporaryDir>

using namespace ampwb;
using namespace ampwb::test;

namespace {

/// A 1,000-class ResNet-18 with random, non-trivial batch-norm statistics (so folding matters).
ClassifierModel randomImageNetModel()
{
    torch::manual_seed(21);
    ClassifierModel model;
    model.network = ResNet18(1000);
    torch::NoGradGuard noGrad;
    for (const auto& buffer : model.network->named_buffers()) {
        if (buffer.key().find("running_mean") != std::string::npos)
            buffer.value().normal_(0.0, 0.1);
        else if (buffer.key().find("running_var") != std::string::npos)
            buffer.value().uniform_(0.5, 1.5);
    }
    for (const auto& parameter : model.network->named_parameters()) {
        if (parameter.key().find("bn") != std::string::npos
            || parameter.key().find("downsample.1") != std::string::npos)
            parameter.value().uniform_(0.5, 1.5);
    }
    model.network->eval();
    model.card.classNames = imageNetClassNames();
    return model;
}

} // namespace

class ClassifierTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(directory.isValid());
        models["random 1000 classes"] = randomImageNetModel();
        photos = testPhotos();
        if (photos.isEmpty())
            return;
        std::vector<torch::Tensor> inputs;
        const ImageTransform transform(TransformOptions{});
        for (const QString& photo : photos) {
            images.push_back(decodeImageFile(photo.toStdString()));
            inputs.push_back(transform(images.back(), 0));
        }
        batch = torch::stack(inputs);
        pythonProblem = referencePythonProblem();
        if (pythonProblem.isEmpty()) {
            const QString path = directory.filePath("ten.pth");
            QCOMPARE(runReference(QStringList{"state-dict", path, "--classes", "10", "--prototypes"} + photos),
                     QString());
            models["prototypes 10 classes"] = loadClassifierModel(path.toStdString());
        }
    }

    void foldedModelMatchesPlainModel_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<bool>("channelsLast");
        QTest::addColumn<bool>("prepackWeights");
        for (const char* model : {"random 1000 classes", "prototypes 10 classes"}) {
            QTest::newRow(qPrintable(QString(model) + ", oneDNN-prepacked")) << model << true << true;
            QTest::newRow(qPrintable(QString(model) + ", channels-last")) << model << true << false;
            QTest::newRow(qPrintable(QString(model) + ", contiguous")) << model << false << false;
        }
    }

    void foldedModelMatchesPlainModel()
    {
        AMPWB_REQUIRE_PHOTOS();
        QFETCH(QString, model);
        QFETCH(bool, channelsLast);
        QFETCH(bool, prepackWeights);
        if (!models.count(model))
            QSKIP(qPrintable("No reference implementation: " + pythonProblem));
        const ClassifierModel& loaded = models.at(model);
        ClassifierOptions options;
        options.channelsLast = channelsLast;
        options.prepackWeights = prepackWeights;
        const Classifier classifier(loaded, options);
        const torch::Tensor logits = classifier.logits(batch);
        QVERIFY(logits.is_inference());
        torch::NoGradGuard noGrad;
        const torch::Tensor plain = loaded.network.ptr()->forward(batch);
        const double error = relativeError(logits, plain);
        qInfo("folded vs plain: relative error %.2g", error);
        QVERIFY2(error < 1e-4, qPrintable(QString::number(error)));
        QVERIFY(torch::equal(logits.argmax(1), plain.argmax(1)));
    }

    void batchesEqualSingleImages()
    {
        AMPWB_REQUIRE_PHOTOS();
        const Classifier classifier(models.at("random 1000 classes"));
        const torch::Tensor together = classifier.logits(batch);
        for (int64_t image = 0; image < batch.size(0); ++image) {
            const torch::Tensor alone = classifier.logits(batch.narrow(0, image, 1))[0];
            QVERIFY(relativeError(alone, together[image]) < 1e-5);
        }
    }

    void bf16AgreesWithFp32OnTheTopClass()
    {
        AMPWB_REQUIRE_PHOTOS();
        if (!models.count("prototypes 10 classes"))
            QSKIP(qPrintable("No reference implementation: " + pythonProblem));
        const ClassifierModel& loaded = models.at("prototypes 10 classes");
        const Classifier fp32(loaded);
        ClassifierOptions options;
        options.precision = InferencePrecision::Bf16;
        const Classifier bf16(loaded, options);
        const torch::Tensor reference = fp32.logits(batch);
        const torch::Tensor reduced = bf16.logits(batch);
        QCOMPARE(reduced.scalar_type(), torch::kFloat);
        qInfo("bf16 vs fp32: relative error %.2g (bf16 units: %s)", relativeError(reduced, reference),
              Classifier::bf16Recommended() ? "yes" : "no");
        QVERIFY(relativeError(reduced, reference) < 5e-2);
        for (int64_t image = 0; image < batch.size(0); ++image) {
            QCOMPARE(reduced[image].argmax().item<int64_t>(), reference[image].argmax().item<int64_t>());
            QCOMPARE(reference[image].argmax().item<int64_t>(), image); // each photo is its own class
        }
    }

    void topClassesAreRankedProbabilities_data()
    {
        QTest::addColumn<int>("topK");
        QTest::addColumn<int>("expectedCount");
        QTest::newRow("top 5 of 1000") << 5 << 5;
        QTest::newRow("top 1") << 1 << 1;
        QTest::newRow("top 2000 of 1000") << 2000 << 1000;
    }

    void topClassesAreRankedProbabilities()
    {
        AMPWB_REQUIRE_PHOTOS();
        QFETCH(int, topK);
        QFETCH(int, expectedCount);
        ClassifierOptions options;
        options.topK = topK;
        const Classifier classifier(models.at("random 1000 classes"), options);
        const torch::Tensor logits = classifier.logits(batch.narrow(0, 0, 1))[0];
        const std::vector<ClassScore> scores = classifier.topClasses(logits);
        QCOMPARE(static_cast<int>(scores.size()), expectedCount);
        QCOMPARE(scores.front().classIndex, logits.argmax().item<int64_t>());
        double total = 0.0;
        for (size_t rank = 0; rank < scores.size(); ++rank) {
            QVERIFY(scores[rank].probability >= 0.0f && scores[rank].probability <= 1.0f);
            QCOMPARE(scores[rank].className, imageNetClassNames()[scores[rank].classIndex]);
            if (rank > 0)
                QVERIFY(scores[rank].probability <= scores[rank - 1].probability);
            total += scores[rank].probability;
        }
        QVERIFY(total <= 1.0 + 1e-4);
        if (expectedCount == 1000)
            QVERIFY(std::abs(total - 1.0) < 1e-4);
    }

    void classifiesDecodedImagesOfAnySize()
    {
        AMPWB_REQUIRE_PHOTOS();
        const Classifier classifier(models.at("random 1000 classes"));
        const std::vector<Classification> results = classifier.classify(images);
        QCOMPARE(results.size(), images.size());
        const torch::Tensor expected = classifier.logits(batch);
        for (size_t i = 0; i < results.size(); ++i) {
            QVERIFY(relativeError(results[i].logits, expected[static_cast<int64_t>(i)]) < 1e-5);
            QCOMPARE(results[i].topClasses.size(), size_t(5));
            QVERIFY(results[i].preprocessMilliseconds > 0.0);
            QVERIFY(results[i].inferenceMilliseconds > 0.0);
        }
    }

    void imageFilesThatCannotBeReadAreReportedAndTheOthersClassified()
    {
        AMPWB_REQUIRE_PHOTOS();
        QFile corrupt(directory.filePath("corrupt.jpg"));
        QVERIFY(corrupt.open(QIODevice::WriteOnly));
        corrupt.write("\xff\xd8\xff\xe0 this is not really a JPEG");
        corrupt.close();
        QFile empty(directory.filePath("empty.png"));
        QVERIFY(empty.open(QIODevice::WriteOnly));
        empty.close();
        const std::vector<std::string> paths{
            photos[0].toStdString(),        corrupt.fileName().toStdString(),
            photos[1].toStdString(),        directory.filePath("absent.jpg").toStdString(),
            empty.fileName().toStdString(), photos[2].toStdString()};
        const Classifier classifier(models.at("random 1000 classes"));
        const std::vector<ImageFileResult> results = classifyImageFiles(classifier, paths, 2);
        QCOMPARE(results.size(), paths.size());
        const torch::Tensor expected = classifier.logits(batch);
        for (const auto& [index, photo] : std::vector<std::pair<size_t, int64_t>>{{0, 0}, {2, 1}, {5, 2}}) {
            QCOMPARE(results[index].path, paths[index]);
            QVERIFY2(results[index].classification.has_value(), results[index].error.c_str());
            QVERIFY(relativeError(results[index].classification->logits, expected[photo]) < 1e-5);
        }
        for (const size_t index : {1, 3, 4}) {
            QVERIFY(!results[index].classification);
            QVERIFY2(QString::fromStdString(results[index].error).contains(QString::fromStdString(paths[index])),
                     results[index].error.c_str());
        }
    }

private:
    QTemporaryDir directory;
    QString pythonProblem;
    QStringList photos;
    std::vector<torch::Tensor> images;
    torch::Tensor batch;
    std::map<QString, ClassifierModel> models;
};

QTEST_GUILESS_MAIN(ClassifierTest)
#include "ClassifierTest.moc"
