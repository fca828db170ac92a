#include "SortedRowsModel.h"

namespace embers {

int SortedRowsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int SortedRowsModel::rowOfItem(uint32_t item) const
{
    return item < m_rowOf.size() ? m_rowOf[item] : -1;
}

void SortedRowsModel::rebuildRows()
{
    m_rows.clear();
    const uint32_t count = itemCount();
    for (uint32_t item = 0; item < count; ++item) {
        if (acceptsItem(item))
            m_rows.push_back(item);
    }
    orderRows();
}

void SortedRowsModel::orderRows()
{
    if (m_sortColumn >= 0 && m_sortColumn < columnCount())
        sortRows(m_rows, m_sortColumn, m_sortOrder == Qt::DescendingOrder);
    else
        std::sort(m_rows.begin(), m_rows.end());
    m_rowOf.assign(itemCount(), -1);
    for (size_t row = 0; row < m_rows.size(); ++row)
        m_rowOf[m_rows[row]] = int32_t(row);
}

template <typename Change> void SortedRowsModel::changeLayout(Change change)
{
    emit layoutAboutToBeChanged();
    const QModelIndexList before = persistentIndexList();
    std::vector<uint32_t> items;
    items.reserve(size_t(before.size()));
    for (const QModelIndex &index : before)
        items.push_back(m_rows[size_t(index.row())]);
    change();
    QModelIndexList after;
    after.reserve(before.size());
    for (qsizetype i = 0; i < before.size(); ++i) {
        const int row = rowOfItem(items[size_t(i)]); // -1 when filtered out: invalid
        after.push_back(row < 0 ? QModelIndex() : index(row, before[i].column()));
    }
    changePersistentIndexList(before, after);
    emit layoutChanged();
}

void SortedRowsModel::sort(int column, Qt::SortOrder order)
{
    if (column == m_sortColumn && order == m_sortOrder)
        return;
    changeLayout([&] {
        m_sortColumn = column;
        m_sortOrder = order;
        orderRows();
    });
}

void SortedRowsModel::refilter()
{
    changeLayout([&] { rebuildRows(); });
}

} // namespace embers
