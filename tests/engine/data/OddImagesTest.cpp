// Images in the forms real folders and drops hold — CMYK JPEG, 16-bit, alpha, palette,
// animated PNG and GIF, truncated, not an image at all, and a 30000×30000 PNG — written by
// PIL (tests/python/make_odd_images.py) and decoded by decodeImageFile: each is decoded as
// PIL reads it or refused with a message naming the file, and memory stays bounded. PNM
// headers (P1–P6) declare their size to readImageSize, so a huge PGM is refused before decoding.
// Formats whose header readImageSize does not read (TIFF, JPEG 2000, PAM, PFM, Radiance HDR, Sun
// raster) are refused unread, from a file and from memory, and leave no temporary file behind.
#include "data/ImageDecoding.h"
#include "data/ImageHeader.h"

#include "BlackPng.h"
#include "TestSupport.h"

#include <QTemporaryDir>
#include <QtTest>

#include <sys/resource.h>

using namespace ampwb;

namespace {

/// A 2×2 RGB image in each format OpenCV decodes but the workbench refuses, written by hand.
QByteArray pam()
{
    return QByteArray("P7\nWIDTH 2\nHEIGHT 2\nDEPTH 3\nMAXVAL 255\nTUPLTYPE RGB\nENDHDR\n") + QByteArray(12, '\x80');
}

QByteArray pfm()
{
    const float pixels[12] = {0.5f, 0.25f, 1.0f, 0.5f, 0.25f, 1.0f, 0.5f, 0.25f, 1.0f, 0.5f, 0.25f, 1.0f};
    return QByteArray("PF\n2 2\n-1.0\n") + QByteArray(reinterpret_cast<const char*>(pixels), sizeof pixels);
}

QByteArray radianceHdr()
{
    return QByteArray("#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 2 +X 2\n") + QByteArray(16, '\x80');
}

QByteArray sunRaster()
{
    // magic, width, height, depth, data length, standard type, no colour map: big-endian words
    const QByteArray header = QByteArray::fromHex("59a66a95000000020000000200000018000000"
                                                  "0c000000010000000000000000");
    return header + QByteArray(12, '\x80');
}

/// Peak resident memory of this process so far, in bytes.
int64_t peakRssBytes()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<int64_t>(usage.ru_maxrss) * 1024;
}

} // namespace

class OddImagesTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(folder.isValid());
        // Where OpenCV writes the temporary copies some of its decoders read (before it first decodes).
        QVERIFY(QDir(folder.path()).mkpath(QStringLiteral("opencv-temp")));
        qputenv("OPENCV_TEMP_PATH", folder.filePath(QStringLiteral("opencv-temp")).toLocal8Bit());
        AMPWB_REQUIRE_REFERENCE_PYTHON();
        const QString failure = test::runReferenceScript("make_odd_images.py", {folder.path()});
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
    }

    void decodesAsPilReadsIt_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<int>("tolerance"); // largest difference of any channel value
        // libjpeg's CMYK conversion and PIL's differ by rounding only.
        // clang-format off
        QTest::newRow("CMYK JPEG") << "cmyk.jpg" << "cmyk.expected.png" << 2;
        QTest::newRow("16-bit grayscale PNG") << "gray16.png" << "gray16.expected.png" << 0;
        QTest::newRow("PNG with alpha") << "rgba.png" << "rgba.expected.png" << 0;
        QTest::newRow("palette PNG") << "palette.png" << "palette.expected.png" << 0;
        QTest::newRow("animated PNG: first frame") << "animated.png" << "animated.expected.png" << 0;
        // clang-format on
    }

    void decodesAsPilReadsIt()
    {
        QFETCH(QString, file);
        QFETCH(QString, expected);
        QFETCH(int, tolerance);
        const torch::Tensor image = decodeImageFile(folder.filePath(file).toStdString());
        const torch::Tensor reference = decodeImageFile(folder.filePath(expected).toStdString());
        QCOMPARE(image.sizes().vec(), (std::vector<int64_t>{3, 64, 96}));
        QCOMPARE(image.scalar_type(), torch::kUInt8);
        const int difference = (image.to(torch::kInt) - reference.to(torch::kInt)).abs().max().item<int>();
        QVERIFY2(difference <= tolerance, qPrintable(QStringLiteral("differs by up to %1").arg(difference)));
    }

    void refusedWithAMessageNamingTheFile_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("content"); // for files the script did not write
        // OpenCV 4.6 (Debian 12) has no GIF decoder, so a GIF, animated or not, is refused.
        QTest::newRow("animated GIF") << "animated.gif" << QByteArray();
        QTest::newRow("truncated JPEG") << "truncated.jpg" << QByteArray();
        QTest::newRow("text named .jpg") << "notes.jpg" << QByteArray("shopping list\n");
        QTest::newRow("zero bytes") << "empty.png" << QByteArray();
    }

    void refusedWithAMessageNamingTheFile()
    {
        QFETCH(QString, file);
        QFETCH(QByteArray, content);
        const QString path = folder.filePath(file);
        if (!QFileInfo::exists(path))
            QVERIFY(test::writeBytes(path, content));
        try {
            const torch::Tensor image = decodeImageFile(path.toStdString());
            QFAIL(qPrintable(QStringLiteral("decoded to %1 values").arg(image.numel())));
        } catch (const DataError& error) {
            QVERIFY2(QString::fromStdString(error.what()).contains(file), error.what());
        }
    }

    void otherFormatsAreRefusedUnread_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("content"); // for files the script did not write
        QTest::newRow("TIFF") << "small.tif" << QByteArray();
        QTest::newRow("JPEG 2000") << "small.jp2" << QByteArray();
        QTest::newRow("PAM (P7)") << "small.pam" << pam();
        QTest::newRow("PFM") << "small.pfm" << pfm();
        QTest::newRow("Radiance HDR") << "small.hdr" << radianceHdr();
        QTest::newRow("Sun raster") << "small.ras" << sunRaster();
    }

    void otherFormatsAreRefusedUnread()
    {
        QFETCH(QString, file);
        QFETCH(QByteArray, content);
        const QString path = folder.filePath(file);
        if (!content.isEmpty())
            QVERIFY(test::writeBytes(path, content));
        const QByteArray bytes = test::readBytes(path);
        QVERIFY(!bytes.isEmpty());
        const QString refusal = QStringLiteral("is not a JPEG, PNG, BMP, WebP or PBM/PGM/PPM file");
        try {
            const torch::Tensor image = decodeImageFile(path.toStdString());
            QFAIL(qPrintable(QStringLiteral("the file decoded to %1 values").arg(image.numel())));
        } catch (const DataError& error) {
            const QString message = QString::fromStdString(error.what());
            QVERIFY2(message.contains(file) && message.contains(refusal), error.what());
        }
        try {
            const torch::Tensor image = decodeImageBytes(bytes.constData(), static_cast<size_t>(bytes.size()),
                                                         "upload");
            QFAIL(qPrintable(QStringLiteral("the bytes decoded to %1 values").arg(image.numel())));
        } catch (const DataError& error) {
            QVERIFY2(QString::fromStdString(error.what()).contains(refusal), error.what());
        }
    }

    void noTemporaryFileIsLeftBehind()
    {
        // OpenCV decodes Radiance HDR (and other formats) from a temporary copy of the bytes, and left it in
        // its temporary folder when the header declared more than its own limit (its check throws past the
        // clean-up): twenty bad uploads, twenty files of the client's bytes.
        const QByteArray damaged = QByteArray("#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 40000 +X 40000\n")
                                 + QByteArray(4096, '\xff');
        for (int i = 0; i < 20; ++i) {
            try {
                decodeImageBytes(damaged.constData(), static_cast<size_t>(damaged.size()), "upload");
            } catch (const DataError&) {
            }
        }
        const QStringList left = QDir(folder.filePath(QStringLiteral("opencv-temp"))).entryList(QDir::Files);
        QVERIFY2(left.isEmpty(), qPrintable(left.join(QLatin1String(", "))));
    }

    void hugeImageIsRefusedBeforeDecoding()
    {
        const QString path = folder.filePath(QStringLiteral("huge.png"));
        const QByteArray png = blackPng(30000);
        QVERIFY(png.size() < 2 << 20);
        QVERIFY(test::writeBytes(path, png));
        const int64_t peakBefore = peakRssBytes();
        try {
            decodeImageFile(path.toStdString());
            QFAIL("a 900-megapixel image was decoded");
        } catch (const ImageTooLargeError& error) {
            const QString message = QString::fromStdString(error.what());
            QVERIFY2(message.contains(QLatin1String("huge.png")) && message.contains(QLatin1String("30000")),
                     error.what());
        }
        // Decoding it would take 2.7 GB as BGR; the refusal must not come near that.
        const int64_t growth = peakRssBytes() - peakBefore;
        QVERIFY2(growth < 64 * 1024 * 1024, qPrintable(QStringLiteral("peak memory grew by %1 MB").arg(growth >> 20)));
    }

    void absurdDeclaredSizeIsRefused()
    {
        // A PNG header declaring 4026531840 × 4026531840 pixels: the product overflows 64 bits.
        QByteArray png = blackPng(16);
        const QByteArray side = QByteArray::fromHex("f0000000");
        png.replace(16, 4, side); // IHDR width
        png.replace(20, 4, side); // IHDR height
        const QString path = folder.filePath(QStringLiteral("absurd.png"));
        QVERIFY(test::writeBytes(path, png));
        try {
            decodeImageFile(path.toStdString());
            QFAIL("an image declaring 1.6e19 pixels was decoded");
        } catch (const ImageTooLargeError& error) {
            QVERIFY2(QString::fromStdString(error.what()).contains(QLatin1String("4026531840")), error.what());
        }
    }

    void pnmHeadersDeclareTheirSize_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<qint64>("width");
        QTest::addColumn<qint64>("height");
        QTest::newRow("P1 (ASCII bitmap)") << QByteArray("P1\n3 2\n0 1 0\n1 0 1\n") << qint64(3) << qint64(2);
        QTest::newRow("P2 with comments")
            << QByteArray("P2\n# a comment\n# another\n640   480\n255\n0") << qint64(640) << qint64(480);
        QTest::newRow("P3 on one line") << QByteArray("P3 7 5 255 0 0 0") << qint64(7) << qint64(5);
        QTest::newRow("P4 with CRLF") << QByteArray("P4\r\n16\r\n8\r\n") + QByteArray(16, '\0') << qint64(16)
                                      << qint64(8);
        QTest::newRow("P5 60000x60000") << QByteArray("P5\n60000 60000\n255\n") + QByteArray(8, '\0') << qint64(60000)
                                        << qint64(60000);
        QTest::newRow("P6, comment between the sides")
            << QByteArray("P6\n1024 # width above, height below\n768\n255\n") << qint64(1024) << qint64(768);
        QTest::newRow("no height") << QByteArray("P5\n60000\n") << qint64(-1) << qint64(-1);
        QTest::newRow("P7 (PAM) is not read") << QByteArray("P7\nWIDTH 4\nHEIGHT 4\n") << qint64(-1) << qint64(-1);
    }

    void pnmHeadersDeclareTheirSize()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(qint64, width);
        QFETCH(qint64, height);
        const auto size = readImageSize(bytes.constData(), static_cast<size_t>(bytes.size()));
        if (width < 0) {
            QVERIFY(!size);
            return;
        }
        QVERIFY(size);
        QCOMPARE(qint64(size->width), width);
        QCOMPARE(qint64(size->height), height);
    }

    void hugePgmIsRefusedBeforeDecoding()
    {
        // A 20-byte file declaring 60000×60000 gray pixels: OpenCV would try to allocate 3.6 GB,
        // then fail with its own assertion text.
        const QByteArray pgm = QByteArray("P5\n60000 60000\n255\n") + QByteArray(64, '\0');
        try {
            decodeImageBytes(pgm.constData(), static_cast<size_t>(pgm.size()), "huge.pgm", 40'000'000);
            QFAIL("a 3600-megapixel image was decoded");
        } catch (const ImageTooLargeError& error) {
            const QString message = QString::fromStdString(error.what());
            QVERIFY2(message.contains(QLatin1String("huge.pgm")) && message.contains(QLatin1String("60000")),
                     error.what());
        }
    }

private:
    QTemporaryDir folder;
};

QTEST_GUILESS_MAIN(OddImagesTest)
#include "OddImagesTest.moc"
