// Evaluating a model on a dataset: the confusion matrix and per-class figures against
// scikit-learn's on the same predictions, each prediction against `classify` on the same
// photo, unreadable images skipped and listed, a class-count mismatch refused, cancelling.
#include "ClassifyTestSupport.h"

#include "data/DataSource.h"
#include "data/ImageDecoding.h"
#include "data/ImageFolderDataset.h"
#include "evaluation/EvaluationFiles.h"
#include "evaluation/ModelEvaluation.h"
#include "evaluation/PredictionAgreement.h"
#include "system/EngineError.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace ampwb;
using namespace ampwb::test;

namespace {

/// A freshly initialised ResNet-18 for `classes` classes seeing `side` px images, as a model to classify with.
ClassifierModel randomModel(int64_t classes, int64_t side, uint64_t seed)
{
    torch::manual_seed(seed);
    ClassifierModel model;
    model.network = ResNet18(classes);
    for (int64_t each = 0; each < classes; ++each)
        model.card.classNames.push_back("class " + std::to_string(each));
    model.card.preprocessing.imageSize = side;
    return model;
}

/// The error message `action` throws, empty when it throws none.
QString errorOf(const std::function<void()>& action)
{
    try {
        action();
    } catch (const std::exception& error) {
        return QString::fromUtf8(error.what());
    }
    return {};
}

/// The validation half of a synthetic data source of 32 px images.
DataSplits syntheticData(int64_t validationImages)
{
    DataSourceOptions source;
    source.spec = "synthetic";
    source.imageSize = 32;
    source.syntheticTrainSize = 16;
    source.syntheticValidationSize = validationImages;
    return openDataSource(source);
}

} // namespace

class EvaluationTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir scratch;

    /// An ImageFolder of two classes holding the test photos, and one truncated JPEG in the first.
    QString photoFolder(QString* truncated)
    {
        const QString root = scratch.filePath(QStringLiteral("photos"));
        const QStringList photos = testPhotos();
        for (int index = 0; index < photos.size(); ++index) {
            const QString folder = root + (index % 2 == 0 ? QStringLiteral("/even") : QStringLiteral("/odd"));
            QDir().mkpath(folder);
            QFile::copy(photos[index], folder + QLatin1Char('/') + QFileInfo(photos[index]).fileName());
        }
        QFile photo(photos[0]);
        photo.open(QIODevice::ReadOnly);
        const QByteArray jpeg = photo.readAll();
        *truncated = root + QStringLiteral("/even/cut.jpg");
        QFile cut(*truncated);
        cut.open(QIODevice::WriteOnly);
        cut.write(jpeg.left(jpeg.size() / 3));
        return root;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(scratch.isValid()); }

    void confusionMatrixFigures()
    {
        ConfusionMatrix matrix(3);
        // class 0: 3 images, 2 right, 1 taken for 1; class 1: 1 image, right; class 2: 2 images, both taken for 0.
        for (const auto& [actual, predicted] :
             std::vector<std::pair<int, int>>{{0, 0}, {0, 0}, {0, 1}, {1, 1}, {2, 0}, {2, 0}})
            matrix.add(actual, predicted);
        QCOMPARE(matrix.total(), int64_t(6));
        QCOMPARE(matrix.count(2, 0), int64_t(2));
        QCOMPARE(matrix.support(0), int64_t(3));
        QCOMPARE(matrix.precision(0), 0.5); // 2 of the 4 predicted 0
        QCOMPARE(matrix.recall(0), 2.0 / 3.0);
        QCOMPARE(matrix.precision(2), 0.0); // never predicted
        QCOMPARE(matrix.f1(2), 0.0);
        QCOMPARE(matrix.correct(), int64_t(3));
        QCOMPARE(matrix.accuracy(), 0.5);
        const auto confusions = matrix.topConfusions(5);
        QCOMPARE(confusions.size(), size_t(2));
        QCOMPARE(confusions[0].trueClass, int64_t(2));
        QCOMPARE(confusions[0].count, int64_t(2));
        QCOMPARE(confusions[1].predictedClass, int64_t(1));
        QVERIFY(!errorOf([&] { matrix.add(3, 0); }).isEmpty());
    }

    void figuresMatchScikitLearn()
    {
        const QString missing = referencePythonProblem(QStringLiteral("sklearn"));
        if (!missing.isEmpty())
            QSKIP(qPrintable(missing + QStringLiteral(" (Debian: python3-sklearn)")));
        const DataSplits data = syntheticData(300);
        const Classifier classifier(randomModel(data.validation->classCount(), 32, 3));
        EvaluationOptions options;
        options.batchSize = 64; // the last batch is partial
        const ModelEvaluation evaluation = evaluateModel(classifier, *data.validation, options);
        QCOMPARE(static_cast<int64_t>(evaluation.predictions.size()), int64_t(300));
        QCOMPARE(evaluation.confusion.total(), int64_t(300));
        QVERIFY(evaluation.unreadableImages.empty());
        QCOMPARE(evaluation.predictions[299].index, int64_t(299));
        QCOMPARE(evaluation.predictions[7].name, std::string("#7"));
        QCOMPARE(evaluation.predictions[7].trueClass, data.validation->label(7));
        QCOMPARE(evaluation.predictions[7].top.size(), size_t(5));

        const QString folder = scratch.filePath(QStringLiteral("synthetic-evaluation"));
        writeEvaluationFiles(evaluation, folder.toStdString());
        QCOMPARE(runReference({folder, QString::number(data.validation->classCount())}, nullptr,
                              QStringLiteral("evaluation_reference.py")),
                 QString());
    }

    void predictionsAreWhatClassifySays()
    {
        AMPWB_REQUIRE_PHOTOS();
        QString truncated;
        const ImageFolderDataset photos = ImageFolderDataset::scan(photoFolder(&truncated).toStdString());
        const Classifier classifier(randomModel(2, 64, 5));
        EvaluationOptions options;
        options.batchSize = 4;
        const ModelEvaluation evaluation = evaluateModel(classifier, photos, options);
        QCOMPARE(static_cast<int>(evaluation.predictions.size()), testPhotos().size());
        QCOMPARE(evaluation.unreadableImages.size(), size_t(1));
        QVERIFY2(QString::fromStdString(evaluation.unreadableImages[0]).contains(QLatin1String("cut.jpg")),
                 evaluation.unreadableImages[0].c_str());
        for (const ImagePrediction& prediction : evaluation.predictions) {
            const Classification alone = classifier.classify({decodeImageFile(prediction.name)}).front();
            QCOMPARE(prediction.top.front().classIndex, alone.topClasses.front().classIndex);
            QVERIFY2(std::abs(prediction.top.front().probability - alone.topClasses.front().probability) < 1e-4,
                     prediction.name.c_str());
            QCOMPARE(prediction.trueClass, photos.label(prediction.index));
        }
    }

    void aModelForOtherClassesIsRefused()
    {
        const DataSplits data = syntheticData(16);
        const Classifier classifier(randomModel(3, 32, 1));
        const QString message = errorOf([&] { evaluateModel(classifier, *data.validation); });
        QVERIFY2(message.contains(QLatin1String("The model has 3 classes"))
                     && message.contains(QStringLiteral("has %1").arg(data.validation->classCount())),
                 qPrintable(message));
    }

    void twoModelsAreComparedImageByImage()
    {
        const DataSplits data = syntheticData(120);
        const int64_t classes = data.validation->classCount();
        const ModelEvaluation first = evaluateModel(Classifier(randomModel(classes, 32, 11)), *data.validation);
        const ModelEvaluation second = evaluateModel(Classifier(randomModel(classes, 32, 12)), *data.validation);

        const PredictionAgreement agreement = comparePredictions(first, second);
        int64_t agreeing = 0;
        double differenceSum = 0.0;
        for (size_t at = 0; at < first.predictions.size(); ++at) {
            agreeing += first.predictions[at].top.front().classIndex == second.predictions[at].top.front().classIndex;
            differenceSum += second.predictions[at].trueClassProbability - first.predictions[at].trueClassProbability;
            // The true class's probability is the softmax's: where it is the top-1, the same number.
            if (first.predictions[at].top.front().classIndex == first.predictions[at].trueClass)
                QCOMPARE(first.predictions[at].trueClassProbability, first.predictions[at].top.front().probability);
        }
        QCOMPARE(agreement.images, int64_t(120));
        QCOMPARE(agreement.agreeing, agreeing);
        QCOMPARE(static_cast<int64_t>(agreement.disagreements.size()), 120 - agreeing);
        QVERIFY(std::abs(agreement.meanTrueClassDifference - differenceSum / 120.0) < 1e-9);
        QVERIFY(agreement.largestDifferenceIndex >= 0);
        QVERIFY(std::abs(agreement.largestTrueClassDifference) >= std::abs(agreement.meanTrueClassDifference));

        const PredictionAgreement itself = comparePredictions(first, first);
        QCOMPARE(itself.agreement(), 1.0);
        QCOMPARE(itself.largestTrueClassDifference, 0.0);

        EvaluationOptions fewer;
        fewer.limit = 50;
        const ModelEvaluation shorter = evaluateModel(Classifier(randomModel(classes, 32, 12)), *data.validation,
                                                      fewer);
        QVERIFY(errorOf([&] { comparePredictions(first, shorter); }).contains(QLatin1String("not of the same images")));
        try {
            comparePredictions(first, shorter);
        } catch (const EngineError& error) {
            QCOMPARE(error.message().code(), EngineMessage::Code::EvaluationsOfOtherImages);
        }
    }

    void progressCanCancel()
    {
        const DataSplits data = syntheticData(100);
        const Classifier classifier(randomModel(data.validation->classCount(), 32, 2));
        std::vector<std::pair<int64_t, int64_t>> calls;
        EvaluationOptions options;
        options.batchSize = 30;
        options.progress = [&](int64_t done, int64_t total) {
            calls.emplace_back(done, total);
            return calls.size() < 2;
        };
        const ModelEvaluation evaluation = evaluateModel(classifier, *data.validation, options);
        QVERIFY(evaluation.cancelled);
        QCOMPARE(calls, (std::vector<std::pair<int64_t, int64_t>>{{30, 100}, {60, 100}}));
        QCOMPARE(evaluation.predictions.size(), size_t(60));
    }
};

QTEST_GUILESS_MAIN(EvaluationTest)
#include "EvaluationTest.moc"
