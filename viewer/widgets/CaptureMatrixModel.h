// CaptureMatrixModel: the many-captures table — one row per function sampled in any of
// a Comparison's captures; columns: the function, its share of each capture's total
// ("—" where absent), the minimum, median and maximum share, in how many captures it
// appears, and the trend (a sparkline, painted by SparklineDelegate). Display text is
// formatted; SortRole gives the numbers the model sorts by (SortedRowsModel: it sorts
// and filters its rows itself).
#pragma once

#include "CaptureMatrix.h"
#include "Comparison.h"
#include "ModelRoles.h"
#include "SortedRowsModel.h"

#include <QStringList>

#include <memory>
#include <vector>

namespace embers {

class CaptureMatrixModel : public SortedRowsModel
{
    Q_OBJECT
public:
    explicit CaptureMatrixModel(QObject *parent = nullptr);

    // `type` is a column within a group; none (or one the groups lack) picks the default.
    void setComparison(std::shared_ptr<const Comparison> comparison, SampleType type = {});
    const std::shared_ptr<const Comparison> &comparison() const { return m_comparison; }
    void setSampleType(SampleType type);
    SampleType sampleType() const { return m_sampleType; }
    void setMeasure(CaptureMatrix::Measure measure);
    CaptureMatrix::Measure measure() const { return m_measure; }
    const CaptureMatrix &matrix() const { return m_matrix; }

    // Column layout: 0 the function, then one per capture, then the summaries.
    static constexpr int kFunctionColumn = 0;
    int captureCount() const { return int(m_matrix.captureCount()); }
    int captureColumn(int capture) const { return 1 + capture; }
    int minColumn() const { return 1 + captureCount(); }
    int medianColumn() const { return minColumn() + 1; }
    int maxColumn() const { return minColumn() + 2; }
    int presentColumn() const { return minColumn() + 3; }
    int trendColumn() const { return minColumn() + 4; }

    // A table row's function, and the row of a function (-1: none, or filtered out).
    uint32_t frameAt(int row) const { return m_matrix.frame(itemAt(row)); }
    int rowOfFrame(uint32_t frame) const;
    // Keeps the rows whose name contains `text`, ignoring case (all rows when empty).
    void setFilter(const QString &text);

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // "12.34 %", "< 0.01 %" for a tiny non-zero share.
    static QString percentText(double share);

signals:
    void sampleTypeChanged(embers::SampleType type);

protected:
    uint32_t itemCount() const override { return uint32_t(m_matrix.rowCount()); }
    bool acceptsItem(uint32_t row) const override;
    void sortRows(std::vector<uint32_t> &rows, int column, bool descending) const override;

private:
    void rebuild();
    const QString &name(size_t row) const;
    double sortKey(size_t row, int column) const;
    QString captureToolTip(int capture) const;

    std::shared_ptr<const Comparison> m_comparison;
    SampleType m_sampleType;
    CaptureMatrix::Measure m_measure = CaptureMatrix::Measure::Total;
    CaptureMatrix m_matrix;
    QStringList m_captureNames;
    QString m_filter;
    // Converted on first use (filtering reads them all, display a few).
    mutable std::vector<QString> m_names;
};

} // namespace embers
