// MappedTransform: a transform on picked frames (Transform.h: focus on a function or a
// call path, merge, drop, collapse recursion) carried over to the same capture built
// again with other frames (another granularity, source maps: Regranulate.h).
//
// - To a finer granularity, a function is all its finer frames: the transforms that take
//   a set of frames take every one (focus on f at lines focuses on each of f's lines),
//   and a call path takes, at each depth, the finer frames of its frame there: it then
//   matches every finer path it stands for, in the table it is applied to (after the
//   transforms before it).
// - Otherwise each frame maps to its nearest frame (mapFrame), duplicates dropped.
#pragma once

#include "FinerFrames.h"
#include "Transform.h"

#include <cstdint>
#include <vector>

namespace embers {

class TransformFrameMap
{
public:
    // Both tables must outlive it.
    TransformFrameMap(const StackTable &from, const StackTable &to);

    // `t`'s frames (a call path's as callPathSteps) as frames of `to`. Frames that `to`
    // does not have are left out; empty when none is left (a call path: at some depth),
    // or `t` had none.
    std::vector<uint32_t> frames(const Transform &t) const;

private:
    std::vector<uint32_t> mapped(uint32_t frame) const;

    const StackTable &m_from;
    const StackTable &m_to;
    bool m_finer;
};

} // namespace embers
