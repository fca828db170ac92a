// BottomUpModel: the bottom-up tree (perf's and hotspot's "Bottom Up") as an item model:
// the top level is every function where samples were taken, with its self cost; each
// row expands to its callers, with the cost that came through them. It reads a CallTree
// of an inverted StackTable (InvertedStacks.h); each node's children are sorted by cost
// when first shown.
#pragma once

#include "CallTree.h"
#include "ModelRoles.h"

#include <QAbstractItemModel>

#include <memory>
#include <vector>

namespace embers {

class BottomUpModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Column { NameColumn, CostColumn, PercentColumn };

    explicit BottomUpModel(QObject *parent = nullptr);

    // The inverted tree (null: empty).
    void setTree(std::shared_ptr<const CallTree> tree);
    const std::shared_ptr<const CallTree> &tree() const { return m_tree; }
    uint32_t nodeOf(const QModelIndex &index) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    const std::vector<uint32_t> &children(uint32_t node) const;

    std::shared_ptr<const CallTree> m_tree;
    // Per node, its children by cost (filled on first use), and each node's row.
    mutable std::vector<std::vector<uint32_t>> m_sorted;
    mutable std::vector<uint8_t> m_done;
    mutable std::vector<int> m_row;
};

} // namespace embers
