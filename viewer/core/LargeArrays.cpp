#include "LargeArrays.h"

#include <cstdint>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace embers {

void adviseHugePages(const void *data, size_t bytes)
{
#ifdef __linux__
    constexpr uintptr_t kHuge = uintptr_t(2) << 20;
    if (bytes < 4 * kHuge)
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
