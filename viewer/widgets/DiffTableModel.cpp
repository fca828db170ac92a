#include "DiffTableModel.h"

#include "Units.h"

#include <QApplication>
#include <QFont>
#include <QPalette>

#include <cmath>

namespace embers {

DiffTableModel::DiffTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void DiffTableModel::setDiff(std::shared_ptr<const StackTable> stacks, FunctionDiff diff,
                             size_t column)
{
    beginResetModel();
    m_stacks = std::move(stacks);
    m_diff = std::move(diff);
    m_unit = m_stacks && column < m_stacks->columns.size() ? m_stacks->columns[column].unit : "";
    endResetModel();
}

int DiffTableModel::rowOfFrame(uint32_t frame) const
{
    for (size_t r = 0; r < m_diff.rows.size(); ++r) {
        if (m_diff.rows[r].frame == frame)
            return int(r);
    }
    return -1;
}

int DiffTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_diff.rows.size());
}

int DiffTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString DiffTableModel::human(int64_t v, bool sign) const
{
    QString text = QString::fromStdString(units::humanValue(v, m_unit));
    if (sign && v > 0)
        text.prepend(QLatin1Char('+'));
    return text;
}

namespace {

QString percentChange(int64_t before, int64_t after)
{
    const double r = relativeChange(before, after);
    if (std::isinf(r))
        return DiffTableModel::tr("new");
    if (before != 0 && after == 0)
        return DiffTableModel::tr("removed");
    const double p = 100 * r;
    return (p > 0 ? QStringLiteral("+") : QString()) +
           QString::number(p, 'f', std::fabs(p) < 10 ? 1 : 0) + QLatin1Char('%');
}

double sortablePercent(int64_t before, int64_t after)
{
    const double r = relativeChange(before, after);
    return std::isinf(r) ? 1e12 : r;
}

} // namespace

QVariant DiffTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !m_stacks)
        return {};
    const FunctionDiffRow &r = m_diff.rows[size_t(index.row())];
    switch (role) {
    case FrameRole:
        return r.frame;
    case ChangeRole:
        return int(r.change);
    case NoiseRole:
        return r.noise;
    case Qt::ForegroundRole:
        if (r.noise)
            return QApplication::palette().color(QPalette::PlaceholderText);
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == NameColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                            : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (index.column() == NameColumn || index.column() == ChangeColumn) {
            QString tip = QString::fromStdString(m_stacks->frameName(r.frame));
            if (m_diff.hasNoiseTest)
                tip += QLatin1Char('\n') + (r.noise ? tr("Within sampling noise (p = %1)")
                                                    : tr("Beyond sampling noise (p = %1)"))
                                               .arg(r.pValue < 0.0001
                                                        ? QStringLiteral("< 0.0001")
                                                        : QString::number(r.pValue, 'g', 2));
            return tip;
        }
        return {};
    default:
        break;
    }
    if (role == SortRole) {
        switch (index.column()) {
        case NameColumn:
            return QString::fromStdString(m_stacks->frameName(r.frame));
        case SelfBeforeColumn:
            return double(r.flatBefore);
        case SelfAfterColumn:
            return double(r.flatAfter);
        case SelfDeltaColumn:
            return double(r.flatDelta());
        case SelfDeltaPercentColumn:
            return sortablePercent(r.flatBefore, r.flatAfter);
        case TotalBeforeColumn:
            return double(r.cumBefore);
        case TotalAfterColumn:
            return double(r.cumAfter);
        case TotalDeltaColumn:
            return double(r.cumDelta());
        case TotalDeltaPercentColumn:
            return sortablePercent(r.cumBefore, r.cumAfter);
        case ChangeColumn:
            return r.pValue;
        }
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case NameColumn:
        return QString::fromStdString(m_stacks->frameName(r.frame));
    case SelfBeforeColumn:
        return human(r.flatBefore);
    case SelfAfterColumn:
        return human(r.flatAfter);
    case SelfDeltaColumn:
        return human(r.flatDelta(), true);
    case SelfDeltaPercentColumn:
        return r.flatBefore == 0 && r.flatAfter == 0 ? QString()
                                                     : percentChange(r.flatBefore, r.flatAfter);
    case TotalBeforeColumn:
        return human(r.cumBefore);
    case TotalAfterColumn:
        return human(r.cumAfter);
    case TotalDeltaColumn:
        return human(r.cumDelta(), true);
    case TotalDeltaPercentColumn:
        return percentChange(r.cumBefore, r.cumAfter);
    case ChangeColumn:
        if (!m_diff.hasNoiseTest)
            return QString();
        return r.noise ? tr("noise") : tr("real");
    }
    return {};
}

QVariant DiffTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole && section == ChangeColumn)
        return tr("Whether the change of the total is beyond sampling noise (binomial test on "
                  "the sample counts, 5% false discovery rate)");
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Function");
    case SelfBeforeColumn:
        return tr("Self before");
    case SelfAfterColumn:
        return tr("Self after");
    case SelfDeltaColumn:
        return tr("Self \u0394");
    case SelfDeltaPercentColumn:
        return tr("Self \u0394%");
    case TotalBeforeColumn:
        return tr("Total before");
    case TotalAfterColumn:
        return tr("Total after");
    case TotalDeltaColumn:
        return tr("Total \u0394");
    case TotalDeltaPercentColumn:
        return tr("Total \u0394%");
    case ChangeColumn:
        return tr("Change");
    }
    return {};
}

DiffFilterModel::DiffFilterModel(QObject *parent) : QSortFilterProxyModel(parent)
{
    setSortRole(DiffTableModel::SortRole);
}

void DiffFilterModel::setKind(Kind kind)
{
    m_kind = kind;
    invalidateFilter();
}

void DiffFilterModel::setHideNoise(bool hide)
{
    m_hideNoise = hide;
    invalidateFilter();
}

void DiffFilterModel::setNameFilter(const QString &text)
{
    m_name = text;
    invalidateFilter();
}

bool DiffFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    const auto change = Change(index.data(DiffTableModel::ChangeRole).toInt());
    if (m_hideNoise && index.data(DiffTableModel::NoiseRole).toBool())
        return false;
    switch (m_kind) {
    case Kind::All:
        break;
    case Kind::New:
        if (change != Change::Added)
            return false;
        break;
    case Kind::Removed:
        if (change != Change::Removed)
            return false;
        break;
    case Kind::Grew:
        if (change != Change::Grew && change != Change::Added)
            return false;
        break;
    case Kind::Shrank:
        if (change != Change::Shrank && change != Change::Removed)
            return false;
        break;
    }
    return m_name.isEmpty() || index.data().toString().contains(m_name, Qt::CaseInsensitive);
}

} // namespace embers
