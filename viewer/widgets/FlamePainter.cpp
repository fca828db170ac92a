#include "FlamePainter.h"

#include "FrameLabels.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace embers {

namespace {

QColor toQColor(colors::Rgb c)
{
    return QColor(c.r, c.g, c.b);
}

colors::Rgb toRgb(const QColor &c)
{
    return {uint8_t(c.red()), uint8_t(c.green()), uint8_t(c.blue())};
}

FlamePainter::BoxStyle styleOf(colors::Rgb rgb, bool dimmed, const QColor &base)
{
    if (dimmed)
        rgb = colors::dimmed(rgb, toRgb(base));
    return {toQColor(rgb).rgb(), toQColor(colors::textColorFor(rgb)).rgb()};
}

} // namespace

int FlamePainter::Geometry::rowTop(size_t row) const
{
    if (!rootAtBottom)
        return int(qint64(row) * rowHeight - qint64(scrollY));
    const qint64 baseline = std::max<qint64>(contentHeight, qint64(size.height()));
    return int(baseline - qint64(row + 1) * rowHeight - qint64(scrollY));
}

long FlamePainter::Geometry::rowAt(qreal y) const
{
    const double cy = y + scrollY;
    if (!rootAtBottom)
        return long(std::floor(cy / rowHeight));
    const double baseline = std::max<double>(contentHeight, size.height());
    return long(std::ceil((baseline - cy) / rowHeight)) - 1;
}

void FlamePainter::setTree(const CallTree *tree, const DiffTree *diff)
{
    m_tree = tree;
    m_diff = diff;
    clearCaches();
}

void FlamePainter::setColorMode(colors::ColorMode mode)
{
    m_colorMode = mode;
    std::fill(m_frameColors.begin(), m_frameColors.end(), BoxStyle{});
}

void FlamePainter::clearCaches()
{
    m_frameColors.clear();
    std::fill(std::begin(m_fixedStyles), std::end(m_fixedStyles), BoxStyle{});
    m_labels.clear();
    m_elided.clear();
    if (m_tree)
        m_frameColors.assign(m_tree->stacks().frameCount() * 4, BoxStyle{});
}

FlamePainter::BoxStyle FlamePainter::boxStyle(const FlameBox &box, const QColor &base,
                                              bool *dim) const
{
    *dim = false;
    const bool searching = m_search && m_search->valid;
    if (box.others || box.node == CallTree::kRoot) {
        *dim = box.others && searching;
        BoxStyle &s = m_fixedStyles[box.others ? (*dim ? 2 : 1) : 0];
        if (s.fill == 0)
            s = styleOf(box.others ? colors::othersColor() : colors::rootColor(), *dim, base);
        return s;
    }
    *dim = searching && !m_search->matches(box.node);
    if (m_diff)
        return diffStyle(box, base, *dim);
    const uint32_t frame = m_tree->frame(box.node);
    const bool inlined = m_tree->isInlined(box.node);
    // Four cached variants per frame: (inlined, dimmed).
    const size_t slot = size_t(frame) * 4 + (inlined ? 1 : 0) + (*dim ? 2 : 0);
    if (slot >= m_frameColors.size())
        return styleOf(colors::othersColor(), false, base);
    BoxStyle &s = m_frameColors[slot];
    if (s.fill == 0)
        s = styleOf(colors::frameColor(m_tree->stacks(), frame, m_colorMode, inlined), *dim, base);
    return s;
}

FlamePainter::BoxStyle FlamePainter::diffStyle(const FlameBox &box, const QColor &base,
                                               bool dim) const
{
    const DiffTree &d = *m_diff;
    const int64_t delta = d.delta(box.node);
    const bool noise = d.isNoise(box.node);
    const int sign = (noise && m_hideNoise) ? 0 : (delta > 0) - (delta < 0);
    const double size =
        d.maxAbsDelta() > 0 ? std::sqrt(std::abs(double(delta)) / double(d.maxAbsDelta())) : 0.0;
    return styleOf(colors::diffColor(sign, size, noise, m_diffPalette), dim, base);
}

QString FlamePainter::nodeName(quint32 node) const
{
    if (!m_tree || node == kNoNode)
        return {};
    if (node == CallTree::kRoot)
        return m_rootLabel.isEmpty() ? tr("root") : m_rootLabel;
    return QString::fromStdString(m_tree->stacks().frameName(m_tree->frame(node)));
}

QString FlamePainter::othersText(const FlameBox &box) const
{
    return tr("%n small frame(s) under %1", nullptr, int(box.others)).arg(nodeName(box.node));
}

QString FlamePainter::label(const FlameBox &box, qreal available, const QFontMetricsF &fm) const
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

void FlamePainter::paint(QPainter &p, const FlameLayout &layout, const Geometry &g,
                         const Appearance &a) const
{
    const QPalette &pal = a.palette;
    p.fillRect(QRectF(QPointF(0, 0), g.size), pal.color(QPalette::Base));
    if (layout.isEmpty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(QRectF(QPointF(0, 0), g.size), Qt::AlignCenter,
                   m_tree ? tr("Nothing to show at this width") : tr("No profile"));
        return;
    }
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setFont(a.font);
    const QFontMetricsF fm(a.font);
    const qreal dpr = g.dpr;
    const int rowHeight = g.rowHeight;
    const double left = g.scrollX * dpr; // layout units
    const double right = (g.scrollX + g.size.width()) * dpr;
    const double viewRight = g.size.width() * dpr; // device pixels
    const qreal minLabel = fm.averageCharWidth() * 2 + 2 * kTextPadding;
    const qreal textY = (rowHeight - 1 - fm.height()) / 2 + fm.ascent();
    const QColor base = pal.color(QPalette::Base);
    const QColor dimText = pal.color(QPalette::PlaceholderText);
    const QColor highlight = pal.color(QPalette::Highlight);
    const QColor highlightText = pal.color(QPalette::HighlightedText);

    long first = g.rowAt(0), last = g.rowAt(g.size.height() - 1);
    if (first > last)
        std::swap(first, last);
    first = std::max(0L, first);
    last = std::min(long(layout.rowCount()) - 1, last);

    const auto boxes = layout.boxes();
    QRectF selectedRect, hoveredRect;
    for (long row = first; row <= last; ++row) {
        const qreal y = g.rowTop(size_t(row));
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
            const QRectF rect(x0 / dpr, y, (x1 - x0) / dpr, rowHeight - 1);
            bool dim = false;
            const BoxStyle style = boxStyle(box, base, &dim);
            QColor fill(style.fill);
            QColor textColor;
            const bool isHighlighted = !box.others && m_highlightFrame != kNoFrame &&
                                       box.node != CallTree::kRoot &&
                                       m_tree->frame(box.node) == m_highlightFrame;
            if (isHighlighted) {
                fill = highlight;
                textColor = highlightText;
            }
            if (dpr == 1.0) // the integer path of the raster engine is the fastest
                p.fillRect(QRect(int(x0), int(y), int(x1 - x0), rowHeight - 1), fill);
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
            if (!box.others && box.node == a.selected)
                selectedRect = rect;
            if (!box.others && box.node == a.hovered)
                hoveredRect = rect;
            const qreal visibleLeft = std::max<qreal>(rect.left(), 0);
            const qreal visibleRight = std::min<qreal>(rect.right(), g.size.width());
            const qreal available = visibleRight - visibleLeft - 2 * kTextPadding;
            if (available + 2 * kTextPadding < minLabel)
                continue;
            const QString text = label(box, available, fm);
            if (text.isEmpty())
                continue;
            if (!textColor.isValid())
                textColor = dim ? dimText : QColor::fromRgb(style.text);
            p.setPen(textColor);
            p.drawText(QPointF(visibleLeft + kTextPadding, y + textY), text);
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
        if (a.focused) {
            QPen dash(highlight, 1.0);
            dash.setStyle(Qt::DotLine);
            p.setPen(dash);
            p.drawRect(selectedRect.adjusted(2.5, 2.5, -2.5, -2.5));
        }
    }
}

} // namespace embers
