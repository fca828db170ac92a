// FlameGraphExport: a FlameGraphView's graph as a picture — what the view shows (its
// tree or comparison, focus, search, highlight, orientation, colours, font), not its
// zoom, scroll, hover or selection — painted by the view's FlamePainter at another size.
#pragma once

#include <QImage>
#include <QSize>

class QIODevice;

namespace embers {

class FlameGraphView;

// The graph at `size` logical pixels; a height <= 0 means every row (at most 32000
// pixels). Null for an empty size.
QImage flameGraphImage(const FlameGraphView &view, QSize size, qreal devicePixelRatio = 1.0);

// The graph as SVG text, `width` pixels wide with every row, each box with a <title>
// (its tooltip) for hover in browsers. False when the device cannot be written.
bool writeFlameGraphSvg(const FlameGraphView &view, QIODevice *device, int width = 1200);

} // namespace embers
