// LargeArrays: arrays the size of a big trie (a value per node) on huge pages. Fresh
// memory costs a page fault per page first touched; per 2 MiB rather than per 4 KiB
// that is 512 times fewer, and in a virtual machine a 4 KiB fault can cost microseconds
// (measured here: touching 256 MiB took 136 ms in small pages, 21 ms in huge ones).
// Scattered reads over such arrays (a depth-first walk of a breadth-first trie) miss the
// TLB less on huge pages too.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace embers {

// Asks for huge pages for the whole 2 MiB pages of [data, data + bytes) (Linux; small
// ranges are left alone).
void adviseHugePages(const void *data, size_t bytes);

// Reserves room for `count` elements and asks for huge pages for it, before anything is
// written (reserving costs nothing until touched).
template <typename T> void reserveLarge(std::vector<T> &v, size_t count)
{
    v.reserve(count);
    adviseHugePages(v.data(), v.capacity() * sizeof(T));
}

// Makes room for `more` elements at the end of `v`: when full, it moves to a block
// twice as large on huge pages, advised before the copy touches it. For arrays that
// grow to hundreds of megabytes one element at a time.
template <typename T> void growLarge(std::vector<T> &v, size_t more)
{
    if (v.size() + more <= v.capacity())
        return;
    std::vector<T> grown;
    reserveLarge(grown, std::max(v.capacity() * 2, v.size() + more));
    grown.insert(grown.end(), v.begin(), v.end());
    v.swap(grown);
}

// `count` copies of `value`, on huge pages.
template <typename T> std::vector<T> largeArray(size_t count, T value)
{
    std::vector<T> v;
    reserveLarge(v, count);
    v.assign(count, value);
    return v;
}

// `v` made `count` copies of `value`, on huge pages when it must grow.
template <typename T> void assignLarge(std::vector<T> &v, size_t count, T value)
{
    if (v.capacity() < count) {
        std::vector<T>().swap(v);
        reserveLarge(v, count);
    }
    v.assign(count, value);
}

} // namespace embers
