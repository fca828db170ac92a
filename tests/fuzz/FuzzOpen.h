// The open target's first step (fuzz_open.cpp): the input loaded as the target loads it,
// with its cheap size cap. Its replay (tst_fuzz_regressions) asserts what each negative
// input gives here, since the target itself returns 0 whatever it meets.
#pragma once

#include "ProfileLoader.h"

#include <cstddef>
#include <cstdint>

namespace embers::fuzz {

// Loaded under the name "fuzz": an error reads "fuzz: what is wrong".
LoadResult loadInput(const uint8_t *data, size_t size);

} // namespace embers::fuzz
