// FrameOrigins: where a StackTable's frames came from, in the terms that pprof's -focus,
// -ignore, -hide, -show and -show_from match: each function's name and file as written in
// the profile, and the binary of the location. A frame can stand for several origins: at
// the functions granularity, same-named functions of other files (V8 has three `get`s)
// or of other binaries are one frame.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace embers {

struct FrameOrigin
{
    static constexpr uint32_t kNoMapping = 0xFFFFFFFFu;

    uint32_t name = 0;             // StackTable::strings: the function's name, unsimplified
    uint32_t file = 0;             // the function's file, uncleaned
    uint32_t mapping = kNoMapping; // the location's binary; kNoMapping: it has none
    bool symbolized = true;        // false: a location without lines (only its binary known)

    bool operator==(const FrameOrigin &) const = default;
};

struct FrameOrigins
{
    std::vector<FrameOrigin> origins; // distinct
    std::vector<uint32_t> offsets;    // frameCount() + 1 entries when recorded, else empty
    std::vector<uint32_t> list;       // indices into origins, frame by frame

    bool recorded() const { return !offsets.empty(); }
    // The origins of a frame; empty when none were recorded for it.
    std::span<const uint32_t> of(uint32_t frame) const
    {
        if (frame + 1 >= offsets.size())
            return {};
        return std::span<const uint32_t>(list.data() + offsets[frame],
                                         list.data() + offsets[frame + 1]);
    }
    // Records the origin of a frame added at the end of the table (frame == offsets.size() - 1).
    void appendFrame(const FrameOrigin &origin)
    {
        if (!recorded())
            return;
        list.push_back(uint32_t(origins.size()));
        origins.push_back(origin);
        offsets.push_back(uint32_t(list.size()));
    }
    // A frame added at the end with no origin.
    void appendFrameWithout()
    {
        if (recorded())
            offsets.push_back(uint32_t(list.size()));
    }
};

} // namespace embers
