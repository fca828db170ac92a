// CopyActions: copying what a view shows to the clipboard, for bug reports and chats: a
// function's name and a box's call stack from the context menus, and a table's current
// row with Ctrl+C.
#pragma once

#include "StackTable.h"

#include <QString>

#include <cstdint>
#include <functional>
#include <memory>

class QAbstractItemView;
class QModelIndex;
class QMenu;

namespace embers {

class FlameGraphView;

namespace CopyActions {

// The frame's function name (its printable name when it has none, e.g. a bare address).
QString functionName(const StackTable &t, uint32_t frame);
// The stack that ends at `node`, innermost frame first, one printable frame name per line
// (with file and line where the granularity keeps them), as stack traces read.
QString callStack(const StackTable &t, uint32_t node);
// The row of `index` in a view as tab-separated display texts, the columns in their shown
// order.
QString rowText(const QAbstractItemView *view, const QModelIndex &index);

// Adds "Copy Function Name" for `frame` of `stacks` and, with a node, "Copy Call Stack".
void addActions(QMenu *menu, std::shared_ptr<const StackTable> stacks, uint32_t frame,
                uint32_t node = kNone);
// Ctrl+C (the platform's Copy) in `view` copies its current row.
void installRowCopy(QAbstractItemView *view);
// A right-click on a box of `view` offers the copy actions, for graphs that have no
// transforms (the comparisons'); `addFirst` may put the view's own actions above them.
void installCopyMenu(FlameGraphView *view,
                     std::function<void(QMenu *menu, uint32_t frame)> addFirst = {});

} // namespace CopyActions

} // namespace embers
