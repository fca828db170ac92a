// FunctionTableModel: a capture's FunctionTable as a flat table, one row per frame that
// has a value in the chosen sample type. Display text is formatted; SortRole gives the
// raw signed value. The model sorts and filters itself (SortedRowsModel): a proxy over
// 100k rows stalled the GUI for a quarter of a second when a capture opened. The order
// and the filter survive a change of capture or sample type.
#pragma once

#include "Capture.h"
#include "ModelRoles.h"
#include "SampleType.h"
#include "SortedRowsModel.h"

#include <memory>
#include <vector>

namespace embers {

class FunctionTableModel : public SortedRowsModel
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
    Q_ENUM(Column)

    explicit FunctionTableModel(QObject *parent = nullptr);

    // None (or a type the capture does not have) picks the capture's default.
    void setCapture(std::shared_ptr<const Capture> capture, SampleType type = {});
    std::shared_ptr<const Capture> capture() const { return m_capture; }
    void setSampleType(SampleType type);
    SampleType sampleType() const { return m_sampleType; }
    // The sample type shown in SamplesColumn, or none.
    SampleType samplesType() const { return m_samplesType; }

    uint32_t frameAt(int row) const { return itemAt(row); }
    int rowOfFrame(uint32_t frame) const { return rowOfItem(frame); } // -1: no row

    // Keeps the rows whose name contains `text`, ignoring case (all rows when empty).
    void setFilter(const QString &text);
    QString filter() const { return m_filter; }

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

signals:
    void sampleTypeChanged(embers::SampleType type);

protected:
    uint32_t itemCount() const override;
    bool acceptsItem(uint32_t frame) const override;
    // Ties go by frame index, so the order is stable.
    void sortRows(std::vector<uint32_t> &rows, int column, bool descending) const override;

private:
    const QString &name(uint32_t frame) const;
    int64_t value(uint32_t frame, int column) const;

    std::shared_ptr<const Capture> m_capture;
    SampleType m_sampleType;
    SampleType m_samplesType;
    QString m_filter;
    // Frame names, converted on first use (filtering reads them all, display a few).
    mutable std::vector<QString> m_names;
};

} // namespace embers
