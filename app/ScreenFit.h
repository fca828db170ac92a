// ScreenFit: a window's first size, the size it asks for but never larger than the screen
// it opens on (a 1366x768 laptop is common), less a margin for the panel and the frame.
#pragma once

#include <QSize>

class QWidget;

namespace embers {

// `preferred` bounded by 90% of the available area of the screen `window` is on (or the
// primary screen), and no smaller than the window's minimum size.
QSize sizeForScreen(const QWidget *window, QSize preferred);

} // namespace embers
