// Images in the forms real folders and drops hold — CMYK JPEG, 16-bit, alpha, palette,
// animated PNG and GIF, truncated, not an image at all, and a 30000×30000 PNG — written by
// PIL (tests/python/make_odd_images.py) and decoded by decodeImageFile: each is decoded as
// PIL reads it or refused with a message naming the file, and memory stays bounded. PNM
// headers (P1–P6) declare their size to readImageSize, so a huge PGM is refused before decoding.
#include "data/ImageDecoding.h"
#include "data/ImageHeader.h"

#include "BlackPng.h"
#include "TestSupport.h"

#include <QTemporaryDir>
#include <QtTest>

#include <sys/resource.h>

using namespace ampwb;

namespace {

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
