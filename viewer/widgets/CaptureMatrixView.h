// CaptureMatrixView: the many-captures table (CaptureMatrixModel) with its controls —
// the sample type, "Self instead of total", which verdicts to show (all, changed, leak
// suspects) and a filter on function names — sorted by the median share, and under it
// the selected function's series (TrendChart). The verdicts (Trend.h) are computed off
// the GUI thread whenever the captures or the sample type change. Says which function
// the user picked, and asks for a capture's source lines of it (Show Source).
#pragma once

#include "Comparison.h"

#include <QWidget>

#include <cstdint>
#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;

namespace embers {

class BackgroundJob;
class CaptureMatrixModel;
class TrendChart;

class CaptureMatrixView : public QWidget
{
    Q_OBJECT
public:
    explicit CaptureMatrixView(QWidget *parent = nullptr);
    // `type` is a column within a group; none picks the default.
    explicit CaptureMatrixView(std::shared_ptr<const Comparison> comparison, SampleType type = {},
                               QWidget *parent = nullptr);

    void setComparison(std::shared_ptr<const Comparison> comparison, SampleType type = {});
    void setSampleType(SampleType type);
    SampleType sampleType() const;
    // Shares of the functions' own samples (flat) instead of their totals (cum).
    void setSelfShares(bool self);
    bool selfShares() const;

    CaptureMatrixModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QLineEdit *filterEdit() const { return m_filter; }
    QComboBox *sampleTypeCombo() const { return m_sampleType; }
    QCheckBox *selfToggle() const { return m_self; }
    QComboBox *verdictFilter() const { return m_show; }
    TrendChart *chart() const { return m_chart; }
    // The verdicts are being computed.
    bool isFindingChanges() const;

public slots:
    // Makes the function's row current (clearing the filter if it hides the row).
    void selectFrame(uint32_t frame);

signals:
    void sampleTypeChanged(embers::SampleType type);
    // The current row changed to this function (combined StackTable frame index).
    void frameSelected(uint32_t frame);
    // Double-click or Enter on a row.
    void frameActivated(uint32_t frame);
    // Show Source on a row (its context menu, or Ctrl+U): the function's lines in one
    // capture, the one whose column was clicked (the newest otherwise).
    void sourceRequested(uint32_t frame, size_t capture);
    // The verdicts for the current sample type are in the table.
    void trendShown();

private:
    void resizeColumns();
    void updateCount();
    void findChanges();
    void showSeries();
    // The capture whose share `column` shows; the newest for the other columns.
    size_t captureOfColumn(int column) const;

    CaptureMatrixModel *m_model;
    QComboBox *m_sampleType;
    QCheckBox *m_self;
    QComboBox *m_show;
    QLineEdit *m_filter;
    QLabel *m_count;
    QLabel *m_busy;
    QTableView *m_view;
    TrendChart *m_chart;
    BackgroundJob *m_trendJob;
};

} // namespace embers
