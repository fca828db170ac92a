// The headless side of the `embers` executable: --top, --help, --version.
#pragma once

#include <QStringList>

#include <optional>

namespace embers {

// Runs the command line if it asks for headless work and returns the exit status
// (0 ok, 1 bad input, 2 usage); nullopt when the window should open instead.
std::optional<int> runCommandLine(const QStringList &arguments);

// Files named on the command line (the arguments that are not options).
QStringList fileArguments(const QStringList &arguments);

// The folder --watch=DIR names for the window to watch (the last one), or empty.
QString watchFolderArgument(const QStringList &arguments);

} // namespace embers
