// StandardInput: `-` as a FILE, a profile piped in (`cf workers versions profile … | embers
// -`). Standard input can be read once only, so it is kept as a capture is: checked, saved
// in the captures folder, and opened from there like any file.
#pragma once

#include "CommandLine.h"

#include <optional>

namespace embers {

// Reads standard input when c->files or c->basePaths name `-`, and puts the saved file in
// its place. nullopt when there was nothing to read or it was saved; else the exit status
// after printing why (1: not a profile, or too large; 2: `-` named twice).
std::optional<int> readStandardInput(CommandLine *c);

} // namespace embers
