// V8CallFrame: what V8's CPU and heap profiles share: how a `callFrame` becomes a pprof
// frame, and how their JSON numbers are read.
#pragma once

#include "ProfileAssembler.h"

class QJsonObject;
class QJsonValue;

namespace embers {

// The callFrame's location in `assembler`: a function per (name, url, line, column) as
// V8 identifies frames; an empty name is "(anonymous)"; V8's 0-based line and column
// become pprof's 1-based ones (0 when V8 has none); `file://` URLs become paths, as
// @datadog/pprof writes them.
// `sampledLine` (1-based, from a .cpuprofile's positionTicks): a line inside the function
// where its own ticks fell; the location is then the function at that line, without a
// column (V8 records none for it, and the function's column belongs to its own line).
uint32_t v8FrameLocation(ProfileAssembler &assembler, const QJsonObject &callFrame,
                         int64_t sampledLine = 0);

// A JSON number that is a whole number (ids, sizes, times) into *out; false for anything
// else, and for numbers past 2^53 that a double cannot hold exactly.
bool wholeNumber(const QJsonValue &value, int64_t *out);

} // namespace embers
