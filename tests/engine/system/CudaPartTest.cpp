// The engine's CUDA part (libampwb_cuda.so): it loads in every CUDA build, says what it was built with, and
// carries every function the engine asks of it, NCCL's backend included. What needs a GPU (CUDA-event timing,
// allocator figures, an NCCL all-reduce) runs where one is present and is skipped, with the reason, elsewhere.
#include "system/CudaPluginInterface.h"
#include "system/CudaSupport.h"
#include "xray/OperatorRecording.h"

#include <torch/csrc/distributed/c10d/Backend.hpp>
#include <torch/csrc/distributed/c10d/HashStore.hpp>
#include <torch/torch.h>

#include <QtTest>

using namespace ampwb;

namespace {

/// Skips the calling test where no CUDA device can be used, saying why.
#define SKIP_WITHOUT_A_GPU()                                                                                           \
    if (!cudaAvailable())                                                                                              \
        QSKIP(qPrintable(QStringLiteral("needs a CUDA device: ") + QString::fromStdString(cudaBuildDescription())      \
                         + QStringLiteral(", no device")));

/// A one-rank NCCL backend from the CUDA part, or null with `error` set.
c10::intrusive_ptr<c10d::Backend> oneRankNccl(std::string& error)
{
    auto store = c10::make_intrusive<c10d::HashStore>();
    char text[512] = "";
    void* backend = cudaPluginFunctions()->createNcclBackend(store.get(), 0, 1, 60000, "0", text, sizeof text);
    error = text;
    return backend ? c10::intrusive_ptr<c10d::Backend>::reclaim(static_cast<c10d::Backend*>(backend)) : nullptr;
}

} // namespace

class CudaPartTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void loadsWithEveryFunction();
    void ncclIsBuiltIn();
    void eventsTimeTheGpusWork();
    void xrayKeepsTheHostClockWithoutAGpu();
    void xrayTimesOperatorsOnTheGpu();
    void allocatorFiguresFollowATensor();
    void ncclAllReducesOnOneRank();
};

void CudaPartTest::loadsWithEveryFunction()
{
    const QString built = QString::fromStdString(cudaBuildDescription());
    QVERIFY2(built.startsWith(QLatin1String("built with CUDA 13.")), qPrintable(built));
    const CudaPluginFunctions* functions = cudaPluginFunctions();
    QVERIFY(functions);
    QCOMPARE(functions->interfaceVersion, kCudaPluginInterfaceVersion);
    QVERIFY(functions->memoryUsage && functions->resetPeakMemory && functions->synchronize && functions->describe);
    QVERIFY(functions->startTimer && functions->timerMilliseconds && functions->createNcclBackend);
    QVERIFY(functions->createEventList && functions->recordListEvent && functions->listEventMilliseconds
            && functions->destroyEventList);
}

void CudaPartTest::ncclIsBuiltIn()
{
    // Without a GPU, NCCL's backend may refuse to be made, but for want of a device, not of NCCL.
    std::string error;
    const auto backend = oneRankNccl(error);
    QVERIFY2(backend || error.find("without NCCL") == std::string::npos, error.c_str());
    if (backend)
        QCOMPARE(QString::fromStdString(backend->getBackendName()), QStringLiteral("nccl"));
}

void CudaPartTest::eventsTimeTheGpusWork()
{
    SKIP_WITHOUT_A_GPU();
    const c10::Device cuda(c10::DeviceType::CUDA, 0);
    const torch::Tensor a = torch::randn({4096, 4096}, torch::TensorOptions().device(cuda));
    startCudaTimer(cuda);
    torch::Tensor product = a;
    for (int i = 0; i < 20; ++i)
        product = torch::matmul(product, a).div_(64.0);
    const double milliseconds = cudaTimerMilliseconds(cuda);
    // 20 products of 4096² matrices are 2.7 TFLOP: more than 0.1 ms on any GPU, less than 10 s.
    QVERIFY2(milliseconds > 0.1 && milliseconds < 10000.0, qPrintable(QString::number(milliseconds)));
}

void CudaPartTest::xrayKeepsTheHostClockWithoutAGpu()
{
    if (cudaAvailable())
        QSKIP("a CUDA device is present: xrayTimesOperatorsOnTheGpu covers this machine");
    // Asked for a CUDA device that is not there, the X-ray's recording still records, on the host's clock.
    OperatorRecording recording(c10::Device(c10::DeviceType::CUDA, 0));
    const torch::Tensor a = torch::randn({64, 64});
    const torch::Tensor product = torch::mm(a, a);
    const std::vector<RecordedEvent> events = recording.finish();
    QCOMPARE(recording.clock(), RecordingClock::Host);
    const auto mm = std::find_if(events.begin(), events.end(),
                                 [](const RecordedEvent& e) { return e.name == "aten::mm"; });
    QVERIFY(mm != events.end());
    QVERIFY(mm->endNanoseconds >= mm->startNanoseconds);
}

void CudaPartTest::xrayTimesOperatorsOnTheGpu()
{
    SKIP_WITHOUT_A_GPU();
    const c10::Device cuda(c10::DeviceType::CUDA, 0);
    const torch::Tensor a = torch::randn({4096, 4096}, torch::TensorOptions().device(cuda));
    const torch::Tensor small = torch::randn({8}, torch::TensorOptions().device(cuda));
    synchronizeDevice(cuda);
    OperatorRecording recording(cuda);
    torch::Tensor product = torch::mm(a, a);
    torch::Tensor sum = small + small;
    const std::vector<RecordedEvent> events = recording.finish();
    QCOMPARE(recording.clock(), RecordingClock::CudaEvents);
    const auto find = [&](const char* name) {
        const auto found = std::find_if(events.begin(), events.end(),
                                        [&](const RecordedEvent& e) { return e.name == name; });
        return found == events.end() ? RecordedEvent() : *found;
    };
    // The host only queues the product (microseconds); on the GPU, 137 GFLOP take at least 0.1 ms and
    // far longer than adding eight numbers.
    const RecordedEvent mm = find("aten::mm");
    const RecordedEvent add = find("aten::add");
    QVERIFY(!mm.name.empty() && !add.name.empty());
    const double mmMilliseconds = static_cast<double>(mm.endNanoseconds - mm.startNanoseconds) / 1e6;
    const double addMilliseconds = static_cast<double>(add.endNanoseconds - add.startNanoseconds) / 1e6;
    QVERIFY2(mmMilliseconds > 0.1 && mmMilliseconds < 10000.0, qPrintable(QString::number(mmMilliseconds)));
    QVERIFY2(addMilliseconds < mmMilliseconds / 10.0, qPrintable(QString::number(addMilliseconds)));
    QVERIFY(add.startNanoseconds >= mm.endNanoseconds);
}

void CudaPartTest::allocatorFiguresFollowATensor()
{
    SKIP_WITHOUT_A_GPU();
    const c10::Device cuda(c10::DeviceType::CUDA, 0);
    resetCudaPeakMemory(cuda);
    const MemoryUsage before = cudaMemoryUsage(cuda);
    {
        const torch::Tensor block = torch::empty({64 << 20}, torch::TensorOptions().device(cuda)); // 256 MiB
        const MemoryUsage during = cudaMemoryUsage(cuda);
        QVERIFY(during.allocatedBytes >= before.allocatedBytes + (256 << 20));
        QVERIFY(during.reservedBytes >= during.allocatedBytes);
    }
    const MemoryUsage after = cudaMemoryUsage(cuda);
    QCOMPARE(after.allocatedBytes, before.allocatedBytes);
    QVERIFY(after.peakAllocatedBytes >= before.allocatedBytes + (256 << 20));
    resetCudaPeakMemory(cuda);
    QCOMPARE(cudaMemoryUsage(cuda).peakAllocatedBytes, after.allocatedBytes);
}

void CudaPartTest::ncclAllReducesOnOneRank()
{
    SKIP_WITHOUT_A_GPU();
    std::string error;
    const auto backend = oneRankNccl(error);
    QVERIFY2(backend, error.c_str());
    std::vector<torch::Tensor> tensors{torch::full({8}, 3.0, torch::TensorOptions().device(torch::kCUDA))};
    backend->allreduce(tensors)->wait();
    QVERIFY(torch::equal(tensors[0].cpu(), torch::full({8}, 3.0)));
}

QTEST_GUILESS_MAIN(CudaPartTest)
#include "CudaPartTest.moc"
