// DataLoader: deterministic batches whatever the worker count, complete epochs, resuming
// mid-epoch, unreadable samples replaced and listed, persistent errors reaching the consumer,
// batch memory reused only once the consumer has let go of it, and a data-parallel rank reading its shard.
#include "data/DataLoader.h"
#include "data/RankShard.h"
#include "data/SyntheticDataset.h"

#include "TestSupport.h"

#include <torch/torch.h>

#include <algorithm>
#include <numeric>
#include <set>

using namespace ampwb;

namespace {

/// Sample i is a [1, side, side] image filled with i % 256 and has label i, so a batch
/// tells exactly which samples it holds. Optionally image() fails for one index (or all).
class NumberedDataset : public Dataset {
public:
    static constexpr int64_t kAll = -2;
    enum class Failure { DataError, RuntimeError };

    NumberedDataset(int64_t count, int64_t side, int64_t failingIndex = -1, Failure failure = Failure::DataError)
        : count(count)
        , side(side)
        , failingIndex(failingIndex)
        , failure(failure)
        , names(10, "class")
    {
    }
    int64_t size() const override { return count; }
    int64_t label(int64_t index) const override { return index; }
    torch::Tensor image(int64_t index) const override
    {
        if (failingIndex == kAll || index == failingIndex) {
            const std::string message = "Cannot decode sample " + std::to_string(index) + " (test failure).";
            if (failure == Failure::DataError)
                throw DataError(message);
            throw std::runtime_error(message);
        }
        return torch::full({1, side, side}, index % 256, torch::kUInt8);
    }
    const std::vector<std::string>& classNames() const override { return names; }

private:
    int64_t count;
    int64_t side;
    int64_t failingIndex;
    Failure failure;
    std::vector<std::string> names;
};

/// Eval transform at the images' own size with mean 0 and std 1: pixel p becomes p / 255.
ImageTransform identityTransform(int64_t side)
{
    return ImageTransform({side, false, {0.0f, 0.0f, 0.0f}, {1.0f, 1.0f, 1.0f}});
}

std::vector<Batch> readEpoch(DataLoader& loader, int64_t epoch, int64_t fromBatch = 0)
{
    std::vector<Batch> batches;
    loader.startEpoch(epoch, fromBatch);
    while (auto batch = loader.next())
        batches.push_back(std::move(*batch));
    return batches;
}

std::vector<int64_t> labelsOf(const std::vector<Batch>& batches)
{
    std::vector<int64_t> labels;
    for (const Batch& batch : batches)
        for (int64_t i = 0; i < batch.labels.size(0); ++i)
            labels.push_back(batch.labels[i].item<int64_t>());
    return labels;
}

/// Empty when both lists hold identical batches; otherwise where they differ.
QString differences(const std::vector<Batch>& expected, const std::vector<Batch>& actual)
{
    if (expected.size() != actual.size())
        return QStringLiteral("%1 batches instead of %2").arg(actual.size()).arg(expected.size());
    for (size_t b = 0; b < expected.size(); ++b) {
        if (expected[b].index != actual[b].index)
            return QStringLiteral("batch %1 has index %2, expected %3")
                .arg(b)
                .arg(actual[b].index)
                .arg(expected[b].index);
        if (!torch::equal(expected[b].labels, actual[b].labels))
            return QStringLiteral("batch %1: different labels").arg(b);
        if (expected[b].images.sizes() != actual[b].images.sizes()
            || !torch::equal(expected[b].images, actual[b].images))
            return QStringLiteral("batch %1: different images").arg(b);
    }
    return {};
}

} // namespace

class DataLoaderTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void batchesDoNotDependOnWorkerCount_data();
    void batchesDoNotDependOnWorkerCount();
    void seedAndEpochChangeTheOrder();
    void everySampleOncePerEpoch_data();
    void everySampleOncePerEpoch();
    void ranksReadTheirShards();
    void resumingMidEpochGivesTheTail_data();
    void resumingMidEpochGivesTheTail();
    void unreadableSamplesAreReplacedAndListed_data();
    void unreadableSamplesAreReplacedAndListed();
    void persistentFailuresReachTheConsumer_data();
    void persistentFailuresReachTheConsumer();
    void rejectsDatasetsSmallerThanABatch();
    void batchMemoryIsReusedOnlyWhenReleased_data();
    void batchMemoryIsReusedOnlyWhenReleased();
};

void DataLoaderTest::initTestCase()
{
    torch::set_num_threads(1);
}

void DataLoaderTest::batchesDoNotDependOnWorkerCount_data()
{
    QTest::addColumn<int>("workers");
    QTest::addColumn<int>("prefetch");
    QTest::newRow("1 worker") << 1 << 4;
    QTest::newRow("3 workers") << 3 << 4;
    QTest::newRow("3 workers, prefetch 1") << 3 << 1;
    QTest::newRow("2 workers, prefetch 16") << 2 << 16;
}

void DataLoaderTest::batchesDoNotDependOnWorkerCount()
{
    QFETCH(int, workers);
    QFETCH(int, prefetch);
    // Real augmentation (resize 20 → 16, pad, random crop, flip) on synthetic RGB images.
    auto dataset = std::make_shared<SyntheticDataset>(70, 20, 10, 9);
    const ImageTransform transform({16, true, kImageNetMean, kImageNetStd});
    LoaderOptions options;
    options.batchSize = 8;
    options.dropLast = false;
    options.shuffle = true;
    options.seed = 1234;
    options.workers = 0;
    DataLoader onCaller(dataset, transform, options);
    options.workers = workers;
    options.prefetchBatches = prefetch;
    DataLoader threaded(dataset, transform, options);

    for (int64_t epoch : {int64_t(0), int64_t(3)}) {
        const std::vector<Batch> expected = readEpoch(onCaller, epoch);
        QCOMPARE(expected.size(), size_t(9)); // 8 full batches and one of 6
        QCOMPARE(expected.back().labels.size(0), int64_t(6));
        QCOMPARE(expected.front().images.sizes().vec(), (std::vector<int64_t>{8, 3, 16, 16}));
        const QString problem = differences(expected, readEpoch(threaded, epoch));
        QVERIFY2(problem.isEmpty(), qPrintable(QStringLiteral("epoch %1: %2").arg(epoch).arg(problem)));
    }
}

void DataLoaderTest::seedAndEpochChangeTheOrder()
{
    auto dataset = std::make_shared<NumberedDataset>(64, 4);
    LoaderOptions options;
    options.batchSize = 8;
    options.workers = 2;
    options.seed = 1;
    DataLoader first(dataset, identityTransform(4), options);
    options.seed = 2;
    DataLoader second(dataset, identityTransform(4), options);

    const std::vector<int64_t> seed1epoch0 = labelsOf(readEpoch(first, 0));
    const std::vector<int64_t> seed1epoch1 = labelsOf(readEpoch(first, 1));
    const std::vector<int64_t> seed2epoch0 = labelsOf(readEpoch(second, 0));
    QCOMPARE(seed1epoch0.size(), size_t(64));
    QVERIFY(seed1epoch0 != seed2epoch0);
    QVERIFY(seed1epoch0 != seed1epoch1);
    QCOMPARE(labelsOf(readEpoch(first, 0)), seed1epoch0); // and repeatable
    std::vector<int64_t> identity(64);
    std::iota(identity.begin(), identity.end(), 0);
    QVERIFY(seed1epoch0 != identity);
    QCOMPARE(first.epochOrder(0), seed1epoch0);
}

void DataLoaderTest::everySampleOncePerEpoch_data()
{
    QTest::addColumn<int64_t>("size");
    QTest::addColumn<int64_t>("batchSize");
    QTest::addColumn<bool>("dropLast");
    QTest::addColumn<bool>("shuffle");
    QTest::addColumn<int64_t>("expectedBatches");
    QTest::addColumn<int64_t>("expectedSamples");
    QTest::newRow("203 in 16s, keep last")
        << int64_t(203) << int64_t(16) << false << true << int64_t(13) << int64_t(203);
    QTest::newRow("203 in 16s, drop last")
        << int64_t(203) << int64_t(16) << true << true << int64_t(12) << int64_t(192);
    QTest::newRow("203 in 16s, in order")
        << int64_t(203) << int64_t(16) << false << false << int64_t(13) << int64_t(203);
    QTest::newRow("5 in one batch of 8") << int64_t(5) << int64_t(8) << false << true << int64_t(1) << int64_t(5);
    QTest::newRow("64 in 16s exactly") << int64_t(64) << int64_t(16) << true << true << int64_t(4) << int64_t(64);
}

void DataLoaderTest::everySampleOncePerEpoch()
{
    QFETCH(int64_t, size);
    QFETCH(int64_t, batchSize);
    QFETCH(bool, dropLast);
    QFETCH(bool, shuffle);
    QFETCH(int64_t, expectedBatches);
    QFETCH(int64_t, expectedSamples);
    auto dataset = std::make_shared<NumberedDataset>(size, 4);
    LoaderOptions options;
    options.batchSize = batchSize;
    options.dropLast = dropLast;
    options.shuffle = shuffle;
    options.workers = 2;
    options.seed = 77;
    DataLoader loader(dataset, identityTransform(4), options);
    QCOMPARE(loader.batchesPerEpoch(), expectedBatches);

    const std::vector<Batch> batches = readEpoch(loader, 5);
    QCOMPARE(static_cast<int64_t>(batches.size()), expectedBatches);
    for (size_t b = 0; b < batches.size(); ++b) {
        QCOMPARE(batches[b].index, static_cast<int64_t>(b));
        const int64_t n = batches[b].labels.size(0);
        QVERIFY(n == batchSize || (b + 1 == batches.size() && !dropLast));
        QCOMPARE(batches[b].images.sizes().vec(), (std::vector<int64_t>{n, 3, 4, 4}));
        // Each image belongs to its label: every pixel of every channel is label / 255.
        const torch::Tensor expected = (batches[b].labels % 256).to(torch::kFloat).div(255.0f).view({n, 1, 1, 1});
        QVERIFY2(torch::allclose(batches[b].images, expected.expand({n, 3, 4, 4}), 0.0, 1e-6),
                 qPrintable(QStringLiteral("batch %1: images do not match their labels").arg(b)));
    }
    std::vector<int64_t> labels = labelsOf(batches);
    QCOMPARE(static_cast<int64_t>(labels.size()), expectedSamples);
    if (!shuffle) {
        std::vector<int64_t> inOrder(static_cast<size_t>(expectedSamples));
        std::iota(inOrder.begin(), inOrder.end(), 0);
        QCOMPARE(labels, inOrder);
    }
    std::sort(labels.begin(), labels.end());
    QVERIFY2(std::adjacent_find(labels.begin(), labels.end()) == labels.end(), "a sample appears twice in an epoch");
    QVERIFY(labels.front() >= 0 && labels.back() < size);
}

void DataLoaderTest::ranksReadTheirShards()
{
    auto dataset = std::make_shared<NumberedDataset>(50, 4);
    LoaderOptions options;
    options.batchSize = 4;
    options.dropLast = false;
    options.workers = 2;
    options.seed = 5;
    const std::vector<int64_t> wholeEpoch = DataLoader(dataset, identityTransform(4), options).epochOrder(3);
    options.worldSize = 3;
    std::vector<int64_t> read;
    for (int rank = 0; rank < 3; ++rank) {
        options.rank = rank;
        DataLoader loader(dataset, identityTransform(4), options);
        QCOMPARE(loader.batchesPerEpoch(), int64_t(5)); // 17 samples each: 50 padded to 51
        const std::vector<int64_t> labels = labelsOf(readEpoch(loader, 3));
        QCOMPARE(labels, rankShard(wholeEpoch, rank, 3));
        read.insert(read.end(), labels.begin(), labels.end());
    }
    std::sort(read.begin(), read.end());
    read.erase(std::unique(read.begin(), read.end()), read.end());
    QCOMPARE(read.size(), size_t(50)); // together the ranks read the whole epoch
}

void DataLoaderTest::resumingMidEpochGivesTheTail_data()
{
    QTest::addColumn<int64_t>("fromBatch");
    QTest::addColumn<int>("workers");
    QTest::newRow("from 0") << int64_t(0) << 2;
    QTest::newRow("from 1") << int64_t(1) << 2;
    QTest::newRow("from 5") << int64_t(5) << 3;
    QTest::newRow("from 5, on the caller") << int64_t(5) << 0;
    QTest::newRow("from the last") << int64_t(8) << 1;
    QTest::newRow("past the end") << int64_t(20) << 2;
}

void DataLoaderTest::resumingMidEpochGivesTheTail()
{
    QFETCH(int64_t, fromBatch);
    QFETCH(int, workers);
    auto dataset = std::make_shared<SyntheticDataset>(72, 16, 10, 3);
    const ImageTransform transform({16, true, kImageNetMean, kImageNetStd});
    LoaderOptions options;
    options.batchSize = 8;
    options.workers = workers;
    options.seed = 99;
    DataLoader loader(dataset, transform, options);
    const std::vector<Batch> full = readEpoch(loader, 2);
    QCOMPARE(full.size(), size_t(9));
    const std::vector<Batch> tail = readEpoch(loader, 2, fromBatch);
    const std::vector<Batch> expected(full.begin() + std::min<int64_t>(fromBatch, 9), full.end());
    const QString problem = differences(expected, tail);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void DataLoaderTest::unreadableSamplesAreReplacedAndListed_data()
{
    QTest::addColumn<int>("workers");
    QTest::addColumn<int64_t>("failingIndex");
    QTest::addColumn<int64_t>("replacement");
    // Unshuffled, so the replacement — the next sample in the epoch's order — is known.
    QTest::newRow("sample 37, on the caller") << 0 << int64_t(37) << int64_t(38);
    QTest::newRow("sample 37, 1 worker") << 1 << int64_t(37) << int64_t(38);
    QTest::newRow("sample 37, 3 workers") << 3 << int64_t(37) << int64_t(38);
    QTest::newRow("last sample, 2 workers") << 2 << int64_t(99) << int64_t(0);
}

void DataLoaderTest::unreadableSamplesAreReplacedAndListed()
{
    QFETCH(int, workers);
    QFETCH(int64_t, failingIndex);
    QFETCH(int64_t, replacement);
    auto dataset = std::make_shared<NumberedDataset>(100, 4, failingIndex);
    LoaderOptions options;
    options.batchSize = 8;
    options.dropLast = false;
    options.shuffle = false;
    options.workers = workers;
    DataLoader loader(dataset, identityTransform(4), options);
    QVERIFY(loader.unreadableImages().empty());
    const std::vector<Batch> batches = readEpoch(loader, 0);
    QCOMPARE(batches.size(), size_t(13));
    std::vector<int64_t> expected(100);
    std::iota(expected.begin(), expected.end(), 0);
    expected[static_cast<size_t>(failingIndex)] = replacement;
    QCOMPARE(labelsOf(batches), expected);
    const std::vector<std::string> unreadable = loader.unreadableImages();
    QCOMPARE(unreadable.size(), size_t(1));
    QVERIFY2(QString::fromStdString(unreadable.front()).contains(QStringLiteral("sample %1").arg(failingIndex)),
             unreadable.front().c_str());
}

void DataLoaderTest::persistentFailuresReachTheConsumer_data()
{
    QTest::addColumn<int>("workers");
    QTest::addColumn<int64_t>("failingIndex");
    QTest::addColumn<bool>("dataError");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("every image unreadable, on the caller") << 0 << NumberedDataset::kAll << true << "could not be read";
    QTest::newRow("every image unreadable, 3 workers") << 3 << NumberedDataset::kAll << true << "could not be read";
    QTest::newRow("runtime_error at sample 37, on the caller") << 0 << int64_t(37) << false << "sample 37";
    QTest::newRow("runtime_error at sample 37, 1 worker") << 1 << int64_t(37) << false << "sample 37";
    QTest::newRow("runtime_error at sample 37, 3 workers") << 3 << int64_t(37) << false << "sample 37";
}

void DataLoaderTest::persistentFailuresReachTheConsumer()
{
    QFETCH(int, workers);
    QFETCH(int64_t, failingIndex);
    QFETCH(bool, dataError);
    QFETCH(QString, mentions);
    auto dataset = std::make_shared<NumberedDataset>(
        100, 4, failingIndex, dataError ? NumberedDataset::Failure::DataError : NumberedDataset::Failure::RuntimeError);
    LoaderOptions options;
    options.batchSize = 8;
    options.dropLast = false;
    options.shuffle = false; // sample 37 is in batch 4
    options.workers = workers;
    DataLoader loader(dataset, identityTransform(4), options);
    loader.startEpoch(0);
    const int64_t failingBatch = failingIndex == NumberedDataset::kAll ? 0 : failingIndex / 8;
    int64_t delivered = 0;
    QString message;
    QString caught = QStringLiteral("nothing");
    try {
        while (auto batch = loader.next()) {
            QCOMPARE(batch->index, delivered);
            ++delivered;
        }
    } catch (const DataError& error) {
        caught = QStringLiteral("DataError");
        message = QString::fromUtf8(error.what());
    } catch (const std::runtime_error& error) {
        caught = QStringLiteral("runtime_error");
        message = QString::fromUtf8(error.what());
    }
    QCOMPARE(caught, dataError ? QStringLiteral("DataError") : QStringLiteral("runtime_error"));
    QVERIFY2(delivered <= failingBatch,
             qPrintable(QStringLiteral("%1 batches delivered past the failing one").arg(delivered - failingBatch)));
    QVERIFY2(message.contains(mentions), qPrintable(message));
    // Leaving the loader with workers blocked on a full queue must not hang (the destructor joins them).
}

void DataLoaderTest::rejectsDatasetsSmallerThanABatch()
{
    auto dataset = std::make_shared<NumberedDataset>(5, 4);
    LoaderOptions options;
    options.batchSize = 8;
    options.dropLast = true;
    bool threw = false;
    try {
        DataLoader loader(dataset, identityTransform(4), options);
    } catch (const DataError& error) {
        threw = QString::fromUtf8(error.what()).contains(QLatin1String("5"));
    }
    QVERIFY(threw);
    options.batchSize = 0;
    options.dropLast = false;
    threw = false;
    try {
        DataLoader loader(dataset, identityTransform(4), options);
    } catch (const DataError&) {
        threw = true;
    }
    QVERIFY(threw);
}

void DataLoaderTest::batchMemoryIsReusedOnlyWhenReleased_data()
{
    QTest::addColumn<int>("workers");
    QTest::newRow("on the caller") << 0;
    QTest::newRow("2 workers") << 2;
}

void DataLoaderTest::batchMemoryIsReusedOnlyWhenReleased()
{
    QFETCH(int, workers);
    auto dataset = std::make_shared<NumberedDataset>(256, 8);
    LoaderOptions options;
    options.batchSize = 4;
    options.shuffle = false;
    options.workers = workers;
    options.prefetchBatches = 2;
    DataLoader loader(dataset, identityTransform(8), options);
    loader.startEpoch(0);
    // Kept by the consumer: the first batch, and a view of the second's images.
    const Batch first = *loader.next();
    const torch::Tensor firstCopy = first.images.clone();
    const torch::Tensor secondView = loader.next()->images.narrow(0, 1, 2);
    const torch::Tensor secondCopy = secondView.clone();
    std::set<const void*> buffers;
    int64_t batches = 2;
    while (auto batch = loader.next()) {
        // Each batch still shows its own samples (batch b holds samples 4b … 4b + 3).
        const float expected = static_cast<float>((batch->index * 4) % 256) / 255.0f;
        QVERIFY2(std::abs(batch->images[0][0][0][0].item<float>() - expected) < 1e-6,
                 qPrintable(QStringLiteral("batch %1").arg(batch->index)));
        buffers.insert(batch->images.data_ptr());
        ++batches;
    }
    QCOMPARE(batches, int64_t(64));
    // What the consumer holds was never written over ...
    QVERIFY(torch::equal(first.images, firstCopy));
    QVERIFY(torch::equal(secondView, secondCopy));
    QVERIFY(buffers.count(first.images.data_ptr()) == 0);
    // ... while the 62 batches it let go of took turns in a few buffers (queue 2, workers, 2 more).
    QVERIFY2(buffers.size() <= size_t(options.prefetchBatches + workers + 2),
             qPrintable(QStringLiteral("%1 buffers for 62 batches").arg(buffers.size())));
}

QTEST_GUILESS_MAIN(DataLoaderTest)
#include "DataLoaderTest.moc"
