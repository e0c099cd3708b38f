// The shard of an epoch each rank reads, by DistributedSampler's rule, and that rule against
// torch.utils.data.DistributedSampler itself; the shares of a sharded validation pass.

#include "TestSupport.h"

#include "data/DatasetShard.h"
#include "data/RankShard.h"
#include "data/SyntheticDataset.h"

#include <QtTest>

#include <numeric>

using namespace ampwb;

using Order = std::vector<int64_t>;
Q_DECLARE_METATYPE(Order)

class RankShardTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void shard_data();
    void shard();
    void matchesDistributedSampler();
    void validationSharesHoldEachImageOnce();
};

void RankShardTest::shard_data()
{
    QTest::addColumn<Order>("epochOrder");
    QTest::addColumn<int>("worldSize");
    QTest::addColumn<QList<Order>>("shards");
    QTest::newRow("10 samples, 2 ranks") << Order{9, 4, 0, 7, 2, 5, 1, 8, 3, 6} << 2
                                         << QList<Order>{{9, 0, 2, 1, 3}, {4, 7, 5, 8, 6}};
    QTest::newRow("4 samples, 3 ranks: padded with the first two")
        << Order{5, 3, 8, 1} << 3 << QList<Order>{{5, 1}, {3, 5}, {8, 3}};
    QTest::newRow("2 samples, 5 ranks: padded more than once")
        << Order{7, 2} << 5 << QList<Order>{{7}, {2}, {7}, {2}, {7}};
    QTest::newRow("one rank reads everything") << Order{2, 0, 1} << 1 << QList<Order>{{2, 0, 1}};
}

void RankShardTest::shard()
{
    QFETCH(Order, epochOrder);
    QFETCH(int, worldSize);
    QFETCH(QList<Order>, shards);
    for (int rank = 0; rank < worldSize; ++rank)
        QCOMPARE(rankShard(epochOrder, rank, worldSize), shards.at(rank));
}

void RankShardTest::matchesDistributedSampler()
{
    AMPWB_REQUIRE_REFERENCE_PYTHON();
    const QString script = QStringLiteral(
        "import sys\n"
        "from torch.utils.data import DistributedSampler\n"
        "for size, ranks in [(10, 3), (7, 4), (3, 8), (64, 2), (13, 13)]:\n"
        "    for rank in range(ranks):\n"
        "        shard = DistributedSampler(range(size), num_replicas=ranks, rank=rank, shuffle=False)\n"
        "        print(size, ranks, rank, *shard)\n");
    QProcess python;
    python.start(test::referencePython().program, {QStringLiteral("-c"), script});
    QVERIFY(python.waitForFinished(120000));
    QVERIFY2(python.exitCode() == 0, python.readAllStandardError().constData());
    int lines = 0;
    for (const QByteArray& line : python.readAllStandardOutput().split('\n')) {
        const QList<QByteArray> fields = line.split(' ');
        if (fields.size() < 3)
            continue;
        const int64_t size = fields[0].toLongLong();
        const int worldSize = fields[1].toInt();
        const int rank = fields[2].toInt();
        Order identity(static_cast<size_t>(size));
        std::iota(identity.begin(), identity.end(), 0);
        Order expected;
        for (int i = 3; i < fields.size(); ++i)
            expected.push_back(fields[i].toLongLong());
        QCOMPARE(rankShard(identity, rank, worldSize), expected);
        ++lines;
    }
    QCOMPARE(lines, 3 + 4 + 8 + 2 + 13);
}

void RankShardTest::validationSharesHoldEachImageOnce()
{
    // Ten images, the first seven validated, by three ranks: shares of 3, 2 and 2 images, no padding.
    const std::shared_ptr<const Dataset> images = std::make_shared<SyntheticDataset>(10, 8, 10, 3);
    std::vector<int> readings(10, 0);
    QList<int64_t> sizes;
    for (int rank = 0; rank < 3; ++rank) {
        const DatasetShard share(images, 7, rank, 3);
        sizes << share.size();
        for (int64_t index = 0; index < share.size(); ++index) {
            const int64_t original = rank + 3 * index;
            QVERIFY(torch::equal(share.image(index), images->image(original)));
            QCOMPARE(share.label(index), images->label(original));
            QCOMPARE(share.sampleName(index), images->sampleName(original));
            ++readings[static_cast<size_t>(original)];
        }
    }
    QCOMPARE(sizes, (QList<int64_t>{3, 2, 2}));
    QCOMPARE(readings, (std::vector<int>{1, 1, 1, 1, 1, 1, 1, 0, 0, 0}));
    // More ranks than images, and no limit.
    QCOMPARE(DatasetShard(images, 2, 3, 4).size(), 0);
    QCOMPARE(DatasetShard(images, 0, 1, 4).size(), 3);
}

QTEST_GUILESS_MAIN(RankShardTest)
#include "RankShardTest.moc"
