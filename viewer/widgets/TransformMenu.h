// TransformMenu: the transforms a function or a box offers in a context menu (the flame
// graph's boxes, the function table's rows): focus, merge, drop, collapse recursion,
// collapse its file, package or library. Each pushes a transform on the controller.
#pragma once

#include "Profile.h"

#include <cstdint>

class QMenu;

namespace embers {

class TransformController;

namespace TransformMenu {

// Adds the actions for `frame` of the table the controller shows; with `node` (a node
// of that table, not of a bottom-up one), "Focus on this call path" too.
void addActions(QMenu *menu, TransformController *controller, uint32_t frame,
                uint32_t node = kNone);

} // namespace TransformMenu

} // namespace embers
