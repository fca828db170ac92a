// bitCount: the set bits of a 64-bit word. Without -mpopcnt (a generic x86-64 build)
// std::popcount is a library call; the rank lookups of the model's node bit sets
// (which node ends which stack, which nodes are kept) run it per node, so this inlines a
// few instructions instead.
#pragma once

#include <bit>
#include <cstdint>

namespace embers {

inline uint32_t bitCount(uint64_t x)
{
#if defined(__POPCNT__) || !defined(__x86_64__)
    return uint32_t(std::popcount(x));
#else
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return uint32_t((x * 0x0101010101010101ULL) >> 56);
#endif
}

} // namespace embers
