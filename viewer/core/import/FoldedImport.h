// FoldedImport: folded ("collapsed") stacks as Brendan Gregg's stackcollapse scripts,
// async-profiler and many others write them: one stack per line, frames root first
// joined by ';', then a space and a count (`main;parse;lex 42`). Lines that repeat a
// stack add up; blank lines and "\r\n" line ends are fine; any other line that does not
// read is an error naming its line number. The sample type is `samples/count`.
#pragma once

#include "ProfileAssembler.h"

#include <QByteArray>

namespace embers {

// Whether the start of a file reads as folded stacks: text (no control characters but
// tab, CR, LF) in which a whole line ends in a count after a space.
bool looksLikeFolded(const QByteArray &head);

ImportResult importFolded(const QByteArray &bytes);

} // namespace embers
