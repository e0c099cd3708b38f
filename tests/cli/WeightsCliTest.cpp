// `amp-workbench-cli weights fetch imagenet` as a user runs it, against a real HTTP server on
// 127.0.0.1, with TORCH_HOME pointing at a scratch folder: a file that is not torchvision's is
// refused, an unreachable URL is named with the folder to put the file in, a server that sends
// without end or stalls is given up, usage mistakes exit 2.
// (The real file cannot be served here; WeightsDownloadTest covers a successful download.)
#include "CliProcess.h"
#include "DownloadServer.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <memory>

namespace {

const QString kFileName = QStringLiteral("resnet18-f37072fd.pth");

/// Every entry of a folder, hidden ones included (none when it does not exist).
QStringList entriesOf(const QString& folder)
{
    return QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
}

} // namespace

class WeightsCliTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir scratch;
    std::unique_ptr<DownloadServer> server;

    QString checkpoints() const { return scratch.filePath(QStringLiteral("torch/hub/checkpoints")); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(scratch.isValid());
        QVERIFY2(QFileInfo(cliPath()).isExecutable(), qPrintable(cliPath()));
        // The CLI inherits this; torch hub's first folder is then TORCH_HOME/hub/checkpoints.
        qputenv("TORCH_HOME", scratch.filePath(QStringLiteral("torch")).toUtf8());
        const QByteArray notTorchvisions(2 * 1024 * 1024, 'w');
        QVERIFY(!QCryptographicHash::hash(notTorchvisions, QCryptographicHash::Sha256).toHex().startsWith("f37072fd"));
        server = std::make_unique<DownloadServer>(notTorchvisions.toStdString());
    }

    void fileThatIsNotTorchvisionsIsRefused_data()
    {
        QTest::addColumn<bool>("quiet");
        QTest::newRow("progress line") << false;
        QTest::newRow("--quiet") << true;
    }

    void fileThatIsNotTorchvisionsIsRefused()
    {
        QFETCH(bool, quiet);
        QStringList arguments{"weights", "fetch", "imagenet", "--url", server->url("/file/" + kFileName)};
        if (quiet)
            arguments << QStringLiteral("--quiet");
        const CliResult result = runCli(arguments, scratch.path(), 120000);
        QVERIFY2(result.finished && result.status == QProcess::NormalExit && result.exitCode == 1,
                 qPrintable(result.describe()));
        QVERIFY2(result.err.contains(QLatin1String("\nerror: ")) || result.err.startsWith(QLatin1String("error: ")),
                 qPrintable(result.describe()));
        QVERIFY2(result.err.contains(QLatin1String("does not start with f37072fd")), qPrintable(result.describe()));
        QVERIFY2(result.out.isEmpty(), qPrintable(result.describe()));
        QCOMPARE(result.err.contains(QStringLiteral("Downloading ") + kFileName), !quiet);
        if (!quiet)
            QVERIFY2(result.err.contains(QLatin1String("2.0 of 2.0 MB (100 %)  \nerror: ")),
                     qPrintable(result.describe()));
        QCOMPARE(entriesOf(checkpoints()), QStringList());
    }

    void serverThatDoesNotStopOrStallsIsGivenUp_data()
    {
        QTest::addColumn<QString>("route");
        QTest::addColumn<QString>("stallSeconds");
        QTest::addColumn<QString>("problem");
        QTest::newRow("endless, no length") << "/endless/"
                                            << ""
                                            << "went past 64.0 MB";
        QTest::newRow("one byte a second") << "/trickle/"
                                           << "3"
                                           << "stalled: less than 1 kB/s arrived for 3 s";
    }

    void serverThatDoesNotStopOrStallsIsGivenUp()
    {
        QFETCH(QString, route);
        QFETCH(QString, stallSeconds);
        QFETCH(QString, problem);
        QDir(checkpoints()).removeRecursively();
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        if (!stallSeconds.isEmpty())
            environment.insert(QStringLiteral("AMPWB_DOWNLOAD_STALL_SECONDS"), stallSeconds);
        process.setProcessEnvironment(environment);
        QElapsedTimer clock;
        clock.start();
        process.start(cliPath(), {"weights", "fetch", "imagenet", "--quiet", "--url", server->url(route + kFileName)});
        QVERIFY(process.waitForStarted());
        // The .partial's size as the download goes; the CLI is stopped at twice the limit, or after 45 s, so
        // that a download without a limit cannot fill the disk or hang the suite.
        qint64 largest = 0;
        while (!process.waitForFinished(20)) {
            for (const QFileInfo& file : QDir(checkpoints()).entryInfoList(QDir::Files | QDir::Hidden))
                largest = std::max(largest, file.size());
            if (largest > 2 * (qint64(64) << 20) || clock.elapsed() > 45000) {
                process.kill();
                process.waitForFinished();
                break;
            }
        }
        const qint64 elapsed = clock.elapsed();
        const QString errors = QString::fromLocal8Bit(process.readAllStandardError());
        qInfo("after %lld ms, the largest file was %lld bytes: %s", static_cast<long long>(elapsed),
              static_cast<long long>(largest), qPrintable(errors.trimmed()));
        QVERIFY2(process.exitStatus() == QProcess::NormalExit && process.exitCode() == 1, qPrintable(errors));
        QVERIFY2(errors.contains(problem) && errors.contains(QLatin1String("Nothing was saved")), qPrintable(errors));
        QVERIFY2(largest <= (qint64(64) << 20), qPrintable(QString::number(largest)));
        QVERIFY2(elapsed < 30000, qPrintable(QString::number(elapsed)));
        QCOMPARE(entriesOf(checkpoints()), QStringList());
    }

    void unreachableUrlNamesItAndTheFolder()
    {
        const QString url = DownloadServer::unreachableUrl("/models/" + kFileName);
        const CliResult result = runCli({"weights", "fetch", "imagenet", "--url", url}, scratch.path(), 120000);
        QVERIFY2(result.finished && result.status == QProcess::NormalExit && result.exitCode == 1,
                 qPrintable(result.describe()));
        QVERIFY2(result.err.contains(url) && result.err.contains(checkpoints()), qPrintable(result.describe()));
        QCOMPARE(entriesOf(checkpoints()), QStringList());
    }

    void usageMistakesExitWithTwo_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("no action") << QStringList{"weights"} << "weights fetch imagenet";
        QTest::newRow("unknown action") << QStringList{"weights", "download", "imagenet"} << "download";
        QTest::newRow("no name") << QStringList{"weights", "fetch"} << "imagenet";
        QTest::newRow("unknown name") << QStringList{"weights", "fetch", "cifar10"} << "cifar10";
        QTest::newRow("one too many") << QStringList{"weights", "fetch", "imagenet", "extra"} << "extra";
        QTest::newRow("unknown option") << QStringList{"weights", "fetch", "imagenet", "--mirror"} << "--mirror";
    }

    void usageMistakesExitWithTwo()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, mentions);
        const int requestsBefore = server->requestCount();
        const CliResult result = runCli(arguments, scratch.path(), 60000);
        QVERIFY2(result.finished && result.status == QProcess::NormalExit && result.exitCode == 2,
                 qPrintable(result.describe()));
        QVERIFY2(result.err.contains(mentions) && result.err.contains(QLatin1String("weights --help")),
                 qPrintable(result.describe()));
        QCOMPARE(server->requestCount(), requestsBefore);
    }

    void helpExplainsTheCommand()
    {
        const CliResult top = runCli({"--help"}, scratch.path(), 60000);
        QVERIFY2(top.finished && top.exitCode == 0 && top.out.contains(QLatin1String("weights fetch imagenet")),
                 qPrintable(top.describe()));
        const CliResult help = runCli({"weights", "--help"}, scratch.path(), 60000);
        QVERIFY2(help.finished && help.exitCode == 0, qPrintable(help.describe()));
        for (const char* mentioned : {"--url", "--quiet", "hub/checkpoints", "f37072fd", "download.pytorch.org"})
            QVERIFY2(help.out.contains(QLatin1String(mentioned)), mentioned);
    }
};

QTEST_GUILESS_MAIN(WeightsCliTest)
#include "WeightsCliTest.moc"
