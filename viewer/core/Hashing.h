// Small, fast hashing helpers shared by the decoder and the model.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace embers {

inline uint64_t mix64(uint64_t x)
{
    // splitmix64 finaliser: cheap and spreads low-entropy ids well.
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

inline uint64_t hashWords(const uint32_t *data, size_t count)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ count;
    size_t i = 0;
    for (; i + 2 <= count; i += 2) {
        uint64_t w;
        std::memcpy(&w, data + i, sizeof w);
        h = (h ^ w) * 0x9e3779b97f4a7c15ULL;
        h ^= h >> 29;
    }
    if (i < count)
        h = (h ^ data[i]) * 0x9e3779b97f4a7c15ULL;
    return mix64(h);
}

inline uint64_t hashBytes(std::string_view s)
{
    // FNV-1a, then a finaliser; strings here are names and paths.
    uint64_t h = 0xcbf29ce484222325ULL;
    for (unsigned char c : s)
        h = (h ^ c) * 0x100000001b3ULL;
    return mix64(h);
}

} // namespace embers
