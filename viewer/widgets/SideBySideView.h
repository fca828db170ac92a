// SideBySideView: the flame graphs of two or more captures next to each other, linked.
// All panes show the same combined trie (Comparison, CombineMode::Apart), so a node is
// the same call path in every pane: focusing a frame in one pane focuses it in all,
// hovering a frame highlights its function in the others, and one search field searches
// every pane (each says its matched share). A pane where the focused call path was not
// sampled says so instead of drawing empty boxes. Show Source on a pane's box opens the
// function's file with that capture's per-line costs (a Source tab beside the graphs,
// its capture chosen there too).
#pragma once

#include "Comparison.h"
#include "FrameColors.h"

#include <QWidget>

#include <cstdint>
#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class QTimer;
class QToolButton;

namespace embers {

class Breadcrumbs;
class CallTree;
class ChildOrderCombo;
class ComparisonLineCosts;
class FlameGraphView;
class SourcePane;

class SideBySideView : public QWidget
{
    Q_OBJECT
public:
    explicit SideBySideView(QWidget *parent = nullptr);
    // `type` is a column within a group; none picks the default.
    explicit SideBySideView(std::shared_ptr<const Comparison> comparison, SampleType type = {},
                            QWidget *parent = nullptr);
    ~SideBySideView() override;

    // Shows the comparison's captures, one pane each. Focus and search are kept.
    void setComparison(std::shared_ptr<const Comparison> comparison, SampleType type = {});
    const std::shared_ptr<const Comparison> &comparison() const { return m_comparison; }
    // The sample type shown (a column within a group); none when there is no comparison.
    SampleType sampleType() const { return m_shownType; }
    void setSampleType(SampleType type);

    int paneCount() const { return int(m_panes.size()); }
    FlameGraphView *paneView(int pane) const;
    QLabel *paneTitle(int pane) const;
    QLabel *paneMatchLabel(int pane) const;
    // True when the pane shows "not sampled here" instead of its graph.
    bool paneShowsPlaceholder(int pane) const;
    QString panePlaceholderText(int pane) const;

    QLineEdit *searchField() const { return m_search; }
    QComboBox *sampleTypeCombo() const { return m_sampleType; }
    Breadcrumbs *breadcrumbs() const { return m_breadcrumbs; }

    void setColorMode(colors::ColorMode mode);

    // The Source tab: `frame`'s file with capture `capture`'s lines.
    void showSource(size_t capture, uint32_t frame);
    QTabWidget *viewTabs() const { return m_viewTabs; }
    SourcePane *sourcePane() const { return m_source; }
    QComboBox *sourceCaptureCombo() const { return m_sourceCapture; }

public slots:
    // Focuses a node (of the combined trie) in every pane.
    void setFocusNode(quint32 node);
    void resetFocus();
    // Focuses the widest box of a function (summed over the panes), e.g. from a table.
    void focusFrame(uint32_t frame);
    // Highlights every box of a function in every pane (kNoFrame clears); hovering a
    // pane highlights over it for a moment and then comes back to this one.
    void highlightFrame(uint32_t frame);
    // Sets the search field and searches every pane now (no typing delay).
    void setSearch(const QString &pattern, bool regex = false);
    void startSearch();

signals:
    void sampleTypeChanged(embers::SampleType type);
    // A frame was selected in a pane (combined StackTable frame index).
    void frameSelected(uint32_t frame);

private:
    struct Pane
    {
        QWidget *box = nullptr;
        QLabel *title = nullptr;
        QLabel *total = nullptr;
        QLabel *matches = nullptr;
        QStackedWidget *stack = nullptr;
        FlameGraphView *view = nullptr;
        QLabel *placeholder = nullptr;
        std::shared_ptr<const CallTree> tree;
    };

    void build();
    void rebuildPanes();
    void showSampleType();
    void alignPanes(); // one sibling order in every pane
    Pane makePane(size_t capture);
    void onFocusChanged(size_t pane, quint32 node);
    void onHovered(size_t pane, quint32 node);
    void applySearch();
    void updatePlaceholders();
    void updateBreadcrumbs();
    void requestSource();
    void sourceLineActivated(const std::vector<uint32_t> &frames);

    std::shared_ptr<const Comparison> m_comparison;
    std::unique_ptr<ComparisonLineCosts> m_lineCosts;
    uint32_t m_sourceFrame = StackTable::kNoFrame;
    SampleType m_shownType;
    std::vector<Pane> m_panes;
    bool m_syncing = false;
    quint32 m_pinnedFrame = StackTable::kNoFrame;
    colors::ColorMode m_colorMode = colors::ColorMode::Function;

    QComboBox *m_sampleType = nullptr;
    QToolButton *m_all = nullptr;
    QToolButton *m_orientation = nullptr;
    ChildOrderCombo *m_childOrder = nullptr;
    Breadcrumbs *m_breadcrumbs = nullptr;
    QLineEdit *m_search = nullptr;
    QCheckBox *m_regex = nullptr;
    QTimer *m_debounce = nullptr;
    QSplitter *m_splitter = nullptr;
    QTabWidget *m_viewTabs = nullptr;
    QComboBox *m_sourceCapture = nullptr;
    SourcePane *m_source = nullptr;
};

} // namespace embers
