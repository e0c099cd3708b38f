// amp-workbench-cli serve over real HTTP on loopback (cpp-httplib's client): JSON answers
// for real photos equal `classify --json`, batches, every refusal with its status and
// JSON body (never a library's internal text), memory that stays bounded under oversized
// uploads and batches of huge images, Host and Origin checks, the access token, 503
// back-pressure, and a clean stop on SIGTERM.
#include "BlackPng.h"
#include "ServeTestSupport.h"

#include <httplib.h>

#include <QJsonArray>
#include <QJsonObject>
#include <QThread>

#include <atomic>
#include <thread>

using namespace ampwb::test;

namespace {

QJsonObject jsonOf(const httplib::Result& result)
{
    return result ? QJsonDocument::fromJson(QByteArray::fromStdString(result->body)).object() : QJsonObject{};
}

std::string fileBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll().toStdString() : std::string{};
}

/// Resident and peak resident memory of a process, in MiB, from /proc/PID/status.
qint64 memoryMiB(qint64 pid, const char* field)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith(field))
            return line.mid(static_cast<int>(qstrlen(field))).trimmed().split(' ').value(0).toLongLong() / 1024;
    }
    return -1;
}

} // namespace

class ServeApiTest : public QObject, private ReferenceScratch {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        // A server that answers before reading a whole upload may close the connection
        // while the client still sends; the client must see an error, not die of SIGPIPE.
        std::signal(SIGPIPE, SIG_IGN);
        if (!findReference(3))
            return;
        QCOMPARE(writePrototypeModel(directory.path(), photos), QString());
        QCOMPARE(server.start({"--model", path("ten.pth"), "--labels", path("ten.txt"), "--max-request-mb", "8",
                               "--max-images", "4"}),
                 QString());
    }

    void cleanupTestCase()
    {
        if (server.port == 0)
            return;
        QCOMPARE(server.stop(SIGTERM), 0);
        QVERIFY2(server.output.contains("Stopped."), server.output.constData());
    }

    void healthAndModelDescribeTheService()
    {
        requireServer();
        httplib::Client client = makeClient();
        const auto health = client.Get("/healthz");
        QVERIFY(health);
        QCOMPARE(health->status, 200);
        QCOMPARE(jsonOf(health).value("status").toString(), QString("ok"));

        const auto model = client.Get("/v1/model");
        QVERIFY(model);
        QCOMPARE(model->status, 200);
        QCOMPARE(QString::fromStdString(model->get_header_value("Content-Type")), QString("application/json"));
        const QJsonObject document = jsonOf(model);
        QCOMPARE(document.value("class_count").toInt(), 10);
        QCOMPARE(document.value("classes").toArray().at(3).toString(), QString("photo-3"));
        QCOMPARE(document.value("input_size").toInt(), 224);
        QCOMPARE(document.value("preprocessing").toObject().value("resize").toInt(), 256);
        QCOMPARE(document.value("precision").toString(), QString("fp32"));
        QCOMPARE(document.value("limits").toObject().value("max_request_bytes").toInteger(), qint64(8) << 20);
    }

    void pageIsServedWithoutOutsideAssets()
    {
        requireServer();
        httplib::Client client = makeClient();
        const auto page = client.Get("/");
        QVERIFY(page);
        QCOMPARE(page->status, 200);
        QVERIFY(QString::fromStdString(page->get_header_value("Content-Type")).startsWith("text/html"));
        const QString html = QString::fromStdString(page->body);
        QVERIFY(html.contains("v1/classify") && html.contains("navigator.languages") && html.contains("图像分类"));
        QVERIFY2(!html.contains("http://") && !html.contains("https://") && !html.contains("//cdn"),
                 "the page must work offline");
    }

    void photosAreClassifiedAsTheCliDoes()
    {
        requireServer();
        QProcess cli;
        cli.start(QStringLiteral(AMPWB_CLI_PATH),
                  QStringList{"classify", "--model", path("ten.pth"), "--labels", path("ten.txt"), "--json"} + photos);
        QVERIFY(cli.waitForFinished(300000));
        QCOMPARE(cli.exitCode(), 0);
        const QJsonArray expected =
            QJsonDocument::fromJson(cli.readAllStandardOutput()).object().value("images").toArray();

        httplib::Client client = makeClient();
        for (int k = 0; k < photos.size(); ++k) {
            const auto result = client.Post("/v1/classify", fileBytes(photos[k]), "image/jpeg");
            QVERIFY(result);
            QCOMPARE(result->status, 200);
            const QJsonObject answer = jsonOf(result);
            QVERIFY(answer.value("model").toString().contains("ten.pth"));
            QVERIFY(answer.value("ms").toDouble() > 0.0);
            const QJsonArray top = answer.value("top").toArray();
            const QJsonArray cliTop = expected.at(k).toObject().value("top").toArray();
            QCOMPARE(top.size(), 5);
            QCOMPARE(top.at(0).toObject().value("index").toInt(), k); // the prototype head knows photo k
            QCOMPARE(top.at(0).toObject().value("label").toString(), QString("photo-%1").arg(k));
            for (int rank = 0; rank < 5; ++rank) {
                const QJsonObject entry = top.at(rank).toObject();
                QCOMPARE(entry.value("index").toInt(), cliTop.at(rank).toObject().value("index").toInt());
                QCOMPARE(entry.value("label").toString(), cliTop.at(rank).toObject().value("label").toString());
                QVERIFY(
                    qAbs(entry.value("prob").toDouble() - cliTop.at(rank).toObject().value("probability").toDouble())
                    < 1e-5);
            }
        }
    }

    void aBatchIsOneMultipartRequest()
    {
        requireServer();
        httplib::MultipartFormDataItems items;
        for (int k = 0; k < photos.size(); ++k)
            items.push_back(
                {"images", fileBytes(photos[k]), QFileInfo(photos[k]).fileName().toStdString(), "image/jpeg"});
        items.push_back({"note", "a plain form field is ignored", "", ""});
        httplib::Client client = makeClient();
        const auto result = client.Post("/v1/classify", items);
        QVERIFY(result);
        QCOMPARE(result->status, 200);
        const QJsonArray results = jsonOf(result).value("results").toArray();
        QCOMPARE(results.size(), photos.size());
        for (int k = 0; k < photos.size(); ++k) {
            const QJsonObject image = results.at(k).toObject();
            QCOMPARE(image.value("name").toString(), QFileInfo(photos[k]).fileName());
            QCOMPARE(image.value("top").toArray().at(0).toObject().value("index").toInt(), k);
            QVERIFY(image.value("ms").toDouble() > 0.0);
        }
    }

    void badInputIsRefusedWithItsStatus_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("error");
        QTest::newRow("text file as text/plain") << "text-plain" << 415 << "unsupported_type";
        QTest::newRow("text file as a multipart part") << "text-part" << 415 << "unsupported_type";
        QTest::newRow("text file labelled image/jpeg") << "text-as-jpeg" << 400 << "not_an_image";
        QTest::newRow("truncated JPEG") << "truncated-jpeg" << 400 << "not_an_image";
        QTest::newRow("empty body") << "empty" << 400 << "bad_request";
        QTest::newRow("50 MB body") << "50mb" << 413 << "too_large";
        QTest::newRow("50 MB body, chunked") << "50mb-chunked" << 413 << "too_large";
        QTest::newRow("30000x30000 PNG") << "huge-png" << 413 << "too_large";
        QTest::newRow("60000x60000 PGM") << "huge-pgm" << 413 << "too_large";
        QTest::newRow("PGM with a comment, 60000x60000") << "huge-pgm-comment" << 413 << "too_large";
        QTest::newRow("five images, four allowed") << "five-images" << 413 << "too_large";
        QTest::newRow("file name with byte 0xFF") << "name-not-utf8" << 400 << "bad_request";
        QTest::newRow("a PAM (P7) image: a format whose size is not checked") << "pam" << 400 << "not_an_image";
    }

    void badInputIsRefusedWithItsStatus()
    {
        requireServer();
        QFETCH(QString, kind);
        QFETCH(int, status);
        QFETCH(QString, error);
        const std::string text = "These are words, not pixels.\n";
        const std::string jpeg = fileBytes(photos[0]);
        httplib::Client client = makeClient();
        httplib::Result result{nullptr, httplib::Error::Unknown};
        if (kind == "text-plain") {
            result = client.Post("/v1/classify", text, "text/plain");
        } else if (kind == "text-part") {
            result = client.Post("/v1/classify",
                                 httplib::MultipartFormDataItems{{"images", text, "notes.txt", "text/plain"}});
        } else if (kind == "text-as-jpeg") {
            result = client.Post("/v1/classify", text, "image/jpeg");
        } else if (kind == "truncated-jpeg") {
            result = client.Post("/v1/classify", jpeg.substr(0, jpeg.size() / 2), "image/jpeg");
        } else if (kind == "empty") {
            result = client.Post("/v1/classify", std::string(), "image/jpeg");
        } else if (kind == "50mb" || kind == "50mb-chunked") {
            const size_t total = size_t(50) << 20;
            const std::string block(1 << 20, 'x');
            if (kind == "50mb") {
                result = client.Post(
                    "/v1/classify", total,
                    [&](size_t offset, size_t length, httplib::DataSink& sink) {
                        return sink.write(block.data(), std::min(length, block.size()));
                    },
                    "image/jpeg");
            } else {
                result = client.Post(
                    "/v1/classify",
                    [&](size_t offset, httplib::DataSink& sink) {
                        if (offset >= total)
                            sink.done();
                        else
                            sink.write(block.data(), block.size());
                        return true;
                    },
                    "image/jpeg");
            }
        } else if (kind == "huge-png") {
            const QByteArray png = blackPng(30000);
            QVERIFY2(png.size() < 2 << 20, "the test PNG should be small on disk");
            result = client.Post("/v1/classify", png.toStdString(), "image/png");
        } else if (kind == "huge-pgm" || kind == "huge-pgm-comment") {
            const std::string header = kind == "huge-pgm" ? "P5\n60000 60000\n255\n"
                                                          : "P5\n# made by hand\n60000\n60000 255\n";
            result = client.Post("/v1/classify", header + std::string(64, '\0'), "image/x-portable-graymap");
        } else if (kind == "pam") {
            const std::string pam = "P7\nWIDTH 2\nHEIGHT 2\nDEPTH 3\nMAXVAL 255\nTUPLTYPE RGB\nENDHDR\n";
            result = client.Post("/v1/classify", pam + std::string(12, '\x80'), "image/x-portable-arbitrarymap");
        } else if (kind == "name-not-utf8") {
            result = client.Post("/v1/classify",
                                 httplib::MultipartFormDataItems{{"images", jpeg, "photo\xff.jpg", "image/jpeg"}});
        } else if (kind == "five-images") {
            httplib::MultipartFormDataItems items;
            for (int i = 0; i < 5; ++i)
                items.push_back({"images", jpeg, "photo.jpg", "image/jpeg"});
            result = client.Post("/v1/classify", items);
        }
        QVERIFY2(result, qPrintable(QStringLiteral("no response: %1").arg(httplib::to_string(result.error()).c_str())));
        QCOMPARE(result->status, status);
        const QJsonObject body = jsonOf(result);
        QCOMPARE(body.value("error").toString(), error);
        const QString message = body.value("message").toString();
        QVERIFY(!message.isEmpty());
        // A library's own text (OpenCV's assertions, source paths) never reaches the client.
        QVERIFY2(!message.contains("OpenCV(") && !message.contains(".cpp") && !message.contains("error: ("),
                 qPrintable(message));
        // An image sent as the body has no file name: the message does not invent one.
        if (error == "not_an_image")
            QVERIFY2(message.contains("in the request body") && !message.contains("upload"), qPrintable(message));

        // The server lives on and still answers.
        httplib::Client after = makeClient();
        const auto health = after.Get("/healthz");
        QVERIFY(health && health->status == 200);
    }

    void oversizedUploadsLeaveMemoryBounded()
    {
        requireServer();
        const qint64 pid = server.processId();
        const qint64 before = memoryMiB(pid, "VmRSS:");
        QFile resetPeak(QStringLiteral("/proc/%1/clear_refs").arg(pid));
        if (!resetPeak.open(QIODevice::WriteOnly) || resetPeak.write("5") != 1)
            QSKIP("cannot reset the process's peak memory (/proc/PID/clear_refs)");
        resetPeak.close();

        httplib::Client client = makeClient();
        const std::string block(1 << 20, 'x');
        for (int round = 0; round < 3; ++round) {
            const auto big = client.Post(
                "/v1/classify", size_t(50) << 20,
                [&](size_t, size_t length, httplib::DataSink& sink) {
                    return sink.write(block.data(), std::min(length, block.size()));
                },
                "image/jpeg");
            QVERIFY(big && big->status == 413);
            const auto huge = client.Post("/v1/classify", blackPng(30000).toStdString(), "image/png");
            QVERIFY(huge && huge->status == 413);
        }
        const qint64 peak = memoryMiB(pid, "VmHWM:");
        QVERIFY2(peak - before < 40,
                 qPrintable(
                     QStringLiteral("resident memory grew from %1 MiB to a peak of %2 MiB").arg(before).arg(peak)));
    }

    void aBatchOfHugeImagesHoldsOneAtATime()
    {
        // Four 6000×6000 PNGs (36 MP each, under the 40 MP limit, 100 KB on the wire): each
        // is reduced to the model's input before the next is decoded, so the peak is one
        // decoded image and its resize (about 600 MB), not four (about 900 MB and more).
        requireServer();
        const qint64 pid = server.processId();
        const qint64 before = memoryMiB(pid, "VmRSS:");
        QFile resetPeak(QStringLiteral("/proc/%1/clear_refs").arg(pid));
        if (!resetPeak.open(QIODevice::WriteOnly) || resetPeak.write("5") != 1)
            QSKIP("cannot reset the process's peak memory (/proc/PID/clear_refs)");
        resetPeak.close();
        const std::string png = blackPng(6000).toStdString();
        httplib::MultipartFormDataItems items;
        for (int i = 0; i < 4; ++i)
            items.push_back({"images", png, QStringLiteral("black-%1.png").arg(i).toStdString(), "image/png"});
        httplib::Client client = makeClient();
        const auto result = client.Post("/v1/classify", items);
        QVERIFY(result);
        QCOMPARE(result->status, 200);
        QCOMPARE(jsonOf(result).value("results").toArray().size(), 4);
        const qint64 peak = memoryMiB(pid, "VmHWM:");
        QVERIFY2(peak - before < 760,
                 qPrintable(
                     QStringLiteral("resident memory grew from %1 MiB to a peak of %2 MiB").arg(before).arg(peak)));
    }

    void onlyThisMachineIsAcceptedAsHost_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<int>("status");
        QTest::newRow("attacker.example") << "attacker.example" << 421;
        QTest::newRow("attacker.example with the port") << "attacker.example:%1" << 421;
        QTest::newRow("localhost.attacker.example") << "localhost.attacker.example" << 421;
        QTest::newRow("127.0.0.1.attacker.example") << "127.0.0.1.attacker.example" << 421;
        QTest::newRow("localhost") << "localhost" << 200;
        QTest::newRow("LOCALHOST with the port") << "LOCALHOST:%1" << 200;
        QTest::newRow("127.0.0.1 with the port") << "127.0.0.1:%1" << 200;
        QTest::newRow("127.1.2.3") << "127.1.2.3" << 200;
        QTest::newRow("[::1] with the port") << "[::1]:%1" << 200;
    }

    void onlyThisMachineIsAcceptedAsHost()
    {
        requireServer();
        QFETCH(QString, host);
        QFETCH(int, status);
        httplib::Client client = makeClient();
        if (host.contains("%1"))
            host = host.arg(server.port);
        const auto result = client.Get("/healthz", httplib::Headers{{"Host", host.toStdString()}});
        QVERIFY(result);
        QCOMPARE(result->status, status);
        if (status == 421) {
            QCOMPARE(jsonOf(result).value("error").toString(), QString("wrong_host"));
            QVERIFY(jsonOf(result).value("message").toString().contains("this machine"));
        }
    }

    void postsFromOtherOriginsAreRefused_data()
    {
        QTest::addColumn<QString>("origin");
        QTest::addColumn<int>("status");
        QTest::newRow("another site") << "http://attacker.example" << 403;
        QTest::newRow("null (a file or sandboxed page)") << "null" << 403;
        QTest::newRow("this service, another port") << "http://127.0.0.1:1" << 403;
        QTest::newRow("this service's own page") << "http://127.0.0.1:%1" << 200;
        QTest::newRow("no Origin (not a browser)") << "" << 200;
    }

    void postsFromOtherOriginsAreRefused()
    {
        requireServer();
        QFETCH(QString, origin);
        QFETCH(int, status);
        httplib::Headers headers;
        if (origin.contains("%1"))
            origin = origin.arg(server.port);
        if (!origin.isEmpty())
            headers.emplace("Origin", origin.toStdString());
        httplib::Client client = makeClient();
        const auto result = client.Post("/v1/classify", headers,
                                        httplib::MultipartFormDataItems{
                                            {"images", fileBytes(photos[0]), "photo.jpg", "image/jpeg"}});
        QVERIFY(result);
        QCOMPARE(result->status, status);
        if (status == 403)
            QCOMPARE(jsonOf(result).value("error").toString(), QString("forbidden"));
    }

    void theAccessTokenIsRequired()
    {
        requireServer();
        QFile tokenFile(path("token.txt"));
        QVERIFY(tokenFile.open(QIODevice::WriteOnly));
        tokenFile.write("s3cret-token-42\n");
        tokenFile.close();
        ServeProcess guarded;
        QCOMPARE(guarded.start({"--model", path("ten.pth"), "--token", path("token.txt")}), QString());
        httplib::Client client(guarded.host.toStdString(), guarded.port);
        client.set_read_timeout(120, 0);
        const auto page = client.Get("/");
        QVERIFY(page && page->status == 200);
        const auto health = client.Get("/healthz");
        QVERIFY(health && health->status == 200);

        const auto withoutToken = client.Get("/v1/model");
        QVERIFY(withoutToken);
        QCOMPARE(withoutToken->status, 401);
        QCOMPARE(QString::fromStdString(withoutToken->get_header_value("WWW-Authenticate")), QString("Bearer"));
        QCOMPARE(jsonOf(withoutToken).value("error").toString(), QString("unauthorized"));
        const auto wrongToken = client.Get("/v1/model", httplib::Headers{{"Authorization", "Bearer s3cret-token-41"}});
        QVERIFY(wrongToken && wrongToken->status == 401);
        const auto postWithoutToken = client.Post("/v1/classify", fileBytes(photos[0]), "image/jpeg");
        QVERIFY(postWithoutToken && postWithoutToken->status == 401);

        const httplib::Headers authorized{{"Authorization", "Bearer s3cret-token-42"}};
        const auto model = client.Get("/v1/model", authorized);
        QVERIFY(model && model->status == 200);
        const auto answer = client.Post("/v1/classify", authorized, fileBytes(photos[0]), "image/jpeg");
        QVERIFY(answer);
        QCOMPARE(answer->status, 200);
        QCOMPARE(jsonOf(answer).value("top").toArray().size(), 5);
        QCOMPARE(guarded.stop(), 0);
    }

    void aTokenFileMustHoldAToken_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("complaint");
        QTest::newRow("empty file") << QByteArray("") << "is empty";
        QTest::newRow("only a line end") << QByteArray("\n") << "is empty";
        QTest::newRow("two words") << QByteArray("two words\n") << "without spaces";
        QTest::newRow("no such file") << QByteArray() << "cannot read";
    }

    void aTokenFileMustHoldAToken()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, complaint);
        const QString file = path("bad-token.txt");
        QFile::remove(file);
        if (!content.isNull()) {
            QFile tokenFile(file);
            QVERIFY(tokenFile.open(QIODevice::WriteOnly));
            tokenFile.write(content);
        }
        QProcess cli;
        cli.start(QStringLiteral(AMPWB_CLI_PATH), {"serve", "--model", "unused.pth", "--token", file});
        QVERIFY(cli.waitForFinished(60000));
        QVERIFY(cli.exitCode() != 0);
        const QString error = QString::fromLocal8Bit(cli.readAllStandardError());
        QVERIFY2(error.contains("--token") && error.contains(complaint), qPrintable(error));
    }

    void listeningBeyondThisMachineWarnsOfNoAuthentication()
    {
        requireServer();
        ServeProcess open;
        QCOMPARE(open.start({"--model", path("ten.pth"), "--host", "0.0.0.0"}), QString());
        QCOMPARE(open.stop(), 0);
        const QString warning = QString::fromLocal8Bit(open.process.readAllStandardError());
        QVERIFY2(warning.contains("no authentication") && warning.contains("--token"), qPrintable(warning));
    }

    void aFullQueueAnswers503()
    {
        requireServer();
        ServeProcess small;
        QCOMPARE(small.start({"--model", path("ten.pth"), "--threads", "1", "--queue", "1"}), QString());
        httplib::MultipartFormDataItems batch;
        for (int k = 0; k < 4; ++k)
            batch.push_back({"images", fileBytes(photos[k % photos.size()]), "photo.jpg", "image/jpeg"});

        constexpr int kClients = 12;
        std::atomic<int> answered{0}, busy{0}, other{0};
        std::atomic<bool> retryAfterGiven{true};
        std::vector<std::thread> clients;
        for (int i = 0; i < kClients; ++i) {
            clients.emplace_back([&] {
                httplib::Client client(small.host.toStdString(), small.port);
                client.set_read_timeout(120, 0);
                const auto result = client.Post("/v1/classify", batch);
                if (result && result->status == 200) {
                    ++answered;
                } else if (result && result->status == 503) {
                    ++busy;
                    if (result->get_header_value("Retry-After").empty()
                        || result->body.find("\"busy\"") == std::string::npos)
                        retryAfterGiven = false;
                } else {
                    ++other;
                }
            });
        }
        for (std::thread& thread : clients)
            thread.join();
        QCOMPARE(other.load(), 0);
        QCOMPARE(answered + busy, kClients);
        QVERIFY(answered >= 1);
        QVERIFY2(busy >= 1, "twelve simultaneous requests should overflow a queue of one");
        QVERIFY(retryAfterGiven);
        QCOMPARE(small.stop(SIGINT), 0);
    }

    void sigtermFinishesTheRequestInFlight()
    {
        requireServer();
        ServeProcess stopping;
        QCOMPARE(stopping.start({"--model", path("ten.pth")}), QString());
        const std::string jpeg = fileBytes(photos[1]);
        std::atomic<bool> halfSent{false};
        httplib::Result result{nullptr, httplib::Error::Unknown};
        std::thread upload([&] {
            httplib::Client client(stopping.host.toStdString(), stopping.port);
            client.set_read_timeout(120, 0);
            result = client.Post(
                "/v1/classify", jpeg.size(),
                [&](size_t offset, size_t, httplib::DataSink& sink) {
                    if (offset == 0) {
                        halfSent = sink.write(jpeg.data(), jpeg.size() / 2);
                        return halfSent.load();
                    }
                    QThread::msleep(500); // the server has been told to stop meanwhile
                    return sink.write(jpeg.data() + offset, jpeg.size() - offset);
                },
                "image/jpeg");
        });
        QTRY_VERIFY_WITH_TIMEOUT(halfSent.load(), 60000);
        ::kill(static_cast<pid_t>(stopping.processId()), SIGTERM);
        upload.join();
        QVERIFY(result);
        QCOMPARE(result->status, 200);
        QCOMPARE(jsonOf(result).value("top").toArray().at(0).toObject().value("index").toInt(), 1);
        QCOMPARE(stopping.stop(), 0);
        QVERIFY2(stopping.output.contains("Stopped."), stopping.output.constData());
    }

private:
    void requireServer()
    {
        if (!pythonProblem.isEmpty())
            QSKIP(qPrintable(pythonProblem));
        AMPWB_REQUIRE_PHOTOS();
        QVERIFY2(server.port > 0, "the server did not start");
    }

    httplib::Client makeClient() const
    {
        httplib::Client client(server.host.toStdString(), server.port);
        client.set_read_timeout(120, 0);
        client.set_write_timeout(120, 0);
        return client;
    }

    ServeProcess server;
};

QTEST_GUILESS_MAIN(ServeApiTest)
#include "ServeApiTest.moc"
