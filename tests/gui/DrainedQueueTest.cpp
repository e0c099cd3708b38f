// DrainedQueue: values pushed from a worker thread reach the GUI thread on a real QTimer, in
// order, at most a tick's share at a time (values pushed ahead first, outside the share), and
// the end of the work after its last value.
#include "DrainedQueue.h"

#include <QCoreApplication>
#include <QThread>
#include <QtTest>

#include <chrono>
#include <functional>
#include <limits>
#include <thread>
#include <vector>

namespace {

constexpr int kInterval = DrainedQueue<int>::kIntervalMilliseconds;

/// What a queue delivered, and where.
struct Deliveries {
    std::vector<std::vector<int>> ticks; ///< the values of each delivery
    bool allOnGuiThread = true;
    int finishedCount = 0;
    size_t ticksBeforeFinished = 0; ///< how many deliveries came before the last finished call

    std::vector<int> values() const
    {
        std::vector<int> all;
        for (const auto& tick : ticks)
            all.insert(all.end(), tick.begin(), tick.end());
        return all;
    }
};

DrainedQueue<int> queueInto(Deliveries& deliveries, size_t maximumPerTick = std::numeric_limits<size_t>::max())
{
    return DrainedQueue<int>(
        [&deliveries](std::vector<int> values) {
            deliveries.allOnGuiThread &= QThread::currentThread() == QCoreApplication::instance()->thread();
            deliveries.ticks.push_back(std::move(values));
        },
        [&deliveries] {
            deliveries.allOnGuiThread &= QThread::currentThread() == QCoreApplication::instance()->thread();
            ++deliveries.finishedCount;
            deliveries.ticksBeforeFinished = deliveries.ticks.size();
        },
        maximumPerTick);
}

/// Starts `queue`, fills and finishes it on a worker thread joined before the GUI thread's event
/// loop runs again (so all of it is there at the first tick), and waits until it has all arrived.
bool fillBeforeTheFirstTick(DrainedQueue<int>& queue, const Deliveries& deliveries,
                            const std::function<void(DrainedQueue<int>&)>& fill)
{
    queue.start();
    std::thread worker([&] {
        fill(queue);
        queue.finish();
    });
    worker.join();
    return QTest::qWaitFor([&deliveries] { return deliveries.finishedCount == 1; }, 10000);
}

std::vector<int> count(int from, int to)
{
    std::vector<int> values;
    for (int value = from; value < to; ++value)
        values.push_back(value);
    return values;
}

} // namespace

class DrainedQueueTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void valuesFromAThreadArriveInOrderOnTheGuiThread();
    void aTickDeliversAtMostItsShare();
    void valuesPushedAheadLeadTheNextTick();
    void theWorkEndsOnlyAfterFinish();
};

void DrainedQueueTest::valuesFromAThreadArriveInOrderOnTheGuiThread()
{
    Deliveries deliveries;
    DrainedQueue<int> queue = queueInto(deliveries);
    queue.start();
    // 1000 values over about 400 ms: many ticks' worth.
    std::thread worker([&queue] {
        for (int value = 0; value < 1000; ++value) {
            queue.push(value);
            if (value % 10 == 9)
                std::this_thread::sleep_for(std::chrono::milliseconds(4));
        }
        queue.finish();
    });
    QTRY_COMPARE_WITH_TIMEOUT(deliveries.finishedCount, 1, 10000);
    worker.join();

    QVERIFY(deliveries.values() == count(0, 1000));
    QVERIFY2(deliveries.ticks.size() > 2, qPrintable(QString::number(deliveries.ticks.size())));
    for (const auto& tick : deliveries.ticks)
        QVERIFY(!tick.empty());
    QVERIFY(deliveries.allOnGuiThread);
    QCOMPARE(deliveries.ticksBeforeFinished, deliveries.ticks.size());
    QVERIFY(!queue.isDraining());

    // Finished work stays finished; new work starts the timer again.
    QTest::qWait(3 * kInterval);
    QCOMPARE(deliveries.finishedCount, 1);
    queue.start();
    std::thread second([&queue] {
        queue.push(1000);
        queue.finish();
    });
    QTRY_COMPARE_WITH_TIMEOUT(deliveries.finishedCount, 2, 10000);
    second.join();
    QVERIFY(deliveries.values() == count(0, 1001));
    QCOMPARE(deliveries.ticksBeforeFinished, deliveries.ticks.size());
}

void DrainedQueueTest::aTickDeliversAtMostItsShare()
{
    Deliveries deliveries;
    DrainedQueue<int> queue = queueInto(deliveries, 16);
    QVERIFY(fillBeforeTheFirstTick(queue, deliveries, [](DrainedQueue<int>& filled) {
        for (int value = 0; value < 40; ++value)
            filled.push(value);
    }));

    QVERIFY(deliveries.ticks == (std::vector<std::vector<int>>{count(0, 16), count(16, 32), count(32, 40)}));
    QCOMPARE(deliveries.ticksBeforeFinished, size_t(3));
}

void DrainedQueueTest::valuesPushedAheadLeadTheNextTick()
{
    Deliveries deliveries;
    DrainedQueue<int> queue = queueInto(deliveries, 16);
    // 40 values, then two pushed ahead, then 40 more with one ahead among them.
    QVERIFY(fillBeforeTheFirstTick(queue, deliveries, [](DrainedQueue<int>& filled) {
        for (int value = 0; value < 80; ++value) {
            filled.push(value);
            if (value == 39) {
                filled.pushAhead(-1);
                filled.pushAhead(-2);
            }
        }
        filled.pushAhead(-3);
    }));

    // The first tick brings every value pushed ahead, in order, then its share of the others.
    std::vector<int> first = {-1, -2, -3};
    const std::vector<int> share = count(0, 16);
    first.insert(first.end(), share.begin(), share.end());
    const std::vector<std::vector<int>> expected{first, count(16, 32), count(32, 48), count(48, 64), count(64, 80)};
    QVERIFY(deliveries.ticks == expected);
    QCOMPARE(deliveries.ticksBeforeFinished, size_t(5));
}

void DrainedQueueTest::theWorkEndsOnlyAfterFinish()
{
    Deliveries deliveries;
    DrainedQueue<int> queue = queueInto(deliveries);
    queue.start();
    std::thread worker([&queue] { queue.push(7); });
    worker.join();
    QTRY_COMPARE_WITH_TIMEOUT(deliveries.ticks.size(), size_t(1), 10000);
    // Nothing more has come, but the work is not over: the timer keeps watching.
    QTest::qWait(3 * kInterval);
    QCOMPARE(deliveries.finishedCount, 0);
    QVERIFY(queue.isDraining());

    std::thread finisher([&queue] { queue.finish(); });
    finisher.join();
    QTRY_COMPARE_WITH_TIMEOUT(deliveries.finishedCount, 1, 10000);
    QCOMPARE(deliveries.ticks.size(), size_t(1));
    QVERIFY(!queue.isDraining());
}

QTEST_MAIN(DrainedQueueTest)
#include "DrainedQueueTest.moc"
