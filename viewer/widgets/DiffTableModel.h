// DiffTableModel: a FunctionDiff as a table, one row per function: self and total
// before -> after with Δ and Δ%, and whether the change is beyond sampling noise.
// SortRole gives numbers to sort by; rows within noise are greyed.
#pragma once

#include "FunctionDiff.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

#include <memory>

namespace embers {

class DiffTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        SelfBeforeColumn,
        SelfAfterColumn,
        SelfDeltaColumn,
        SelfDeltaPercentColumn,
        TotalBeforeColumn,
        TotalAfterColumn,
        TotalDeltaColumn,
        TotalDeltaPercentColumn,
        ChangeColumn,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole, // double (the name for NameColumn)
        FrameRole,               // StackTable frame (uint)
        ChangeRole,              // int(Change)
        NoiseRole,               // bool
    };

    explicit DiffTableModel(QObject *parent = nullptr);

    // `stacks` is the comparison's combined table; `column` within a group.
    void setDiff(std::shared_ptr<const StackTable> stacks, FunctionDiff diff, size_t column);
    const FunctionDiff &diff() const { return m_diff; }
    const FunctionDiffRow &row(int r) const { return m_diff.rows[size_t(r)]; }
    int rowOfFrame(uint32_t frame) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QString human(int64_t v, bool sign = false) const;

    std::shared_ptr<const StackTable> m_stacks;
    FunctionDiff m_diff;
    std::string m_unit;
};

// Filters a DiffTableModel by kind of change, noise and name.
class DiffFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    enum class Kind { All, New, Removed, Grew, Shrank };
    Q_ENUM(Kind)

    explicit DiffFilterModel(QObject *parent = nullptr);
    void setKind(Kind kind);
    void setHideNoise(bool hide);
    void setNameFilter(const QString &text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    Kind m_kind = Kind::All;
    bool m_hideNoise = false;
    QString m_name;
};

} // namespace embers
