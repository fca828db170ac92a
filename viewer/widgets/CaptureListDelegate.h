// CaptureListDelegate: draws a capture list row as its name in bold over a few dim
// lines of details (DetailsRole).
#pragma once

#include <QStyledItemDelegate>

namespace embers {

class CaptureListDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
};

} // namespace embers
