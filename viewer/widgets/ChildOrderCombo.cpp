#include "ChildOrderCombo.h"

namespace embers {

ChildOrderCombo::ChildOrderCombo(QWidget *parent) : QComboBox(parent)
{
    setObjectName(QStringLiteral("childOrderCombo"));
    addItem(tr("Largest first"), int(FlameLayout::ChildOrder::BySize));
    addItem(tr("A to Z"), int(FlameLayout::ChildOrder::ByName));
    setItemData(0, tr("Callees side by side by size, the widest on the left"), Qt::ToolTipRole);
    setItemData(1, tr("Callees side by side by name"), Qt::ToolTipRole);
    setToolTip(tr("How callees are ordered under their caller"));
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(this, &QComboBox::currentIndexChanged, this, [this] { emit orderChanged(order()); });
}

FlameLayout::ChildOrder ChildOrderCombo::order() const
{
    return FlameLayout::ChildOrder(currentData().toInt());
}

void ChildOrderCombo::setOrder(FlameLayout::ChildOrder order)
{
    setCurrentIndex(findData(int(order)));
}

} // namespace embers
