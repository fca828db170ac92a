// LargeArrays: arrays the size of a big trie (a value per node), reserved and grown in
// one place, so that how their memory is mapped is decided here.
//
// Fresh memory is faulted in ahead of the writes, a range per system call, rather than a
// page fault per 4 KiB page: in a virtual machine, faulting ahead roughly halves what
// first touches cost, and a big open takes a tenth of the faults.
//
// They may ask for transparent huge pages: a fault per 2 MiB instead of per 4 KiB, and
// fewer TLB misses on scattered reads. That is off unless EMBERS_HUGE_PAGES=1 is set:
// a huge page must first be found whole, and in a virtual machine that hands freed
// memory back to its host also backed by the host. There, first touches of huge pages
// after a few idle seconds cost an order of magnitude more than 4 KiB pages, and the
// open got slower with them. What they save at best is small beside what they can cost,
// and freed memory is kept for reuse anyway (FreedMemory.h).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace embers {

// Asks for huge pages for the whole 2 MiB pages of [data, data + bytes) when
// EMBERS_HUGE_PAGES=1 (Linux; small ranges are left alone).
void adviseHugePages(const void *data, size_t bytes);

// Faults in the whole pages of [data, data + bytes), about to be written, in one system
// call (Linux 5.14 and later; elsewhere, and for less than a few pages, nothing).
void prefaultPages(const void *data, size_t bytes);

// The step in which growLarge() faults in what an array will append next.
constexpr size_t kPrefaultStep = size_t(1) << 20;

// Reserves room for `count` elements (and asks for huge pages for it, where they are on)
// before anything is written: reserving costs nothing until touched.
template <typename T> void reserveLarge(std::vector<T> &v, size_t count)
{
    v.reserve(count);
    adviseHugePages(v.data(), v.capacity() * sizeof(T));
}

// Makes room for `more` elements at the end of `v`: when full, it moves to a block four
// times as large, reserved by reserveLarge() before the copy touches it. For arrays that
// grow to hundreds of megabytes one element at a time. Whenever the end is about to
// cross into another kPrefaultStep of memory, that step is faulted in first.
//
// Four times, not twice: the copies then add up to a third of the final size instead of
// all of it, and room never reached is never touched, so it costs no memory. Measured in
// turns against doubling: the decode no slower, and the peak 5-10 % lower.
template <typename T> void growLarge(std::vector<T> &v, size_t more)
{
    if (v.size() + more > v.capacity()) {
        std::vector<T> grown;
        reserveLarge(grown, std::max(v.capacity() * 4, v.size() + more));
        prefaultPages(grown.data(), v.size() * sizeof(T));
        grown.insert(grown.end(), v.begin(), v.end());
        v.swap(grown);
    }
    const uintptr_t end = uintptr_t(v.data() + v.size()), next = end + more * sizeof(T);
    if ((end ^ next) >= kPrefaultStep) {
        const uintptr_t step = next & ~uintptr_t(kPrefaultStep - 1);
        const uintptr_t capacityEnd = uintptr_t(v.data() + v.capacity());
        prefaultPages(reinterpret_cast<const void *>(step),
                      std::min<uintptr_t>(kPrefaultStep, capacityEnd - step));
    }
}

// `count` copies of `value`, reserved by reserveLarge().
template <typename T> std::vector<T> largeArray(size_t count, T value)
{
    std::vector<T> v;
    reserveLarge(v, count);
    v.assign(count, value);
    return v;
}

// The same where the memory is known to be fresh (right after returnFreedMemory(), or a
// first buffer), faulted in first. Elsewhere the allocator mostly hands back memory
// already in place, which a prefault made slower (several times slower for the call
// tree's array in the transform benchmark).
template <typename T> std::vector<T> freshLargeArray(size_t count, T value)
{
    std::vector<T> v;
    reserveLarge(v, count);
    prefaultPages(v.data(), count * sizeof(T));
    v.assign(count, value);
    return v;
}

// `v` made `count` copies of `value`, reserved by reserveLarge() when it must grow.
template <typename T> void assignLarge(std::vector<T> &v, size_t count, T value)
{
    if (v.capacity() < count) {
        std::vector<T>().swap(v);
        reserveLarge(v, count);
    }
    v.assign(count, value);
}

} // namespace embers
