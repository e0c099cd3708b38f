#pragma once

// Helpers shared by the Classify suites: the torchvision reference script, the real
// photos of Debian's opencv-doc, the reference logits it writes, and a relative error.

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QtTest>

#include <torch/types.h>

#include <vector>

namespace ampwb::test {

/// Debian's python3 with torch, torchvision and PIL (AMPWB_REFERENCE_PYTHON).
inline QString referencePython()
{
    return QStringLiteral(AMPWB_REFERENCE_PYTHON);
}

/// Whether the reference interpreter imports what the reference script needs ("" when it does).
inline QString referencePythonProblem(const QString& modules = QStringLiteral("torch, torchvision, PIL"))
{
    if (referencePython().isEmpty())
        return QStringLiteral("no reference Python (AMPWB_PYTHON) was set when the project was configured");
    QProcess probe;
    probe.start(referencePython(), {QStringLiteral("-c"), QStringLiteral("import ") + modules});
    if (!probe.waitForFinished(180000) || probe.exitCode() != 0)
        return referencePython() + QStringLiteral(" cannot import ") + modules
             + QStringLiteral(" (run installer/install-build-deps.sh)");
    return {};
}

/// Runs tests/python/`script` (classify_reference.py unless another is named); returns "" on
/// success, else what went wrong. Its standard output goes to `output` when given.
inline QString runReference(const QStringList& arguments, QByteArray* output = nullptr,
                            const QString& script = QStringLiteral("classify_reference.py"))
{
    QProcess process;
    process.start(referencePython(),
                  QStringList{QStringLiteral(AMPWB_SOURCE_DIR "/tests/python/") + script} + arguments);
    if (!process.waitForFinished(900000)) {
        process.kill();
        process.waitForFinished();
        return QStringLiteral("%1 %2 did not finish").arg(script, arguments.value(0));
    }
    if (output)
        *output = process.readAllStandardOutput();
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        return QStringLiteral("%1 %2 failed: %3")
            .arg(script, arguments.value(0), QString::fromLocal8Bit(process.readAllStandardError()).right(1500));
    return {};
}

/// Real photos and images from Debian's opencv-doc: colour JPEGs of several sizes and
/// aspect ratios (one smaller than the resize, so upscaled), a grayscale PNG and JPEG,
/// an RGBA PNG and a palette PNG. Empty when opencv-doc is not installed.
inline QStringList testPhotos()
{
    const QString directory = QStringLiteral("/usr/share/doc/opencv-doc/examples/data/");
    const QStringList names{"fruits.jpg",     "baboon.jpg",       "messi5.jpg", "HappyFish.jpg", "box.png",
                            "chicky_512.png", "squirrel_cls.jpg", "left01.jpg", "imageTextN.png"};
    QStringList paths;
    for (const QString& name : names) {
        if (!QFileInfo::exists(directory + name))
            return {};
        paths << directory + name;
    }
    return paths;
}

#define AMPWB_REQUIRE_PHOTOS()                                                                                         \
    do {                                                                                                               \
        if (ampwb::test::testPhotos().isEmpty())                                                                       \
            QSKIP("The real photos come from Debian's opencv-doc package, which is not installed.");                   \
    } while (false)

/// What the suites that compare with the reference script share: a scratch folder, why the reference
/// cannot run ("" when it can) and the photos. A suite derives from it after QObject.
struct ReferenceScratch {
    QTemporaryDir directory;
    QString pythonProblem;
    QStringList photos;

    /// Checks the scratch folder (failing the test when there is none) and looks for the reference
    /// interpreter and the photos; when both are there, takes the first `photoCount` photos (all
    /// when negative) and returns true, so the set-up may write its reference models.
    bool findReference(int photoCount = -1)
    {
        if (!QTest::qVerify(directory.isValid(), "directory.isValid()", "", __FILE__, __LINE__))
            return false;
        pythonProblem = referencePythonProblem();
        if (!pythonProblem.isEmpty() || testPhotos().isEmpty())
            return false;
        photos = testPhotos().mid(0, photoCount);
        return true;
    }
    QString path(const QString& name) const { return directory.filePath(name); }
};

/// Skips the calling test function when the reference script or the photos are missing. A macro, so
/// that QSKIP leaves the test function itself.
#define AMPWB_REQUIRE_REFERENCE()                                                                                      \
    do {                                                                                                               \
        if (!pythonProblem.isEmpty())                                                                                  \
            QSKIP(qPrintable("No reference implementation: " + pythonProblem));                                        \
        AMPWB_REQUIRE_PHOTOS();                                                                                        \
    } while (false)

/// One image's reference outputs from `classify_reference.py logits`.
struct ReferenceImage {
    QString path;
    int width = 0;
    int height = 0;
    torch::Tensor pilLogits;    ///< torchvision's eval transform on the PIL image
    torch::Tensor tensorLogits; ///< the same transform on a uint8 tensor (libtorch's algorithm)
};

inline torch::Tensor floatTensor(const QJsonArray& values)
{
    std::vector<float> numbers;
    for (const auto& value : values)
        numbers.push_back(static_cast<float>(value.toDouble()));
    return torch::tensor(numbers);
}

inline std::vector<ReferenceImage> readReferenceLogits(const QString& jsonPath)
{
    QFile file(jsonPath);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    std::vector<ReferenceImage> images;
    for (const auto& entry : QJsonDocument::fromJson(file.readAll()).object().value("images").toArray()) {
        const QJsonObject image = entry.toObject();
        images.push_back({image.value("path").toString(), image.value("width").toInt(), image.value("height").toInt(),
                          floatTensor(image.value("pil_logits").toArray()),
                          floatTensor(image.value("tensor_logits").toArray())});
    }
    return images;
}

/// The normalised input [3, side, side] the reference wrote as raw float32.
inline torch::Tensor readReferenceInput(const QString& path, int64_t side = 224)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = file.readAll();
    if (bytes.size() != 3 * side * side * static_cast<int64_t>(sizeof(float)))
        return {};
    return torch::from_blob(const_cast<char*>(bytes.data()), {3, side, side}, torch::kFloat).clone();
}

/// max |actual - expected| / max |expected|: the error relative to the logits' scale.
inline double relativeError(const torch::Tensor& actual, const torch::Tensor& expected)
{
    const torch::Tensor a = actual.to(torch::kDouble).flatten();
    const torch::Tensor e = expected.to(torch::kDouble).flatten();
    return ((a - e).abs().max() / e.abs().max().clamp_min(1e-12)).item<double>();
}

} // namespace ampwb::test
