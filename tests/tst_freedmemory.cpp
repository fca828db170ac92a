// FreedMemory: a big block freed stays in the process and the next one reuses it without
// faulting fresh pages in; returnFreedMemory() gives it back, and the next one faults
// again. (Its own process: the allocator's settings are the whole process's.)
#include "FreedMemory.h"
#include "TestData.h"

#include <QtTest>

#include <memory>
#include <thread>

#ifdef __GLIBC__
#include <malloc.h>
#include <sys/resource.h>
#endif

using namespace embers;

namespace {

#ifdef __GLIBC__
long minorFaults()
{
    rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_minflt;
}

// The page faults of writing a fresh block of `bytes`, freed again.
long faultsOfTouching(size_t bytes)
{
    const long before = minorFaults();
    const std::unique_ptr<char[]> block(new char[bytes]);
    volatile char *page = block.get(); // volatile: the block must not be optimised away
    for (size_t at = 0; at < bytes; at += 4096)
        page[at] = 1;
    return minorFaults() - before;
}
#endif

constexpr size_t kBlock = size_t(64) << 20; // above glibc's largest mmap threshold
constexpr long kPages = long(kBlock / 4096);

} // namespace

class TestFreedMemory : public QObject
{
    Q_OBJECT

private slots:
    void keptThenReturned()
    {
#ifndef __GLIBC__
        QSKIP("the allocator's settings are glibc's");
#else
        if (test::kSanitized)
            QSKIP("the sanitizer's allocator replaces glibc's");
        // The first block is fresh: a fault per page (fewer on huge pages).
        const long first = faultsOfTouching(kBlock);
        QVERIFY(mallinfo2().fordblks >= kBlock); // freed, kept in the heap
        // The second reuses the first's pages.
        const long second = faultsOfTouching(kBlock);
        QVERIFY2(second < kPages / 16, qPrintable(QString::number(second)));

        returnFreedMemory();
        QVERIFY(mallinfo2().fordblks < kBlock);
        // Given back: fresh pages again, as many faults as the first time (within reason).
        const long third = faultsOfTouching(kBlock);
        QVERIFY2(third > first / 2 && third > second * 4,
                 qPrintable(QStringLiteral("%1 %2 %3").arg(first).arg(second).arg(third)));
#endif
    }

    // The window builds its tables on worker threads: a block bigger than a thread's own
    // heap, freed on one, is reused on the next.
    void keptAcrossThreads()
    {
#ifndef __GLIBC__
        QSKIP("the allocator's settings are glibc's");
#else
        if (test::kSanitized)
            QSKIP("the sanitizer's allocator replaces glibc's");
        constexpr size_t kBig = size_t(96) << 20;
        long faults[2] = {0, 0};
        for (long &f : faults) {
            std::thread worker([&f] { f = faultsOfTouching(kBig); });
            worker.join();
        }
        QVERIFY2(faults[1] < faults[0] / 16,
                 qPrintable(QStringLiteral("%1 %2").arg(faults[0]).arg(faults[1])));
#endif
    }
};

int main(int argc, char **argv)
{
    // As the app does, before any thread starts (QtTest's watchdog is one): glibc reads the
    // number of heaps it may make once, when a second thread first allocates.
    keepFreedMemory();
    QCoreApplication app(argc, argv);
    TestFreedMemory test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_freedmemory.moc"
