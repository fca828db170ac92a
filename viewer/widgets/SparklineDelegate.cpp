#include "SparklineDelegate.h"

#include "CaptureMatrixModel.h"

#include <QApplication>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace embers {

namespace {

constexpr int kHMargin = 6;
constexpr int kVMargin = 3;
constexpr qreal kMaxSlot = 16; // a bar and its gap, at most

} // namespace

void SparklineDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                              const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QWidget *widget = opt.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    // The cell's background (selection, alternate rows) as the style draws it.
    opt.text.clear();
    style->drawPrimitive(QStyle::PE_PanelItemViewItem, &opt, painter, widget);

    const QVariantList shares = index.data(SharesRole).toList();
    const QVariantList present = index.data(PresentRole).toList();
    const qsizetype n = shares.size();
    const QRectF r = QRectF(opt.rect).adjusted(kHMargin, kVMargin, -kHMargin, -kVMargin);
    if (n == 0 || r.width() < 4 || r.height() < 4)
        return;

    std::vector<double> values(static_cast<size_t>(n));
    double top = 0, bottom = 0; // the range drawn always includes 0
    for (qsizetype i = 0; i < n; ++i) {
        values[size_t(i)] = shares[i].toDouble();
        top = std::max(top, values[size_t(i)]);
        bottom = std::min(bottom, values[size_t(i)]);
    }
    const bool selected = opt.state & QStyle::State_Selected;
    const QPalette::ColorGroup group =
        opt.state & QStyle::State_Enabled ? QPalette::Normal : QPalette::Disabled;
    const QColor ink =
        opt.palette.color(group, selected ? QPalette::HighlightedText : QPalette::Highlight);
    QColor faint =
        opt.palette.color(group, selected ? QPalette::HighlightedText : QPalette::PlaceholderText);
    faint.setAlphaF(0.6f);

    const qreal slot = std::min<qreal>(kMaxSlot, r.width() / qreal(n));
    const qreal left = r.center().x() - slot * qreal(n) / 2;
    const double range = top - bottom;
    const qreal zeroY = range > 0 ? r.top() + r.height() * top / range : r.bottom();
    auto yOf = [&](double v) { return range > 0 ? zeroY - r.height() * v / range : zeroY; };

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->setPen(QPen(faint, 1));
    painter->drawLine(QPointF(left, zeroY), QPointF(left + slot * qreal(n), zeroY));

    const bool bars = slot >= 4;
    if (bars) {
        const qreal gap = slot >= 8 ? 2 : 1;
        const qreal width = slot - gap;
        for (qsizetype i = 0; i < n; ++i) {
            const qreal x = left + slot * qreal(i) + gap / 2;
            if (!present.value(i).toBool()) {
                // Not sampled there: a hollow tick, not a bar of 0.
                painter->setPen(QPen(faint, 1));
                painter->setBrush(Qt::NoBrush);
                painter->drawRect(QRectF(x, zeroY - 3, width - 1, 3));
                continue;
            }
            const double v = values[size_t(i)];
            qreal y = yOf(v);
            // A sampled function keeps at least a pixel, however small its share.
            if (std::abs(y - zeroY) < 1)
                y = v < 0 ? zeroY + 1 : zeroY - 1;
            painter->fillRect(
                QRectF(QPointF(x, std::min(y, zeroY)), QPointF(x + width, std::max(y, zeroY))),
                ink);
        }
    } else {
        painter->setRenderHint(QPainter::Antialiasing, true);
        QPainterPath line;
        for (qsizetype i = 0; i < n; ++i) {
            const QPointF p(left + slot * (qreal(i) + 0.5), yOf(values[size_t(i)]));
            if (i == 0)
                line.moveTo(p);
            else
                line.lineTo(p);
        }
        painter->setPen(QPen(ink, 1.5));
        painter->setBrush(Qt::NoBrush);
        painter->drawPath(line);
    }
    painter->restore();
}

QSize SparklineDelegate::sizeHint(const QStyleOptionViewItem &option,
                                  const QModelIndex &index) const
{
    const qsizetype n = index.data(SharesRole).toList().size();
    const int height = option.fontMetrics.height() + 2 * kVMargin;
    return QSize(std::max(60, int(qreal(n) * 10) + 2 * kHMargin), height);
}

} // namespace embers
