// The classification service's HTTP server, real, in the test process, on loopback and real
// sockets: idle, slow and reconnecting clients do not keep /healthz from answering;
// connections are bounded per client address (127.0.0.2, 127.0.0.3, … are other clients) and
// in total; a request head has a deadline and a size limit, a request body a minimum rate;
// malformed heads are refused with 400 and JSON at once; every request of a kept-alive
// connection is checked; a client that half-closes still gets its answer; a stopping server
// answers the requests already sent, even those not yet accepted, closes idle connections at
// once and gives a head still being sent a grace, then 503.
#include "ClassificationService.h"
#include "HttpServer.h"
#include "model/Classifier.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <memory>
#include <thread>
#include <vector>

using namespace ampwb;
using namespace ampwb::serve;
using Clock = std::chrono::steady_clock;

namespace {

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

/// A TCP connection to 127.0.0.1:`port` from the loopback address `from` (127.0.0.1 when empty).
class TestSocket {
public:
    TestSocket(int port, const char* from = nullptr)
    {
        socket = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (from) {
            sockaddr_in local{};
            local.sin_family = AF_INET;
            inet_pton(AF_INET, from, &local.sin_addr);
            ::bind(socket, reinterpret_cast<const sockaddr*>(&local), sizeof local);
        }
        sockaddr_in server{};
        server.sin_family = AF_INET;
        server.sin_port = htons(static_cast<uint16_t>(port));
        server.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        connected = ::connect(socket, reinterpret_cast<const sockaddr*>(&server), sizeof server) == 0;
    }
    ~TestSocket() { ::close(socket); }
    TestSocket(const TestSocket&) = delete;
    TestSocket& operator=(const TestSocket&) = delete;

    bool send(const QByteArray& bytes) const
    {
        return ::send(socket, bytes.constData(), static_cast<size_t>(bytes.size()), MSG_NOSIGNAL) == bytes.size();
    }
    void halfClose() const { ::shutdown(socket, SHUT_WR); }
    /// Everything the server sends until it closes, or until `seconds` pass.
    QByteArray receiveAll(double seconds) const
    {
        QByteArray received;
        const Clock::time_point start = Clock::now();
        for (;;) {
            const int left = static_cast<int>((seconds - secondsSince(start)) * 1000);
            pollfd readable{socket, POLLIN, 0};
            if (left <= 0 || ::poll(&readable, 1, left) <= 0)
                return received;
            char buffer[65536];
            const ssize_t count = ::recv(socket, buffer, sizeof buffer, 0);
            if (count <= 0)
                return received;
            received.append(buffer, static_cast<int>(count));
        }
    }
    /// One response (its head and as many bytes as its Content-Length says), or what arrived of it within `seconds`.
    QByteArray receiveResponse(double seconds) const
    {
        QByteArray received;
        const Clock::time_point start = Clock::now();
        for (;;) {
            const int headEnd = received.indexOf("\r\n\r\n");
            if (headEnd >= 0) {
                const int lengthAt = received.indexOf("Content-Length: ");
                const int length =
                    lengthAt >= 0 && lengthAt < headEnd
                        ? received.mid(lengthAt + 16, received.indexOf("\r\n", lengthAt) - lengthAt - 16).toInt()
                        : 0;
                if (received.size() >= headEnd + 4 + length)
                    return received;
            }
            const int left = static_cast<int>((seconds - secondsSince(start)) * 1000);
            pollfd readable{socket, POLLIN, 0};
            if (left <= 0 || ::poll(&readable, 1, left) <= 0)
                return received;
            char byte[4096];
            const ssize_t count = ::recv(socket, byte, sizeof byte, 0);
            if (count <= 0)
                return received;
            received.append(byte, static_cast<int>(count));
        }
    }
    /// Whether the server has closed the connection (end of input or reset) within `seconds`.
    bool closedWithin(double seconds) const
    {
        pollfd readable{socket, POLLIN, 0};
        if (::poll(&readable, 1, static_cast<int>(seconds * 1000)) <= 0)
            return false;
        char byte;
        return ::recv(socket, &byte, 1, MSG_PEEK | MSG_DONTWAIT) <= 0;
    }

    int socket = -1;
    bool connected = false;
};

int statusOf(const QByteArray& response)
{
    return response.startsWith("HTTP/1.1 ") ? response.mid(9, 3).toInt() : 0;
}

QJsonObject bodyOf(const QByteArray& response)
{
    return QJsonDocument::fromJson(response.mid(response.indexOf("\r\n\r\n") + 4)).object();
}

} // namespace

class HttpServerTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        std::signal(SIGPIPE, SIG_IGN);
        ClassifierModel model{ResNet18(10), {}, std::nullopt, ""}; // random weights
        ClassifierOptions classifierOptions;
        classifierOptions.warmupPasses = 0;
        ServiceOptions options;
        options.limits.requestHeadSeconds = 1.0;
        options.limits.maxRequestHeadBytes = 4096;
        options.limits.maxConnections = 24;
        options.limits.maxConnectionsPerAddress = 8;
        options.limits.bodyGraceSeconds = 1.0;
        classifier = std::make_shared<const Classifier>(model, classifierOptions);
        service = std::make_unique<ClassificationService>(classifier, options);
        server = std::make_unique<HttpServer>(*service);
        port = server->bind("127.0.0.1", 0);
        serving = std::thread([this] { server->serve(); });
    }

    void cleanupTestCase()
    {
        server->stop();
        serving.join();
    }

    void idleConnectionsLeaveHealthAnswered()
    {
        std::vector<std::unique_ptr<TestSocket>> idle;
        for (int i = 0; i < 200; ++i)
            idle.push_back(std::make_unique<TestSocket>(port));
        QVERIFY(idle.back()->connected);
        const Clock::time_point start = Clock::now();
        QCOMPARE(health(), 200);
        QVERIFY2(secondsSince(start) < 0.5, qPrintable(QString::number(secondsSince(start))));
    }

    void slowHeadsLeaveHealthAnswered()
    {
        // 25 clients send a request head a byte every 50 ms (reconnecting when dropped).
        std::atomic<bool> stop{false};
        std::vector<std::thread> clients;
        for (int i = 0; i < 25; ++i) {
            clients.emplace_back([&] {
                const QByteArray head = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + QByteArray(100, 'a')
                                      + "\r\n\r\n";
                while (!stop) {
                    TestSocket slow(port);
                    for (int k = 0; k < head.size() && !stop && slow.send(head.mid(k, 1)); ++k)
                        std::this_thread::sleep_for(std::chrono::milliseconds(50));
                }
            });
        }
        expectHealthAnsweredWhile(stop, clients);
    }

    void reconnectingClientsLeaveHealthAnswered()
    {
        // 30 clients connect, send half a request line and close, over and over, each every 2 ms
        // (15 000 connections a second, which the gate drains on two cores; without the pause,
        // 30 threads against its one outrun any server and fill the kernel's accept queue).
        std::atomic<bool> stop{false};
        std::vector<std::thread> clients;
        for (int i = 0; i < 30; ++i) {
            clients.emplace_back([&] {
                while (!stop) {
                    {
                        TestSocket churn(port);
                        churn.send("GET /hea");
                    }
                    std::this_thread::sleep_for(std::chrono::milliseconds(2));
                }
            });
        }
        expectHealthAnsweredWhile(stop, clients);
    }

    void simultaneousRequestsAreAnsweredAtOnce()
    {
        // Twenty clients at once (five from each of four addresses): every relay connects to
        // httplib at the same moment, which its own listen backlog of 5 would make wait.
        const char* addresses[] = {"127.0.1.1", "127.0.1.2", "127.0.1.3", "127.0.1.4"};
        for (int round = 0; round < 3; ++round) {
            std::atomic<int> answered{0};
            std::atomic<int> slow{0};
            std::vector<std::thread> clients;
            for (int i = 0; i < 20; ++i) {
                clients.emplace_back([&, from = addresses[i % 4]] {
                    const Clock::time_point start = Clock::now();
                    answered += health(from) == 200 ? 1 : 0;
                    slow += secondsSince(start) > 0.5 ? 1 : 0;
                });
            }
            for (std::thread& client : clients)
                client.join();
            QCOMPARE(answered.load(), 20);
            QCOMPARE(slow.load(), 0);
        }
    }

    void eachAddressHoldsItsShare()
    {
        // Twelve idle connections from 127.0.0.2, eight allowed: the four oldest are dropped.
        std::vector<std::unique_ptr<TestSocket>> idle;
        for (int i = 0; i < 12; ++i) {
            idle.push_back(std::make_unique<TestSocket>(port, "127.0.0.2"));
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        for (int i = 0; i < 4; ++i)
            QVERIFY2(idle[i]->closedWithin(0.5), qPrintable(QStringLiteral("connection %1 kept").arg(i)));
        for (int i = 4; i < 12; ++i)
            QVERIFY2(!idle[i]->closedWithin(0.0), qPrintable(QStringLiteral("connection %1 dropped").arg(i)));
        QCOMPARE(health("127.0.0.3"), 200);
    }

    void theTotalIsBounded()
    {
        // Four addresses with eight idle connections each; 24 are held in all: the eight oldest go.
        std::vector<std::unique_ptr<TestSocket>> idle;
        const char* addresses[] = {"127.0.0.4", "127.0.0.5", "127.0.0.6", "127.0.0.7"};
        for (const char* address : addresses) {
            for (int i = 0; i < 8; ++i) {
                idle.push_back(std::make_unique<TestSocket>(port, address));
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            }
        }
        for (int i = 0; i < 8; ++i)
            QVERIFY2(idle[i]->closedWithin(0.5), qPrintable(QStringLiteral("connection %1 kept").arg(i)));
        for (int i = 8; i < 32; ++i)
            QVERIFY2(!idle[i]->closedWithin(0.0), qPrintable(QStringLiteral("connection %1 dropped").arg(i)));
        QCOMPARE(health("127.0.0.8"), 200);
    }

    void aSlowHeadTimesOut()
    {
        TestSocket slow(port);
        const Clock::time_point start = Clock::now();
        slow.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        const QByteArray response = slow.receiveAll(5.0);
        QCOMPARE(statusOf(response), 408);
        QCOMPARE(bodyOf(response).value("error").toString(), QString("timed_out"));
        QVERIFY2(secondsSince(start) > 0.9 && secondsSince(start) < 2.0,
                 qPrintable(QString::number(secondsSince(start))));
    }

    void malformedHeadsAreRefusedAtOnce_data()
    {
        QTest::addColumn<QByteArray>("request");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("message");
        const QByteArray post = "POST /v1/classify HTTP/1.1\r\nHost: 127.0.0.1\r\n";
        QTest::newRow("two different Content-Length")
            << post + "Content-Length: 5\r\nContent-Length: 6\r\n\r\nhello" << 400 << "appears with different values";
        QTest::newRow("Content-Length: abc")
            << post + "Content-Length: abc\r\n\r\nhello" << 400 << "Content-Length is not a number";
        QTest::newRow("Content-Length and Transfer-Encoding")
            << post + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
            << 400 << "both Content-Length and Transfer-Encoding";
        QTest::newRow("Transfer-Encoding: gzip") << post + "Transfer-Encoding: gzip\r\n\r\n"
                                                 << 400 << "the only Transfer-Encoding accepted is chunked";
        QTest::newRow("not HTTP") << QByteArray("HELLO THERE\r\n\r\n") << 400 << "the request line";
        QTest::newRow("HTTP/2 request line")
            << QByteArray("GET / HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n") << 400 << "the request line";
        QTest::newRow("no Host") << QByteArray("GET /healthz HTTP/1.1\r\n\r\n") << 400 << "exactly one Host";
        QTest::newRow("two Hosts") << QByteArray("GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n") << 400
                                   << "exactly one Host";
        QTest::newRow("header without colon")
            << QByteArray("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nbroken\r\n\r\n") << 400 << "NAME: VALUE";
        QTest::newRow("ended inside the head")
            << QByteArray("GET /healthz HTTP/1.1\r\nHost: 127") << 400 << "before the request head was complete";
        QTest::newRow("5000-byte head") << QByteArray("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ")
                                               + QByteArray(5000, 'a') + "\r\n\r\n"
                                        << 431 << "larger than 4 KiB";
    }

    void malformedHeadsAreRefusedAtOnce()
    {
        QFETCH(QByteArray, request);
        QFETCH(int, status);
        QFETCH(QString, message);
        TestSocket client(port);
        const Clock::time_point start = Clock::now();
        QVERIFY(client.send(request));
        client.halfClose(); // only the "ended inside the head" row depends on it; the others are answered before
        const QByteArray response = client.receiveAll(5.0);
        QCOMPARE(statusOf(response), status);
        const QJsonObject body = bodyOf(response);
        QCOMPARE(body.value("error").toString(), status == 431 ? QString("head_too_large") : QString("bad_request"));
        QVERIFY2(body.value("message").toString().contains(message), qPrintable(body.value("message").toString()));
        QVERIFY2(secondsSince(start) < 0.5, qPrintable(QString::number(secondsSince(start))));
    }

    void aHalfClosedClientGetsItsAnswer()
    {
        TestSocket client(port);
        QVERIFY(client.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
        client.halfClose();
        const QByteArray response = client.receiveAll(5.0);
        QCOMPARE(statusOf(response), 200);
        QCOMPARE(bodyOf(response).value("status").toString(), QString("ok"));
    }

    void everyRequestOfAKeptConnectionIsChecked()
    {
        // Two requests sent at once on one connection: each is answered, the second by the access
        // rules too (its Host is not this machine), and the connection then ends.
        TestSocket client(port);
        QVERIFY(client.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                            "GET /healthz HTTP/1.1\r\nHost: attacker.example\r\n\r\n"));
        const QByteArray response = client.receiveAll(5.0);
        QCOMPARE(response.count("HTTP/1.1 "), 2);
        QCOMPARE(statusOf(response), 200);
        const QByteArray second = response.mid(response.indexOf("HTTP/1.1 ", 1));
        QCOMPARE(statusOf(second), 421);
        QCOMPARE(bodyOf(second).value("error").toString(), QString("wrong_host"));
    }

    void aKeptConnectionServesOneRequestAfterAnother()
    {
        TestSocket client(port);
        for (int i = 0; i < 3; ++i) {
            QVERIFY(client.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
            const QByteArray response = client.receiveResponse(5.0);
            QCOMPARE(statusOf(response), 200);
            QVERIFY2(!response.contains("Connection: close"), response.constData());
        }
    }

    void aSlowBodyTimesOut()
    {
        // A complete head, then a body far slower than the minimum rate: 408 once the grace (1 s here) is spent.
        TestSocket slow(port);
        const Clock::time_point start = Clock::now();
        QVERIFY(slow.send("POST /v1/classify HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\n"
                          "Content-Length: 1000000\r\n\r\n\x89PNG"));
        QByteArray response;
        for (int k = 0; k < 30 && response.isEmpty(); ++k) {
            slow.send("x");
            response = slow.receiveResponse(0.1);
        }
        response += slow.receiveAll(2.0);
        QCOMPARE(statusOf(response), 408);
        QCOMPARE(bodyOf(response).value("error").toString(), QString("timed_out"));
        QVERIFY2(bodyOf(response).value("message").toString().contains("too slowly"), response.constData());
        QVERIFY2(secondsSince(start) > 0.9 && secondsSince(start) < 2.0,
                 qPrintable(QString::number(secondsSince(start))));
    }

    void slowBodiesLetTheirAddressInAgainSoon()
    {
        // Sixteen connections from one address send a whole head declaring 1 MB, then a byte every
        // 100 ms: those the address may hold (eight) are cut off after the body's grace (1 s here),
        // so /healthz from that address is answered again within about that.
        std::vector<std::unique_ptr<TestSocket>> slow;
        for (int i = 0; i < 16; ++i) {
            slow.push_back(std::make_unique<TestSocket>(port, "127.0.0.9"));
            slow.back()->send("POST /v1/classify HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\n"
                              "Content-Length: 1000000\r\n\r\n");
        }
        const Clock::time_point start = Clock::now();
        std::atomic<bool> stop{false};
        std::thread trickle([&] {
            while (!stop) {
                for (auto& socket : slow)
                    socket->send("x");
                std::this_thread::sleep_for(std::chrono::milliseconds(100));
            }
        });
        int status = 0;
        while (status != 200 && secondsSince(start) < 10.0) {
            status = health("127.0.0.9");
            if (status != 200)
                std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        const double lockedOut = secondsSince(start);
        stop = true;
        trickle.join();
        QCOMPARE(status, 200);
        QVERIFY2(lockedOut < 2.5, qPrintable(QStringLiteral("/healthz refused for %1 s").arg(lockedOut)));
        // Each was refused (503), dropped for a newer one, or cut off (408): none is still held.
        int timedOut = 0;
        for (auto& socket : slow) {
            const QByteArray response = socket->receiveAll(2.0);
            timedOut += statusOf(response) == 408 ? 1 : 0;
            QVERIFY(socket->closedWithin(0.0));
        }
        QVERIFY2(timedOut >= 1, "no slow body was cut off");
    }

    void stoppingAnswersTheRequestsAlreadySent()
    {
        ServiceOptions options; // the default limits: the heads' own deadline is far off
        ClassificationService stoppingService(classifier, options);
        HttpServer stopping(stoppingService);
        const int stoppingPort = stopping.bind("127.0.0.1", 0);
        TestSocket whole(stoppingPort), half(stoppingPort), stalled(stoppingPort), silent(stoppingPort);
        QVERIFY(whole.connected && half.connected && stalled.connected && silent.connected);
        QVERIFY(whole.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
        QVERIFY(half.send("GET /healthz HTTP/1.1\r\n"));
        QVERIFY(stalled.send("GET /healthz HTTP/1.1\r\n"));
        stopping.stop(); // before serving: all four wait in the listening socket's backlog, none accepted
        const Clock::time_point start = Clock::now();
        std::thread serving([&] { stopping.serve(); });
        const bool silentClosed = silent.closedWithin(5.0);
        const double silentClosedAfter = secondsSince(start);
        const bool restSent = half.send("Host: 127.0.0.1\r\n\r\n");
        const QByteArray wholeAnswer = whole.receiveAll(5.0);
        const QByteArray halfAnswer = half.receiveAll(5.0);
        const QByteArray refused = stalled.receiveAll(5.0);
        serving.join();
        QVERIFY(silentClosed);
        QVERIFY2(silentClosedAfter < 1.0, qPrintable(QString::number(silentClosedAfter)));
        QVERIFY(restSent);
        QCOMPARE(statusOf(wholeAnswer), 200);
        QCOMPARE(statusOf(halfAnswer), 200);
        QCOMPARE(statusOf(refused), 503);
        QCOMPARE(bodyOf(refused).value("error").toString(), QString("shutting_down"));
        QVERIFY2(secondsSince(start) < 6.0, qPrintable(QString::number(secondsSince(start))));
        QVERIFY2(!TestSocket(stoppingPort).connected, "the stopped server still accepts connections");
    }

private:
    /// The status of GET /healthz on a fresh connection from `from`, answered within five seconds (0 if not).
    int health(const char* from = nullptr) const
    {
        TestSocket probe(port, from);
        probe.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        return statusOf(probe.receiveResponse(5.0));
    }

    /// Probes /healthz for two seconds while `clients` run, then stops and joins them.
    void expectHealthAnsweredWhile(std::atomic<bool>& stop, std::vector<std::thread>& clients)
    {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        double worst = 0;
        int probes = 0;
        int answered = 0;
        const Clock::time_point start = Clock::now();
        while (secondsSince(start) < 2.0) {
            const Clock::time_point probeStart = Clock::now();
            ++probes;
            answered += health() == 200 ? 1 : 0;
            worst = std::max(worst, secondsSince(probeStart));
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        stop = true;
        for (std::thread& client : clients)
            client.join();
        QVERIFY2(answered == probes, qPrintable(QStringLiteral("%1 of %2 probes answered").arg(answered).arg(probes)));
        QVERIFY2(worst < 0.5, qPrintable(QStringLiteral("the slowest /healthz took %1 s").arg(worst)));
    }

    std::shared_ptr<const Classifier> classifier;
    std::unique_ptr<ClassificationService> service;
    std::unique_ptr<HttpServer> server;
    std::thread serving;
    int port = 0;
};

QTEST_GUILESS_MAIN(HttpServerTest)
#include "HttpServerTest.moc"
