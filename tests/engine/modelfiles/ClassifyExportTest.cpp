// Exporting models: the .pth loads with strict=True in torchvision and gives the same
// logits; the model card travels beside it; the ONNX graph passes onnx.checker and
// OpenCV's DNN module computes libtorch's logits; existing files are kept.
#include "ClassifyTestSupport.h"
#include "SavedRun.h"

#include "model/ModelFileError.h"
#include "modelfiles/ModelExport.h"
#include "modelfiles/ModelLoading.h"
#ifdef AMPWB_WITH_ONNX
#include "modelfiles/OnnxExport.h"
#endif
#ifdef AMPWB_TEST_WITH_OPENCV_DNN
#include <opencv2/dnn.hpp>
#endif

#include <QTemporaryDir>

using namespace ampwb;
using namespace ampwb::test;

namespace {

constexpr int kBatch = 4;

/// A run folder whose checkpoint holds a 10-class model with non-trivial batch norms.
QString makeRun(const QString& parent)
{
    torch::manual_seed(9);
    ResNet18 model(10);
    {
        torch::NoGradGuard noGrad;
        for (const auto& buffer : model->named_buffers()) {
            if (buffer.key().find("running_var") != std::string::npos)
                buffer.value().uniform_(0.5, 1.5);
            else if (buffer.key().find("running_mean") != std::string::npos)
                buffer.value().normal_(0.0, 0.1);
        }
    }
    return QString::fromStdString(saveRun(parent.toStdString(), "amp-run", "synthetic", 224, model));
}

QString errorOf(const std::function<void()>& action)
{
    try {
        action();
    } catch (const std::exception& error) {
        return QString::fromUtf8(error.what());
    }
    return {};
}

} // namespace

class ClassifyExportTest : public QObject, private ReferenceScratch {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        if (!findReference(kBatch))
            return;
        QCOMPARE(runReference(QStringList{"state-dict", path("ten.pth"), "--classes", "10", "--prototypes"} + photos),
                 QString());
        sources["python 10 classes"] = path("ten.pth");
        sources["workbench run"] = makeRun(path("runs"));
        QVERIFY(QDir(directory.path()).mkpath("inputs"));
        QCOMPARE(runReference(QStringList{"logits", path("ten.pth"), "--classes", "10", "--out", path("ten.json"),
                                          "--inputs", path("inputs")}
                              + photos),
                 QString());
        std::vector<torch::Tensor> inputs;
        for (int image = 0; image < kBatch; ++image)
            inputs.push_back(readReferenceInput(path("inputs/%1.f32").arg(image)));
        batch = torch::stack(inputs);
    }

    void exportedStateDictLoadsStrictlyInTorchvision_data()
    {
        QTest::addColumn<QString>("source");
        QTest::newRow("python 10 classes") << "python 10 classes";
        QTest::newRow("workbench run") << "workbench run";
    }

    void exportedStateDictLoadsStrictlyInTorchvision()
    {
        AMPWB_REQUIRE_REFERENCE();
        QFETCH(QString, source);
        ClassifierModel model = loadClassifierModel(sources.at(source).toStdString());
        const QString exported = path(source + ".pth");
        exportStateDict(model, exported.toStdString());

        // classify_reference.py loads it with load_state_dict(strict=True) and runs it on the photos.
        QCOMPARE(runReference(QStringList{"logits", exported, "--classes", "10", "--out", exported + ".logits"}
                              + photos),
                 QString());
        const std::vector<ReferenceImage> torchvision = readReferenceLogits(exported + ".logits");
        QCOMPARE(static_cast<int>(torchvision.size()), kBatch);
        torch::NoGradGuard noGrad;
        const torch::Tensor libtorch = model.network->forward(batch);
        for (int image = 0; image < kBatch; ++image) {
            const double error = relativeError(libtorch[image], torchvision[image].tensorLogits);
            QVERIFY2(error < 1e-4, qPrintable(QString("image %1: %2").arg(image).arg(error)));
        }
    }

    void modelCardTravelsWithTheStateDict()
    {
        AMPWB_REQUIRE_REFERENCE();
        ClassifierModel model = loadClassifierModel(sources.at("workbench run").toStdString());
        for (size_t index = 0; index < model.card.classNames.size(); ++index)
            model.card.classNames[index] = "kind " + std::to_string(index);
        model.card.preprocessing.imageSize = 160;
        QVERIFY(!model.card.learnedFromGrayscale); // its synthetic data is in colour
        model.card.learnedFromGrayscale = true;
        const std::string exported = path("carded.pth").toStdString();
        exportStateDict(model, exported);
        QVERIFY(QFileInfo::exists(QString::fromStdString(modelCardPath(exported))));
        const ClassifierModel reloaded = loadClassifierModel(exported);
        QVERIFY(reloaded.card.classNames == model.card.classNames);
        QCOMPARE(reloaded.card.preprocessing.imageSize, int64_t(160));
        QVERIFY(reloaded.card.learnedFromGrayscale);
        QVERIFY(reloaded.card.preprocessing.mean == model.card.preprocessing.mean);
        QVERIFY(reloaded.card.preprocessing.std == model.card.preprocessing.std);
    }

    void existingFilesAreKeptUnlessReplacing()
    {
        AMPWB_REQUIRE_REFERENCE();
        const ClassifierModel model = loadClassifierModel(sources.at("python 10 classes").toStdString());
        const std::string target = path("kept.pth").toStdString();
        exportStateDict(model, target);
        const QString refusal = errorOf([&] { exportStateDict(model, target); });
        QVERIFY2(refusal.contains("already exists"), qPrintable(refusal));
        QCOMPARE(errorOf([&] { exportStateDict(model, target, true); }), QString());
#ifdef AMPWB_WITH_ONNX
        const std::string onnx = path("kept.onnx").toStdString();
        exportOnnx(model, onnx);
        QVERIFY(errorOf([&] { exportOnnx(model, onnx); }).contains("already exists"));
        QCOMPARE(errorOf([&] { exportOnnx(model, onnx, true); }), QString());
#endif
    }

    void onnxPassesTheOnnxChecker()
    {
#ifndef AMPWB_WITH_ONNX
        QSKIP("This build has no ONNX export (Debian's libonnx-dev was not found).");
#else
        AMPWB_REQUIRE_REFERENCE();
        const QString onnxProblem = referencePythonProblem("onnx");
        if (!onnxProblem.isEmpty())
            QSKIP(qPrintable(onnxProblem));
        const ClassifierModel model = loadClassifierModel(sources.at("python 10 classes").toStdString());
        const QString exported = path("checked.onnx");
        exportOnnx(model, exported.toStdString());
        QByteArray report;
        QCOMPARE(runReference({"onnx-check", exported}, &report), QString());
        const QJsonObject checked = QJsonDocument::fromJson(report).object();
        QVERIFY(checked.value("opset").toInt() >= 13);
        const QStringList allowed{"Add", "Conv", "Flatten", "Gemm", "GlobalAveragePool", "MaxPool", "Relu"};
        for (const auto& op : checked.value("operators").toArray())
            QVERIFY2(allowed.contains(op.toString()), qPrintable(op.toString()));
        const QJsonObject metadata = checked.value("metadata").toObject();
        const QJsonArray names = QJsonDocument::fromJson(metadata.value("class_names").toString().toUtf8()).array();
        QCOMPARE(names.size(), 10);
        QCOMPARE(names.at(3).toString(), QString::fromStdString(model.card.classNames[3]));
        QCOMPARE(metadata.value("input_size").toString(), QString("224"));
        QCOMPARE(metadata.value("resize_size").toString(), QString("256"));
        QVERIFY(metadata.value("mean").toString().startsWith("[0.485"));
#endif
    }

    void onnxRunsInOpenCvDnnWithLibtorchLogits_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<int>("batchSize");
        QTest::newRow("python 10 classes, batch 1") << "python 10 classes" << 1;
        QTest::newRow("python 10 classes, batch 4") << "python 10 classes" << kBatch;
        QTest::newRow("workbench run, batch 4") << "workbench run" << kBatch;
    }

    void onnxRunsInOpenCvDnnWithLibtorchLogits()
    {
#if !defined(AMPWB_WITH_ONNX) || !defined(AMPWB_TEST_WITH_OPENCV_DNN)
        QSKIP("This build has no ONNX export or no OpenCV DNN module (libonnx-dev, libopencv-dnn-dev).");
#else
        AMPWB_REQUIRE_REFERENCE();
        QFETCH(QString, source);
        QFETCH(int, batchSize);
        ClassifierModel model = loadClassifierModel(sources.at(source).toStdString());
        const QString exported = path(source + ".onnx");
        if (!QFileInfo::exists(exported))
            exportOnnx(model, exported.toStdString());

        cv::dnn::Net net = cv::dnn::readNetFromONNX(exported.toStdString());
        const torch::Tensor input = batch.narrow(0, 0, batchSize).contiguous();
        const int sizes[] = {batchSize, 3, 224, 224};
        const cv::Mat blob(4, sizes, CV_32F, input.data_ptr<float>());
        net.setInput(blob);
        const cv::Mat output = net.forward();
        QCOMPARE(output.rows, batchSize);
        QCOMPARE(output.cols, 10);
        const torch::Tensor opencv =
            torch::from_blob(const_cast<float*>(output.ptr<float>()), {batchSize, 10}, torch::kFloat).clone();
        torch::NoGradGuard noGrad;
        const torch::Tensor libtorch = model.network->forward(input);
        const double error = relativeError(opencv, libtorch);
        qInfo("OpenCV DNN vs libtorch: relative error %.2g", error);
        QVERIFY2(error < 1e-4, qPrintable(QString::number(error)));
#endif
    }

private:
    std::map<QString, QString> sources;
    torch::Tensor batch;
};

QTEST_GUILESS_MAIN(ClassifyExportTest)
#include "ClassifyExportTest.moc"
