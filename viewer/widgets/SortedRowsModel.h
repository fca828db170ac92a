// SortedRowsModel: a flat table over items numbered 0..n-1 (a table's functions) that
// sorts and filters its rows itself. A QSortFilterProxyModel over 100k rows and more
// compares QVariants and maps every row, which stalled the GUI for hundreds of
// milliseconds; sorting raw keys takes a few. A re-sort or a new filter is a layout
// change, so the view's current row and selection follow their items.
#pragma once

#include <QAbstractTableModel>
#include <QString>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace embers {

class SortedRowsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;

    int rowCount(const QModelIndex &parent = {}) const override;
    uint32_t itemAt(int row) const { return m_rows[size_t(row)]; }
    int rowOfItem(uint32_t item) const; // -1 when the item has no row

    // Rows are in item order until the first sort; every rebuild keeps the order.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    int sortColumn() const { return m_sortColumn; }
    Qt::SortOrder sortOrder() const { return m_sortOrder; }

protected:
    // The number of items, and whether one has a row (filters).
    virtual uint32_t itemCount() const = 0;
    virtual bool acceptsItem(uint32_t item) const = 0;
    // Puts `rows` in the order of `column` (never -1); ties must go by item, so that
    // the order is stable.
    virtual void sortRows(std::vector<uint32_t> &rows, int column, bool descending) const = 0;

    // Recomputes the rows from the items: call between begin/endResetModel when the
    // items change, or through refilter() when only the filter does.
    void rebuildRows();
    void refilter();

    // Sorts rows by a key read once per row (a number, or anything with operator<).
    template <typename Key>
    static void sortByKey(std::vector<uint32_t> &rows, bool descending, Key &&key)
    {
        using K = decltype(key(uint32_t()));
        std::vector<std::pair<K, uint32_t>> keyed;
        keyed.reserve(rows.size());
        for (uint32_t item : rows)
            keyed.emplace_back(key(item), item);
        std::sort(keyed.begin(), keyed.end(), [descending](const auto &a, const auto &b) {
            if (a.first < b.first || b.first < a.first)
                return descending ? b.first < a.first : a.first < b.first;
            return a.second < b.second;
        });
        for (size_t i = 0; i < keyed.size(); ++i)
            rows[i] = keyed[i].second;
    }

    // Sorts rows by name, ignoring case; `name(item)` returns a QString reference that
    // stays valid (a model's cache), converted once per row before sorting.
    template <typename Name>
    static void sortByName(std::vector<uint32_t> &rows, bool descending, Name &&name)
    {
        for (uint32_t item : rows)
            (void)name(item);
        std::sort(rows.begin(), rows.end(), [&](uint32_t a, uint32_t b) {
            if (int c = name(a).compare(name(b), Qt::CaseInsensitive))
                return descending ? c > 0 : c < 0;
            return a < b;
        });
    }

private:
    void orderRows();
    // Runs `change` (which rebuilds or reorders the rows) as a layout change.
    template <typename Change> void changeLayout(Change change);

    int m_sortColumn = -1; // -1: item order
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
    std::vector<uint32_t> m_rows; // items
    std::vector<int32_t> m_rowOf; // item -> row, -1 for none
};

} // namespace embers
