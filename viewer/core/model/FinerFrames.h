// FinerFrames: what a frame picked at one granularity stands for in the same capture
// built at another (Regranulate.h). A function is several frames at lines or addresses,
// so a transform on it takes all of them (MappedTransform.h).
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

// The first frame of `to` that keeps the most of `frame`, or kNoFrame: Regranulate.h's
// mapFrame.
uint32_t nearestFrame(const StackTable &from, uint32_t frame, const StackTable &to);

} // namespace embers
