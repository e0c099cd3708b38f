// The upload reader of `serve`: multipart forms and raw bodies read as they stream in, in pieces
// of any size, with the refusals a malformed or unwanted upload gets.
#include "ServiceError.h"
#include "UploadReading.h"

#include <QtTest>

using namespace ampwb::serve;

namespace {

const std::string kForm = "--XyZ\r\n"
                          "Content-Disposition: form-data; name=\"images\"; filename=\"a.jpg\"\r\n"
                          "Content-Type: image/jpeg\r\n\r\n"
                          "first\r\n--Xy\r\n-still first\r\n"
                          "--XyZ\r\n"
                          "Content-Disposition: form-data; name=\"note\"\r\n\r\n"
                          "a plain field\r\n"
                          "--XyZ  \r\n"
                          "content-disposition: form-data; name=\"images\"; filename=\"b \\\"q\\\".png\"\r\n"
                          "Content-Type: image/png\r\n\r\n"
                          "second\r\n"
                          "--XyZ--\r\nan epilogue";

/// Reads `body` in pieces of `pieceSize` bytes; the images, or throws the refusal.
std::vector<UploadedImage> readInPieces(const std::string& contentType, const std::string& body, size_t pieceSize,
                                        int maxImages = 16)
{
    ServiceLimits limits;
    limits.maxImagesPerRequest = maxImages;
    UploadReader reader(contentType, body.size(), limits);
    for (size_t at = 0; at < body.size(); at += pieceSize)
        reader.read(std::string_view(body).substr(at, pieceSize));
    return reader.images();
}

QString refusalOf(const std::string& contentType, const std::string& body, int maxImages = 16)
{
    try {
        readInPieces(contentType, body, 7, maxImages);
    } catch (const ServiceError& error) {
        return QString::fromLatin1(error.code()) + ": " + QString::fromUtf8(error.what());
    }
    return "accepted";
}

} // namespace

class UploadReaderTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void aFormReadsTheSameInPiecesOfAnySize_data()
    {
        QTest::addColumn<int>("pieceSize");
        for (int size : {1, 2, 3, 5, 8, 13, 64, 100000})
            QTest::newRow(qPrintable(QStringLiteral("%1-byte pieces").arg(size))) << size;
    }

    void aFormReadsTheSameInPiecesOfAnySize()
    {
        QFETCH(int, pieceSize);
        const auto images = readInPieces("multipart/form-data; boundary=XyZ", kForm, pieceSize);
        QCOMPARE(images.size(), size_t(2)); // the plain field is no image
        QCOMPARE(images[0].name, std::string("a.jpg"));
        QCOMPARE(images[0].bytes, std::string("first\r\n--Xy\r\n-still first"));
        QCOMPARE(images[1].name, std::string("b \"q\".png"));
        QCOMPARE(images[1].bytes, std::string("second"));
    }

    void aRawBodyIsOneImage()
    {
        const auto images = readInPieces("image/jpeg", "jpeg bytes", 3);
        QCOMPARE(images.size(), size_t(1));
        QVERIFY(images[0].isRequestBody);
        QCOMPARE(images[0].bytes, std::string("jpeg bytes"));
    }

    void badUploadsAreRefused_data()
    {
        QTest::addColumn<QString>("contentType");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("refusal");
        const QByteArray part = "--XyZ\r\nContent-Disposition: form-data; name=\"images\"; filename=\"a.jpg\"\r\n"
                                "Content-Type: image/jpeg\r\n\r\nbytes\r\n";
        const QString form = "multipart/form-data; boundary=XyZ";
        QTest::newRow("no closing boundary") << form << part << "bad_request: The multipart form ends before";
        QTest::newRow("header line without colon") << form << QByteArray("--XyZ\r\nbroken\r\n\r\nbytes\r\n--XyZ--")
                                                   << "bad_request: The multipart form is "
                                                      "malformed: a part's header line";
        QTest::newRow("boundary without line break") << form << QByteArray("--XyZjunk\r\n\r\nbytes\r\n--XyZ--")
                                                     << "bad_request: The multipart form is "
                                                        "malformed: a boundary";
        QTest::newRow("part header over 8 KiB") << form << "--XyZ\r\nX-Big: " + QByteArray(9000, 'a')
                                                << "bad_request: The multipart form is malformed: a part's header is";
        QTest::newRow("file name not UTF-8")
            << form
            << QByteArray("--XyZ\r\nContent-Disposition: form-data; name=\"images\"; filename=\"a\xff.jpg\"\r\n\r\n"
                          "bytes\r\n--XyZ--")
            << "bad_request: A file name in the form is not UTF-8";
        QTest::newRow("a text file") << form
                                     << QByteArray("--XyZ\r\nContent-Disposition: form-data; name=\"images\"; "
                                                   "filename=\"notes.txt\"\r\nContent-Type: text/plain\r\n\r\nwords\r\n"
                                                   "--XyZ--")
                                     << "unsupported_type: The file notes.txt is text/plain";
        QTest::newRow("five images, four allowed") << form << part + part + part + part + part + "--XyZ--"
                                                   << "too_large: The request holds more than 4 images";
        QTest::newRow("an empty body") << "image/png" << QByteArray() << "bad_request: The request body is empty";
        QTest::newRow("text as the body") << "text/plain" << QByteArray("words")
                                          << "unsupported_type: The body is "
                                             "text/plain";
    }

    void badUploadsAreRefused()
    {
        QFETCH(QString, contentType);
        QFETCH(QByteArray, body);
        QFETCH(QString, refusal);
        const QString got = refusalOf(contentType.toStdString(), body.toStdString(), 4);
        QVERIFY2(got.startsWith(refusal), qPrintable(got));
    }

    void aMultipartTypeNeedsABoundary()
    {
        QVERIFY(refusalOf("multipart/form-data", "")
                    .startsWith("bad_request: A multipart/form-data body needs a "
                                "boundary"));
    }

    void anUploadPastTheLimitIsRefusedAndNotKept()
    {
        ServiceLimits limits;
        limits.maxRequestBytes = 1000;
        UploadReader reader("image/png", std::nullopt, limits);
        const std::string block(600, 'x');
        QVERIFY(reader.read(block));
        QVERIFY(reader.read(block)); // past the limit, still read (and dropped) for a while
        QVERIFY_THROWS_EXCEPTION(ServiceError, reader.images());
    }
};

QTEST_GUILESS_MAIN(UploadReaderTest)
#include "UploadReaderTest.moc"
