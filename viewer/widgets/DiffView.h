// DiffView: two captures compared (base -> new): the differential flame graph with its
// legend and controls (sample type, normalised or absolute, palette, noise) above the
// diff table; beside the graph, a Source tab with a function's lines before, after and
// their change (Show Source on a box or a row). The diff is computed off the GUI thread whenever a
// setting changes; the graph's focus and search survive it (the nodes are the same).
#pragma once

#include "Comparison.h"
#include "DiffTree.h"
#include "FunctionDiff.h"
#include "PageSources.h"
#include "SampleType.h"

#include <QWidget>

#include <functional>
#include <memory>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QTabWidget;
class QTableView;
class QToolButton;

namespace embers {

class BackgroundJob;
class ComparisonLineCosts;
class DiffLegend;
class DiffTableModel;
class ElidedLabel;
class FlameGraphView;
class JobControl;
class SourcePane;

class DiffView : public QWidget
{
    Q_OBJECT
public:
    // The comparison's capture 0 is the base, capture 1 the new one.
    explicit DiffView(std::shared_ptr<const Comparison> comparison, QWidget *parent = nullptr);
    ~DiffView() override;

    const std::shared_ptr<const Comparison> &comparison() const { return m_comparison; }
    // The diff shown (null until the first one is computed).
    const std::shared_ptr<const DiffTree> &diffTree() const { return m_diff; }
    // The diff's functions' source lines for a shared web page: each line's values before
    // (scaled as the diff scales the base) and after, in the diff's sample type, found as
    // Show Source finds them. A job for a worker thread (empty when cancelled; the error
    // when the lines could not be had).
    std::function<PageSources(JobControl &, QString *error)> pageSourcesJob() const;
    bool isBusy() const;

    SampleType sampleType() const { return m_sampleType; }
    void setSampleType(SampleType type);
    bool isNormalized() const { return m_normalized; }
    void setNormalized(bool normalized);

    FlameGraphView *flameGraph() const { return m_view; }
    QTableView *table() const { return m_table; }
    DiffTableModel *tableModel() const { return m_model; }
    QComboBox *sampleTypeCombo() const { return m_sampleTypeCombo; }
    QCheckBox *normalizeToggle() const { return m_normalize; }
    QComboBox *paletteCombo() const { return m_palette; }
    QCheckBox *hideNoiseToggle() const { return m_hideNoise; }
    QComboBox *kindCombo() const { return m_kind; }
    QLineEdit *searchField() const { return m_search; }
    QTabWidget *viewTabs() const { return m_viewTabs; }
    SourcePane *sourcePane() const { return m_source; }
    QAction *showSourceAction() const { return m_showSource; }

    // Opens a frame of the comparison in the Source tab, with the diff's settings.
    void showSource(uint32_t frame);

signals:
    // A diff for the current settings is shown.
    void diffShown();

private:
    struct Result
    {
        std::shared_ptr<const DiffTree> tree;
        std::shared_ptr<FunctionDiff> functions;
        SampleType sampleType;
    };
    void recompute();
    void showResult(const Result &result);
    void sizeColumns();
    void updateSearchLabel();

    std::shared_ptr<const Comparison> m_comparison;
    std::shared_ptr<const DiffTree> m_diff;
    SampleType m_sampleType;
    bool m_normalized = true;
    bool m_tableShown = false;
    BackgroundJob *m_job; // the diff of the current settings

    ElidedLabel *m_title;
    QComboBox *m_sampleTypeCombo;
    QCheckBox *m_normalize;
    QComboBox *m_palette;
    QCheckBox *m_hideNoise;
    DiffLegend *m_legend;
    QLineEdit *m_search;
    QLabel *m_searchResult;
    QToolButton *m_all;
    FlameGraphView *m_view;
    QTabWidget *m_viewTabs;
    SourcePane *m_source;
    QAction *m_showSource;
    std::unique_ptr<ComparisonLineCosts> m_lineCosts;
    uint32_t m_sourceFrame; // the frame the Source tab shows; kNoFrame: none yet
    QComboBox *m_kind;
    QLineEdit *m_tableFilter;
    QTableView *m_table;
    DiffTableModel *m_model;
    QLabel *m_busy;
};

} // namespace embers
