// CapturePage: one capture's page in the window, the views of its CaptureDocument. While
// the capture loads it shows the progress and a Cancel button; if it cannot be opened,
// the error inline; once loaded, the sample-type chooser and the V8 pseudo-frames toggle,
// the flame graph and the caller/callee view (tabs), the function table and the summary.
//
// The document holds the state; the page lays out the views, hands them what the document
// announces, and routes the user's intents to it. The selection is one for all views: the
// function picked in the table, the graph or the bottom-up tree is the table's current
// row, which the other views follow.
#pragma once

#include "CaptureDocument.h"
#include "FrameColors.h"
#include "PageSources.h"
#include "SampleType.h"

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
class JobControl;
class LabelsPanel;
class ProfileSummary;
class SourceMapBar;
class CaptureLineCosts;
class SourcePane;
class SourceMapController;
class TransformBar;
class TransformController;

class CapturePage : public QWidget
{
    Q_OBJECT
public:
    // Cancelled: the user stopped the load; the page has nothing to show. Loaded comes
    // once the document's capture is handed to the views.
    enum class State { Loading, Loaded, Failed, Cancelled };
    Q_ENUM(State)

    explicit CapturePage(const QStringList &paths, QWidget *parent = nullptr);
    ~CapturePage() override;

    CaptureDocument *document() const { return m_document; }

    // Starts (or restarts) loading the page's files.
    void load();
    // Shows a capture loaded elsewhere (a watched folder's), as if load() had loaded it.
    void showLoaded(std::shared_ptr<const Capture> capture);
    void cancel();

    QStringList paths() const { return m_document->paths(); }
    State state() const { return m_state; }
    std::shared_ptr<const Capture> capture() const { return m_document->capture(); }
    // What the table and the graphs show: capture() without V8's pseudo-frames when those
    // are hidden, after the transforms.
    std::shared_ptr<const Capture> shownCapture() const { return m_document->shown(); }
    QString errorText() const { return m_error; }
    CaptureLoader *loader() const { return m_document->loader(); }

    // The sample type shown; none before loading.
    SampleType sampleType() const { return m_document->sampleType(); }
    void setSampleType(SampleType type) { m_document->setSampleType(type); }

    // The flame graph's part of the page (above the function table in a splitter).
    QWidget *flamegraphArea() const { return m_flamegraphArea; }
    QSplitter *splitter() const { return m_splitter; }
    FunctionTableWidget *functionTable() const { return m_functionTable; }
    FlamePanel *flamePanel() const { return m_flame; }
    CallerCalleeView *callerCallee() const { return m_callerCallee; }
    // The flame graph and caller/callee tabs.
    QTabWidget *viewTabs() const { return m_viewTabs; }
    QCheckBox *pseudoFramesToggle() const { return m_hidePseudo; }
    GranularityChooser *granularityChooser() const { return m_granularity; }
    SourceMapBar *sourceMapBar() const { return m_sourceMapBar; }
    SourceMapController *sourceMaps() const { return m_document->sourceMaps(); }
    // Groups the stacks cut at the producer's depth limit under "[truncated]" (enabled
    // when the capture has such stacks).
    QAction *groupTruncatedToggle() const { return m_groupTruncated; }
    // The page's view toggles that live in its "View" drop-down (and in the window's View
    // menu): invert graph, group truncated stacks.
    QList<QAction *> viewActions() const { return {m_invert, m_groupTruncated}; }

    // How the graphs colour their boxes (the window saves and restores it).
    colors::ColorMode colorMode() const;
    void setColorMode(colors::ColorMode mode);

    // V8's pseudo-frames (CaptureDocument::setPseudoFramesHidden). The wish can be set
    // before the capture is loaded (the window restores it).
    bool hasPseudoFrames() const { return m_document->hasPseudoFrames(); }
    bool pseudoFramesHidden() const { return m_document->pseudoFramesHidden(); }
    void setPseudoFramesHidden(bool hidden) { m_document->setPseudoFramesHidden(hidden); }
    // True while the capture without pseudo-frames is being built.
    bool isFiltering() const { return m_document->isFiltering(); }
    ProfileSummary *summary() const { return m_summary; }
    // The page's transforms (focus, merge, label filters...) and their chips above the graph.
    TransformController *transforms() const { return m_document->transforms(); }
    TransformBar *transformBar() const { return m_transformBar; }
    LabelsPanel *labelsPanel() const { return m_labels; }
    // The bottom-up tree (a tab by the function table), and the toggle that turns the
    // flame graph bottom-up (roots are where samples were taken, callers above them).
    BottomUpView *bottomUp() const { return m_bottomUp; }
    QAction *invertToggle() const { return m_invert; }
    bool isGraphInverted() const;

    // The Source tab, and the action that opens the selected function there (Ctrl+U).
    SourcePane *sourcePane() const { return m_source; }
    QAction *showSourceAction() const { return m_showSource; }
    // The shown capture's functions' source lines for a shared web page, found as Show
    // Source finds them: a job for a worker thread (empty when cancelled; the error when
    // the lines could not be had).
    std::function<PageSources(JobControl &, QString *error)> pageSourcesJob() const;

public slots:
    // Selects the frame in the function table (e.g. when the flame graph selects it).
    void selectFrame(uint32_t frame);
    // Opens a frame of shownCapture() in the Source tab.
    void showSource(uint32_t frame);

signals:
    void stateChanged(embers::CapturePage::State state);
    void progress(qint64 bytesDone, qint64 bytesTotal);
    void loaded(std::shared_ptr<const embers::Capture> capture);
    void cancelled();
    // The user chose another sample type.
    void sampleTypeChanged(embers::SampleType type);
    // A frame was picked in the function table (current row) or activated (double-click).
    void frameSelected(uint32_t frame);
    void frameActivated(uint32_t frame);
    // The error page's Close button.
    void closeRequested();
    void colorModeChanged(embers::colors::ColorMode mode);
    void pseudoFramesHiddenChanged(bool hidden);
    // The table and the graphs show another capture (pseudo-frames hidden or shown, a
    // transform applied).
    void shownCaptureChanged(std::shared_ptr<const embers::Capture> capture);

private:
    QWidget *createLoadingPage();
    QWidget *createErrorPage();
    QWidget *createContentPage();
    void setState(State state);
    void documentStateChanged(CaptureDocument::State state);
    void documentChanged(CaptureDocument::Changes what);
    void showProgress(qint64 bytesDone, qint64 bytesTotal);
    void showError(const QString &title, const QString &error);
    void showCapture();
    void showSampleType();
    void showShown(bool handOver, bool deferTable);
    void showTrees();
    void showTable(uint32_t selectedFrame);
    void showTruncation();
    void showTransformMenu(uint32_t frame, uint32_t node, const QPoint &globalPos);
    void captureReplaced(const std::shared_ptr<const Capture> &previous);
    void updateInvertedWanted();
    void finishLoading();
    void onNextTurn(std::function<void()> step);
    void updatePseudoFramesToggle();

    CaptureDocument *m_document;
    State m_state = State::Loading;
    QString m_error;
    bool m_pseudoFramesHidden = false; // as last announced
    uint32_t m_reselect;               // the function to select once the table is filled

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
    SourceMapBar *m_sourceMapBar;
    FlamePanel *m_flame;
    CallerCalleeView *m_callerCallee;
    QTabWidget *m_viewTabs;
    QTabWidget *m_tabs;
    FunctionTableWidget *m_functionTable;
    ProfileSummary *m_summary;
    TransformBar *m_transformBar;
    LabelsPanel *m_labels;
    BottomUpView *m_bottomUp;
    QAction *m_invert;
    SourcePane *m_source;
    std::unique_ptr<CaptureLineCosts> m_lineCosts;
    QAction *m_showSource;
};

} // namespace embers
