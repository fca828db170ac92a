// DiffTableModel: a FunctionDiff as a table, one row per function: self and total
// before -> after with Δ and Δ%, and whether the change is beyond sampling noise.
// Rows within noise are greyed. The model sorts its rows and filters them by kind of
// change, noise and name itself (SortedRowsModel): a comparison has 200k functions.
#pragma once

#include "FunctionDiff.h"
#include "ModelRoles.h"

#include "SortedRowsModel.h"

#include <QString>

#include <memory>
#include <vector>

namespace embers {

class DiffTableModel : public SortedRowsModel
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
    // Which changes the table lists.
    enum class Kind { All, New, Removed, Grew, Shrank };
    Q_ENUM(Kind)

    explicit DiffTableModel(QObject *parent = nullptr);

    // `stacks` is the comparison's combined table; `column` within a group.
    void setDiff(std::shared_ptr<const StackTable> stacks, FunctionDiff diff, size_t column);
    const FunctionDiff &diff() const { return m_diff; }
    // The function shown in a row, and the row of a function (-1 when filtered out).
    const FunctionDiffRow &row(int r) const { return m_diff.rows[itemAt(r)]; }
    int rowOfFrame(uint32_t frame) const;

    void setKind(Kind kind);
    void setHideNoise(bool hide);
    void setNameFilter(const QString &text);

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

protected:
    uint32_t itemCount() const override { return uint32_t(m_diff.rows.size()); }
    bool acceptsItem(uint32_t item) const override;
    void sortRows(std::vector<uint32_t> &rows, int column, bool descending) const override;

private:
    QString human(int64_t v, bool sign = false) const;
    // A function's name, converted on first use (filtering reads them all, display a few).
    const QString &name(uint32_t item) const;

    std::shared_ptr<const StackTable> m_stacks;
    FunctionDiff m_diff;
    std::string m_unit;
    std::vector<uint32_t> m_itemOfFrame; // frame -> diff row, UINT32_MAX for none
    mutable std::vector<QString> m_names;
    Kind m_kind = Kind::All;
    bool m_hideNoise = false;
    QString m_nameFilter;
};

} // namespace embers
