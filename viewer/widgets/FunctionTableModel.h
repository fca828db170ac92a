// FunctionTableModel: a capture's FunctionTable as a flat table, one row per frame that
// has a value in the chosen sample type. Display text is formatted; SortRole gives the
// raw signed value. The model sorts and filters itself: a QSortFilterProxyModel over 100k
// rows compares QVariants and maps every row, which stalled the GUI for a quarter of a
// second when a capture opened; this takes milliseconds, and the order and filter
// survive a change of capture or sample type.
#pragma once

#include "Capture.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace embers {

class FunctionTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    // SamplesColumn exists only when the capture has a "count" sample type; it shows the
    // self count of the type that goes with the chosen one (inuse_objects for inuse_space).
    enum Column {
        NameColumn,
        SelfColumn,
        SelfPercentColumn,
        TotalColumn,
        TotalPercentColumn,
        SamplesColumn
    };
    enum Role {
        SortRole = Qt::UserRole, // qint64 value (the name for NameColumn)
        FrameRole,               // StackTable frame index (uint)
        TotalCostRole,           // StackTable::totals of the sample type (qint64)
    };
    Q_ENUM(Column)

    explicit FunctionTableModel(QObject *parent = nullptr);

    // `column` is a StackTable column; -1 picks the capture's default.
    void setCapture(std::shared_ptr<const Capture> capture, int column = -1);
    std::shared_ptr<const Capture> capture() const { return m_capture; }
    void setColumn(int column);
    int column() const { return m_column; }
    // The StackTable column shown in SamplesColumn, or -1 when there is none.
    int samplesColumn() const { return m_samplesColumn; }

    uint32_t frameAt(int row) const { return m_rows[size_t(row)]; }
    int rowOfFrame(uint32_t frame) const; // -1 when the frame has no row

    // Rows are in frame order until the first sort; then every rebuild keeps the order.
    // Ties go by frame index, so the order is stable.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    // Keeps the rows whose name contains `text`, ignoring case (all rows when empty).
    void setFilter(const QString &text);
    QString filter() const { return m_filter; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

signals:
    void columnChanged(int column);

private:
    void rebuildRows();
    void sortRows();
    // Runs `change` (which rebuilds or reorders m_rows) as a layout change, so that the
    // view's current row and selection follow their frames.
    template <typename Change> void changeLayout(Change change);
    const QString &name(uint32_t frame) const;
    int64_t value(uint32_t frame, int column) const;

    std::shared_ptr<const Capture> m_capture;
    int m_column = -1;
    int m_samplesColumn = -1;
    QString m_filter;
    int m_sortColumn = -1; // -1: frame order
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
    std::vector<uint32_t> m_rows; // frame indices
    std::vector<int32_t> m_rowOf; // frame -> row, -1 for none
    // Frame names, converted on first use (filtering reads them all, display a few).
    mutable std::vector<QString> m_names;
};

} // namespace embers
