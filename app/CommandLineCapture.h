// CommandLineCapture: the command line's TARGETs (http://, https://, inspect://) captured
// before the report or the export runs, each saved in the captures folder, as
// `go tool pprof URL` fetches and saves. The window captures its own (CaptureController).
#pragma once

#include "CommandLine.h"

#include <optional>

namespace embers {

// Captures every target in c->files and c->basePaths and puts the saved file in its
// place, printing the progress on stderr. Returns nullopt when all were captured, else
// the exit status: 1 after printing why one was not, 0 after printing what a service's
// address offers.
std::optional<int> captureCommandLineTargets(CommandLine *c);

} // namespace embers
