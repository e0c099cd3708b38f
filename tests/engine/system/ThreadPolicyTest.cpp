// The thread policy: physical cores counted from the affinity mask (a process held to one CPU gets one
// thread), the choice between --threads, OMP_NUM_THREADS and the cores, the chosen count reaching threads
// started later (the window's engine thread), and data loader workers using one thread each without
// changing any other thread's count. Checked with libtorch's own parallel loops, not only its counters.
#include "data/DataLoader.h"
#include "system/ThreadPolicy.h"

#include <ATen/Parallel.h>
#include <QtTest>
#include <torch/torch.h>

#include <sched.h>

#include <fstream>
#include <future>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

using namespace ampwb;

namespace {

/// How many threads one of libtorch's parallel loops ran on, on the calling thread (this file is compiled
/// with OpenMP, so at::parallel_for runs here as it does inside libtorch's operators).
int threadsInAParallelLoop()
{
    std::mutex mutex;
    std::set<int> seen;
    at::parallel_for(0, 4096, 1, [&](int64_t begin, int64_t end) {
        volatile double sink = 0;
        for (int64_t i = begin; i < end; ++i)
            for (int k = 0; k < 2000; ++k)
                sink = sink + static_cast<double>(i * k);
        std::lock_guard lock(mutex);
        seen.insert(at::get_thread_num());
    });
    return static_cast<int>(seen.size());
}

/// Runs `work` on a new thread and returns what it returned.
template <typename Work>
auto onNewThread(Work work)
{
    decltype(work()) result{};
    std::thread([&] { result = work(); }).join();
    return result;
}

/// Sets the process's affinity mask to `cpus` for the lifetime of the object.
class AffinityScope {
public:
    explicit AffinityScope(const std::set<int>& cpus)
    {
        sched_getaffinity(0, sizeof saved, &saved);
        cpu_set_t mask;
        CPU_ZERO(&mask);
        for (int cpu : cpus)
            CPU_SET(cpu, &mask);
        applied = sched_setaffinity(0, sizeof mask, &mask) == 0;
    }
    ~AffinityScope() { sched_setaffinity(0, sizeof saved, &saved); }
    bool applied = false;

private:
    cpu_set_t saved;
};

/// Whether Linux lists CPU `other` among the hardware threads of CPU 0's core.
bool sharesCoreWithCpu0(int other)
{
    std::ifstream file("/sys/devices/system/cpu/cpu0/topology/thread_siblings_list");
    std::string list;
    file >> list; // e.g. "0,64" or "0-1" or "0"
    if (list.find('-') != std::string::npos)
        return other >= std::stoi(list.substr(0, list.find('-')))
            && other <= std::stoi(list.substr(list.find('-') + 1));
    std::stringstream items(list);
    for (std::string item; std::getline(items, item, ',');)
        if (std::stoi(item) == other)
            return true;
    return false;
}

/// Sample i is a small grey image; image() records the operator thread count of the thread reading it.
class ThreadRecordingDataset : public Dataset {
public:
    int64_t size() const override { return 64; }
    int64_t label(int64_t) const override { return 0; }
    torch::Tensor image(int64_t) const override
    {
        std::lock_guard lock(mutex);
        counts.insert(at::get_num_threads());
        return torch::full({1, 8, 8}, 128, torch::kUInt8);
    }
    const std::vector<std::string>& classNames() const override { return names; }
    mutable std::mutex mutex;
    mutable std::set<int> counts;

private:
    std::vector<std::string> names{"only"};
};

} // namespace

class ThreadPolicyTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void coresAreCountedFromTheAffinityMask();
    void requestBeatsEnvironmentBeatsCores();
    void threadsStartedLaterUseTheChosenCount();
    void oneThreadsCountLeavesTheOthersAlone();
    void loaderWorkersUseOneThreadEach();
};

void ThreadPolicyTest::cleanup()
{
    qunsetenv("OMP_NUM_THREADS");
}

void ThreadPolicyTest::coresAreCountedFromTheAffinityMask()
{
    const int all = physicalCoresAvailable();
    QVERIFY(all >= 1);
    QVERIFY(all <= static_cast<int>(std::thread::hardware_concurrency()));
    {
        AffinityScope oneCpu({0});
        QVERIFY(oneCpu.applied);
        QCOMPARE(physicalCoresAvailable(), 1);
    }
    if (std::thread::hardware_concurrency() < 2)
        QSKIP("one CPU: the two-CPU case cannot be made here");
    AffinityScope twoCpus({0, 1});
    QVERIFY(twoCpus.applied);
    // Two hardware threads of one core are one physical core; two cores are two.
    QCOMPARE(physicalCoresAvailable(), sharesCoreWithCpu0(1) ? 1 : 2);
}

void ThreadPolicyTest::requestBeatsEnvironmentBeatsCores()
{
    const ThreadPolicy byCores = chooseThreadPolicy();
    QCOMPARE(byCores.intraOpThreads, physicalCoresAvailable());
    QCOMPARE(byCores.chosenBy, std::string("one per physical core"));

    qputenv("OMP_NUM_THREADS", "3");
    const ThreadPolicy byEnvironment = chooseThreadPolicy();
    QCOMPARE(byEnvironment.intraOpThreads, 3);
    QCOMPARE(byEnvironment.chosenBy, std::string("from OMP_NUM_THREADS"));

    const ThreadPolicy byRequest = chooseThreadPolicy(5);
    QCOMPARE(byRequest.intraOpThreads, 5);
    QCOMPARE(byRequest.chosenBy, std::string("from --threads"));

    for (const char* unusable : {"", "0", "-2", "two", "4,2"}) {
        qputenv("OMP_NUM_THREADS", unusable);
        QCOMPARE(chooseThreadPolicy().chosenBy, std::string("one per physical core"));
    }
}

void ThreadPolicyTest::threadsStartedLaterUseTheChosenCount()
{
    applyThreadPolicy({2, "from --threads"});
    QCOMPARE(currentThreadPolicy().intraOpThreads, 2);
    QCOMPARE(currentThreadPolicy().chosenBy, std::string("from --threads"));
    QCOMPARE(at::get_num_threads(), 2);
    QCOMPARE(onNewThread([] { return at::get_num_threads(); }), 2);
    QCOMPARE(onNewThread(threadsInAParallelLoop), 2);

    applyThreadPolicy({1, "from --threads"});
    QCOMPARE(onNewThread(threadsInAParallelLoop), 1);
}

void ThreadPolicyTest::oneThreadsCountLeavesTheOthersAlone()
{
    applyThreadPolicy({2, "from --threads"});
    std::promise<void> counted;
    std::promise<void> finish;
    int ownCount = 0;
    int ownLoopThreads = 0;
    std::thread worker([&] {
        useIntraOpThreadsOnThisThread(1);
        ownCount = at::get_num_threads();
        ownLoopThreads = threadsInAParallelLoop();
        counted.set_value();
        finish.get_future().wait();
    });
    counted.get_future().wait();
    // While the worker keeps its one, neither this thread nor a thread started meanwhile lost its two.
    const int mainLoopThreads = threadsInAParallelLoop();
    const int newThreadLoopThreads = onNewThread(threadsInAParallelLoop);
    finish.set_value();
    worker.join();
    QCOMPARE(ownCount, 1);
    QCOMPARE(ownLoopThreads, 1);
    QCOMPARE(mainLoopThreads, 2);
    QCOMPARE(newThreadLoopThreads, 2);
}

void ThreadPolicyTest::loaderWorkersUseOneThreadEach()
{
    applyThreadPolicy({2, "from --threads"});
    auto dataset = std::make_shared<ThreadRecordingDataset>();
    LoaderOptions options;
    options.batchSize = 8;
    options.workers = 2;
    DataLoader loader(dataset, ImageTransform({8, false, {0.f, 0.f, 0.f}, {1.f, 1.f, 1.f}}), options);
    loader.startEpoch(0);
    int batches = 0;
    while (loader.next())
        ++batches;
    QCOMPARE(batches, 8);
    QCOMPARE(dataset->counts, (std::set<int>{kLoaderWorkerThreads}));
    QCOMPARE(at::get_num_threads(), 2);
}

QTEST_GUILESS_MAIN(ThreadPolicyTest)
#include "ThreadPolicyTest.moc"
