// V8CallFrame: how a V8 `callFrame` (CPU and heap profiles) becomes a pprof frame.
#pragma once

#include "ProfileAssembler.h"

class QJsonObject;

namespace embers {

// The callFrame's location in `assembler`: a function per (name, url, line, column) as
// V8 identifies frames; an empty name is "(anonymous)"; V8's 0-based line and column
// become pprof's 1-based ones (0 when V8 has none); `file://` URLs become paths, as
// @datadog/pprof writes them.
uint32_t v8FrameLocation(ProfileAssembler &assembler, const QJsonObject &callFrame);

} // namespace embers
