// Regranulate: the same capture seen at another granularity (functions, functions and
// file, lines, addresses). The model is built again from the capture's profiles, which
// the window keeps with their samples; frames picked at one granularity map to the
// nearest frame at the other, so a selection survives the change.
#pragma once

#include "Capture.h"

#include <atomic>
#include <vector>

namespace embers {

// The granularities that tell something apart in these profiles, coarsest first:
// Functions always; FileFunctions when a function has a file; Lines when a line number
// is set; Addresses when a location has an address.
std::vector<Granularity> availableGranularities(const std::vector<ProfilePtr> &profiles);

// True when every profile still has its per-sample data (Capture::profiles of a capture
// opened with OpenOptions::keepSamples).
bool hasSamples(const std::vector<ProfilePtr> &profiles);

// `capture` built again at `granularity`, with its call tree in `column` (-1: the default
// one; none without `withTree`), and its stacks cut at the producer's depth limit under a
// "[truncated]" root when `groupCut` (TruncatedStacks.h). Re-reads the files when the
// profiles' samples are gone. Null when cancelled or on error (*error set).
std::shared_ptr<const Capture> regranulate(const Capture &capture, Granularity granularity,
                                           int column, const std::atomic_bool *cancel,
                                           QString *error = nullptr, bool groupCut = false,
                                           bool withTree = true);

// The frame of `to` that stands for frame `frame` of `from`: the same function (and file
// and line, as far as both keep them). kNoFrame when `to` has no such frame.
uint32_t mapFrame(const StackTable &from, uint32_t frame, const StackTable &to);

} // namespace embers
