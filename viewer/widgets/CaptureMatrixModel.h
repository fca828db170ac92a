// CaptureMatrixModel: the many-captures table — one row per function sampled in any of
// a Comparison's captures; columns: the function, its share of each capture's total
// ("—" where absent), the minimum, median and maximum share, in how many captures it
// appears, the trend (a sparkline, painted by SparklineDelegate) and, once computed, the
// trend test's verdict (Trend.h): steady, grew, ..., the capture it changed at and its
// p-value. Display text is
// formatted; SortRole gives the numbers the model sorts by (SortedRowsModel: it sorts
// and filters its rows itself).
#pragma once

#include "CaptureMatrix.h"
#include "Comparison.h"
#include "ModelRoles.h"
#include "SortedRowsModel.h"
#include "Trend.h"

#include <QColor>
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
    // The captures as the headers name them.
    const QStringList &captureNames() const { return m_captureNames; }

    // The verdicts for the model's sample type (computed off the GUI thread by the view);
    // null until then, and again after the sample type changes.
    void setTrend(std::shared_ptr<const Trend> trend);
    const std::shared_ptr<const Trend> &trend() const { return m_trend; }
    // A matrix row's verdict; null without a trend.
    const TrendRow *trendRow(size_t matrixRow) const;

    // Which rows the verdicts let through.
    enum class TrendFilter { All, Changed, LeakSuspects };
    void setTrendFilter(TrendFilter filter);
    TrendFilter trendFilter() const { return m_trendFilter; }

    // Column layout: 0 the function, then one per capture, then the summaries.
    static constexpr int kFunctionColumn = 0;
    int captureCount() const { return int(m_matrix.captureCount()); }
    int captureColumn(int capture) const { return 1 + capture; }
    int minColumn() const { return 1 + captureCount(); }
    int medianColumn() const { return minColumn() + 1; }
    int maxColumn() const { return minColumn() + 2; }
    int presentColumn() const { return minColumn() + 3; }
    int trendColumn() const { return minColumn() + 4; }
    int verdictColumn() const { return minColumn() + 5; }
    int changeAtColumn() const { return minColumn() + 6; }
    int pValueColumn() const { return minColumn() + 7; }

    // "Grew", "Growing", ... as the table shows a verdict.
    static QString verdictText(TrendVerdict verdict);
    // The colour a verdict is written and drawn in.
    static QColor verdictColor(TrendVerdict verdict);

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
    void mapTrendRows();
    const QString &name(size_t row) const;
    double sortKey(size_t row, int column) const;
    QString captureToolTip(int capture) const;

    std::shared_ptr<const Comparison> m_comparison;
    SampleType m_sampleType;
    CaptureMatrix::Measure m_measure = CaptureMatrix::Measure::Total;
    CaptureMatrix m_matrix;
    QStringList m_captureNames;
    QString m_filter;
    std::shared_ptr<const Trend> m_trend;
    std::vector<int> m_trendRows; // per matrix row, its row in m_trend (-1: none)
    TrendFilter m_trendFilter = TrendFilter::All;
    // Converted on first use (filtering reads them all, display a few).
    mutable std::vector<QString> m_names;
};

} // namespace embers
