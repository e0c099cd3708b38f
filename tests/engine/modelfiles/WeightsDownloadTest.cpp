// fetchWeights against a real HTTP server on 127.0.0.1 (cpp-httplib): downloads checked against
// the SHA-256 prefix in the file name, and every way a download can fail or be cancelled leaving
// nothing under the final name and no temporary file; a server that sends too much or stalls is
// given up; torchvision's rule for the prefix.
#include "modelfiles/TorchHubWeights.h"
#include "modelfiles/WeightsDownload.h"

#include "DownloadServer.h"
#include "SmallDisk.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <thread>
#include <vector>

using namespace ampwb;

namespace {

constexpr size_t kWeightsBytes = 3 * 1024 * 1024 + 517;

std::string randomBytes(size_t size, unsigned seed)
{
    std::mt19937 random(seed);
    std::string bytes(size, '\0');
    for (char& byte : bytes)
        byte = static_cast<char>(random());
    return bytes;
}

/// The first 8 hex digits of the bytes' SHA-256 (by Qt, not by the code under test).
QString hashPrefixOf(const std::string& bytes)
{
    const QByteArray digest =
        QCryptographicHash::hash(QByteArray::fromStdString(bytes), QCryptographicHash::Sha256).toHex();
    return QString::fromLatin1(digest.left(8));
}

/// A prefix that is not `prefix`: its first digit changed.
QString otherPrefix(const QString& prefix)
{
    return (prefix.front() == QLatin1Char('0') ? QStringLiteral("1") : QStringLiteral("0")) + prefix.mid(1);
}

std::string readFile(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll().toStdString() : std::string();
}

void writeFile(const QString& path, const std::string& bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(bytes.data(), static_cast<qint64>(bytes.size())), static_cast<qint64>(bytes.size()));
}

/// Every entry of a folder, hidden ones included.
QStringList entriesOf(const QString& folder)
{
    return QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
}

struct Failure {
    bool thrown = false;
    bool cancelled = false;
    QString message;
};

Failure fetchExpectingFailure(const QString& url, const QString& destination,
                              const std::function<bool(const DownloadProgress&)>& progress = {})
{
    try {
        fetchWeights(url.toStdString(), destination.toStdString(), progress);
    } catch (const WeightsDownloadError& error) {
        return {true, error.cancelled(), QString::fromStdString(error.what())};
    }
    return {};
}

/// The progress calls seen, from any thread.
class ProgressLog {
public:
    bool record(const DownloadProgress& progress)
    {
        const std::lock_guard<std::mutex> lock(mutex);
        calls.push_back(progress);
        return true;
    }
    std::vector<DownloadProgress> seen() const
    {
        const std::lock_guard<std::mutex> lock(mutex);
        return calls;
    }

private:
    mutable std::mutex mutex;
    std::vector<DownloadProgress> calls;
};

} // namespace

class WeightsDownloadTest : public QObject {
    Q_OBJECT

private:
    const std::string weights = randomBytes(kWeightsBytes, 11);
    const QString name = QStringLiteral("weights-") + hashPrefixOf(weights) + QStringLiteral(".pth");
    std::unique_ptr<DownloadServer> server;
    std::unique_ptr<QTemporaryDir> scratch;

    /// The folder downloads go to (not there until a download creates it).
    QString folder() const { return scratch->filePath(QStringLiteral("hub/checkpoints")); }
    QString destination() const { return folder() + QLatin1Char('/') + name; }

private Q_SLOTS:
    void initTestCase() { server = std::make_unique<DownloadServer>(weights); }

    void init()
    {
        scratch = std::make_unique<QTemporaryDir>();
        QVERIFY(scratch->isValid());
    }

    void hashPrefixFollowsTorchvision_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QString>("prefix");
        // Each expected prefix is what torch.hub's HASH_REGEX, r'-([a-f0-9]*)\.', finds with re.search.
        // clang-format off
        QTest::newRow("resnet18-f37072fd.pth") << "resnet18-f37072fd.pth" << "f37072fd";
        QTest::newRow("efficientnet_b0_rwightman-3dd342df.pth") << "efficientnet_b0_rwightman-3dd342df.pth" << "3dd342df";
        QTest::newRow("my-model-a1b2.pt") << "my-model-a1b2.pt" << "a1b2";
        QTest::newRow("a-b-c0ffee.pth") << "a-b-c0ffee.pth" << "c0ffee";
        QTest::newRow("name-abc.tar-def.gz") << "name-abc.tar-def.gz" << "abc";
        QTest::newRow("model.pth") << "model.pth" << "";
        QTest::newRow("resnet18-F37072FD.pth") << "resnet18-F37072FD.pth" << "";
        QTest::newRow("x-12g4.pth") << "x-12g4.pth" << "";
        QTest::newRow("weights-.pth") << "weights-.pth" << "";
        QTest::newRow("resnet18-f37072fd") << "resnet18-f37072fd" << "";
        // clang-format on
    }

    void hashPrefixFollowsTorchvision()
    {
        QFETCH(QString, fileName);
        QFETCH(QString, prefix);
        QCOMPARE(QString::fromStdString(hashPrefixOfFileName(fileName.toStdString())), prefix);
    }

    void downloadsCheckedFile_data()
    {
        QTest::addColumn<QString>("route");
        QTest::addColumn<int>("requests");
        QTest::newRow("with its length") << "/file/" << 1;
        QTest::newRow("chunked, length unknown") << "/chunked/" << 1;
        QTest::newRow("redirected") << "/redirect/" << 2;
    }

    void downloadsCheckedFile()
    {
        QFETCH(QString, route);
        QFETCH(int, requests);
        ProgressLog progress;
        const int requestsBefore = server->requestCount();
        const FetchOutcome outcome = fetchWeights(server->url(route + name).toStdString(), destination().toStdString(),
                                                  [&](const DownloadProgress& p) { return progress.record(p); });
        QVERIFY(outcome == FetchOutcome::Downloaded);
        QVERIFY(readFile(destination()) == weights);
        QCOMPARE(entriesOf(folder()), QStringList{name});
        QCOMPARE(server->requestCount() - requestsBefore, requests);

        const std::vector<DownloadProgress> calls = progress.seen();
        QVERIFY(!calls.empty());
        QCOMPARE(calls.back().receivedBytes, int64_t(kWeightsBytes));
        QCOMPARE(calls.back().totalBytes, int64_t(kWeightsBytes));
        for (size_t i = 0; i < calls.size(); ++i) {
            QVERIFY(calls[i].totalBytes == -1 || calls[i].totalBytes == int64_t(kWeightsBytes));
            QVERIFY(i == 0 || calls[i].receivedBytes >= calls[i - 1].receivedBytes);
        }
    }

    void refusesFileWhoseHashDoesNotMatch()
    {
        const QString prefix = otherPrefix(hashPrefixOf(weights));
        const QString misnamed = folder() + QStringLiteral("/weights-") + prefix + QStringLiteral(".pth");
        const Failure failure = fetchExpectingFailure(server->url(QStringLiteral("/file/") + name), misnamed);
        QVERIFY(failure.thrown && !failure.cancelled);
        QVERIFY2(failure.message.contains(QStringLiteral("does not start with ") + prefix)
                     && failure.message.contains(QLatin1String("nothing was saved")),
                 qPrintable(failure.message));
        QCOMPARE(entriesOf(folder()), QStringList());
    }

    void droppedConnectionLeavesNothing()
    {
        const QString url = server->url(QStringLiteral("/half/") + name);
        const Failure failure = fetchExpectingFailure(url, destination());
        QVERIFY(failure.thrown && !failure.cancelled);
        QVERIFY2(failure.message.contains(url) && failure.message.contains(QLatin1String("broke off"))
                     && failure.message.contains(QStringLiteral("put it in ") + folder()),
                 qPrintable(failure.message));
        QCOMPARE(entriesOf(folder()), QStringList());
    }

    void httpErrorNamesStatusAndUrl()
    {
        const QString url = server->url(QStringLiteral("/nothing-here/") + name);
        const Failure failure = fetchExpectingFailure(url, destination());
        QVERIFY(failure.thrown && !failure.cancelled);
        QVERIFY2(failure.message.contains(QLatin1String("HTTP 404")) && failure.message.contains(url)
                     && failure.message.contains(QStringLiteral("put it in ") + folder()),
                 qPrintable(failure.message));
        QCOMPARE(entriesOf(folder()), QStringList());
    }

    void nothingListeningNamesUrlAndFolder()
    {
        const QString url = DownloadServer::unreachableUrl(QStringLiteral("/file/") + name);
        const Failure failure = fetchExpectingFailure(url, destination());
        QVERIFY(failure.thrown && !failure.cancelled);
        QVERIFY2(failure.message.contains(QStringLiteral("Cannot connect to ") + url)
                     && failure.message.contains(QStringLiteral("put it in ") + folder()),
                 qPrintable(failure.message));
        QCOMPARE(entriesOf(folder()), QStringList());
    }

    void validFileAlreadyThereIsKeptWithoutRequest()
    {
        writeFile(destination(), weights);
        const DownloadServer untouched(weights);
        bool progressCalled = false;
        const FetchOutcome outcome = fetchWeights(untouched.url(QStringLiteral("/file/") + name).toStdString(),
                                                  destination().toStdString(), [&](const DownloadProgress&) {
                                                      progressCalled = true;
                                                      return true;
                                                  });
        QVERIFY(outcome == FetchOutcome::AlreadyThere);
        QCOMPARE(untouched.requestCount(), 0);
        QVERIFY(!progressCalled);
        QVERIFY(readFile(destination()) == weights);
    }

    void fileThatDoesNotMatchIsReplaced()
    {
        writeFile(destination(), "old weights");
        const FetchOutcome outcome = fetchWeights(server->url(QStringLiteral("/file/") + name).toStdString(),
                                                  destination().toStdString());
        QVERIFY(outcome == FetchOutcome::Downloaded);
        QVERIFY(readFile(destination()) == weights);
        QCOMPARE(entriesOf(folder()), QStringList{name});
    }

    void cancelFromProgressLeavesNothing()
    {
        int calls = 0;
        const Failure failure = fetchExpectingFailure(server->url(QStringLiteral("/file/") + name), destination(),
                                                      [&](const DownloadProgress&) { return ++calls < 2; });
        QVERIFY(failure.thrown);
        QVERIFY2(failure.cancelled && failure.message.contains(QLatin1String("cancelled")),
                 qPrintable(failure.message));
        QCOMPARE(calls, 2);
        QCOMPARE(entriesOf(folder()), QStringList());
    }

    void cancelFromAnotherThreadStopsStalledDownload()
    {
        ProgressLog progress;
        std::atomic<bool> cancelRequested{false};
        Failure failure;
        std::thread worker([&] {
            failure = fetchExpectingFailure(server->url(QStringLiteral("/stalled/") + name), destination(),
                                            [&](const DownloadProgress& p) {
                                                progress.record(p);
                                                return !cancelRequested;
                                            });
        });
        QTRY_VERIFY_WITH_TIMEOUT(!progress.seen().empty() && progress.seen().back().receivedBytes > 0, 20000);
        QElapsedTimer sinceCancel;
        sinceCancel.start();
        cancelRequested = true;
        worker.join();
        QVERIFY2(sinceCancel.elapsed() < 5000, qPrintable(QString::number(sinceCancel.elapsed())));
        QVERIFY2(failure.thrown && failure.cancelled, qPrintable(failure.message));
        QCOMPARE(entriesOf(folder()), QStringList());
    }

    void endlessDownloadStopsAtTheLimit_data()
    {
        QTest::addColumn<QString>("route");
        QTest::addColumn<QString>("problem");
        QTest::newRow("no length, endless") << "/endless/"
                                            << "went past 64.0 MB, the most that weights may take";
        QTest::newRow("announces 1 GiB") << "/huge/"
                                         << "The server announces more than 64.0 MB for ";
    }

    void endlessDownloadStopsAtTheLimit()
    {
        QFETCH(QString, route);
        QFETCH(QString, problem);
        const QString url = server->url(route + name);
        int64_t mostReceived = 0;
        QElapsedTimer clock;
        clock.start();
        // Stops at twice the limit itself, so that a download without one cannot fill the disk.
        const Failure failure = fetchExpectingFailure(url, destination(), [&](const DownloadProgress& p) {
            mostReceived = std::max(mostReceived, p.receivedBytes);
            return p.receivedBytes <= 2 * kLargestWeightsDownloadBytes;
        });
        qInfo("after %lld ms: %s", static_cast<long long>(clock.elapsed()), qPrintable(failure.message));
        QVERIFY2(failure.thrown && !failure.cancelled, qPrintable(failure.message));
        QVERIFY2(failure.message.contains(problem) && failure.message.contains(url)
                     && failure.message.contains(QLatin1String("it is not the expected file"))
                     && failure.message.contains(QStringLiteral("put it in ") + folder()),
                 qPrintable(failure.message));
        QVERIFY2(mostReceived <= kLargestWeightsDownloadBytes, qPrintable(QString::number(mostReceived)));
        QVERIFY2(clock.elapsed() < 60000, qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(entriesOf(folder()), QStringList());
    }

    void stalledServerIsGivenUp()
    {
        // One byte a second: under 1 kB/s, given up after AMPWB_DOWNLOAD_STALL_SECONDS (30 s in use).
        qputenv("AMPWB_DOWNLOAD_STALL_SECONDS", "2");
        const QString url = server->url(QStringLiteral("/trickle/") + name);
        QElapsedTimer clock;
        clock.start();
        const Failure failure = fetchExpectingFailure(url, destination(), [&](const DownloadProgress&) {
            return clock.elapsed() < 30000; // a download that is never given up fails here, not in an hour
        });
        const qint64 elapsed = clock.elapsed();
        qunsetenv("AMPWB_DOWNLOAD_STALL_SECONDS");
        qInfo("after %lld ms: %s", static_cast<long long>(elapsed), qPrintable(failure.message));
        QVERIFY2(failure.thrown && !failure.cancelled, qPrintable(failure.message));
        QVERIFY2(failure.message.contains(QStringLiteral("The download of ") + url
                                          + QStringLiteral(" stalled: less than 1 kB/s arrived for 2 s"))
                     && failure.message.contains(QStringLiteral("put it in ") + folder()),
                 qPrintable(failure.message));
        QVERIFY2(elapsed >= 1500 && elapsed < 15000, qPrintable(QString::number(elapsed)));
        QCOMPARE(entriesOf(folder()), QStringList());
    }

    void failedDownloadKeepsExistingFile_data()
    {
        QTest::addColumn<QString>("route");
        QTest::addColumn<bool>("cancel");
        QTest::newRow("connection dropped") << "/half/" << false;
        QTest::newRow("HTTP 404") << "/nothing-here/" << false;
        QTest::newRow("cancelled") << "/file/" << true;
    }

    void failedDownloadKeepsExistingFile()
    {
        QFETCH(QString, route);
        QFETCH(bool, cancel);
        writeFile(destination(), "old weights");
        const Failure failure = fetchExpectingFailure(server->url(route + name), destination(),
                                                      [&](const DownloadProgress&) { return !cancel; });
        QVERIFY(failure.thrown);
        QCOMPARE(failure.cancelled, cancel);
        QVERIFY(readFile(destination()) == "old weights");
        QCOMPARE(entriesOf(folder()), QStringList{name});
    }

    void fullDiskSavesNothing()
    {
        const QString small = scratch->filePath(QStringLiteral("small"));
        const SmallDisk disk(small, 1024 * 1024);
        if (!disk.mounted)
            QSKIP(qPrintable(QStringLiteral("mounting a small tmpfs needs root: %1").arg(disk.error)));
        const QString onDisk = small + QLatin1Char('/') + name;
        const Failure failure = fetchExpectingFailure(server->url(QStringLiteral("/file/") + name), onDisk);
        QVERIFY(failure.thrown && !failure.cancelled);
        QVERIFY2(failure.message.contains(QStringLiteral("The disk holding ") + small + QStringLiteral(" is full")),
                 qPrintable(failure.message));
        QCOMPARE(entriesOf(small), QStringList());
    }

    void folderThatCannotBeMadeIsReported()
    {
        writeFile(scratch->filePath(QStringLiteral("hub")), "a file where the folder should be");
        const int requestsBefore = server->requestCount();
        const Failure failure = fetchExpectingFailure(server->url(QStringLiteral("/file/") + name), destination());
        QVERIFY(failure.thrown && !failure.cancelled);
        QVERIFY2(failure.message.contains(QStringLiteral("Cannot create the folder ") + folder()),
                 qPrintable(failure.message));
        QCOMPARE(server->requestCount(), requestsBefore);
    }

    void imageNetDownloadPathIsTorchHubsFirstFolder()
    {
        const char* const variables[] = {"TORCH_HOME", "XDG_CACHE_HOME", "HOME"};
        std::vector<std::optional<QByteArray>> saved;
        for (const char* variable : variables)
            saved.push_back(qEnvironmentVariableIsSet(variable) ? std::optional(qgetenv(variable)) : std::nullopt);

        qputenv("TORCH_HOME", scratch->path().toUtf8());
        const std::string inTorchHome = torchvisionResNet18DownloadPath();
        for (const char* variable : variables)
            qunsetenv(variable);
        bool refused = false;
        try {
            torchvisionResNet18DownloadPath();
        } catch (const std::runtime_error&) {
            refused = true;
        }
        for (size_t i = 0; i < saved.size(); ++i) {
            if (saved[i])
                qputenv(variables[i], *saved[i]);
        }
        QCOMPARE(QString::fromStdString(inTorchHome),
                 scratch->path() + QStringLiteral("/hub/checkpoints/resnet18-f37072fd.pth"));
        QVERIFY(refused);
    }
};

QTEST_GUILESS_MAIN(WeightsDownloadTest)
#include "WeightsDownloadTest.moc"
