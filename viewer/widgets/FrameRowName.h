// FrameRowName: how a table row names its frame, the same in every table (functions,
// diff): the function's own name, its file going to the tooltip.
#pragma once

#include "StackTable.h"

#include <QString>

#include <cstdint>

namespace embers {

// The function's own name, with ":line" and " (0xaddress)" where the granularity gives
// one function several rows. Frames without a name ("[binary]", "<unknown>") use their
// full description.
QString frameRowName(const StackTable &stacks, uint32_t frame);

} // namespace embers
