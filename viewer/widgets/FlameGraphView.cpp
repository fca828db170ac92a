#include "FlameGraphView.h"

#include <QApplication>
#include <QContextMenuEvent>
#include <QHelpEvent>
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

} // namespace

FlameGraphView::FlameGraphView(QWidget *parent) : QAbstractScrollArea(parent)
{
    setFrameShape(QFrame::NoFrame);
    setFocusPolicy(Qt::StrongFocus);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    viewport()->setMouseTracking(true);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    viewport()->setAutoFillBackground(false); // the painter fills it
    m_rowHeight = std::max(16, fontMetrics().height() + 5);
    m_painter.setSearch(&m_search); // kept in place: searches assign to it
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
    m_painter.setRootLabel(label);
    m_toolTip.setRootDescription(description);
    viewport()->update();
}

void FlameGraphView::setDiffPalette(colors::DiffPalette palette)
{
    m_painter.setDiffPalette(palette);
    viewport()->update();
}

void FlameGraphView::setHideNoise(bool hide)
{
    m_painter.setHideNoise(hide);
    viewport()->update();
}

void FlameGraphView::showTree(std::shared_ptr<const CallTree> tree)
{
    // Another sample type of the same capture has the same nodes and frames.
    const bool sameStacks = tree && m_tree && &tree->stacks() == &m_tree->stacks();
    m_tree = std::move(tree);
    if (m_diff)
        m_layout.setTree(m_tree, m_diff->weights());
    else
        m_layout.setTree(m_tree);
    if (!sameStacks) {
        m_focus = CallTree::kRoot;
        m_back.clear();
        m_forward.clear();
        m_selected = kNoNode;
        m_painter.setHighlightFrame(kNoFrame);
    }
    m_hovered = kNoNode;
    m_hoverText.clear();
    m_zoom = 1.0;
    m_painter.setTree(m_tree.get(), m_diff.get());
    m_toolTip.setTree(m_tree, m_diff);
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
    m_toolTip.setCountTree(std::move(countTree));
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
    m_painter.clearElidedLabels();
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

FlamePainter::Geometry FlameGraphView::viewGeometry() const
{
    FlamePainter::Geometry g;
    g.size = QSizeF(viewport()->size());
    g.dpr = viewport()->devicePixelRatioF();
    g.scrollX = horizontalScrollBar()->value();
    g.scrollY = verticalScrollBar()->value();
    g.contentHeight = contentHeight();
    g.rowHeight = m_rowHeight;
    g.rootAtBottom = m_orientation == Orientation::Flame;
    return g;
}

quint32 FlameGraphView::nodeAt(QPointF pos) const
{
    const FlamePainter::Geometry g = viewGeometry();
    const long row = g.rowAt(pos.y());
    if (row < 0 || pos.x() < 0 || pos.x() >= g.size.width())
        return kNoNode;
    return m_layout.nodeAt(size_t(row), (pos.x() + g.scrollX) * g.dpr);
}

QRectF FlameGraphView::nodeRect(quint32 node) const
{
    size_t row = 0, index = 0;
    if (!m_layout.findBox(node, &row, &index))
        return {};
    const FlamePainter::Geometry g = viewGeometry();
    const FlameBox &b = m_layout.boxes()[index];
    return QRectF(b.x / g.dpr - g.scrollX, g.rowTop(row), b.width / g.dpr, m_rowHeight);
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
    if (frame == highlightFrame())
        return;
    m_painter.setHighlightFrame(frame);
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
    if (mode == colorMode())
        return;
    m_painter.setColorMode(mode);
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

void FlameGraphView::paintEvent(QPaintEvent *)
{
    if (std::abs(m_layout.width() - layoutWidth()) > 0.5) {
        // The device pixel ratio changed (another screen), or a resize is pending.
        relayout();
        updateScrollBars();
    }
    FlamePainter::Appearance look;
    look.palette = palette();
    look.font = font();
    look.selected = m_selected;
    look.hovered = m_hovered;
    look.focused = hasFocus();
    QPainter p(viewport());
    m_painter.paint(p, m_layout, viewGeometry(), look);
}

QString FlameGraphView::toolTipText(quint32 node) const
{
    return m_toolTip.text(node, m_focus);
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
        m_painter.clearCaches();
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

void FlameGraphView::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton) {
        QAbstractScrollArea::mouseDoubleClickEvent(event);
        return;
    }
    const quint32 node = nodeAt(event->position());
    if (node != kNoNode && m_tree && node != CallTree::kRoot)
        emit nodeDoubleClicked(m_tree->frame(node), node);
    event->accept();
}

void FlameGraphView::mouseMoveEvent(QMouseEvent *event)
{
    const FlamePainter::Geometry g = viewGeometry();
    const QPointF pos = event->position();
    const long row = g.rowAt(pos.y());
    const FlameBox *box = row >= 0 && pos.x() >= 0 && pos.x() < g.size.width()
                              ? m_layout.boxAt(size_t(row), (pos.x() + g.scrollX) * g.dpr)
                              : nullptr;
    if (box && box->others) {
        m_hoverText = m_toolTip.othersText(*box, m_layout.othersWeight(*box));
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

} // namespace embers
