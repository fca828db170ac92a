// CpuProfileImport: Chrome DevTools / V8 CPU profiles (`.cpuprofile`, also what
// `node --cpu-prof` writes) as a Profile.
//
// The JSON has `nodes` (id, callFrame {functionName, url, lineNumber, columnNumber,
// scriptId}, children ids), `samples` (the node id of each tick), `timeDeltas` (µs
// between ticks) and `startTime`/`endTime` (µs). The sample types are `sample/count` and
// `wall/nanoseconds`, the names @datadog/pprof gives the same V8 data in pprof files, so
// a .cpuprofile and a Node pprof capture of one program compare column for column. It is
// wall time, not CPU time: V8 samples on a wall-clock timer and records `(idle)` and
// `(program)` ticks too. Each tick is worth the median time delta (the period), as
// @datadog/pprof counts hits × period, so totals are samples × interval. A node's
// `positionTicks` (its own ticks per source line, which Node and Chrome record) put those
// ticks on their lines, so that the source pane and --list show the hot line, not only
// the function's first.
#pragma once

#include "ProfileAssembler.h"

class QJsonObject;

namespace embers {

// Whether a JSON document has the shape of a CPU profile (`nodes` and `samples` arrays).
bool isCpuProfile(const QJsonObject &root);

ImportResult importCpuProfile(const QJsonObject &root);

} // namespace embers
