// ImageTransform: torchvision-equivalent preprocessing. The eval pipeline is compared with
// torchvision's own (Resize(256), CenterCrop(224), ToTensor, Normalize on PIL images) on the
// same image files; geometry rules are checked against torchvision's formulas, worked by hand.
// Training crops of image files, decoded at reduced JPEG scale where the crop allows, are
// checked against OpenCV's own reduced decoding and against the whole-image tensor path.
#include "data/ImageTransform.h"
#ifdef AMPWB_WITH_OPENCV
#include "data/ImageDecoding.h"
#include "data/ImageFolderDataset.h"
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#endif

#include "TestSupport.h"

#include <QDir>
#include <QTemporaryDir>

#include <torch/torch.h>

#include <cmath>
#include <set>
#include <tuple>

using namespace ampwb;

namespace {

/// A uint8 [3, H, W] image whose red channel rises left to right, green top to bottom,
/// and blue is a fixed pattern: every crop position and flip gives a different result.
torch::Tensor rampImage(int64_t height, int64_t width)
{
    const auto x = torch::arange(width, torch::kFloat).div(std::max<int64_t>(1, width - 1)).mul(255.0f);
    const auto y = torch::arange(height, torch::kFloat).div(std::max<int64_t>(1, height - 1)).mul(255.0f);
    const auto red = x.view({1, width}).expand({height, width});
    const auto green = y.view({height, 1}).expand({height, width});
    const auto blue = (torch::arange(height * width, torch::kFloat).view({height, width}) * 37.0f).fmod(256.0f);
    return torch::stack({red, green, blue}).round().clamp(0, 255).to(torch::kUInt8);
}

#ifdef AMPWB_WITH_OPENCV
/// A photo-like picture: smooth lighting gradients, blurred shapes with edges, and sensor
/// noise — what Resize must antialias and CenterCrop must place exactly.
cv::Mat photoLike(int width, int height, uint64_t seed)
{
    cv::RNG random(seed);
    cv::Mat image(height, width, CV_32FC3);
    const double phase = random.uniform(0.0, 6.28);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            const double u = double(x) / width, v = double(y) / height;
            image.at<cv::Vec3f>(y, x) = cv::Vec3f(float(60 + 120 * v + 30 * std::sin(9 * u + phase)),
                                                  float(90 + 80 * u * v + 40 * std::cos(7 * v - phase)),
                                                  float(140 - 90 * u + 25 * std::sin(13 * (u + v))));
        }
    }
    for (int shape = 0; shape < 12; ++shape) {
        const cv::Point centre(random.uniform(0, width), random.uniform(0, height));
        const cv::Scalar colour(random.uniform(0, 255), random.uniform(0, 255), random.uniform(0, 255));
        if (shape % 2 == 0)
            cv::circle(image, centre, random.uniform(5, std::max(6, width / 5)), colour, cv::FILLED, cv::LINE_AA);
        else
            cv::rectangle(image, centre,
                          centre + cv::Point(random.uniform(4, width / 4), random.uniform(4, height / 4)), colour,
                          cv::FILLED);
    }
    cv::GaussianBlur(image, image, cv::Size(0, 0), 1.2);
    cv::Mat noise(height, width, CV_32FC3);
    random.fill(noise, cv::RNG::NORMAL, cv::Scalar::all(0), cv::Scalar::all(6));
    image += noise;
    cv::Mat bytes;
    image.convertTo(bytes, CV_8UC3); // saturating
    return bytes;
}
#endif

#ifdef AMPWB_WITH_OPENCV
/// Debian opencv-doc's largest example photo (1282×1110 JPEG), when installed.
const QString kAloePhoto = QStringLiteral("/usr/share/doc/opencv-doc/examples/data/aloeL.jpg");

/// RGB uint8 [3, H, W] of an OpenCV BGR picture.
torch::Tensor rgbOf(const cv::Mat& bgr)
{
    cv::Mat rgb;
    cv::cvtColor(bgr, rgb, cv::COLOR_BGR2RGB);
    return torch::from_blob(rgb.data, {rgb.rows, rgb.cols, 3}, torch::kUInt8).permute({2, 0, 1}).clone();
}

/// `file` decoded whole by OpenCV (EXIF orientation applied), `region` cut out and area-averaged
/// to side × side: what decodeRegionResized gives when it cannot decode at reduced scale.
torch::Tensor fullScaleAreaResized(const QString& file, const ImageRegion& region, int side)
{
    const cv::Mat full = cv::imread(file.toStdString(), cv::IMREAD_COLOR);
    const cv::Rect cut(int(region.left), int(region.top), int(region.width), int(region.height));
    cv::Mat resized;
    cv::resize(full(cut), resized, cv::Size(side, side), 0, 0, cv::INTER_AREA);
    return rgbOf(resized);
}

/// A JPEG's bytes with an EXIF block (APP1 right after the start-of-image marker) whose
/// only entry is `orientation` (6: the stored picture must be turned a quarter clockwise).
QByteArray withExifOrientation(const QByteArray& jpeg, int orientation)
{
    QByteArray tiff("MM\x00\x2a\x00\x00\x00\x08", 8);                         // big-endian TIFF, IFD at 8
    tiff += QByteArray("\x00\x01", 2);                                        // one entry:
    tiff += QByteArray("\x01\x12\x00\x03\x00\x00\x00\x01", 8);                // Orientation, SHORT, count 1
    tiff += char(0) + QByteArray(1, char(orientation)) + QByteArray(2, '\0'); // its value
    tiff += QByteArray(4, '\0');                                              // no next IFD
    const QByteArray payload = QByteArray("Exif\x00\x00", 6) + tiff;
    const int length = payload.size() + 2;
    QByteArray segment("\xff\xe1", 2);
    segment += char(length >> 8);
    segment += char(length & 0xff);
    return jpeg.left(2) + segment + payload + jpeg.mid(2);
}
#endif

/// Mean and largest absolute difference.
std::pair<double, double> difference(const torch::Tensor& a, const torch::Tensor& b)
{
    const torch::Tensor d = (a.to(torch::kDouble) - b.to(torch::kDouble)).abs();
    return {d.mean().item<double>(), d.max().item<double>()};
}

} // namespace

class ImageTransformTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void resizeShortSideFollowsTorchvisionsSizeRule_data();
    void resizeShortSideFollowsTorchvisionsSizeRule();
    void centerCropOffsetsFollowTorchvision_data();
    void centerCropOffsetsFollowTorchvision();
    void evalResizeMatchesPil_data();
    void evalResizeMatchesPil();
    void evalTransformMatchesTorchvision_data();
    void evalTransformMatchesTorchvision();
    void normalisationUsesTheGivenStatistics();
    void trainTransformIsAFunctionOfTheSeed_data();
    void trainTransformIsAFunctionOfTheSeed();
    void grayscaleBecomesThreeEqualChannels_data();
    void grayscaleBecomesThreeEqualChannels();
    void outputIsThreeBySquare_data();
    void outputIsThreeBySquare();
    void randomCropsFollowTorchvisionsRule();
    void regionDecodingUsesTheScaleTheRegionAllows_data();
    void regionDecodingUsesTheScaleTheRegionAllows();
    void regionDecodingFollowsExifOrientation();
    void trainingCropsOfFilesMatchTheTensorPath();

private:
    QTemporaryDir scratch;
    QStringList photos; ///< image files compared with torchvision
    std::map<std::string, torch::Tensor> reference;
    QString referenceProblem; ///< why `reference` is empty
};

void ImageTransformTest::initTestCase()
{
    torch::set_num_threads(1);
    QVERIFY(scratch.isValid());
#ifdef AMPWB_WITH_OPENCV
    // Real photographs when Debian's opencv-doc is installed, and always generated ones whose
    // sizes cover the cases that matter: 4:3 and 3:4 (crop offset x.5), odd sizes, upscaling,
    // an image already 256 on its short side, grayscale, and JPEG.
    QDir examples(QStringLiteral("/usr/share/doc/opencv-doc/examples/data"));
    const QStringList jpegs = examples.entryList({QStringLiteral("*.jpg")}, QDir::Files, QDir::Name);
    for (const QString& name : jpegs.mid(0, 4))
        photos << examples.filePath(name);
    struct Generated {
        const char* name;
        int width, height;
    };
    const Generated generated[] = {
        {"landscape-400x300.png", 400, 300}, {"portrait-300x400.png", 300, 400}, {"wide-640x427.png", 640, 427},
        {"odd-333x517.png", 333, 517},       {"short-side-256.png", 256, 300},   {"upscaled-200x150.png", 200, 150},
        {"photo-512x384.jpg", 512, 384},
    };
    uint64_t seed = 1;
    for (const Generated& g : generated) {
        const QString file = scratch.filePath(QString::fromUtf8(g.name));
        QVERIFY(cv::imwrite(file.toStdString(), photoLike(g.width, g.height, seed++)));
        photos << file;
    }
    cv::Mat gray;
    cv::cvtColor(photoLike(320, 240, 99), gray, cv::COLOR_BGR2GRAY);
    const QString grayFile = scratch.filePath(QStringLiteral("gray-320x240.png"));
    QVERIFY(cv::imwrite(grayFile.toStdString(), gray));
    photos << grayFile;

    if (ampwb::test::referencePython().program.isEmpty()) {
        referenceProblem = QStringLiteral("No reference implementation: ") + ampwb::test::referencePython().whyMissing;
        return;
    }
    const QString output = scratch.filePath(QStringLiteral("eval-reference.pt"));
    referenceProblem = ampwb::test::runReferenceScript("eval_transform_reference.py", QStringList{output} + photos);
    if (referenceProblem.isEmpty())
        reference = ampwb::test::loadTensorDict(output);
#else
    referenceProblem = QStringLiteral("This engine build has no OpenCV, so it cannot decode image files.");
#endif
}

void ImageTransformTest::resizeShortSideFollowsTorchvisionsSizeRule_data()
{
    // torchvision Resize(size): short side = size, long side = int(size × long / short).
    QTest::addColumn<int64_t>("height");
    QTest::addColumn<int64_t>("width");
    QTest::addColumn<int64_t>("size");
    QTest::addColumn<int64_t>("expectedHeight");
    QTest::addColumn<int64_t>("expectedWidth");
    QTest::newRow("300x400 to 256") << int64_t(300) << int64_t(400) << int64_t(256) << int64_t(256)
                                    << int64_t(341); // 341.33
    QTest::newRow("400x300 to 256") << int64_t(400) << int64_t(300) << int64_t(256) << int64_t(341) << int64_t(256);
    QTest::newRow("480x640 to 224") << int64_t(480) << int64_t(640) << int64_t(224) << int64_t(224)
                                    << int64_t(298); // 298.67
    QTest::newRow("517x333 to 256") << int64_t(517) << int64_t(333) << int64_t(256) << int64_t(397)
                                    << int64_t(256); // 397.45
    QTest::newRow("50x75 to 64") << int64_t(50) << int64_t(75) << int64_t(64) << int64_t(64) << int64_t(96);
    QTest::newRow("28x28 to 224") << int64_t(28) << int64_t(28) << int64_t(224) << int64_t(224) << int64_t(224);
    QTest::newRow("7x1000 to 3") << int64_t(7) << int64_t(1000) << int64_t(3) << int64_t(3) << int64_t(428);   // 428.57
    QTest::newRow("100x99 to 64") << int64_t(100) << int64_t(99) << int64_t(64) << int64_t(64) << int64_t(64); // 64.65
    QTest::newRow("256x300 to 256") << int64_t(256) << int64_t(300) << int64_t(256) << int64_t(256) << int64_t(300);
}

void ImageTransformTest::resizeShortSideFollowsTorchvisionsSizeRule()
{
    QFETCH(int64_t, height);
    QFETCH(int64_t, width);
    QFETCH(int64_t, size);
    QFETCH(int64_t, expectedHeight);
    QFETCH(int64_t, expectedWidth);
    const torch::Tensor image = rampImage(height, width);
    const torch::Tensor resized = resizeShortSide(image, size);
    QCOMPARE(resized.sizes().vec(), (std::vector<int64_t>{3, expectedHeight, expectedWidth}));
    QCOMPARE(resized.scalar_type(), torch::kUInt8);
    // A resize keeps the picture: the red ramp still rises left to right.
    if (expectedWidth > 2)
        QVERIFY(resized[0][expectedHeight / 2][0].item<int>()
                < resized[0][expectedHeight / 2][expectedWidth - 1].item<int>());
}

void ImageTransformTest::centerCropOffsetsFollowTorchvision_data()
{
    // torchvision's center_crop: top = int(round((h − size) / 2)), left likewise, with Python's
    // round() (halves to even: round(0.5) = 0, round(1.5) = 2, round(2.5) = 2, round(58.5) = 58).
    // An image smaller than the crop is first padded with zeros: (size − h) // 2 on top,
    // (size − h + 1) // 2 below (the same for left/right), written here as a negative offset.
    QTest::addColumn<int64_t>("height");
    QTest::addColumn<int64_t>("width");
    QTest::addColumn<int64_t>("size");
    QTest::addColumn<int64_t>("top");
    QTest::addColumn<int64_t>("left");
    QTest::newRow("6x6 to 4") << int64_t(6) << int64_t(6) << int64_t(4) << int64_t(1) << int64_t(1);
    QTest::newRow("10x6 to 4") << int64_t(10) << int64_t(6) << int64_t(4) << int64_t(3) << int64_t(1);
    QTest::newRow("7x7 to 4 (1.5 rounds to 2)") << int64_t(7) << int64_t(7) << int64_t(4) << int64_t(2) << int64_t(2);
    QTest::newRow("256x383 to 224 (79.5 rounds to 80)")
        << int64_t(256) << int64_t(383) << int64_t(224) << int64_t(16) << int64_t(80);
    QTest::newRow("5x5 to 4 (0.5 rounds to 0)") << int64_t(5) << int64_t(5) << int64_t(4) << int64_t(0) << int64_t(0);
    QTest::newRow("9x9 to 4 (2.5 rounds to 2)") << int64_t(9) << int64_t(9) << int64_t(4) << int64_t(2) << int64_t(2);
    QTest::newRow("256x341 to 224 (58.5 rounds to 58)")
        << int64_t(256) << int64_t(341) << int64_t(224) << int64_t(16) << int64_t(58);
    QTest::newRow("341x256 to 224 (58.5 rounds to 58)")
        << int64_t(341) << int64_t(256) << int64_t(224) << int64_t(58) << int64_t(16);
    QTest::newRow("3x5 to 6 (padded)") << int64_t(3) << int64_t(5) << int64_t(6) << int64_t(-1) << int64_t(0);
    QTest::newRow("2x2 to 5 (padded)") << int64_t(2) << int64_t(2) << int64_t(5) << int64_t(-1) << int64_t(-1);
    QTest::newRow("3x10 to 6 (padded rows)") << int64_t(3) << int64_t(10) << int64_t(6) << int64_t(-1) << int64_t(2);
}

void ImageTransformTest::centerCropOffsetsFollowTorchvision()
{
    QFETCH(int64_t, height);
    QFETCH(int64_t, width);
    QFETCH(int64_t, size);
    QFETCH(int64_t, top);
    QFETCH(int64_t, left);
    // Pixel values 1, 2, … (0 is padding), so each output pixel tells where it came from.
    const torch::Tensor image = torch::arange(1, height * width + 1, torch::kFloat).view({1, height, width});
    const torch::Tensor cropped = centerCrop(image, size);
    QCOMPARE(cropped.sizes().vec(), (std::vector<int64_t>{1, size, size}));
    auto expected = torch::zeros({1, size, size}, torch::kFloat);
    for (int64_t y = 0; y < size; ++y)
        for (int64_t x = 0; x < size; ++x)
            if (y + top >= 0 && y + top < height && x + left >= 0 && x + left < width)
                expected[0][y][x] = image[0][y + top][x + left];
    const float corner = cropped[0][0][0].item<float>();
    QVERIFY2(torch::equal(cropped, expected),
             qPrintable(QStringLiteral("the crop's top-left pixel came from row %1, column %2; torchvision takes row "
                                       "%3, column %4")
                            .arg(corner > 0 ? QString::number((int64_t(corner) - 1) / width) : QStringLiteral("(pad)"))
                            .arg(corner > 0 ? QString::number((int64_t(corner) - 1) % width) : QStringLiteral("(pad)"))
                            .arg(top)
                            .arg(left)));
}

void ImageTransformTest::evalResizeMatchesPil_data()
{
    QTest::addColumn<QString>("file");
    for (const QString& file : photos)
        QTest::newRow(qPrintable(QFileInfo(file).fileName())) << file;
}

void ImageTransformTest::evalResizeMatchesPil()
{
#ifndef AMPWB_WITH_OPENCV
    QSKIP("This engine build has no OpenCV.");
#else
    QFETCH(QString, file);
    if (reference.empty())
        QSKIP(qPrintable(referenceProblem));
    const std::string name = QFileInfo(file).fileName().toStdString();
    const torch::Tensor& expected = reference.at("resized:" + name);
    const torch::Tensor resized = resizeShortSide(decodeImageFile(file.toStdString()), 256);
    QCOMPARE(resized.sizes().vec(), expected.sizes().vec());
    // In 0–255 levels: antialiased bilinear in float vs PIL's fixed-point filter differ by
    // rounding, i.e. well under a level on average.
    const auto [mean, largest] = difference(resized, expected);
    QVERIFY2(mean < 0.5 && largest <= 16.0,
             qPrintable(QStringLiteral("mean difference %1 levels, largest %2").arg(mean).arg(largest)));
#endif
}

void ImageTransformTest::evalTransformMatchesTorchvision_data()
{
    evalResizeMatchesPil_data();
}

void ImageTransformTest::evalTransformMatchesTorchvision()
{
#ifndef AMPWB_WITH_OPENCV
    QSKIP("This engine build has no OpenCV.");
#else
    QFETCH(QString, file);
    if (reference.empty())
        QSKIP(qPrintable(referenceProblem));
    const std::string name = QFileInfo(file).fileName().toStdString();
    const torch::Tensor& expected = reference.at("eval:" + name);
    const ImageTransform transform({224, false, kImageNetMean, kImageNetStd});
    const torch::Tensor actual = transform(decodeImageFile(file.toStdString()), 0);
    QCOMPARE(actual.sizes().vec(), (std::vector<int64_t>{3, 224, 224}));
    QCOMPARE(actual.scalar_type(), torch::kFloat);
    const auto [mean, largest] = difference(actual, expected);
    if (mean < 0.01 && largest < 0.5)
        return;
    // Diagnosis for the failure message: the engine's own resize, cropped at torchvision's
    // offsets (Python's round(), halves to even, is std::nearbyint's default rounding).
    const torch::Tensor resized = resizeShortSide(decodeImageFile(file.toStdString()), 256);
    const auto top = static_cast<int64_t>(std::nearbyint((resized.size(1) - 224) / 2.0));
    const auto left = static_cast<int64_t>(std::nearbyint((resized.size(2) - 224) / 2.0));
    const torch::Tensor mean3 = torch::tensor({kImageNetMean[0], kImageNetMean[1], kImageNetMean[2]}).view({3, 1, 1});
    const torch::Tensor std3 = torch::tensor({kImageNetStd[0], kImageNetStd[1], kImageNetStd[2]}).view({3, 1, 1});
    const torch::Tensor recropped =
        (resized.narrow(1, top, 224).narrow(2, left, 224).to(torch::kFloat) / 255.0f - mean3) / std3;
    const auto [recroppedMean, recroppedLargest] = difference(recropped, expected);
    QFAIL(qPrintable(QStringLiteral("mean absolute difference %1, largest %2 (normalised units); resized to %3x%4. "
                                    "Cropping the engine's resize at torchvision's offsets (%5, %6) instead gives "
                                    "%7 and %8.")
                         .arg(mean)
                         .arg(largest)
                         .arg(resized.size(1))
                         .arg(resized.size(2))
                         .arg(top)
                         .arg(left)
                         .arg(recroppedMean)
                         .arg(recroppedLargest)));
#endif
}

void ImageTransformTest::normalisationUsesTheGivenStatistics()
{
    // A constant image (R 255, G 128, B 0) at its own size: each channel is (v / 255 − mean) / std.
    auto image = torch::empty({3, 28, 28}, torch::kUInt8);
    image[0].fill_(255);
    image[1].fill_(128);
    image[2].fill_(0);
    const torch::Tensor out = ImageTransform({28, false, kImageNetMean, kImageNetStd})(image, 0);
    const float values[3] = {255.0f, 128.0f, 0.0f};
    for (int c = 0; c < 3; ++c) {
        const float expected = (values[c] / 255.0f - kImageNetMean[c]) / kImageNetStd[c];
        QVERIFY2(
            std::abs(out[c].min().item<float>() - expected) < 1e-5f
                && std::abs(out[c].max().item<float>() - expected) < 1e-5f,
            qPrintable(
                QStringLiteral("channel %1: %2, expected %3").arg(c).arg(out[c].mean().item<float>()).arg(expected)));
    }
}

void ImageTransformTest::trainTransformIsAFunctionOfTheSeed_data()
{
    QTest::addColumn<int64_t>("size");
    QTest::addColumn<int64_t>("height");
    QTest::addColumn<int64_t>("width");
    QTest::newRow("32 px: pad + random crop + flip") << int64_t(32) << int64_t(40) << int64_t(48);
    QTest::newRow("96 px: random resized crop + flip") << int64_t(96) << int64_t(120) << int64_t(160);
    QTest::newRow("224 px: random resized crop + flip") << int64_t(224) << int64_t(300) << int64_t(400);
}

void ImageTransformTest::trainTransformIsAFunctionOfTheSeed()
{
    QFETCH(int64_t, size);
    QFETCH(int64_t, height);
    QFETCH(int64_t, width);
    const torch::Tensor image = rampImage(height, width);
    const ImageTransform transform({size, true, kImageNetMean, kImageNetStd});
    const ImageTransform sameSettings({size, true, kImageNetMean, kImageNetStd});
    const auto weights = torch::rand({3, size, size}, torch::TensorOptions().dtype(torch::kDouble));
    int flipped = 0;
    int unflipped = 0;
    std::set<std::pair<double, double>> distinct;
    const int seeds = 200;
    for (int seed = 0; seed < seeds; ++seed) {
        const torch::Tensor out = transform(image, static_cast<uint64_t>(seed));
        QCOMPARE(out.sizes().vec(), (std::vector<int64_t>{3, size, size}));
        QVERIFY(torch::isfinite(out).all().item<bool>());
        // The same seed gives the same tensor, from the same or another transform object.
        QVERIFY2(torch::equal(out, transform(image, static_cast<uint64_t>(seed))), qPrintable(QString::number(seed)));
        QVERIFY2(torch::equal(out, sameSettings(image, static_cast<uint64_t>(seed))),
                 qPrintable(QString::number(seed)));
        // The red ramp rises left to right unless the crop was flipped. Columns size/4 and
        // 3·size/4 are inside the picture whatever the crop offset (padding is ≤ size/8).
        const float leftRed = out[0][size / 2][size / 4].item<float>();
        const float rightRed = out[0][size / 2][3 * size / 4].item<float>();
        QVERIFY2(leftRed != rightRed, qPrintable(QString::number(seed)));
        (leftRed > rightRed ? flipped : unflipped)++;
        distinct.emplace(out.to(torch::kDouble).sum().item<double>(),
                         (out.to(torch::kDouble) * weights).sum().item<double>());
    }
    // RandomHorizontalFlip(0.5) over 200 seeds: about 100 each way (sd ≈ 7).
    QVERIFY2(flipped >= 60 && unflipped >= 60,
             qPrintable(QStringLiteral("%1 flipped, %2 not").arg(flipped).arg(unflipped)));
    // Random crops: most seeds give a different crop.
    QVERIFY2(distinct.size() >= 90,
             qPrintable(QStringLiteral("%1 distinct results of %2").arg(distinct.size()).arg(seeds)));
}

void ImageTransformTest::grayscaleBecomesThreeEqualChannels_data()
{
    QTest::addColumn<int64_t>("size");
    QTest::addColumn<bool>("training");
    QTest::addColumn<int64_t>("height");
    QTest::addColumn<int64_t>("width");
    QTest::newRow("eval 28 from 28x28") << int64_t(28) << false << int64_t(28) << int64_t(28);
    QTest::newRow("train 28 from 28x28") << int64_t(28) << true << int64_t(28) << int64_t(28);
    QTest::newRow("eval 224 from 100x80") << int64_t(224) << false << int64_t(100) << int64_t(80);
    QTest::newRow("train 224 from 300x200") << int64_t(224) << true << int64_t(300) << int64_t(200);
}

void ImageTransformTest::grayscaleBecomesThreeEqualChannels()
{
    QFETCH(int64_t, size);
    QFETCH(bool, training);
    QFETCH(int64_t, height);
    QFETCH(int64_t, width);
    const torch::Tensor gray = rampImage(height, width).narrow(0, 2, 1).contiguous(); // [1, H, W]
    // Equal statistics on every channel, so equal inputs must give equal outputs.
    const ImageTransform transform({size, training, {0.5f, 0.5f, 0.5f}, {0.25f, 0.25f, 0.25f}});
    const torch::Tensor out = transform(gray, 11);
    QCOMPARE(out.sizes().vec(), (std::vector<int64_t>{3, size, size}));
    QVERIFY(torch::equal(out[0], out[1]));
    QVERIFY(torch::equal(out[0], out[2]));
    if (!training && size == height && size == width) {
        // At its own size the eval transform only normalises: (p / 255 − 0.5) / 0.25.
        const torch::Tensor expected = (gray[0].to(torch::kFloat) / 255.0f - 0.5f) / 0.25f;
        QVERIFY(torch::allclose(out[0], expected, 1e-5, 1e-5));
    }
}

void ImageTransformTest::outputIsThreeBySquare_data()
{
    QTest::addColumn<int64_t>("size");
    QTest::addColumn<bool>("training");
    QTest::addColumn<int64_t>("channels");
    QTest::addColumn<int64_t>("height");
    QTest::addColumn<int64_t>("width");
    for (int64_t size : {int64_t(28), int64_t(64), int64_t(224)}) {
        for (bool training : {false, true}) {
            const char* mode = training ? "train" : "eval";
            QTest::addRow("%s %lld from RGB 37x53", mode, static_cast<long long>(size))
                << size << training << int64_t(3) << int64_t(37) << int64_t(53);
            QTest::addRow("%s %lld from gray 300x451", mode, static_cast<long long>(size))
                << size << training << int64_t(1) << int64_t(300) << int64_t(451);
            QTest::addRow("%s %lld from RGB 1x1", mode, static_cast<long long>(size))
                << size << training << int64_t(3) << int64_t(1) << int64_t(1);
        }
    }
}

void ImageTransformTest::outputIsThreeBySquare()
{
    QFETCH(int64_t, size);
    QFETCH(bool, training);
    QFETCH(int64_t, channels);
    QFETCH(int64_t, height);
    QFETCH(int64_t, width);
    const torch::Tensor image = rampImage(height, width).narrow(0, 0, channels).contiguous();
    const ImageTransform transform({size, training, kImageNetMean, kImageNetStd});
    const torch::Tensor out = transform(image, 5);
    QCOMPARE(out.sizes().vec(), (std::vector<int64_t>{3, size, size}));
    QCOMPARE(out.scalar_type(), torch::kFloat);
    QVERIFY(torch::isfinite(out).all().item<bool>());
    // Normalised 0–255 values stay within (0 − mean) / std … (1 − mean) / std.
    QVERIFY(out.min().item<float>() >= -2.2f && out.max().item<float>() <= 2.7f);
}

void ImageTransformTest::randomCropsFollowTorchvisionsRule()
{
    // RandomResizedCrop(scale 0.08–1, ratio 3/4–4/3) on a 480×640 picture: every region lies
    // inside it with an area and aspect ratio in range (up to rounding to whole pixels), the
    // regions spread over sizes and positions, and RandomHorizontalFlip(0.5) flips half.
    const ImageTransform transform({224, true, kImageNetMean, kImageNetStd});
    QVERIFY(transform.cropsRandomRegions());
    QVERIFY(!ImageTransform({224, false, kImageNetMean, kImageNetStd}).cropsRandomRegions());
    QVERIFY(!ImageTransform({64, true, kImageNetMean, kImageNetStd}).cropsRandomRegions());
    const int64_t height = 480, width = 640;
    const int seeds = 2000;
    int flips = 0, small = 0, large = 0;
    std::set<int64_t> tops;
    for (int seed = 0; seed < seeds; ++seed) {
        const RandomCrop crop = transform.randomCrop(height, width, static_cast<uint64_t>(seed));
        const ImageRegion& r = crop.region;
        QVERIFY2(r.top >= 0 && r.left >= 0 && r.height > 0 && r.width > 0 && r.top + r.height <= height
                     && r.left + r.width <= width,
                 qPrintable(QStringLiteral("seed %1: %2x%3 at (%4, %5)")
                                .arg(seed)
                                .arg(r.width)
                                .arg(r.height)
                                .arg(r.left)
                                .arg(r.top)));
        const double area = double(r.height * r.width) / double(height * width);
        const double ratio = double(r.width) / double(r.height);
        QVERIFY2(area > 0.079 && area <= 1.0 && ratio > 0.74 && ratio < 1.35,
                 qPrintable(QStringLiteral("seed %1: area %2, ratio %3").arg(seed).arg(area).arg(ratio)));
        // The same seed draws the same crop.
        const RandomCrop again = transform.randomCrop(height, width, static_cast<uint64_t>(seed));
        QVERIFY(again.region.top == r.top && again.region.left == r.left && again.region.height == r.height
                && again.region.width == r.width && again.flip == crop.flip);
        flips += crop.flip;
        small += area < 0.3;
        large += area > 0.7;
        tops.insert(r.top);
    }
    // 2000 fair coin flips: 1000 ± 22 (sd); scale is drawn uniformly from 0.08–1 before
    // regions that do not fit are redrawn, so small regions are common and large ones rarer.
    QVERIFY2(flips > 900 && flips < 1100, qPrintable(QStringLiteral("%1 of %2 flipped").arg(flips).arg(seeds)));
    QVERIFY2(small > 300 && large > 100, qPrintable(QStringLiteral("%1 small, %2 large").arg(small).arg(large)));
    QVERIFY2(tops.size() > 200, qPrintable(QStringLiteral("%1 distinct tops").arg(tops.size())));
}

void ImageTransformTest::regionDecodingUsesTheScaleTheRegionAllows_data()
{
    // On the 1282×1110 photo: a region at least 2, 4 or 8 times the output side across must be
    // decoded at that reduced JPEG scale (and so equal OpenCV's reduced decoding, cut and
    // resized), anything smaller at full scale (equal to the full decoding, cut and resized).
    QTest::addColumn<int>("top");
    QTest::addColumn<int>("left");
    QTest::addColumn<int>("height");
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("side");
    QTest::addColumn<int>("reduction");
    QTest::newRow("nearly whole photo to 128: 1/8") << 0 << 0 << 1104 << 1280 << 128 << 8;
    QTest::newRow("512 square to 128: 1/4") << 0 << 0 << 512 << 512 << 128 << 4;
    QTest::newRow("448x600 to 224: 1/2") << 200 << 400 << 448 << 600 << 224 << 2;
    QTest::newRow("447x600 to 224: full scale") << 200 << 400 << 447 << 600 << 224 << 1;
    QTest::newRow("1000x1000 to 128: 1/4, not 1/8") << 100 << 200 << 1000 << 1000 << 128 << 4;
    QTest::newRow("100x150 to 224, enlarged: full scale") << 10 << 20 << 100 << 150 << 224 << 1;
}

void ImageTransformTest::regionDecodingUsesTheScaleTheRegionAllows()
{
#ifndef AMPWB_WITH_OPENCV
    QSKIP("This engine build has no OpenCV.");
#else
    QFETCH(int, top);
    QFETCH(int, left);
    QFETCH(int, height);
    QFETCH(int, width);
    QFETCH(int, side);
    QFETCH(int, reduction);
    if (!QFileInfo::exists(kAloePhoto))
        QSKIP("Debian's opencv-doc example photos are not installed.");
    std::vector<std::pair<int64_t, int64_t>> asked;
    const torch::Tensor actual = decodeRegionResized(
        kAloePhoto.toStdString(),
        [&](int64_t h, int64_t w) {
            asked.emplace_back(h, w);
            return ImageRegion{top, left, height, width};
        },
        side);
    QCOMPARE(asked, (std::vector<std::pair<int64_t, int64_t>>{{1110, 1282}}));
    QCOMPARE(actual.sizes().vec(), (std::vector<int64_t>{3, side, side}));
    QCOMPARE(actual.scalar_type(), torch::kUInt8);

    // The regions above are whole multiples of their reduction, so they map onto the reduced
    // picture exactly.
    const int flags = reduction == 8 ? cv::IMREAD_REDUCED_COLOR_8
                    : reduction == 4 ? cv::IMREAD_REDUCED_COLOR_4
                    : reduction == 2 ? cv::IMREAD_REDUCED_COLOR_2
                                     : cv::IMREAD_COLOR;
    const cv::Mat decoded = cv::imread(kAloePhoto.toStdString(), flags);
    const cv::Mat cut = decoded(cv::Rect(left / reduction, top / reduction, width / reduction, height / reduction));
    const bool shrinking = cut.cols >= side && cut.rows >= side;
    cv::Mat resized;
    cv::resize(cut, resized, cv::Size(side, side), 0, 0, shrinking ? cv::INTER_AREA : cv::INTER_LINEAR);
    QVERIFY2(torch::equal(actual, rgbOf(resized)),
             qPrintable(QStringLiteral("differs from OpenCV's decoding at 1/%1 by %2 levels on average")
                            .arg(reduction)
                            .arg(difference(actual, rgbOf(resized)).first)));

    if (!shrinking)
        return;
    // Decoding at reduced scale changes little: the picture is close to the full-scale decoding,
    // cut and area-averaged; and close to the tensor path (antialiased bilinear, a softer filter).
    const ImageRegion region{top, left, height, width};
    const auto [fullMean, fullLargest] = difference(actual, fullScaleAreaResized(kAloePhoto, region, side));
    const torch::Tensor full = decodeImageFile(kAloePhoto.toStdString());
    const auto [tensorMean, tensorLargest] =
        difference(actual, resizeTo(full.narrow(1, top, height).narrow(2, left, width), side, side));
    qInfo(
        "mean difference from full-scale decoding %.2f levels (largest %.0f), from the tensor path %.2f (largest %.0f)",
        fullMean, fullLargest, tensorMean, tensorLargest);
    QVERIFY2(fullMean < 4.0, qPrintable(QStringLiteral("full-scale: mean difference %1 levels").arg(fullMean)));
    QVERIFY2(tensorMean < 8.0, qPrintable(QStringLiteral("tensor path: mean difference %1 levels").arg(tensorMean)));
#endif
}

void ImageTransformTest::regionDecodingFollowsExifOrientation()
{
#ifndef AMPWB_WITH_OPENCV
    QSKIP("This engine build has no OpenCV.");
#else
    if (!QFileInfo::exists(kAloePhoto))
        QSKIP("Debian's opencv-doc example photos are not installed.");
    // The photo stored 1282 wide and 1110 high, marked to be shown turned a quarter: the
    // region is chosen on the turned picture (1282 high, 1110 wide) and cut from it, at the
    // scale the region allows (as OpenCV's own reduced decoding of the turned picture shows it).
    const QString file = scratch.filePath(QStringLiteral("turned.jpg"));
    QVERIFY(test::writeBytes(file, withExifOrientation(test::readBytes(kAloePhoto), 6)));
    QCOMPARE(decodeImageFile(file.toStdString()).sizes().vec(), (std::vector<int64_t>{3, 1282, 1110}));
    const ImageRegion topLeft{0, 0, 640, 552}; // a quarter, in whole blocks of 8 pixels
    for (const auto& [side, flags, reduction] :
         {std::tuple{128, int(cv::IMREAD_REDUCED_COLOR_4), 4}, std::tuple{200, int(cv::IMREAD_REDUCED_COLOR_2), 2},
          std::tuple{400, int(cv::IMREAD_COLOR), 1}}) {
        std::vector<std::pair<int64_t, int64_t>> asked;
        const torch::Tensor actual = decodeRegionResized(
            file.toStdString(),
            [&](int64_t h, int64_t w) {
                asked.emplace_back(h, w);
                return topLeft;
            },
            side);
        QVERIFY(!asked.empty());
        QVERIFY2(asked.back() == std::make_pair(int64_t(1282), int64_t(1110)),
                 qPrintable(QStringLiteral("side %1: last asked for %2x%3")
                                .arg(side)
                                .arg(asked.back().second)
                                .arg(asked.back().first)));
        const cv::Mat decoded = cv::imread(file.toStdString(), flags);
        cv::Mat resized;
        cv::resize(decoded(cv::Rect(0, 0, 552 / reduction, 640 / reduction)), resized, cv::Size(side, side), 0, 0,
                   cv::INTER_AREA);
        QVERIFY2(torch::equal(actual, rgbOf(resized)), qPrintable(QStringLiteral("side %1").arg(side)));
        // libjpeg pads the stored picture's partial blocks at its right and bottom, which the
        // quarter turn moves to the left: the reduced picture is shifted by up to one of its
        // pixels (2 full-scale pixels at ¼ here), which shows on the aloe's fine texture but is
        // far from another region (tens of levels).
        const auto [mean, largest] = difference(actual, fullScaleAreaResized(file, topLeft, side));
        qInfo("side %d: mean difference from full-scale decoding %.2f levels (largest %.0f)", side, mean, largest);
        QVERIFY2(
            mean < 10.0,
            qPrintable(
                QStringLiteral("side %1: mean difference %2 levels, largest %3").arg(side).arg(mean).arg(largest)));
    }
#endif
}

void ImageTransformTest::trainingCropsOfFilesMatchTheTensorPath()
{
#ifndef AMPWB_WITH_OPENCV
    QSKIP("This engine build has no OpenCV.");
#else
    // An ImageFolder of the test's photos: its training samples (crops chosen from the file's
    // declared size, decoded at reduced scale where they allow) show the same region, equally
    // flipped, as the transform applied to the whole decoded image, for every seed; eval
    // samples are exactly the transform of the whole image.
    const QString root = scratch.filePath(QStringLiteral("folder"));
    for (int i = 0; i < photos.size(); ++i) {
        const QString classDir = root + QStringLiteral("/class%1").arg(i % 2);
        QVERIFY(QDir().mkpath(classDir));
        QVERIFY(QFile::copy(photos[i], classDir + "/" + QFileInfo(photos[i]).fileName()));
    }
    if (QFileInfo::exists(kAloePhoto))
        QVERIFY(QFile::copy(kAloePhoto, root + QStringLiteral("/class0/aloeL.jpg")));
    const ImageFolderDataset dataset = ImageFolderDataset::scan(root.toStdString());
    const ImageTransform training({224, true, kImageNetMean, kImageNetStd});
    const ImageTransform eval({224, false, kImageNetMean, kImageNetStd});
    double worst = 0.0, sumSame = 0.0, sumOther = 0.0;
    QString worstCase;
    for (int64_t index = 0; index < dataset.size(); ++index) {
        const torch::Tensor whole = dataset.image(index);
        for (uint64_t seed = 0; seed < 40; ++seed) {
            const torch::Tensor actual = dataset.transformedImage(index, training, seed);
            QCOMPARE(actual.sizes().vec(), (std::vector<int64_t>{3, 224, 224}));
            const double mean = difference(actual, training(whole, seed)).first;
            sumSame += mean;
            sumOther += difference(actual, training(whole, seed + 1000)).first; // another region and flip
            if (mean > worst) {
                worst = mean;
                worstCase = QStringLiteral("%1, seed %2")
                                .arg(QString::fromStdString(dataset.entries()[size_t(index)].path))
                                .arg(seed);
            }
        }
        QVERIFY(torch::equal(dataset.transformedImage(index, eval, 3), eval(whole, 3)));
    }
    // Normalised units: one level of 255 is about 0.0175. The same region and flip, resized by
    // area averaging instead of antialiased bilinear, differ by a few levels; another region or
    // flip by many more.
    qInfo("mean difference from the tensor path: %.4f on average, %.4f at most (%s); from other crops %.4f",
          sumSame / (40.0 * double(dataset.size())), worst, qPrintable(worstCase),
          sumOther / (40.0 * double(dataset.size())));
    QVERIFY2(worst < 0.15, qPrintable(QStringLiteral("mean difference up to %1 (%2)").arg(worst).arg(worstCase)));
    QVERIFY2(sumSame * 5 < sumOther,
             qPrintable(
                 QStringLiteral("differences: %1 from the same crops, %2 from others").arg(sumSame).arg(sumOther)));
#endif
}

QTEST_GUILESS_MAIN(ImageTransformTest)
#include "ImageTransformTest.moc"
