// ChildOrderCombo: the flame graphs' "Order" menu: siblings by size (widest first) or by
// name. In a comparison, by size means by the size over every capture, so that the panes
// line up.
#pragma once

#include "FlameLayout.h"

#include <QComboBox>

namespace embers {

class ChildOrderCombo : public QComboBox
{
    Q_OBJECT
public:
    explicit ChildOrderCombo(QWidget *parent = nullptr);

    FlameLayout::ChildOrder order() const;
    void setOrder(FlameLayout::ChildOrder order);

signals:
    void orderChanged(embers::FlameLayout::ChildOrder order);
};

} // namespace embers
