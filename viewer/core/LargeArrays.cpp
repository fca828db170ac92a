#include "LargeArrays.h"

#include <QtGlobal>

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

} // namespace embers
