#include "DiffTableModel.h"

#include "FrameRowName.h"
#include "Units.h"

#include <QApplication>
#include <QFont>
#include <QPalette>

#include <cmath>

namespace embers {

DiffTableModel::DiffTableModel(QObject *parent) : SortedRowsModel(parent) {}

void DiffTableModel::setDiff(std::shared_ptr<const StackTable> stacks, FunctionDiff diff,
                             size_t column)
{
    beginResetModel();
    m_stacks = std::move(stacks);
    m_diff = std::move(diff);
    m_unit = m_stacks && column < m_stacks->columns.size() ? m_stacks->columns[column].unit : "";
    m_itemOfFrame.assign(m_stacks ? m_stacks->frameCount() : 0, UINT32_MAX);
    for (uint32_t item = 0; item < m_diff.rows.size(); ++item) {
        if (m_diff.rows[item].frame < m_itemOfFrame.size())
            m_itemOfFrame[m_diff.rows[item].frame] = item;
    }
    m_names.assign(m_diff.rows.size(), QString());
    rebuildRows();
    endResetModel();
}

int DiffTableModel::rowOfFrame(uint32_t frame) const
{
    return frame < m_itemOfFrame.size() ? rowOfItem(m_itemOfFrame[frame]) : -1;
}

void DiffTableModel::setKind(Kind kind)
{
    if (kind == m_kind)
        return;
    m_kind = kind;
    refilter();
}

void DiffTableModel::setHideNoise(bool hide)
{
    if (hide == m_hideNoise)
        return;
    m_hideNoise = hide;
    refilter();
}

void DiffTableModel::setNameFilter(const QString &text)
{
    if (text == m_nameFilter)
        return;
    m_nameFilter = text;
    refilter();
}

const QString &DiffTableModel::name(uint32_t item) const
{
    QString &name = m_names[item];
    // As the function table names it; the file goes to the tooltip.
    if (name.isNull())
        name = frameRowName(*m_stacks, m_diff.rows[item].frame);
    return name;
}

bool DiffTableModel::acceptsItem(uint32_t item) const
{
    const FunctionDiffRow &r = m_diff.rows[item];
    if (m_hideNoise && r.noise)
        return false;
    switch (m_kind) {
    case Kind::All:
        break;
    case Kind::New:
        if (r.change != Change::Added)
            return false;
        break;
    case Kind::Removed:
        if (r.change != Change::Removed)
            return false;
        break;
    case Kind::Grew:
        if (r.change != Change::Grew && r.change != Change::Added)
            return false;
        break;
    case Kind::Shrank:
        if (r.change != Change::Shrank && r.change != Change::Removed)
            return false;
        break;
    }
    return m_nameFilter.isEmpty() || name(item).contains(m_nameFilter, Qt::CaseInsensitive);
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

// The number a column sorts by (the name column sorts by name).
double sortKey(const FunctionDiffRow &r, int column)
{
    switch (column) {
    case DiffTableModel::SelfBeforeColumn:
        return double(r.flatBefore);
    case DiffTableModel::SelfAfterColumn:
        return double(r.flatAfter);
    case DiffTableModel::SelfDeltaColumn:
        return double(r.flatDelta());
    case DiffTableModel::SelfDeltaPercentColumn:
        return sortablePercent(r.flatBefore, r.flatAfter);
    case DiffTableModel::TotalBeforeColumn:
        return double(r.cumBefore);
    case DiffTableModel::TotalAfterColumn:
        return double(r.cumAfter);
    case DiffTableModel::TotalDeltaColumn:
        return double(r.cumDelta());
    case DiffTableModel::TotalDeltaPercentColumn:
        return sortablePercent(r.cumBefore, r.cumAfter);
    case DiffTableModel::ChangeColumn:
        return r.pValue;
    }
    return 0;
}

} // namespace

void DiffTableModel::sortRows(std::vector<uint32_t> &rows, int column, bool descending) const
{
    if (column == NameColumn) {
        sortByName(rows, descending, [&](uint32_t item) -> const QString & { return name(item); });
    } else {
        sortByKey(rows, descending,
                  [&](uint32_t item) { return sortKey(m_diff.rows[item], column); });
    }
}

QVariant DiffTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !m_stacks)
        return {};
    const FunctionDiffRow &r = row(index.row());
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
        if (index.column() == NameColumn)
            return name(itemAt(index.row()));
        return sortKey(r, index.column());
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case NameColumn:
        return name(itemAt(index.row()));
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

} // namespace embers
