// HeadlessCommands: what the `embers` command line does without a window: the help, the
// version, --top's table, --export's file, --check's verdict and --trend's table, and the
// usage error when the command line is wrong. No display needed: main() runs these before any
// QApplication exists.
#pragma once

#include "CommandLine.h"

#include <optional>

namespace embers {

// Runs `commandLine` if it asks for headless work and returns the exit status (0 ok,
// 1 bad input, 2 usage, 3 a regression found by --check); nullopt when the window should open
// instead.
std::optional<int> runCommandLine(const CommandLine &commandLine);

} // namespace embers
