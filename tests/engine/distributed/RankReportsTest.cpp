// The ranks' step figures through a c10d store: what rank 0 takes without waiting, in each rank's order,
// a rank that reports nothing (a plain PyTorch rank) never waited for, and the runs of one group kept apart.
#include "distributed/RankReports.h"

#include <torch/csrc/distributed/c10d/HashStore.hpp>

#include <QElapsedTimer>
#include <QtTest>

#include <future>
#include <thread>

using namespace ampwb;

namespace {

RankStep figures(int rank, int64_t step)
{
    RankStep row;
    row.rank = rank;
    row.step = step;
    row.stepMilliseconds = 100.0 + step + 0.125;
    row.dataWaitMilliseconds = 0.5;
    row.allReduceMilliseconds = 20.0 + rank;
    row.exposedAllReduceMilliseconds = 3.25;
    row.memoryBytes = 1'000'000'000 + rank;
    return row;
}

QString describe(const std::vector<RankStep>& rows)
{
    QStringList text;
    for (const RankStep& row : rows)
        text << QStringLiteral("%1/%2").arg(row.rank).arg(row.step);
    return text.join(QLatin1Char(' '));
}

} // namespace

class RankReportsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void rankZeroTakesWhatHasArrived()
    {
        auto store = c10::make_intrusive<c10d::HashStore>();
        // Ranks 0, 1 and 2 from step 5 (a resumed run); rank 2 is a plain PyTorch rank.
        RankReports rank0(store, "amp", 3, 5);
        RankReports rank1(store, "amp", 3, 5);
        QCOMPARE(rank0.arrived().size(), size_t{0});
        rank1.publish(figures(1, 5));
        rank1.publish(figures(1, 6));
        rank1.publish(figures(1, 8)); // step 7's has not arrived: 8 waits behind it

        const std::vector<RankStep> first = rank0.arrived();
        QCOMPARE(describe(first), QStringLiteral("1/5 1/6"));
        QCOMPARE(first[1].stepMilliseconds, 106.125);
        QCOMPARE(first[1].dataWaitMilliseconds, 0.5);
        QCOMPARE(first[1].allReduceMilliseconds, 21.0);
        QCOMPARE(first[1].exposedAllReduceMilliseconds, 3.25);
        QCOMPARE(first[1].memoryBytes, int64_t{1'000'000'001});
        QVERIFY(rank0.arrived().empty()); // taken once
        rank1.publish(figures(1, 7));
        QCOMPARE(describe(rank0.arrived()), QStringLiteral("1/7 1/8"));
        QCOMPARE(store->getNumKeys(), int64_t{0}); // what was taken leaves the store
    }

    void theEndWaitsOnlyForRanksThatReport()
    {
        auto store = c10::make_intrusive<c10d::HashStore>();
        RankReports rank0(store, "fp32", 3, 1);
        RankReports rank1(store, "fp32", 3, 1);
        rank1.publish(figures(1, 1));
        QCOMPARE(describe(rank0.arrived()), QStringLiteral("1/1"));
        // Rank 1's last figures come 100 ms late; rank 2 never reports, and is not waited for.
        auto late = std::async(std::launch::async, [&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            rank1.publish(figures(1, 2));
        });
        QElapsedTimer clock;
        clock.start();
        QCOMPARE(describe(rank0.remaining(2, std::chrono::seconds(20))), QStringLiteral("1/2"));
        QVERIFY2(clock.elapsed() < 10'000, qPrintable(QString::number(clock.elapsed())));
        late.get();
        // Figures that never come are given up on after the patience.
        clock.restart();
        QVERIFY(rank0.remaining(3, std::chrono::milliseconds(300)).empty());
        QVERIFY2(clock.elapsed() >= 300, qPrintable(QString::number(clock.elapsed())));
    }

    void theRunsOfAGroupAreKeptApart()
    {
        auto store = c10::make_intrusive<c10d::HashStore>();
        RankReports fp32(store, "fp32", 2, 1);
        RankReports amp(store, "amp", 2, 1);
        RankReports(store, "fp32", 2, 1).publish(figures(1, 1));
        QVERIFY(amp.arrived().empty());
        QCOMPARE(describe(fp32.arrived()), QStringLiteral("1/1"));
    }
};

QTEST_GUILESS_MAIN(RankReportsTest)
#include "RankReportsTest.moc"
