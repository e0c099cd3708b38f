// Forming a data-parallel group: reading torchrun's environment, two workbench ranks in one group,
// and the faults of a rendezvous (a rank that never arrives, a port in use, nobody at the address,
// a listener that never answers), each ending with a clear error within the timeout; a local store
// listening on loopback alone; and the clock of a rank's all-reduces.

#include "LocalPort.h"

#include "distributed/AllReduceClock.h"
#include "distributed/DistributedDataParallel.h"
#include "distributed/DistributedError.h"
#include "distributed/ProcessGroup.h"
#include "distributed/Rendezvous.h"

#include <QElapsedTimer>
#include <QtTest>

#include <torch/csrc/distributed/c10d/TCPStore.hpp>
#include <torch/torch.h>

#include <QFile>

#include <future>

using namespace ampwb;

namespace {

constexpr std::chrono::milliseconds shortTimeout(2000);
/// How long a client waits for a rendezvous that is not there: libtorch 2.11's TCPStore client tries
/// twice, each try for the whole timeout, a second apart (TCPStore::kConnectRetryDelay).
constexpr std::chrono::milliseconds clientGivesUpWithin = 2 * shortTimeout + c10d::TCPStore::kConnectRetryDelay;

Rendezvous localRendezvous(int rank, int worldSize, uint16_t port)
{
    Rendezvous rendezvous;
    rendezvous.rank = rank;
    rendezvous.worldSize = worldSize;
    rendezvous.masterAddress = "127.0.0.1";
    rendezvous.masterPort = port;
    return rendezvous;
}

/// The message of the DistributedError that joining throws, and how long joining took.
std::pair<QString, qint64> joiningFailure(const Rendezvous& rendezvous)
{
    QElapsedTimer clock;
    clock.start();
    try {
        ProcessGroup group(rendezvous, shortTimeout);
    } catch (const DistributedError& error) {
        return {QString::fromStdString(error.what()), clock.elapsed()};
    }
    return {QString(), clock.elapsed()};
}

} // namespace

class ProcessGroupTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void readsTorchrunEnvironment();
    void singleProcessWithoutEnvironment();
    void namesMissingOrWrongVariable_data();
    void namesMissingOrWrongVariable();
    void twoRanksAverage();
    void allReduceClockTimesTheWaitForTheOthers();
    void rankNeverArrives();
    void portInUse();
    void nobodyAtAddress_data();
    void nobodyAtAddress();
    void silentListenerIsGivenUp();
    void aLocalStoreListensOnLoopbackOnly();
};

void ProcessGroupTest::init()
{
    for (const char* name : {"RANK", "WORLD_SIZE", "LOCAL_RANK", "MASTER_ADDR", "MASTER_PORT",
                             "TORCHELASTIC_USE_AGENT_STORE", "TORCHELASTIC_RESTART_COUNT"})
        qunsetenv(name);
}

void ProcessGroupTest::readsTorchrunEnvironment()
{
    qputenv("RANK", "3");
    qputenv("WORLD_SIZE", "4");
    qputenv("LOCAL_RANK", "1");
    qputenv("MASTER_ADDR", "node-a");
    qputenv("MASTER_PORT", "29400");
    qputenv("TORCHELASTIC_USE_AGENT_STORE", "True");
    qputenv("TORCHELASTIC_RESTART_COUNT", "2");
    const auto rendezvous = rendezvousFromEnvironment();
    QVERIFY(rendezvous);
    QCOMPARE(rendezvous->rank, 3);
    QCOMPARE(rendezvous->worldSize, 4);
    QCOMPARE(rendezvous->localRank, 1);
    QCOMPARE(rendezvous->masterAddress, std::string("node-a"));
    QCOMPARE(rendezvous->masterPort, uint16_t(29400));
    QCOMPARE(rendezvous->agentStoreAttempt, std::optional<int>(2));
}

void ProcessGroupTest::singleProcessWithoutEnvironment()
{
    QVERIFY(!rendezvousFromEnvironment());
}

void ProcessGroupTest::namesMissingOrWrongVariable_data()
{
    QTest::addColumn<QByteArray>("rank");
    QTest::addColumn<QByteArray>("worldSize");
    QTest::addColumn<QByteArray>("masterPort");
    QTest::addColumn<QString>("named");
    QTest::newRow("no WORLD_SIZE") << QByteArray("0") << QByteArray() << QByteArray("29500") << "WORLD_SIZE";
    QTest::newRow("RANK beyond WORLD_SIZE") << QByteArray("2") << QByteArray("2") << QByteArray("29500") << "RANK";
    QTest::newRow("RANK not a number") << QByteArray("first") << QByteArray("2") << QByteArray("29500") << "RANK";
    QTest::newRow("MASTER_PORT too large")
        << QByteArray("0") << QByteArray("2") << QByteArray("70000") << "MASTER_PORT";
    QTest::newRow("no MASTER_PORT") << QByteArray("0") << QByteArray("2") << QByteArray() << "MASTER_PORT";
}

void ProcessGroupTest::namesMissingOrWrongVariable()
{
    QFETCH(QByteArray, rank);
    QFETCH(QByteArray, worldSize);
    QFETCH(QByteArray, masterPort);
    QFETCH(QString, named);
    qputenv("RANK", rank);
    if (!worldSize.isEmpty())
        qputenv("WORLD_SIZE", worldSize);
    qputenv("MASTER_ADDR", "127.0.0.1");
    if (!masterPort.isEmpty())
        qputenv("MASTER_PORT", masterPort);
    try {
        rendezvousFromEnvironment();
        QFAIL("no error");
    } catch (const DistributedError& error) {
        const QString message = QString::fromStdString(error.what());
        QVERIFY2(message.contains(named), qPrintable(message));
    }
}

void ProcessGroupTest::twoRanksAverage()
{
    test::LocalPort port;
    port.release();
    auto rank1 = std::async(std::launch::async, [&] {
        ProcessGroup group(localRendezvous(1, 2, port.port()), std::chrono::seconds(30));
        std::vector<torch::Tensor> values{torch::full({3}, 5.0f)};
        group.collectives()->allreduce(values)->wait();
        return values.front();
    });
    ProcessGroup group(localRendezvous(0, 2, port.port()), std::chrono::seconds(30));
    QCOMPARE(group.rank(), 0);
    QCOMPARE(group.worldSize(), 2);
    std::vector<torch::Tensor> values{torch::full({3}, 1.0f)};
    group.collectives()->allreduce(values)->wait();
    QVERIFY(torch::equal(values.front(), torch::full({3}, 6.0f)));
    QVERIFY(torch::equal(rank1.get(), torch::full({3}, 6.0f)));
}

void ProcessGroupTest::allReduceClockTimesTheWaitForTheOthers()
{
    test::LocalPort port;
    port.release();
    constexpr double lateMilliseconds = 1000.0;
    // One step of a small model under DistributedDataParallel; `late` delays this rank's backward.
    const auto trainStep = [](DistributedDataParallel& parallel, torch::nn::Linear& model, double late,
                              AllReduceClock* clock) {
        parallel.beforeForward();
        const torch::Tensor output = model->forward(torch::ones({4, 256}));
        parallel.afterForward();
        if (clock)
            clock->startStep(output);
        std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(late));
        output.sum().backward();
        if (clock)
            clock->backwardReturned();
    };
    auto rank1 = std::async(std::launch::async, [&] {
        ProcessGroup group(localRendezvous(1, 2, port.port()), std::chrono::seconds(30));
        torch::nn::Linear model(256, 256);
        DistributedDataParallel parallel(model.ptr(), group.collectives());
        group.collectives()->barrier()->wait();
        trainStep(parallel, model, lateMilliseconds, nullptr); // late to the first step's all-reduce
        trainStep(parallel, model, 0.0, nullptr);
    });
    ProcessGroup group(localRendezvous(0, 2, port.port()), std::chrono::seconds(30));
    torch::nn::Linear model(256, 256);
    AllReduceClock clock;
    DistributedDataParallel parallel(model.ptr(), group.collectives()); // broadcasts: not timed
    // The ranks start the step together, and the delay is long against a loaded machine's scheduling noise
    // (with a 400 ms delay and no barrier, rank 0 once measured 286 ms on CI).
    group.collectives()->barrier()->wait();

    // Rank 1 is late: rank 0's backward waits for it after its last gradient, and its all-reduce runs until then.
    trainStep(parallel, model, 0.0, &clock);
    AllReduceTimes times = clock.stepTimes();
    QCOMPARE(times.count, 1); // one bucket
    QVERIFY2(times.milliseconds >= 0.75 * lateMilliseconds, qPrintable(QString::number(times.milliseconds)));
    QVERIFY2(times.exposedMilliseconds >= 0.75 * lateMilliseconds,
             qPrintable(QString::number(times.exposedMilliseconds)));

    // A step on time waits far less; each step is timed on its own.
    trainStep(parallel, model, 0.0, &clock);
    rank1.get();
    times = clock.stepTimes();
    QCOMPARE(times.count, 1);
    QVERIFY2(times.exposedMilliseconds < 0.5 * lateMilliseconds,
             qPrintable(QString::number(times.exposedMilliseconds)));
    QVERIFY(times.exposedMilliseconds > 0.0);
    QVERIFY2(times.milliseconds < 0.5 * lateMilliseconds, qPrintable(QString::number(times.milliseconds)));

    // One clock per process.
    QVERIFY_THROWS_EXCEPTION(std::logic_error, AllReduceClock());
}

void ProcessGroupTest::rankNeverArrives()
{
    test::LocalPort port;
    port.release();
    const auto [message, milliseconds] = joiningFailure(localRendezvous(0, 2, port.port()));
    QVERIFY2(
        message.contains(
            QStringLiteral("Rank 0 could not connect to the other ranks at 127.0.0.1:%1 within 2 s (did all 2 ranks")
                .arg(port.port())),
        qPrintable(message));
    QVERIFY2(milliseconds >= shortTimeout.count() && milliseconds < shortTimeout.count() + 3000,
             qPrintable(QString::number(milliseconds)));
}

void ProcessGroupTest::portInUse()
{
    test::LocalPort taken(/*listening=*/true);
    const auto [message, milliseconds] = joiningFailure(localRendezvous(0, 2, taken.port()));
    QVERIFY2(message.contains(QStringLiteral("could not open the rendezvous on port %1").arg(taken.port())),
             qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("MASTER_PORT")), qPrintable(message));
    QVERIFY2(milliseconds < shortTimeout.count() + 3000, qPrintable(QString::number(milliseconds)));
}

void ProcessGroupTest::nobodyAtAddress_data()
{
    QTest::addColumn<QString>("address");
    QTest::newRow("nothing listens on the port") << "127.0.0.1";
    QTest::newRow("a host name that does not resolve") << "no-such-host.invalid";
}

void ProcessGroupTest::nobodyAtAddress()
{
    QFETCH(QString, address);
    test::LocalPort port;
    port.release();
    Rendezvous rendezvous = localRendezvous(1, 2, port.port());
    rendezvous.masterAddress = address.toStdString();
    const auto [message, milliseconds] = joiningFailure(rendezvous);
    QVERIFY2(
        message.contains(
            QStringLiteral("Rank 1 could not reach the rendezvous at %1:%2 within 2 s").arg(address).arg(port.port())),
        qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("MASTER_ADDR")), qPrintable(message));
    QVERIFY2(milliseconds < clientGivesUpWithin.count() + 3000, qPrintable(QString::number(milliseconds)));
}

void ProcessGroupTest::silentListenerIsGivenUp()
{
    // Something at MASTER_ADDR:MASTER_PORT accepts connections and never answers (here: a listening socket
    // nobody accepts from, whose connections the kernel completes). libtorch's store client waits for its
    // answer without a limit; the group's timeout must hold all the same.
    test::LocalPort silent(/*listening=*/true);
    const auto [message, milliseconds] = joiningFailure(localRendezvous(1, 2, silent.port()));
    QVERIFY2(message.contains(
                 QStringLiteral("Rank 1 got no answer from the rendezvous at 127.0.0.1:%1 within").arg(silent.port())),
             qPrintable(message));
    QVERIFY2(milliseconds < clientGivesUpWithin.count() + 3000, qPrintable(QString::number(milliseconds)));
}

void ProcessGroupTest::aLocalStoreListensOnLoopbackOnly()
{
    // With MASTER_ADDR on the loopback interface, the store is for this machine's ranks alone: it must not
    // listen on the machine's other addresses, where anyone could write into it (a pause, a stop).
    test::LocalPort port;
    port.release();
    ProcessGroup group(localRendezvous(0, 1, port.port()), shortTimeout);
    const QString portHex = QStringLiteral(":%1").arg(port.port(), 4, 16, QLatin1Char('0')).toUpper();
    QStringList listening;
    for (const QString& table : {QStringLiteral("/proc/net/tcp"), QStringLiteral("/proc/net/tcp6")}) {
        QFile file(table);
        QVERIFY(file.open(QIODevice::ReadOnly));
        for (const QByteArray& line : file.readAll().split('\n')) {
            const QList<QByteArray> fields = line.simplified().split(' ');
            // local address:port, and state 0A (LISTEN)
            if (fields.size() > 3 && fields[1].endsWith(portHex.toLatin1()) && fields[3] == "0A")
                listening << QString::fromLatin1(fields[1]);
        }
    }
    QVERIFY2(!listening.isEmpty(), "the store listens nowhere");
    for (const QString& address : listening)
        QVERIFY2(address == QStringLiteral("0100007F") + portHex, qPrintable(listening.join(QLatin1String(", "))));
}

QTEST_GUILESS_MAIN(ProcessGroupTest)
#include "ProcessGroupTest.moc"
