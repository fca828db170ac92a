#include "FlameGraphView.h"

#include "FrameLabels.h"
#include "Units.h"

#include <QApplication>
#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QIODevice>
#include <QImage>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace embers {

namespace {

constexpr double kMaxZoom = 1000.0;
constexpr qreal kTextPadding = 3.0;

QColor toQColor(colors::Rgb c)
{
    return QColor(c.r, c.g, c.b);
}

colors::Rgb toRgb(const QColor &c)
{
    return {uint8_t(c.red()), uint8_t(c.green()), uint8_t(c.blue())};
}

QString percentText(double value, double total)
{
    if (total == 0)
        return QStringLiteral("-");
    const double p = 100.0 * value / total;
    return QString::number(p, 'f', std::fabs(p) < 10 ? 2 : 1) + QLatin1Char('%');
}

QString human(int64_t value, const std::string &unit)
{
    return QString::fromStdString(units::humanValue(value, unit));
}

QString xmlEscaped(const QString &s)
{
    QString out = s.toHtmlEscaped();
    // Control characters are not allowed in XML 1.0.
    for (QChar &c : out) {
        if (c.unicode() < 0x20 && c != QLatin1Char('\n') && c != QLatin1Char('\t'))
            c = QLatin1Char(' ');
    }
    return out;
}

} // namespace

FlameGraphView::FlameGraphView(QWidget *parent) : QAbstractScrollArea(parent)
{
    setFrameShape(QFrame::NoFrame);
    setFocusPolicy(Qt::StrongFocus);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    viewport()->setMouseTracking(true);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    viewport()->setAutoFillBackground(false); // paintGraph fills it
    m_rowHeight = std::max(16, fontMetrics().height() + 5);
}

FlameGraphView::~FlameGraphView() = default;

void FlameGraphView::setTree(std::shared_ptr<const CallTree> tree)
{
    m_diff.reset();
    showTree(std::move(tree));
}

void FlameGraphView::setDiff(std::shared_ptr<const DiffTree> diff)
{
    m_diff = std::move(diff);
    showTree(m_diff ? m_diff->newTree() : nullptr);
}

void FlameGraphView::setRootLabel(const QString &label, const QString &description)
{
    m_rootLabel = label;
    m_rootDescription = description;
    viewport()->update();
}

void FlameGraphView::setDiffPalette(colors::DiffPalette palette)
{
    m_diffPalette = palette;
    viewport()->update();
}

void FlameGraphView::setHideNoise(bool hide)
{
    m_hideNoise = hide;
    viewport()->update();
}

void FlameGraphView::showTree(std::shared_ptr<const CallTree> tree)
{
    // Another sample type of the same capture has the same nodes and frames.
    const bool sameStacks = tree && m_tree && &tree->stacks() == &m_tree->stacks();
    m_tree = std::move(tree);
    if (!m_countTreeSetByUser) {
        m_countTree.reset();
        m_countTreeResolved = false;
    }
    if (m_diff)
        m_layout.setTree(m_tree, m_diff->weights());
    else
        m_layout.setTree(m_tree);
    if (!sameStacks) {
        m_focus = CallTree::kRoot;
        m_back.clear();
        m_forward.clear();
        m_selected = kNoNode;
        m_highlightFrame = kNoFrame;
    }
    m_hovered = kNoNode;
    m_hoverText.clear();
    m_zoom = 1.0;
    clearCaches();
    relayout();
    updateScrollBars();
    horizontalScrollBar()->setValue(0);
    if (!sameStacks)
        verticalScrollBar()->setValue(
            m_orientation == Orientation::Flame ? verticalScrollBar()->maximum() : 0);
    if (!m_searchPattern.isEmpty())
        applySearch();
    else
        m_search = {};
    viewport()->update();
    emit focusChanged(m_focus);
    emitHistory();
}

void FlameGraphView::setCountTree(std::shared_ptr<const CallTree> countTree)
{
    m_countTreeSetByUser = countTree != nullptr;
    m_countTree = std::move(countTree);
    m_countTreeResolved = m_countTreeSetByUser;
}

const CallTree *FlameGraphView::countTree() const
{
    if (!m_countTreeResolved && m_tree) {
        m_countTreeResolved = true;
        const int c = m_tree->stacks().countColumnFor(m_tree->column());
        if (c >= 0) {
            // Aliasing: the tree keeps its StackTable alive.
            std::shared_ptr<const StackTable> stacks(m_tree, &m_tree->stacks());
            m_countTree = std::make_shared<const CallTree>(stacks, size_t(c));
        }
    }
    if (m_countTree && m_tree && &m_countTree->stacks() == &m_tree->stacks())
        return m_countTree.get();
    return nullptr;
}

void FlameGraphView::clearCaches()
{
    m_frameColors.clear();
    std::fill(std::begin(m_fixedStyles), std::end(m_fixedStyles), BoxStyle{});
    m_labels.clear();
    m_elided.clear();
    if (m_tree) {
        m_frameColors.assign(m_tree->stacks().frameCount() * 4, BoxStyle{});
    }
}

QList<quint32> FlameGraphView::focusPath() const
{
    QList<quint32> path;
    if (!m_tree)
        return path;
    for (quint32 n = m_focus;; n = m_tree->parent(n)) {
        path.prepend(n);
        if (n == CallTree::kRoot)
            break;
    }
    return path;
}

// ---- layout and geometry -------------------------------------------------------------

double FlameGraphView::layoutWidth() const
{
    return double(viewport()->width()) * viewport()->devicePixelRatioF() * m_zoom;
}

void FlameGraphView::relayout(double scrollX)
{
    const double width = layoutWidth();
    if (!m_tree || width <= 0) {
        m_layout.layout(CallTree::kRoot, 0.0);
    } else if (m_zoom <= 1.0) {
        m_layout.layout(m_focus, width, 1.0);
    } else {
        // Zoomed in: lay out one viewport's width either side of what is visible, so the
        // cost stays that of a screenful; scrolling past it lays out again.
        if (scrollX < 0)
            scrollX = horizontalScrollBar()->value();
        const double dpr = viewport()->devicePixelRatioF();
        const double vw = viewport()->width();
        m_layout.layout(m_focus, width, 1.0, (scrollX - vw) * dpr, (scrollX + 2 * vw) * dpr);
    }
    m_elided.clear();
}

int FlameGraphView::contentHeight() const
{
    const qint64 h = qint64(m_layout.rowCount()) * m_rowHeight;
    return int(std::min<qint64>(h, INT_MAX / 2));
}

void FlameGraphView::updateScrollBars()
{
    const int vh = viewport()->height();
    const int vw = viewport()->width();
    QScrollBar *v = verticalScrollBar();
    v->setRange(0, std::max(0, contentHeight() - vh));
    v->setPageStep(std::max(1, vh));
    v->setSingleStep(m_rowHeight);
    QScrollBar *h = horizontalScrollBar();
    const double contentWidth = double(vw) * m_zoom;
    h->setRange(0, std::max(0, int(std::ceil(contentWidth)) - vw));
    h->setPageStep(std::max(1, vw));
    h->setSingleStep(std::max(1, vw / 20));
}

FlameGraphView::Geometry FlameGraphView::viewGeometry() const
{
    Geometry g;
    g.size = QSizeF(viewport()->size());
    g.dpr = viewport()->devicePixelRatioF();
    g.scrollX = horizontalScrollBar()->value();
    g.scrollY = verticalScrollBar()->value();
    g.contentHeight = contentHeight();
    return g;
}

int FlameGraphView::rowTop(size_t row, const Geometry &g) const
{
    if (m_orientation == Orientation::Icicle)
        return int(qint64(row) * m_rowHeight - qint64(g.scrollY));
    const qint64 baseline = std::max<qint64>(g.contentHeight, qint64(g.size.height()));
    return int(baseline - qint64(row + 1) * m_rowHeight - qint64(g.scrollY));
}

long FlameGraphView::rowAtY(qreal y, const Geometry &g) const
{
    const double cy = y + g.scrollY;
    if (m_orientation == Orientation::Icicle)
        return long(std::floor(cy / m_rowHeight));
    const double baseline = std::max<double>(g.contentHeight, g.size.height());
    return long(std::ceil((baseline - cy) / m_rowHeight)) - 1;
}

quint32 FlameGraphView::nodeAt(QPointF pos) const
{
    const Geometry g = viewGeometry();
    const long row = rowAtY(pos.y(), g);
    if (row < 0 || pos.x() < 0 || pos.x() >= g.size.width())
        return kNoNode;
    return m_layout.nodeAt(size_t(row), (pos.x() + g.scrollX) * g.dpr);
}

QRectF FlameGraphView::nodeRect(quint32 node) const
{
    size_t row = 0, index = 0;
    if (!m_layout.findBox(node, &row, &index))
        return {};
    const Geometry g = viewGeometry();
    const FlameBox &b = m_layout.boxes()[index];
    return QRectF(b.x / g.dpr - g.scrollX, rowTop(row, g), b.width / g.dpr, m_rowHeight);
}

// ---- focus, history, selection -------------------------------------------------------

void FlameGraphView::setFocusNode(quint32 node)
{
    setFocusInternal(node, true);
}

void FlameGraphView::setFocusInternal(quint32 node, bool record)
{
    if (!m_tree || node >= m_tree->nodeCount())
        return;
    if (node == m_focus) {
        if (m_zoom != 1.0)
            resetZoom();
        return;
    }
    if (record) {
        m_back.push_back(m_focus);
        m_forward.clear();
    }
    // Keep the rows where they are on screen: icicle keeps the offset from the top,
    // flame the offset from the bottom.
    QScrollBar *v = verticalScrollBar();
    const int fromBottom = v->maximum() - v->value();
    m_focus = node;
    m_zoom = 1.0;
    relayout();
    updateScrollBars();
    horizontalScrollBar()->setValue(0);
    if (m_orientation == Orientation::Flame)
        v->setValue(v->maximum() - fromBottom);
    m_hoverText.clear();
    setHovered(kNoNode);
    viewport()->update();
    emit focusChanged(m_focus);
    emitHistory();
}

void FlameGraphView::resetFocus()
{
    if (m_focus == CallTree::kRoot && m_zoom != 1.0)
        resetZoom();
    else
        setFocusNode(CallTree::kRoot);
}

void FlameGraphView::back()
{
    if (m_back.empty())
        return;
    const quint32 node = m_back.back();
    m_back.pop_back();
    m_forward.push_back(m_focus);
    setFocusInternal(node, false);
}

void FlameGraphView::forward()
{
    if (m_forward.empty())
        return;
    const quint32 node = m_forward.back();
    m_forward.pop_back();
    m_back.push_back(m_focus);
    setFocusInternal(node, false);
}

void FlameGraphView::emitHistory()
{
    emit historyChanged(canGoBack(), canGoForward());
}

void FlameGraphView::setSelectedNode(quint32 node)
{
    if (m_tree && node != kNoNode && node >= m_tree->nodeCount())
        node = kNoNode;
    if (node == m_selected)
        return;
    m_selected = node;
    viewport()->update();
    if (node != kNoNode)
        emit nodeSelected(node == CallTree::kRoot ? kNoFrame : m_tree->frame(node), node);
}

void FlameGraphView::focusSelection()
{
    if (m_selected != kNoNode)
        setFocusNode(m_selected);
}

void FlameGraphView::ensureVisible(quint32 node)
{
    const QRectF r = nodeRect(node);
    if (r.isEmpty())
        return;
    QScrollBar *v = verticalScrollBar();
    const int vh = viewport()->height();
    if (r.top() < 0)
        v->setValue(v->value() + int(std::floor(r.top())));
    else if (r.bottom() > vh)
        v->setValue(v->value() + int(std::ceil(r.bottom() - vh)));
    QScrollBar *h = horizontalScrollBar();
    const int vw = viewport()->width();
    if (r.width() >= vw || r.left() < 0)
        h->setValue(h->value() + int(std::floor(r.left())));
    else if (r.right() > vw)
        h->setValue(h->value() + int(std::ceil(r.right() - vw)));
}

void FlameGraphView::moveSelection(int key)
{
    if (!m_tree || m_layout.isEmpty())
        return;
    size_t row = 0, index = 0;
    if (m_selected == kNoNode || !m_layout.findBox(m_selected, &row, &index)) {
        if (!m_layout.findBox(m_focus, &row, &index))
            return;
        setSelectedNode(m_focus);
        ensureVisible(m_focus);
        return;
    }
    const auto boxes = m_layout.boxes();
    const FlameBox &box = boxes[index];
    quint32 next = kNoNode;
    switch (key) {
    case Qt::Key_Up:
        if (box.node != CallTree::kRoot)
            next = m_tree->parent(box.node);
        break;
    case Qt::Key_Down:
        if (row + 1 < m_layout.rowCount()) {
            // Children start at the parent's left edge, widest first.
            const size_t i = m_layout.firstBoxFrom(row + 1, box.x);
            if (i < m_layout.rowBegin(row + 2) && boxes[i].x < box.x + box.width &&
                !boxes[i].others && m_tree->parent(boxes[i].node) == box.node)
                next = boxes[i].node;
        }
        break;
    case Qt::Key_Left:
        if (index > m_layout.rowBegin(row) && !boxes[index - 1].others &&
            m_tree->parent(boxes[index - 1].node) == m_tree->parent(box.node))
            next = boxes[index - 1].node;
        break;
    case Qt::Key_Right:
        if (index + 1 < m_layout.rowBegin(row + 1) && !boxes[index + 1].others &&
            m_tree->parent(boxes[index + 1].node) == m_tree->parent(box.node))
            next = boxes[index + 1].node;
        break;
    default:
        break;
    }
    if (next != kNoNode) {
        setSelectedNode(next);
        ensureVisible(next);
    }
}

// ---- search and highlight ------------------------------------------------------------

void FlameGraphView::setSearch(const QString &pattern, bool regex)
{
    m_searchPattern = pattern;
    m_searchRegex = regex;
    applySearch();
}

void FlameGraphView::clearSearch()
{
    setSearch(QString(), false);
}

void FlameGraphView::applySearch()
{
    if (m_tree && !m_searchPattern.isEmpty())
        m_search = FlameSearch::run(*m_tree, m_searchPattern, m_searchRegex);
    else
        m_search = {};
    viewport()->update();
    emit searchResult(m_search.matchedTotal, m_search.matchedPercent, int(m_search.matchedFrames));
}

void FlameGraphView::nextMatch()
{
    stepMatch(+1);
}

void FlameGraphView::previousMatch()
{
    stepMatch(-1);
}

void FlameGraphView::stepMatch(int direction)
{
    if (!m_search.valid || m_search.matchedNodes == 0 || !m_tree)
        return;
    // The matches laid out now, row by row, left to right.
    auto collect = [this] {
        std::vector<quint32> nodes;
        for (const FlameBox &b : m_layout.boxes()) {
            if (!b.others && m_search.matches(b.node))
                nodes.push_back(b.node);
        }
        return nodes;
    };
    std::vector<quint32> matches = collect();
    if (matches.empty() && (m_focus != CallTree::kRoot || m_zoom != 1.0)) {
        // All matches are outside the focus (or the zoomed range): show everything.
        setFocusNode(CallTree::kRoot);
        resetZoom();
        matches = collect();
    }
    if (matches.empty())
        return;
    const auto it = std::find(matches.begin(), matches.end(), m_selected);
    quint32 next;
    if (direction > 0)
        next = it == matches.end() || it + 1 == matches.end() ? matches.front() : *(it + 1);
    else
        next = it == matches.end() || it == matches.begin() ? matches.back() : *(it - 1);
    setSelectedNode(next);
    ensureVisible(next);
}

void FlameGraphView::setHighlightFrame(quint32 frame)
{
    if (frame == m_highlightFrame)
        return;
    m_highlightFrame = frame;
    viewport()->update();
}

// ---- appearance ----------------------------------------------------------------------

void FlameGraphView::setOrientation(Orientation orientation)
{
    if (orientation == m_orientation)
        return;
    m_orientation = orientation;
    updateScrollBars();
    QScrollBar *v = verticalScrollBar();
    v->setValue(v->maximum() - v->value());
    viewport()->update();
}

void FlameGraphView::setFlameOrientation(bool rootAtBottom)
{
    setOrientation(rootAtBottom ? Orientation::Flame : Orientation::Icicle);
}

void FlameGraphView::toggleOrientation()
{
    setOrientation(m_orientation == Orientation::Icicle ? Orientation::Flame : Orientation::Icicle);
}

void FlameGraphView::setColorMode(colors::ColorMode mode)
{
    if (mode == m_colorMode)
        return;
    m_colorMode = mode;
    std::fill(m_frameColors.begin(), m_frameColors.end(), BoxStyle{});
    viewport()->update();
}

void FlameGraphView::setChildOrder(FlameLayout::ChildOrder order)
{
    if (order == m_layout.childOrder())
        return;
    m_layout.setChildOrder(order);
    relayout();
    viewport()->update();
}

void FlameGraphView::setOrderWeights(std::shared_ptr<const std::vector<int64_t>> weights)
{
    m_layout.setOrderWeights(std::move(weights));
    relayout();
    viewport()->update();
}

void FlameGraphView::resetZoom()
{
    if (m_zoom == 1.0)
        return;
    m_zoom = 1.0;
    relayout();
    updateScrollBars();
    horizontalScrollBar()->setValue(0);
    viewport()->update();
}

void FlameGraphView::zoomBy(double factor, double viewportX)
{
    const double zoom = std::clamp(m_zoom * factor, 1.0, kMaxZoom);
    if (zoom == m_zoom || !(factor > 0))
        return;
    const double vw = viewport()->width();
    if (vw <= 0)
        return;
    // Keep the point under the cursor where it is.
    const double fraction = (viewportX + horizontalScrollBar()->value()) / (vw * m_zoom);
    const double scroll = std::clamp(fraction * vw * zoom - viewportX, 0.0, vw * zoom - vw);
    m_zoom = zoom;
    relayout(std::round(scroll));
    updateScrollBars();
    horizontalScrollBar()->setValue(int(std::lround(scroll)));
    viewport()->update();
}

FlameGraphView::BoxStyle FlameGraphView::boxStyle(const FlameBox &box, bool *dim) const
{
    *dim = false;
    const bool searching = m_search.valid;
    auto fixed = [this](colors::Rgb rgb, bool dimmed) {
        if (dimmed)
            rgb = colors::dimmed(rgb, toRgb(palette().color(QPalette::Base)));
        return BoxStyle{toQColor(rgb).rgb(), toQColor(colors::textColorFor(rgb)).rgb()};
    };
    if (box.others || box.node == CallTree::kRoot) {
        *dim = box.others && searching;
        BoxStyle &s = m_fixedStyles[box.others ? (*dim ? 2 : 1) : 0];
        if (s.fill == 0)
            s = fixed(box.others ? colors::othersColor() : colors::rootColor(), *dim);
        return s;
    }
    *dim = searching && !m_search.matches(box.node);
    if (m_diff)
        return diffStyle(box, *dim);
    const uint32_t frame = m_tree->frame(box.node);
    const bool inlined = m_tree->isInlined(box.node);
    // Four cached variants per frame: (inlined, dimmed).
    const size_t slot = size_t(frame) * 4 + (inlined ? 1 : 0) + (*dim ? 2 : 0);
    if (slot >= m_frameColors.size())
        return fixed(colors::othersColor(), false);
    BoxStyle &s = m_frameColors[slot];
    if (s.fill == 0)
        s = fixed(colors::frameColor(m_tree->stacks(), frame, m_colorMode, inlined), *dim);
    return s;
}

FlameGraphView::BoxStyle FlameGraphView::diffStyle(const FlameBox &box, bool dim) const
{
    const DiffTree &d = *m_diff;
    const int64_t delta = d.delta(box.node);
    const bool noise = d.isNoise(box.node);
    const int sign = (noise && m_hideNoise) ? 0 : (delta > 0) - (delta < 0);
    const double size =
        d.maxAbsDelta() > 0 ? std::sqrt(std::abs(double(delta)) / double(d.maxAbsDelta())) : 0.0;
    colors::Rgb rgb = colors::diffColor(sign, size, noise, m_diffPalette);
    if (dim)
        rgb = colors::dimmed(rgb, toRgb(palette().color(QPalette::Base)));
    return BoxStyle{toQColor(rgb).rgb(), toQColor(colors::textColorFor(rgb)).rgb()};
}

QString FlameGraphView::nodeName(quint32 node) const
{
    if (!m_tree || node == kNoNode)
        return {};
    if (node == CallTree::kRoot)
        return m_rootLabel.isEmpty() ? tr("root") : m_rootLabel;
    return QString::fromStdString(m_tree->stacks().frameName(m_tree->frame(node)));
}

QString FlameGraphView::labelFor(const FlameBox &box, qreal available,
                                 const QFontMetricsF &fm) const
{
    if (box.others) {
        const QString text = tr("(%n small frame(s))", nullptr, int(box.others));
        return fm.horizontalAdvance(text) <= available ? text : QString();
    }
    if (box.node == CallTree::kRoot) {
        const QString text = nodeName(CallTree::kRoot);
        return fm.horizontalAdvance(text) <= available ? text : QString();
    }
    const uint32_t frame = m_tree->frame(box.node);
    LabelCache &l = m_labels[frame];
    if (l.fullWidth < 0) {
        const StackTable &t = m_tree->stacks();
        const Frame &f = t.frames[frame];
        std::string name = t.strings[f.name];
        if (name.empty())
            name = t.frameName(frame);
        else if ((t.granularity == Granularity::Lines || t.granularity == Granularity::Addresses) &&
                 f.line != 0)
            name += ":" + std::to_string(f.line);
        l.full = QString::fromStdString(name);
        l.fullWidth = float(fm.horizontalAdvance(l.full));
    }
    if (l.fullWidth <= available)
        return l.full;
    if (!l.shortened) {
        l.shortened = true;
        for (const std::string &s : labels::shortenings(l.full.toStdString())) {
            l.shorter.append(QString::fromStdString(s));
            l.shorterWidths.append(float(fm.horizontalAdvance(l.shorter.back())));
        }
    }
    for (qsizetype i = 0; i < l.shorter.size(); ++i) {
        if (l.shorterWidths[i] <= available)
            return l.shorter[i];
    }
    // Left-elide the shortest form (the end of a name is the most specific part).
    const int px = int(available);
    const quint64 key = (quint64(frame) << 24) | quint64(std::clamp(px, 0, 0xFFFFFF));
    auto it = m_elided.constFind(key);
    if (it != m_elided.constEnd())
        return *it;
    const QString &shortest = l.shorter.isEmpty() ? l.full : l.shorter.back();
    QString elided = fm.elidedText(shortest, Qt::ElideLeft, px);
    if (elided.size() < 4) // an ellipsis and two letters say nothing
        elided.clear();
    if (m_elided.size() > 100000)
        m_elided.clear();
    m_elided.insert(key, elided);
    return elided;
}

void FlameGraphView::paintGraph(QPainter &p, const FlameLayout &layout, const Geometry &g) const
{
    const QPalette pal = palette();
    p.fillRect(QRectF(QPointF(0, 0), g.size), pal.color(QPalette::Base));
    if (layout.isEmpty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(QRectF(QPointF(0, 0), g.size), Qt::AlignCenter,
                   m_tree ? tr("Nothing to show at this width") : tr("No profile"));
        return;
    }
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setFont(font());
    const QFontMetricsF fm(font());
    const qreal dpr = g.dpr;
    const double left = g.scrollX * dpr; // layout units
    const double right = (g.scrollX + g.size.width()) * dpr;
    const double viewRight = g.size.width() * dpr; // device pixels
    const qreal minLabel = fm.averageCharWidth() * 2 + 2 * kTextPadding;
    const qreal textY = (m_rowHeight - 1 - fm.height()) / 2 + fm.ascent();
    const QColor dimText = pal.color(QPalette::PlaceholderText);
    const QColor highlight = pal.color(QPalette::Highlight);
    const QColor highlightText = pal.color(QPalette::HighlightedText);

    long first = rowAtY(0, g), last = rowAtY(g.size.height() - 1, g);
    if (first > last)
        std::swap(first, last);
    first = std::max(0L, first);
    last = std::min(long(layout.rowCount()) - 1, last);

    const auto boxes = layout.boxes();
    QRectF selectedRect, hoveredRect;
    for (long row = first; row <= last; ++row) {
        const qreal y = rowTop(size_t(row), g);
        const size_t end = layout.rowBegin(size_t(row) + 1);
        for (size_t i = layout.firstBoxFrom(size_t(row), left); i < end && boxes[i].x < right;
             ++i) {
            const FlameBox &box = boxes[i];
            // Snap to device pixels; keep a one-pixel seam between neighbours.
            double x0 = std::round(box.x - left), x1 = std::round(box.x + box.width - left);
            if (x1 - x0 >= 3)
                x1 -= 1;
            else if (x1 <= x0)
                x1 = x0 + 1;
            x0 = std::max(x0, -2.0);
            x1 = std::min(x1, viewRight + 2);
            const QRectF rect(x0 / dpr, y, (x1 - x0) / dpr, m_rowHeight - 1);
            bool dim = false;
            const BoxStyle style = boxStyle(box, &dim);
            QColor fill(style.fill);
            QColor text;
            const bool isHighlighted = !box.others && m_highlightFrame != kNoFrame &&
                                       box.node != CallTree::kRoot &&
                                       m_tree->frame(box.node) == m_highlightFrame;
            if (isHighlighted) {
                fill = highlight;
                text = highlightText;
            }
            if (dpr == 1.0) // the integer path of the raster engine is the fastest
                p.fillRect(QRect(int(x0), int(y), int(x1 - x0), m_rowHeight - 1), fill);
            else
                p.fillRect(rect, fill);
            if (m_diff && !box.others && box.node != CallTree::kRoot) {
                // Frames only in the base are hatched; frames only in the new capture
                // get an outline.
                const Change change = m_diff->change(box.node);
                if (change == Change::Removed) {
                    p.fillRect(rect, QBrush(QColor(0, 0, 0, 70), Qt::BDiagPattern));
                } else if (change == Change::Added && rect.width() > 4) {
                    p.setPen(QPen(QColor(fill).darker(170), 1.5));
                    p.setBrush(Qt::NoBrush);
                    p.drawRect(rect.adjusted(1, 1, -1, -1));
                }
            }
            if (g.interactive && !box.others && box.node == m_selected)
                selectedRect = rect;
            if (g.interactive && !box.others && box.node == m_hovered)
                hoveredRect = rect;
            const qreal visibleLeft = std::max<qreal>(rect.left(), 0);
            const qreal visibleRight = std::min<qreal>(rect.right(), g.size.width());
            const qreal available = visibleRight - visibleLeft - 2 * kTextPadding;
            if (available + 2 * kTextPadding < minLabel)
                continue;
            const QString label = labelFor(box, available, fm);
            if (label.isEmpty())
                continue;
            if (!text.isValid())
                text = dim ? dimText : QColor::fromRgb(style.text);
            p.setPen(text);
            p.drawText(QPointF(visibleLeft + kTextPadding, y + textY), label);
        }
    }
    p.setBrush(Qt::NoBrush);
    if (!hoveredRect.isEmpty()) {
        QColor c = pal.color(QPalette::Text);
        c.setAlpha(150);
        p.setPen(QPen(c, 1.0 / dpr));
        p.drawRect(hoveredRect.adjusted(0.5 / dpr, 0.5 / dpr, -0.5 / dpr, -0.5 / dpr));
    }
    if (!selectedRect.isEmpty()) {
        p.setPen(QPen(pal.color(QPalette::Text), 2.0));
        p.drawRect(selectedRect.adjusted(1, 1, -1, -1));
        if (hasFocus()) {
            QPen dash(highlight, 1.0);
            dash.setStyle(Qt::DotLine);
            p.setPen(dash);
            p.drawRect(selectedRect.adjusted(2.5, 2.5, -2.5, -2.5));
        }
    }
}

void FlameGraphView::paintEvent(QPaintEvent *)
{
    if (std::abs(m_layout.width() - layoutWidth()) > 0.5) {
        // The device pixel ratio changed (another screen), or a resize is pending.
        relayout();
        updateScrollBars();
    }
    QPainter p(viewport());
    paintGraph(p, m_layout, viewGeometry());
}

QString FlameGraphView::toolTipText(quint32 node) const
{
    if (!m_tree || node == kNoNode || node >= m_tree->nodeCount())
        return {};
    if (m_diff)
        return diffToolTipText(node);
    const StackTable &t = m_tree->stacks();
    const std::string &unit =
        m_tree->column() < t.columns.size() ? t.columns[m_tree->column()].unit : std::string();
    const int64_t total = m_tree->total(node);
    const int64_t self = m_tree->self(node);
    const int64_t all = FlameSearch::profileTotal(*m_tree);
    const int64_t focus = m_tree->total(m_focus);

    QStringList lines;
    if (node == CallTree::kRoot) {
        lines << (m_rootDescription.isEmpty() ? tr("root (the whole profile)") : m_rootDescription);
    } else {
        const Frame &f = t.frames[m_tree->frame(node)];
        QString name = QString::fromStdString(t.strings[f.name]);
        if (name.isEmpty())
            name = nodeName(node);
        lines << name;
        const std::string &file = t.strings[f.file];
        if (!file.empty()) {
            const int64_t line = f.line != 0 ? f.line : f.startLine;
            lines << (line != 0
                          ? QStringLiteral("%1:%2").arg(QString::fromStdString(file)).arg(line)
                          : QString::fromStdString(file));
        }
        if (f.address != 0)
            lines << QStringLiteral("0x%1").arg(f.address, 0, 16);
        if (m_tree->isInlined(node))
            lines << tr("(inlined)");
        if (m_frameNote) {
            const QString note = m_frameNote(t, m_tree->frame(node));
            if (!note.isEmpty())
                lines << note;
        }
    }
    // A share of the focus only for the focus and what is under it: the frames drawn
    // above it are its callers, more than all of it.
    bool underFocus = false;
    for (quint32 n = node; m_focus != CallTree::kRoot; n = m_tree->parent(n)) {
        underFocus = n == m_focus;
        if (underFocus || n == CallTree::kRoot)
            break;
    }
    if (underFocus)
        lines << tr("Total: %1 (%2 of all, %3 of focus)")
                     .arg(human(total, unit), percentText(double(total), double(all)),
                          percentText(double(total), double(focus)));
    else
        lines << tr("Total: %1 (%2 of all)")
                     .arg(human(total, unit), percentText(double(total), double(all)));
    lines << tr("Self: %1 (%2 of all)")
                 .arg(human(self, unit), percentText(double(self), double(all)));
    if (const QString cut = m_truncation.note(m_tree, node); !cut.isEmpty())
        lines << cut;
    if (const CallTree *counts = countTree()) {
        const SampleColumn &column = t.columns[counts->column()];
        const QString value = human(counts->total(node), column.unit);
        const QString type = QString::fromStdString(column.type);
        if (type.compare(QLatin1String("samples"), Qt::CaseInsensitive) == 0 ||
            type.compare(QLatin1String("sample"), Qt::CaseInsensitive) == 0)
            lines << tr("Samples: %1").arg(value);
        else
            lines << tr("Count: %1 (%2)").arg(value, type);
    }
    return lines.join(QLatin1Char('\n'));
}

QString FlameGraphView::diffToolTipText(quint32 node) const
{
    const DiffTree &d = *m_diff;
    const StackTable &t = d.stacks();
    const std::string &unit = t.columns[d.column()].unit;
    QStringList lines;
    if (node == CallTree::kRoot) {
        lines << (m_rootDescription.isEmpty() ? tr("root (the whole profile)") : m_rootDescription);
    } else {
        const Frame &f = t.frames[m_tree->frame(node)];
        lines << nodeName(node);
        const std::string &file = t.strings[f.file];
        if (!file.empty() && t.strings[f.name].size() > 0)
            lines << QString::fromStdString(file);
    }
    auto signedHuman = [&](int64_t v) {
        return (v > 0 ? QStringLiteral("+") : QString()) + human(v, unit);
    };
    const int64_t before = d.before(node), after = d.after(node), delta = d.delta(node);
    switch (d.change(node)) {
    case Change::Added:
        lines << tr("New: only in the new capture");
        break;
    case Change::Removed:
        lines << tr("Removed: only in the base capture");
        break;
    default:
        break;
    }
    lines << tr("Total: %1 → %2").arg(human(before, unit), human(after, unit));
    const double relative = d.relativeChange(node);
    lines << (std::isfinite(relative)
                  ? tr("Change: %1 (%2)")
                        .arg(signedHuman(delta), (relative > 0 ? QStringLiteral("+") : QString()) +
                                                     percentText(relative, 1.0))
                  : tr("Change: %1").arg(signedHuman(delta)));
    lines
        << tr("Self: %1 → %2").arg(human(d.beforeSelf(node), unit), human(d.afterSelf(node), unit));
    const int64_t all = d.newTotal();
    lines << tr("Share of all: %1 → %2")
                 .arg(percentText(double(before), double(d.isNormalized() ? all : d.baseTotal())),
                      percentText(double(after), double(all)));
    if (d.isNormalized())
        lines << tr("Base scaled by %1 to the new capture's total")
                     .arg(QString::number(d.baseScale(), 'g', 3));
    if (d.hasNoiseTest()) {
        const double p = d.pValue(node);
        const QString pText = p < 0.0001 ? QStringLiteral("< 0.0001") : QString::number(p, 'g', 2);
        lines << (d.isNoise(node) ? tr("Within sampling noise (p = %1)").arg(pText)
                                  : tr("Beyond sampling noise (p = %1)").arg(pText));
    }
    return lines.join(QLatin1Char('\n'));
}

void FlameGraphView::setHovered(quint32 node)
{
    if (node == m_hovered)
        return;
    m_hovered = node;
    viewport()->update();
    emit nodeHovered(node);
}

// ---- events --------------------------------------------------------------------------

void FlameGraphView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    // The flame orientation keeps its bottom (the root) in place.
    QScrollBar *v = verticalScrollBar();
    const int fromBottom = v->maximum() - v->value();
    relayout();
    updateScrollBars();
    if (m_orientation == Orientation::Flame)
        v->setValue(v->maximum() - fromBottom);
}

void FlameGraphView::scrollContentsBy(int dx, int)
{
    if (dx != 0 && m_zoom > 1.0) {
        const double dpr = viewport()->devicePixelRatioF();
        const double left = horizontalScrollBar()->value() * dpr;
        const double right = left + viewport()->width() * dpr;
        if (left < m_layout.clipBegin() || right > m_layout.clipEnd())
            relayout();
    }
    viewport()->update();
}

void FlameGraphView::changeEvent(QEvent *event)
{
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        if (event->type() == QEvent::FontChange) {
            m_rowHeight = std::max(16, fontMetrics().height() + 5);
            updateScrollBars();
        }
        clearCaches();
        viewport()->update();
    }
}

void FlameGraphView::mousePressEvent(QMouseEvent *event)
{
    switch (event->button()) {
    case Qt::BackButton:
        back();
        break;
    case Qt::ForwardButton:
        forward();
        break;
    case Qt::LeftButton:
        setFocus(Qt::MouseFocusReason);
        m_pressed = true;
        m_pressPos = event->position().toPoint();
        break;
    default:
        QAbstractScrollArea::mousePressEvent(event);
        return;
    }
    event->accept();
}

void FlameGraphView::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::BackButton || event->button() == Qt::ForwardButton) {
        event->accept(); // handled on press
        return;
    }
    if (event->button() != Qt::LeftButton || !m_pressed) {
        QAbstractScrollArea::mouseReleaseEvent(event);
        return;
    }
    m_pressed = false;
    const QPoint pos = event->position().toPoint();
    if ((pos - m_pressPos).manhattanLength() > QApplication::startDragDistance())
        return;
    const quint32 node = nodeAt(event->position());
    if (node == kNoNode)
        return;
    setSelectedNode(node);
    setFocusNode(node);
    event->accept();
}

void FlameGraphView::mouseMoveEvent(QMouseEvent *event)
{
    const Geometry g = viewGeometry();
    const QPointF pos = event->position();
    const long row = rowAtY(pos.y(), g);
    const FlameBox *box = row >= 0 && pos.x() >= 0 && pos.x() < g.size.width()
                              ? m_layout.boxAt(size_t(row), (pos.x() + g.scrollX) * g.dpr)
                              : nullptr;
    if (box && box->others) {
        const StackTable &t = m_tree->stacks();
        const std::string &unit = t.columns[m_tree->column()].unit;
        const int64_t w = m_layout.othersWeight(*box);
        m_hoverText =
            tr("%n small frame(s) under %1", nullptr, int(box->others)).arg(nodeName(box->node)) +
            QLatin1Char('\n') +
            tr("Total: %1 (%2 of all)")
                .arg(human(w, unit),
                     percentText(double(w), double(FlameSearch::profileTotal(*m_tree))));
        setHovered(kNoNode);
    } else {
        const quint32 node = box ? box->node : kNoNode;
        if (node != m_hovered || (node == kNoNode && !m_hoverText.isEmpty()))
            m_hoverText = toolTipText(node);
        setHovered(node);
    }
    QAbstractScrollArea::mouseMoveEvent(event);
}

void FlameGraphView::wheelEvent(QWheelEvent *event)
{
    QPoint delta = event->angleDelta();
    if (event->modifiers() & Qt::ControlModifier) {
        const int steps = delta.y() != 0 ? delta.y() : delta.x();
        if (steps != 0)
            zoomBy(std::pow(1.25, steps / 120.0), event->position().x());
        event->accept();
        return;
    }
    if ((event->modifiers() & Qt::ShiftModifier) && delta.x() == 0)
        delta = QPoint(delta.y(), 0);
    QScrollBar *h = horizontalScrollBar();
    QScrollBar *v = verticalScrollBar();
    if (delta.x() != 0)
        h->setValue(h->value() - delta.x() * std::max(1, viewport()->width() / 10) / 120);
    if (delta.y() != 0)
        v->setValue(v->value() - delta.y() * 3 * m_rowHeight / 120);
    event->accept();
}

void FlameGraphView::keyPressEvent(QKeyEvent *event)
{
    const auto mods = event->modifiers() & ~Qt::KeypadModifier;
    if (event->matches(QKeySequence::Back) ||
        (event->key() == Qt::Key_Left && mods == Qt::AltModifier)) {
        back();
    } else if (event->matches(QKeySequence::Forward) ||
               (event->key() == Qt::Key_Right && mods == Qt::AltModifier)) {
        forward();
    } else if (event->key() == Qt::Key_Escape) {
        resetFocus();
    } else if (mods == Qt::NoModifier &&
               (event->key() == Qt::Key_Up || event->key() == Qt::Key_Down ||
                event->key() == Qt::Key_Left || event->key() == Qt::Key_Right)) {
        int key = event->key();
        // In the flame orientation the root is at the bottom: Up goes to callees.
        if (m_orientation == Orientation::Flame && (key == Qt::Key_Up || key == Qt::Key_Down))
            key = key == Qt::Key_Up ? Qt::Key_Down : Qt::Key_Up;
        moveSelection(key);
    } else if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) &&
               mods == Qt::NoModifier) {
        focusSelection();
    } else if (event->key() == Qt::Key_F3) {
        if (mods & Qt::ShiftModifier)
            previousMatch();
        else
            nextMatch();
    } else if (mods == Qt::ControlModifier &&
               (event->key() == Qt::Key_Plus || event->key() == Qt::Key_Equal)) {
        zoomBy(1.25, viewport()->width() / 2.0);
    } else if (mods == Qt::ControlModifier && event->key() == Qt::Key_Minus) {
        zoomBy(1 / 1.25, viewport()->width() / 2.0);
    } else if (mods == Qt::ControlModifier && event->key() == Qt::Key_0) {
        resetZoom();
    } else {
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    event->accept();
}

bool FlameGraphView::viewportEvent(QEvent *event)
{
    switch (event->type()) {
    case QEvent::ToolTip: {
        auto *help = static_cast<QHelpEvent *>(event);
        const quint32 node = nodeAt(help->pos());
        QString text = node != kNoNode ? toolTipText(node) : m_hoverText;
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QStringList lines = text.split(QLatin1Char('\n'));
            for (QString &l : lines)
                l = l.toHtmlEscaped();
            lines.front() = QStringLiteral("<b>%1</b>").arg(lines.front());
            QToolTip::showText(help->globalPos(),
                               QStringLiteral("<p style='white-space:pre'>%1</p>")
                                   .arg(lines.join(QStringLiteral("<br>"))),
                               viewport());
        }
        return true;
    }
    case QEvent::ContextMenu: {
        // Its owner builds the menu (transforms, copying); the view only says which box.
        auto *menu = static_cast<QContextMenuEvent *>(event);
        const quint32 node = nodeAt(menu->pos());
        if (node == kNoNode || !m_tree || node == CallTree::kRoot)
            break;
        emit nodeContextMenu(m_tree->frame(node), node, menu->globalPos());
        return true;
    }
    case QEvent::Leave:
        m_hoverText.clear();
        setHovered(kNoNode);
        break;
    default:
        break;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

// ---- export --------------------------------------------------------------------------

QImage FlameGraphView::renderToImage(QSize size, qreal devicePixelRatio) const
{
    if (size.width() <= 0 || !(devicePixelRatio > 0))
        return {};
    FlameLayout layout = m_layout; // shares the weights
    layout.layout(m_focus, size.width() * devicePixelRatio, 1.0);
    const int content = int(std::min<qint64>(qint64(layout.rowCount()) * m_rowHeight, 32000));
    const int height = size.height() > 0 ? size.height() : std::max(content, m_rowHeight);
    QImage image(QSize(int(std::ceil(size.width() * devicePixelRatio)),
                       int(std::ceil(height * devicePixelRatio))),
                 QImage::Format_ARGB32_Premultiplied);
    if (image.isNull())
        return image;
    image.setDevicePixelRatio(devicePixelRatio);
    Geometry g;
    g.size = QSizeF(size.width(), height);
    g.dpr = devicePixelRatio;
    g.contentHeight = content;
    g.scrollY = m_orientation == Orientation::Flame ? std::max(0, content - height) : 0;
    g.interactive = false;
    QPainter p(&image);
    paintGraph(p, layout, g);
    return image;
}

bool FlameGraphView::writeSvg(QIODevice *device, int width) const
{
    if (!device || width <= 0 || !device->isWritable())
        return false;
    FlameLayout layout = m_layout;
    layout.layout(m_focus, width, 1.0);
    const int rows = int(layout.rowCount());
    const int height = std::max(rows, 1) * m_rowHeight;
    const QFontMetricsF fm(font());
    const QColor base = palette().color(QPalette::Base);
    const QColor dimText = palette().color(QPalette::PlaceholderText);
    // The window's font first, then the reader's own sans-serif: a machine without that
    // font still finds one with the labels' glyphs (CJK names) rather than its serif default.
    const QFontInfo info(font());
    const qreal textY = (m_rowHeight - 1 - fm.height()) / 2 + fm.ascent();

    QByteArray out;
    out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out += QStringLiteral("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%1\" height=\"%2\" "
                          "viewBox=\"0 0 %1 %2\" font-family=\"'%3', sans-serif\" "
                          "font-size=\"%4px\" "
                          "stroke=\"none\">\n")
               .arg(width)
               .arg(height)
               .arg(xmlEscaped(info.family()))
               .arg(info.pixelSize())
               .toUtf8();
    out += QStringLiteral("<rect width=\"100%\" height=\"100%\" fill=\"%1\"/>\n")
               .arg(base.name())
               .toUtf8();
    const auto boxes = layout.boxes();
    for (int row = 0; row < rows; ++row) {
        const int y = m_orientation == Orientation::Icicle ? row * m_rowHeight
                                                           : height - (row + 1) * m_rowHeight;
        for (size_t i = layout.rowBegin(size_t(row)); i < layout.rowBegin(size_t(row) + 1); ++i) {
            const FlameBox &box = boxes[i];
            double w = box.width >= 3 ? box.width - 1 : box.width;
            bool dim = false;
            const BoxStyle style = boxStyle(box, &dim);
            const QColor fill = QColor::fromRgb(style.fill);
            QString title;
            if (box.others)
                title = tr("%n small frame(s) under %1", nullptr, int(box.others))
                            .arg(nodeName(box.node));
            else
                title = toolTipText(box.node);
            out += QStringLiteral("<g><title>%1</title><rect x=\"%2\" y=\"%3\" width=\"%4\" "
                                  "height=\"%5\" fill=\"%6\"/>")
                       .arg(xmlEscaped(title))
                       .arg(box.x, 0, 'f', 2)
                       .arg(y)
                       .arg(w, 0, 'f', 2)
                       .arg(m_rowHeight - 1)
                       .arg(fill.name())
                       .toUtf8();
            const QString label = labelFor(box, w - 2 * kTextPadding, fm);
            if (!label.isEmpty()) {
                const QColor text = dim ? dimText : QColor::fromRgb(style.text);
                out += QStringLiteral("<text x=\"%1\" y=\"%2\" fill=\"%3\">%4</text>")
                           .arg(box.x + kTextPadding, 0, 'f', 2)
                           .arg(y + textY, 0, 'f', 2)
                           .arg(text.name())
                           .arg(xmlEscaped(label))
                           .toUtf8();
            }
            out += "</g>\n";
            if (out.size() > (1 << 20)) {
                if (device->write(out) != out.size())
                    return false;
                out.clear();
            }
        }
    }
    out += "</svg>\n";
    return device->write(out) == out.size();
}

} // namespace embers
