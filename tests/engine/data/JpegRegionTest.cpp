// decodeJpegRegion on one real photo written by PIL in the JPEG forms folders hold
// (tests/python/make_jpeg_forms.py): for upright JPEGs it gives, pixel for pixel, what OpenCV's
// whole decode at the same scale holds in the region; it declines CMYK, turned (EXIF 6) and
// non-JPEG files before choosing a region, and damaged data never crashes it.
#include "data/JpegRegion.h"

#include "TestSupport.h"
#include "data/ImageDecoding.h"

#include <QTemporaryDir>
#include <QtTest>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <random>

using namespace ampwb;

namespace {

const QString kPhoto = QStringLiteral("/usr/share/doc/opencv-doc/examples/data/aloeL.jpg");

int reducedReadFlag(int reduction)
{
    return reduction == 8 ? cv::IMREAD_REDUCED_COLOR_8
         : reduction == 4 ? cv::IMREAD_REDUCED_COLOR_4
         : reduction == 2 ? cv::IMREAD_REDUCED_COLOR_2
                          : cv::IMREAD_COLOR;
}

/// `region` of OpenCV's whole decode of `bytes` at 1/reduction, as RGB.
cv::Mat wholeDecodeCut(const QByteArray& bytes, const ImageRegion& region, int reduction)
{
    const cv::Mat encoded(1, int(bytes.size()), CV_8UC1, const_cast<char*>(bytes.data()));
    const cv::Mat bgr = cv::imdecode(encoded, reducedReadFlag(reduction));
    cv::Mat rgb;
    cv::cvtColor(bgr(scaledRegion(region, reduction, bgr.rows, bgr.cols)), rgb, cv::COLOR_BGR2RGB);
    return rgb;
}

/// A region of a height × width picture: any size from one pixel to the whole, anywhere.
ImageRegion randomRegion(std::mt19937& random, int64_t height, int64_t width)
{
    const auto below = [&](int64_t limit) { return std::uniform_int_distribution<int64_t>(0, limit - 1)(random); };
    ImageRegion region;
    region.height = 1 + below(height);
    region.width = 1 + below(width);
    region.top = below(height - region.height + 1);
    region.left = below(width - region.width + 1);
    return region;
}

} // namespace

class JpegRegionTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(folder.isValid());
        if (!QFileInfo::exists(kPhoto))
            QSKIP("Debian's opencv-doc example photos are not installed.");
        AMPWB_REQUIRE_REFERENCE_PYTHON();
        const QString failure = test::runReferenceScript("make_jpeg_forms.py", {kPhoto, folder.path()});
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
    }

    void regionIsWhatTheWholeDecodeHolds_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("4:2:0") << "420.jpg";
        QTest::newRow("4:2:2") << "422.jpg";
        QTest::newRow("4:4:4") << "444.jpg";
        QTest::newRow("progressive") << "progressive.jpg";
        QTest::newRow("grayscale") << "gray.jpg";
        QTest::newRow("odd size, 333x217") << "odd-size.jpg";
        QTest::newRow("EXIF orientation 1") << "exif-upright.jpg";
    }

    void regionIsWhatTheWholeDecodeHolds()
    {
        QFETCH(QString, file);
        const QByteArray bytes = test::readBytes(folder.filePath(file));
        const cv::Mat whole = cv::imread(folder.filePath(file).toStdString(), cv::IMREAD_COLOR);
        std::mt19937 random(7);
        // Sides from 16 to 400 against regions up to the whole photo: every scale from 1/8 to 1/1.
        int reductionsSeen[9] = {};
        for (int sample = 0; sample < 60; ++sample) {
            const ImageRegion region = randomRegion(random, whole.rows, whole.cols);
            const int64_t side = 16 + std::uniform_int_distribution<int64_t>(0, 384)(random);
            int calls = 0;
            const auto decoded = decodeJpegRegion(
                bytes.data(), size_t(bytes.size()),
                [&](int64_t height, int64_t width) {
                    ++calls;
                    if (height != whole.rows || width != whole.cols)
                        return ImageRegion{}; // shows as a mismatch below
                    return region;
                },
                side);
            QVERIFY(decoded.has_value());
            QCOMPARE(calls, 1);
            const int reduction = jpegReduction(region, side);
            ++reductionsSeen[reduction];
            const cv::Mat expected = wholeDecodeCut(bytes, region, reduction);
            QCOMPARE(decoded->size(), expected.size());
            QCOMPARE(decoded->type(), CV_8UC3);
            const double largest = cv::norm(*decoded, expected, cv::NORM_INF);
            QVERIFY2(largest == 0.0,
                     qPrintable(QStringLiteral("region %1x%2 at (%3, %4), 1/%5: differs by up to %6 levels")
                                    .arg(region.width)
                                    .arg(region.height)
                                    .arg(region.left)
                                    .arg(region.top)
                                    .arg(reduction)
                                    .arg(largest)));
        }
        if (whole.rows >= 1000) // the full photo; the small one rarely leaves room for ⅛
            QVERIFY2(reductionsSeen[1] && reductionsSeen[2] && reductionsSeen[4] && reductionsSeen[8],
                     "the samples should cover every scale");
    }

    void declinesWhatItCannotDecodeAsStored_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("CMYK") << "cmyk.jpg";
        QTest::newRow("EXIF orientation 6") << "exif-turned.jpg";
    }

    void declinesWhatItCannotDecodeAsStored()
    {
        QFETCH(QString, file);
        const QByteArray bytes = test::readBytes(folder.filePath(file));
        bool asked = false;
        const auto decoded = decodeJpegRegion(
            bytes.data(), size_t(bytes.size()),
            [&](int64_t, int64_t) {
                asked = true;
                return ImageRegion{0, 0, 64, 64};
            },
            32);
        QVERIFY(!decoded.has_value());
        QVERIFY(!asked);
        // The whole decode still reads it, upright as shown.
        const torch::Tensor image = decodeImageFile(folder.filePath(file).toStdString());
        QCOMPARE(image.size(0), 3);
    }

    void declinesOtherFormats()
    {
        const QString png = folder.filePath(QStringLiteral("photo.png"));
        QVERIFY(cv::imwrite(png.toStdString(), cv::imread(folder.filePath(QStringLiteral("420.jpg")).toStdString())));
        const QByteArray bytes = test::readBytes(png);
        QVERIFY(!decodeJpegRegion(
            bytes.data(), size_t(bytes.size()),
            [](int64_t, int64_t) {
                return ImageRegion{0, 0, 8, 8};
            },
            8));
    }

    void damagedDataNeverCrashes()
    {
        // Bytes overwritten in the header and in the compressed data: either declined, or decoded
        // as libjpeg decodes the whole damaged file (it warns and carries on, as OpenCV does).
        const QByteArray original = test::readBytes(folder.filePath(QStringLiteral("420.jpg")));
        std::mt19937 random(11);
        int declined = 0, decoded = 0;
        for (int trial = 0; trial < 40; ++trial) {
            QByteArray bytes = original;
            const int start = trial < 10 ? 2 + trial * 60
                                         : std::uniform_int_distribution<int>(700, int(bytes.size()) - 64)(random);
            for (int i = 0; i < 32; ++i)
                bytes[start + i] = char(random());
            const ImageRegion region{300, 200, 400, 500};
            const auto result = decodeJpegRegion(
                bytes.data(), size_t(bytes.size()), [&](int64_t, int64_t) { return region; }, 100);
            if (!result) {
                ++declined;
                continue;
            }
            ++decoded;
            const cv::Mat encoded(1, int(bytes.size()), CV_8UC1, bytes.data());
            if (cv::imdecode(encoded, cv::IMREAD_REDUCED_COLOR_4).empty())
                continue; // OpenCV refuses what libjpeg decoded up to the region's last row
            QCOMPARE(cv::norm(*result, wholeDecodeCut(bytes, region, 4), cv::NORM_INF), 0.0);
        }
        qInfo("damaged copies: %d declined, %d decoded", declined, decoded);
        QVERIFY(declined > 0);
        QVERIFY(decoded > 0);
    }

private:
    QTemporaryDir folder;
};

QTEST_GUILESS_MAIN(JpegRegionTest)
#include "JpegRegionTest.moc"
