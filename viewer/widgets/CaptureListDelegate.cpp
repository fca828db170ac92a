#include "CaptureListDelegate.h"

#include "CaptureListModel.h"

#include <QApplication>
#include <QPainter>

namespace embers {

namespace {

constexpr int kMargin = 6;
// Every row reserves this many detail lines, so rows keep their height while loading.
constexpr int kDetailLines = 2;

QFont nameFont(const QFont &base)
{
    QFont f = base;
    f.setBold(true);
    return f;
}

QFont detailFont(const QFont &base)
{
    QFont f = base;
    f.setPointSizeF(base.pointSizeF() * 0.9);
    return f;
}

} // namespace

void CaptureListDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                                const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QWidget *widget = opt.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();

    // The panel (selection, hover) as the style draws it, without the text.
    opt.text.clear();
    opt.icon = QIcon();
    style->drawPrimitive(QStyle::PE_PanelItemViewItem, &opt, painter, widget);

    QRect r = opt.rect.adjusted(kMargin, kMargin / 2, -kMargin, -kMargin / 2);
    const bool selected = opt.state & QStyle::State_Selected;
    const QPalette::ColorGroup group =
        opt.state & QStyle::State_Enabled ? QPalette::Normal : QPalette::Disabled;
    QColor textColor =
        opt.palette.color(group, selected ? QPalette::HighlightedText : QPalette::Text);
    QColor dimColor = textColor;
    dimColor.setAlphaF(0.7f);

    painter->save();
    QIcon icon = index.data(Qt::DecorationRole).value<QIcon>();
    QFont nf = nameFont(opt.font);
    QFontMetrics nfm(nf);
    if (!icon.isNull()) {
        int size = nfm.height();
        icon.paint(painter, QRect(r.left(), r.top(), size, size));
        r.setLeft(r.left() + size + kMargin / 2);
    }
    painter->setFont(nf);
    painter->setPen(textColor);
    QString name = index.data(Qt::DisplayRole).toString();
    painter->drawText(QRect(r.left(), r.top(), r.width(), nfm.height()),
                      Qt::AlignLeft | Qt::AlignVCenter,
                      nfm.elidedText(name, Qt::ElideMiddle, r.width()));

    QFont df = detailFont(opt.font);
    QFontMetrics dfm(df);
    painter->setFont(df);
    painter->setPen(dimColor);
    int y = r.top() + nfm.height();
    const QStringList lines = index.data(DetailsRole).toStringList();
    for (const QString &line : lines) {
        painter->drawText(QRect(r.left(), y, r.width(), dfm.height()),
                          Qt::AlignLeft | Qt::AlignVCenter,
                          dfm.elidedText(line, Qt::ElideRight, r.width()));
        y += dfm.height();
    }
    painter->restore();
}

QSize CaptureListDelegate::sizeHint(const QStyleOptionViewItem &option,
                                    const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    QFontMetrics nfm(nameFont(opt.font));
    QFontMetrics dfm(detailFont(opt.font));
    int width = nfm.horizontalAdvance(opt.text) + 2 * kMargin;
    return QSize(width, nfm.height() + kDetailLines * dfm.height() + kMargin);
}

} // namespace embers
