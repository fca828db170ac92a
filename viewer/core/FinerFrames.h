// FinerFrames: what a frame or a call path picked at one granularity stands for in the
// same capture built at a finer one (Regranulate.h). A function is several frames at
// lines or addresses, so a transform on it takes all of them, and a call path becomes
// every path of the finer trie whose frames stand for its frames.
#pragma once

#include "StackTable.h"

#include <cstdint>
#include <vector>

namespace embers {

// How much of frame `f` of `from` frame `g` of `to` keeps: 0 when `g` is another
// function (or file, line, address, where both tables keep them), else 1 plus one per
// file, line and address both keep and agree on.
int frameMatchScore(const StackTable &from, uint32_t f, const StackTable &to, uint32_t g);

// Every frame of `to` that stands for frame `frame` of `from` (its inline bit ignored),
// `to` being finer: those that keep the most of it, in frame order. Empty when none does.
std::vector<uint32_t> finerFrames(const StackTable &from, uint32_t frame, const StackTable &to);

// The call paths of `to` (root first, frames with their inline bits, as callPathOf gives)
// that the call path `path` of `from` stands for: each of its frames one of the finer
// frames of the path's frame at that depth. In breadth-first (node) order.
std::vector<std::vector<uint32_t>>
finerCallPaths(const StackTable &from, const std::vector<uint32_t> &path, const StackTable &to);

} // namespace embers
