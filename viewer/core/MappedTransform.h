// MappedTransform: a transform on picked frames (Transform.h: focus on a function or a
// call path, merge, drop, collapse recursion) carried over to the same capture built
// again with other frames (another granularity, source maps: Regranulate.h).
//
// - To a finer granularity, a function is all its finer frames: the transforms that take
//   a set of frames take every one (focus on f at lines focuses on each of f's lines),
//   and a call path becomes every path of the finer trie that it stands for.
// - Otherwise each frame maps to its nearest frame (mapFrame), duplicates dropped.
#pragma once

#include "Transform.h"

#include <cstdint>
#include <vector>

namespace embers {

// `t`'s frames (or call paths, kNoFrame between them) as frames of `to`. Frames that
// `to` does not have are left out; empty when none is left (or `t` had none).
std::vector<uint32_t> mapTransformFrames(const Transform &t, const StackTable &from,
                                         const StackTable &to);

} // namespace embers
