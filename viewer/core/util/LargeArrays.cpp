#include "LargeArrays.h"

#include <QtGlobal>

#include <atomic>
#include <cerrno>
#include <cstdint>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace embers {

void adviseHugePages(const void *data, size_t bytes)
{
#ifdef __linux__
    constexpr uintptr_t kHuge = uintptr_t(2) << 20;
    static const bool wanted = qEnvironmentVariableIntValue("EMBERS_HUGE_PAGES") == 1;
    if (!wanted || bytes < 4 * kHuge)
        return;
    const uintptr_t begin = (uintptr_t(data) + kHuge - 1) & ~(kHuge - 1);
    const uintptr_t end = (uintptr_t(data) + bytes) & ~(kHuge - 1);
    if (end > begin)
        madvise(reinterpret_cast<void *>(begin), end - begin, MADV_HUGEPAGE);
#else
    (void)data;
    (void)bytes;
#endif
}

void prefaultPages(const void *data, size_t bytes)
{
#ifdef __linux__
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif
    constexpr uintptr_t kPage = 4096;
    // What the running kernel supports is a fact about the process: one flag for all.
    static std::atomic_bool unsupported{false};
    if (bytes < 16 * kPage || unsupported.load(std::memory_order_relaxed))
        return;
    const uintptr_t begin = (uintptr_t(data) + kPage - 1) & ~(kPage - 1);
    const uintptr_t end = (uintptr_t(data) + bytes) & ~(kPage - 1);
    // Only a hint: without it the same pages fault in one at a time as they are written.
    if (end > begin &&
        madvise(reinterpret_cast<void *>(begin), end - begin, MADV_POPULATE_WRITE) != 0 &&
        errno == EINVAL)
        unsupported = true; // a kernel older than 5.14
#else
    (void)data;
    (void)bytes;
#endif
}

} // namespace embers
