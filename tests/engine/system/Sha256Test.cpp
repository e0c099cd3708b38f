// Sha256 against the NIST example messages (whole and in pieces), and sha256OfFile against
// Debian's sha256sum on a real file of several read buffers.
#include "system/Sha256.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <random>
#include <stdexcept>
#include <string>

using namespace ampwb;

namespace {

std::string digestOf(const std::string& message)
{
    Sha256 sha256;
    sha256.update(message);
    return sha256.hexDigest();
}

} // namespace

class Sha256Test : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void nistExamples_data()
    {
        QTest::addColumn<QString>("message");
        QTest::addColumn<QString>("digest");
        // clang-format off
        QTest::newRow("empty") << QString() << "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
        QTest::newRow("abc") << "abc" << "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
        QTest::newRow("448 bits") << "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
                                  << "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1";
        // clang-format on
    }

    void nistExamples()
    {
        QFETCH(QString, message);
        QFETCH(QString, digest);
        QCOMPARE(QString::fromStdString(digestOf(message.toStdString())), digest);
    }

    void millionAsFedInPieces()
    {
        Sha256 sha256;
        const std::string as(997, 'a');
        size_t fed = 0;
        for (size_t piece = 1; fed < 1000000; piece = piece * 3 % 997 + 1) {
            const size_t count = std::min(piece, 1000000 - fed);
            sha256.update(std::string_view(as).substr(0, count));
            fed += count;
        }
        QCOMPARE(QString::fromStdString(sha256.hexDigest()),
                 QStringLiteral("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));
    }

    void digestSoFarLetsTheMessageGoOn()
    {
        Sha256 sha256;
        sha256.update("ab");
        QCOMPARE(QString::fromStdString(sha256.hexDigest()), QString::fromStdString(digestOf("ab")));
        sha256.update("c");
        QCOMPARE(QString::fromStdString(sha256.hexDigest()),
                 QStringLiteral("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    }

    void fileDigestMatchesSha256sum()
    {
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        const QString path = folder.filePath(QStringLiteral("weights.bin"));
        std::mt19937 random(7);
        QByteArray bytes(3 * 1024 * 1024 + 123, Qt::Uninitialized);
        for (char& byte : bytes)
            byte = static_cast<char>(random());
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write(bytes), bytes.size());
        file.close();

        QProcess sha256sum;
        sha256sum.start(QStringLiteral("sha256sum"), {path});
        QVERIFY2(sha256sum.waitForFinished(60000) && sha256sum.exitCode() == 0, qPrintable(sha256sum.errorString()));
        const QString expected = QString::fromLatin1(sha256sum.readAllStandardOutput()).section(QLatin1Char(' '), 0, 0);
        QCOMPARE(expected.size(), 64);
        QCOMPARE(QString::fromStdString(sha256OfFile(path.toStdString())), expected);
    }

    void unreadableFileThrowsNamingIt_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("missing") << "no-such-file.pth";
        QTest::newRow("folder") << "a-folder";
    }

    void unreadableFileThrowsNamingIt()
    {
        QFETCH(QString, name);
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        QVERIFY(QDir(folder.path()).mkdir(QStringLiteral("a-folder")));
        const std::string path = folder.filePath(name).toStdString();
        try {
            sha256OfFile(path);
            QFAIL("no exception");
        } catch (const std::runtime_error& error) {
            QVERIFY2(std::string(error.what()).find(path) != std::string::npos, error.what());
        }
    }
};

QTEST_GUILESS_MAIN(Sha256Test)
#include "Sha256Test.moc"
