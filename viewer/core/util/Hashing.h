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

// One 64-bit word into a running hash of words (hashWords, hashByteString).
inline uint64_t mixWord(uint64_t h, uint64_t w)
{
    h = (h ^ w) * 0x9e3779b97f4a7c15ULL;
    return h ^ (h >> 29);
}

inline uint64_t hashWords(const uint32_t *data, size_t count)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ count;
    size_t i = 0;
    for (; i + 2 <= count; i += 2) {
        uint64_t w;
        std::memcpy(&w, data + i, sizeof w);
        h = mixWord(h, w);
    }
    if (i < count)
        h = mixWord(h, data[i]);
    return mix64(h);
}

// Bytes eight at a time, the last few zero-padded: for byte strings of a few dozen bytes
// (a sample's packed ids), where hashBytes' byte-at-a-time loop is slow.
inline uint64_t hashByteString(const uint8_t *data, size_t size)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ size;
    size_t i = 0;
    for (; i + 8 <= size; i += 8) {
        uint64_t w;
        std::memcpy(&w, data + i, sizeof w);
        h = mixWord(h, w);
    }
    if (i < size) {
        uint64_t w = 0;
        std::memcpy(&w, data + i, size - i);
        h = mixWord(h, w);
    }
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
