// reuseFreedHostMemory: freed training buffers are reused without page faults, and what
// an earlier run left behind is returned before a new run measures its peak.
#include "system/HostMemoryReuse.h"
#include "system/MemoryUsage.h"

#include <QtTest>

#include <sys/resource.h>

#include <cstdlib>
#include <vector>

using namespace ampwb;

namespace {

constexpr size_t kPage = 4096;

long minorPageFaults()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_minflt;
}

/// Page faults taken while allocating `bytes`, writing every page, and freeing them again.
long faultsForOneBuffer(size_t bytes)
{
    const long before = minorPageFaults();
    auto* buffer = static_cast<volatile char*>(std::malloc(bytes));
    for (size_t offset = 0; offset < bytes; offset += kPage)
        buffer[offset] = 1;
    const long faults = minorPageFaults() - before;
    std::free(const_cast<char*>(buffer));
    return faults;
}

int64_t residentBytes()
{
    return readMemoryUsage(c10::Device(c10::kCPU)).residentBytes;
}

} // namespace

class HostMemoryReuseTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void freedBuffersAreReusedWithoutPageFaults();
    void memoryFreedEarlierIsReturned();
};

void HostMemoryReuseTest::freedBuffersAreReusedWithoutPageFaults()
{
#if defined(__SANITIZE_ADDRESS__)
    QSKIP("AddressSanitizer replaces malloc, so glibc's settings do not apply; the plain build runs this case.");
#endif
    // 48 MB, like a 224 px batch's first activations: above every mmap threshold glibc picks by itself.
    constexpr size_t bytes = size_t(48) << 20;
    constexpr long pages = long(bytes / kPage);
    faultsForOneBuffer(bytes);
    const long withGlibcDefaults = faultsForOneBuffer(bytes);
    if (withGlibcDefaults <= pages / 2)
        QSKIP(qPrintable(QStringLiteral("a fresh %1-page mapping took only %2 faults: the kernel backs it with huge "
                                        "pages, so page faults cannot show the reuse here")
                             .arg(pages)
                             .arg(withGlibcDefaults)));

    reuseFreedHostMemory();
    faultsForOneBuffer(bytes); // the first buffer still has to be faulted in once
    const long reused = faultsForOneBuffer(bytes);
    QVERIFY2(reused < pages / 20,
             qPrintable(QStringLiteral("%1 faults for %2 pages of a freed and reused buffer").arg(reused).arg(pages)));
}

void HostMemoryReuseTest::memoryFreedEarlierIsReturned()
{
#if defined(__SANITIZE_ADDRESS__)
    QSKIP("AddressSanitizer replaces malloc, so glibc's settings do not apply; the plain build runs this case.");
#endif
    reuseFreedHostMemory();
    constexpr size_t piece = size_t(4) << 20;
    constexpr int pieces = 64; // 256 MB
    const int64_t start = residentBytes();
    std::vector<volatile char*> held;
    for (int i = 0; i < pieces; ++i) {
        auto* buffer = static_cast<volatile char*>(std::malloc(piece));
        for (size_t offset = 0; offset < piece; offset += kPage)
            buffer[offset] = 1;
        held.push_back(buffer);
    }
    for (auto* buffer : held)
        std::free(const_cast<char*>(buffer));
    const int64_t kept = residentBytes() - start;
    QVERIFY2(kept > int64_t(piece) * pieces / 2,
             qPrintable(QStringLiteral("only %1 MB of 256 MB freed was kept for reuse").arg(kept >> 20)));

    reuseFreedHostMemory();
    const int64_t left = residentBytes() - start;
    QVERIFY2(left < int64_t(piece) * pieces / 8,
             qPrintable(QStringLiteral("%1 MB of 256 MB freed is still resident").arg(left >> 20)));
}

QTEST_GUILESS_MAIN(HostMemoryReuseTest)
#include "HostMemoryReuseTest.moc"
