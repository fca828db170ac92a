#include "BottomUpModel.h"

#include "Units.h"

#include <QLocale>

#include <algorithm>

namespace embers {

BottomUpModel::BottomUpModel(QObject *parent) : QAbstractItemModel(parent) {}

void BottomUpModel::setTree(std::shared_ptr<const CallTree> tree)
{
    beginResetModel();
    m_tree = std::move(tree);
    const size_t n = m_tree ? m_tree->nodeCount() : 0;
    // Per-node vectors sized once; a node's list is only filled when it is expanded.
    m_sorted.assign(n, {});
    m_done.assign(n, 0);
    m_row.assign(n, 0);
    endResetModel();
}

const std::vector<uint32_t> &BottomUpModel::children(uint32_t node) const
{
    if (!m_done[node]) {
        m_done[node] = 1;
        std::vector<uint32_t> &list = m_sorted[node];
        for (uint32_t c = m_tree->firstChild(node); c < m_tree->childEnd(node); ++c)
            list.push_back(c);
        std::stable_sort(list.begin(), list.end(), [this](uint32_t a, uint32_t b) {
            return m_tree->weight(a) > m_tree->weight(b);
        });
        for (size_t i = 0; i < list.size(); ++i)
            m_row[list[i]] = int(i);
    }
    return m_sorted[node];
}

uint32_t BottomUpModel::nodeOf(const QModelIndex &index) const
{
    return index.isValid() ? uint32_t(index.internalId()) : CallTree::kRoot;
}

QModelIndex BottomUpModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!m_tree || row < 0 || column < 0 || column >= columnCount())
        return {};
    const std::vector<uint32_t> &list = children(nodeOf(parent));
    if (size_t(row) >= list.size())
        return {};
    return createIndex(row, column, quintptr(list[size_t(row)]));
}

QModelIndex BottomUpModel::parent(const QModelIndex &child) const
{
    if (!m_tree || !child.isValid())
        return {};
    const uint32_t p = m_tree->parent(nodeOf(child));
    if (p == CallTree::kRoot)
        return {};
    children(m_tree->parent(p)); // so that p has its row
    return createIndex(m_row[p], 0, quintptr(p));
}

int BottomUpModel::rowCount(const QModelIndex &parent) const
{
    if (!m_tree || (parent.isValid() && parent.column() != 0))
        return 0;
    return int(m_tree->childCount(nodeOf(parent)));
}

int BottomUpModel::columnCount(const QModelIndex &) const
{
    return 3;
}

QVariant BottomUpModel::data(const QModelIndex &index, int role) const
{
    if (!m_tree || !index.isValid())
        return {};
    const uint32_t node = nodeOf(index);
    const StackTable &t = m_tree->stacks();
    const int64_t cost = m_tree->total(node);
    const int64_t total = t.totals[m_tree->column()];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return QString::fromStdString(t.frameName(m_tree->frame(node)));
        case CostColumn:
            return QString::fromStdString(
                units::humanValue(cost, t.columns[m_tree->column()].unit));
        case PercentColumn:
            return total != 0 ? QStringLiteral("%1 %").arg(QLocale().toString(
                                    100.0 * double(cost) / double(total), 'f', 2))
                              : QString();
        }
        break;
    case Qt::TextAlignmentRole:
        if (index.column() != NameColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case Qt::ToolTipRole:
        if (index.column() == NameColumn)
            return index.parent().isValid()
                       ? tr("Called from here: the cost that came through this caller")
                       : tr("Samples taken in this function (its self cost); expand for its "
                            "callers");
        break;
    case FrameRole:
        return uint(m_tree->frame(node));
    case CostRole:
        return qint64(cost);
    }
    return {};
}

QVariant BottomUpModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Function (callers below)");
    case CostColumn:
        return tr("Cost");
    case PercentColumn:
        return tr("Cost %");
    }
    return {};
}

} // namespace embers
