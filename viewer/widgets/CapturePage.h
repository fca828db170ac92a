// CapturePage: one capture's page in the window. While the capture loads it shows the
// progress and a Cancel button; if it cannot be opened, the error inline; once loaded,
// the sample-type chooser and the V8 pseudo-frames toggle, the flame graph and the
// caller/callee view (tabs), the function table and the summary. It routes selection
// between its views: the function picked in the table or the graph is the one the
// caller/callee view shows.
#pragma once

#include "Capture.h"
#include "FrameColors.h"
#include "StackFilter.h"

#include <QStringList>
#include <QWidget>

#include <cstdint>
#include <functional>
#include <memory>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QPoint;
class QProgressBar;
class QPushButton;
class QSplitter;
class QStackedWidget;
class QTabWidget;

namespace embers {

class BottomUpView;
class CallerCalleeView;
class CaptureLoader;
class FlamePanel;
class FunctionTableWidget;
class GranularityChooser;
class LabelsPanel;
class ProfileSummary;
class TransformBar;
class TransformController;

class CapturePage : public QWidget
{
    Q_OBJECT
public:
    // Cancelled: the user stopped the load; the page has nothing to show.
    enum class State { Loading, Loaded, Failed, Cancelled };
    Q_ENUM(State)

    explicit CapturePage(const QStringList &paths, QWidget *parent = nullptr);
    ~CapturePage() override;

    // Starts (or restarts) loading the page's files.
    void load();
    // Shows a capture loaded elsewhere (a watched folder's), as if load() had loaded it.
    void showLoaded(std::shared_ptr<const Capture> capture);
    // Shows another capture of the same files in place of the loaded one (remapped by
    // source maps, or the original again), without going through the loading page.
    void replaceCapture(std::shared_ptr<const Capture> capture);
    void cancel();

    QStringList paths() const { return m_paths; }
    State state() const { return m_state; }
    std::shared_ptr<const Capture> capture() const { return m_capture; }
    // What the table and the graphs show: capture(), or a copy of it without the samples
    // in V8's pseudo-frames when those are hidden.
    std::shared_ptr<const Capture> shownCapture() const { return m_shown; }
    QString errorText() const { return m_error; }
    CaptureLoader *loader() const { return m_loader; }

    // The StackTable column shown (the sample type), -1 before loading.
    int currentColumn() const { return m_column; }
    void setCurrentColumn(int column);

    // Reserved for the flame graph: an empty widget with a zero-margin layout, in a
    // splitter above the function table.
    QWidget *flamegraphArea() const { return m_flamegraphArea; }
    QSplitter *splitter() const { return m_splitter; }
    FunctionTableWidget *functionTable() const { return m_functionTable; }
    FlamePanel *flamePanel() const { return m_flame; }
    CallerCalleeView *callerCallee() const { return m_callerCallee; }
    // The flame graph and caller/callee tabs.
    QTabWidget *viewTabs() const { return m_viewTabs; }
    QCheckBox *pseudoFramesToggle() const { return m_hidePseudo; }
    GranularityChooser *granularityChooser() const { return m_granularity; }
    // Groups the stacks cut at the producer's depth limit under "[truncated]" (enabled
    // when the capture has such stacks).
    QAction *groupTruncatedToggle() const { return m_groupTruncated; }
    // The page's view toggles that live in its "View" drop-down (and in the window's View
    // menu): invert graph, group truncated stacks.
    QList<QAction *> viewActions() const { return {m_invert, m_groupTruncated}; }

    // How the graphs colour their boxes (the window saves and restores it).
    colors::ColorMode colorMode() const;
    void setColorMode(colors::ColorMode mode);

    // V8 captures (Node, Workers) have pseudo-frames that are not JavaScript work:
    // (program), (idle), the garbage collector. Hiding them drops their samples, so that
    // percentages are of the JavaScript work. The wish can be set before the capture is
    // loaded (the window restores it); it applies to captures that have such frames.
    bool hasPseudoFrames() const { return m_hasPseudoFrames; }
    bool pseudoFramesHidden() const { return m_hidePseudoWanted; }
    void setPseudoFramesHidden(bool hidden);
    // True while the capture without pseudo-frames is being built.
    bool isFiltering() const { return m_filtering; }
    ProfileSummary *summary() const { return m_summary; }
    // The page's transforms (focus, merge, label filters...), applied to the capture as
    // shown without pseudo-frames, and their chips above the graph.
    TransformController *transforms() const { return m_transforms; }
    TransformBar *transformBar() const { return m_transformBar; }
    LabelsPanel *labelsPanel() const { return m_labels; }
    // The bottom-up tree (a tab by the function table), and the toggle that turns the
    // flame graph bottom-up (roots are where samples were taken, callers above them).
    BottomUpView *bottomUp() const { return m_bottomUp; }
    QAction *invertToggle() const { return m_invert; }
    bool isGraphInverted() const;

public slots:
    // Selects the frame in the function table (e.g. when the flame graph selects it).
    void selectFrame(uint32_t frame);

signals:
    void stateChanged(embers::CapturePage::State state);
    void progress(qint64 bytesDone, qint64 bytesTotal);
    void loaded(std::shared_ptr<const embers::Capture> capture);
    void cancelled();
    // The user chose another sample type.
    void columnChanged(int column);
    // A frame was picked in the function table (current row) or activated (double-click).
    void frameSelected(uint32_t frame);
    void frameActivated(uint32_t frame);
    // The error page's Close button.
    void closeRequested();
    void colorModeChanged(embers::colors::ColorMode mode);
    void pseudoFramesHiddenChanged(bool hidden);
    // The table and the graphs show another capture (pseudo-frames hidden or shown).
    void shownCaptureChanged(std::shared_ptr<const embers::Capture> capture);

private:
    QWidget *createLoadingPage();
    QWidget *createErrorPage();
    QWidget *createContentPage();
    void setState(State state);
    void reset(); // to an empty Loading page
    void showProgress(qint64 bytesDone, qint64 bytesTotal);
    void showCapture(std::shared_ptr<const Capture> capture);
    void showError(const QString &error);
    void applyPseudoFrameFilter();
    void showModel(std::shared_ptr<const Capture> shown);
    void showShown(std::shared_ptr<const Capture> shown, bool deferTable = false);
    void updateInverted();
    void showInvertedViews();
    void showTransformMenu(uint32_t frame, uint32_t node, const QPoint &globalPos);
    void showGraphs(std::shared_ptr<const Capture> shown);
    void showTable(uint32_t selectedFrame);
    void finishLoading();
    void onNextTurn(std::function<void()> step);
    void updatePseudoFramesToggle();
    void showRegranulated(std::shared_ptr<const Capture> capture);
    void updateTruncatedToggle();

    QStringList m_paths;
    State m_state = State::Loading;
    std::shared_ptr<const Capture> m_capture;
    std::shared_ptr<const Capture> m_shown;
    std::shared_ptr<const Capture> m_base;                // what the transforms apply to
    std::shared_ptr<const Capture> m_withoutPseudoFrames; // built on first use
    FrameMask m_pseudoFrames;
    std::vector<int64_t> m_pseudoTotals; // per column, what the pseudo-frames' stacks cost
    bool m_hasPseudoFrames = false;
    bool m_hidePseudoWanted = false;
    bool m_filtering = false;
    uint64_t m_filterGeneration = 0;
    QString m_error;
    int m_column = -1;
    int m_keptColumn = -1; // the sample type a capture built again keeps

    CaptureLoader *m_loader;
    QStackedWidget *m_stack;
    // Loading page
    QWidget *m_loadingPage;
    QLabel *m_loadingLabel;
    QProgressBar *m_progressBar;
    QPushButton *m_cancelButton;
    // Error page
    QWidget *m_errorPage;
    QLabel *m_errorTitle;
    QLabel *m_errorLabel;
    // Content page
    QWidget *m_contentPage;
    QComboBox *m_sampleTypeCombo;
    QCheckBox *m_hidePseudo;
    GranularityChooser *m_granularity;
    QAction *m_groupTruncated;
    QSplitter *m_splitter;
    QWidget *m_flamegraphArea;
    FlamePanel *m_flame;
    CallerCalleeView *m_callerCallee;
    QTabWidget *m_viewTabs;
    QTabWidget *m_tabs;
    FunctionTableWidget *m_functionTable;
    ProfileSummary *m_summary;
    TransformController *m_transforms;
    TransformBar *m_transformBar;
    LabelsPanel *m_labels;
    BottomUpView *m_bottomUp;
    QAction *m_invert;
};

} // namespace embers
