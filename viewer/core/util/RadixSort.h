// sortByHighWord: sorts 64-bit keys by their high 32 bits, a byte at a time. The model's
// growers key their items as value << 32 | position: with the positions ascending before,
// the sort is stable, so the order is that of the whole keys, at linear cost for the
// big groups (a profile's first depths hold every stack).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace embers {

// From this many keys on the radix sort beats std::sort.
inline constexpr size_t kRadixSortFrom = 256;

namespace detail {
// The passes, between `keys` and `scratch` (both of `count`): true when the sorted keys
// end in `scratch`.
inline bool radixPasses(uint64_t *keys, uint64_t *scratch, size_t count)
{
    uint32_t counts[4][256] = {};
    for (size_t i = 0; i < count; ++i) {
        for (int b = 0; b < 4; ++b)
            ++counts[b][(keys[i] >> (32 + 8 * b)) & 0xFF];
    }
    uint64_t *from = keys, *to = scratch;
    for (int b = 0; b < 4; ++b) {
        const int shift = 32 + 8 * b;
        if (counts[b][(from[0] >> shift) & 0xFF] == count)
            continue; // every key has this byte
        uint32_t next[256];
        for (uint32_t value = 0, at = 0; value < 256; ++value) {
            next[value] = at;
            at += counts[b][value];
        }
        for (size_t i = 0; i < count; ++i)
            to[next[(from[i] >> shift) & 0xFF]++] = from[i];
        std::swap(from, to);
    }
    return from != keys;
}
} // namespace detail

// Sorts all of `keys`; `scratch` is working room, kept by the caller to be reused (the two
// may trade buffers).
inline void sortByHighWord(std::vector<uint64_t> &keys, std::vector<uint64_t> &scratch)
{
    if (keys.empty())
        return;
    scratch.resize(keys.size());
    if (detail::radixPasses(keys.data(), scratch.data(), keys.size()))
        keys.swap(scratch);
}

// Sorts keys[0, count) in place.
inline void sortByHighWord(uint64_t *keys, size_t count, std::vector<uint64_t> &scratch)
{
    if (count == 0)
        return;
    scratch.resize(count);
    if (detail::radixPasses(keys, scratch.data(), count))
        std::copy_n(scratch.data(), count, keys);
}

} // namespace embers
