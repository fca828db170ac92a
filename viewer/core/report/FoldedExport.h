// FoldedExport: a stack table in one sample type as folded stacks (`a;b;c 42`), the text
// flamegraph.pl, speedscope and many other tools read. Works on any StackTable, so a
// filtered, transformed or remapped view exports as shown.
#pragma once

#include "StackTable.h"

#include <QString>

#include <string>
#include <string_view>

namespace embers {

// One line per stack whose value is not 0 (but for the empty stack, which folded stacks
// cannot write), in the table's order: the frames root first,
// named as the tables show them (StackTable::frameName), joined by ';', then a space and
// the value, each name as foldedFrameName() writes it.
std::string foldedStacks(const StackTable &stacks, size_t column);

// A frame's name as folded stacks can hold it and read it back: a ';' (which would
// split the stack) as ':', control characters (a line break, a tab: separators) as a
// space, no blanks at either end, a blank before final digits (a second count column)
// as '_', and "?" for a name left empty.
std::string foldedFrameName(std::string_view name);

// Writes foldedStacks() to `path` (replacing it only once all is written); false and
// *error ("PATH: what went wrong") when it cannot.
bool writeFoldedStacks(const StackTable &stacks, size_t column, const QString &path,
                       QString *error);

} // namespace embers
