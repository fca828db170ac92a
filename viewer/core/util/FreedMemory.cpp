#include "FreedMemory.h"

#include <climits>

#ifdef __GLIBC__
#include <malloc.h>
#endif

// Under a sanitizer malloc is the sanitizer's: glibc's heap is not the one in use, and
// reading its statistics from a thread that never allocated from it crashes.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define EMBERS_SANITIZED_MALLOC 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) ||                         \
    __has_feature(memory_sanitizer)
#define EMBERS_SANITIZED_MALLOC 1
#endif
#endif

namespace embers {

void keepFreedMemory()
{
#if defined(__GLIBC__) && !defined(EMBERS_SANITIZED_MALLOC)
    // No block of its own mapping (those are unmapped when freed): every block comes from
    // the heap, whose free top is not trimmed on free. One heap for all threads: a worker
    // thread's own heaps are 64 MiB at most, and bigger blocks would be mapped anyway.
    mallopt(M_MMAP_MAX, 0);
    mallopt(M_TRIM_THRESHOLD, INT_MAX);
    mallopt(M_ARENA_MAX, 1);
#endif
}

void returnFreedMemory()
{
#if defined(__GLIBC__) && !defined(EMBERS_SANITIZED_MALLOC)
    // Small amounts stay: trimming them costs a system call per free run, and the next
    // small table faults the pages in again (opening 50 small captures in a row spent
    // half its time so).
    constexpr size_t kWorthReturning = size_t(64) << 20;
    if (mallinfo2().fordblks >= kWorthReturning)
        malloc_trim(0);
#endif
}

} // namespace embers
