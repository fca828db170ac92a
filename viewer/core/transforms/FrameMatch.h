// FrameMatch: which frames of a StackTable a regular expression matches, the way pprof's
// -focus, -ignore, -hide, -show and -show_from match: unanchored, against the function's
// name and file as the profile writes them (not simplified, not cleaned) and the
// location's binary. Where the table recorded no origins for a frame, its own name, file
// and binary are tried.
//
// pprof's expressions are Go (RE2) syntax; QRegularExpression is PCRE2. They agree on
// the common subset (classes, alternation, repetition, anchors, (?i)); PCRE2 also takes
// backreferences and lookaround, which RE2 rejects, and its `$` also matches before a
// final newline (no function name has one).
#pragma once

#include "StackFilter.h"
#include "StackTable.h"

#include <QRegularExpression>

namespace embers {

enum class FrameMatchRule {
    Location, // pprof's matchesName: the name, the file or the binary matches
    ShowKeeps // pprof's -show keeps the line: as Location, for frames with a function
};

FrameMask matchFrames(const StackTable &t, const QRegularExpression &rx,
                      FrameMatchRule rule = FrameMatchRule::Location);

} // namespace embers
