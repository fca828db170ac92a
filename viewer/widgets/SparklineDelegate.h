// SparklineDelegate: paints a row's shares across captures (CaptureMatrixModel's
// SharesRole and PresentRole) as a small bar chart scaled to the row's largest share —
// a line when there are too many captures for bars. Captures without the function get
// a hollow tick on the baseline. Colours come from the view's palette, so the chart
// reads in light and dark themes, and on a selected row.
#pragma once

#include <QStyledItemDelegate>

namespace embers {

class SparklineDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
};

} // namespace embers
