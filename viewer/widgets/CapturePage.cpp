#include "CapturePage.h"
#include "LineCostSources.h"

#include "BottomUpView.h"
#include "CallerCalleeView.h"
#include "CaptureDescription.h"
#include "CopyActions.h"
#include "FlameGraphView.h"
#include "FlamePanel.h"
#include "FunctionTableModel.h"
#include "FunctionTableWidget.h"
#include "GranularityChooser.h"
#include "LabelsPanel.h"
#include "NextTurn.h"
#include "ProfileSummary.h"
#include "Regranulate.h"
#include "SampleTypeChoice.h"
#include "SourceMapBar.h"
#include "SourceMapController.h"
#include "SourcePane.h"
#include "TransformBar.h"
#include "TransformController.h"
#include "TransformMenu.h"
#include "Units.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace embers {

namespace {

// A layout that centres `content` horizontally and vertically in `page`.
void centre(QWidget *page, QLayout *content)
{
    auto *outer = new QVBoxLayout(page);
    outer->addStretch(2);
    auto *row = new QHBoxLayout;
    row->addStretch(1);
    row->addLayout(content, 0);
    row->addStretch(1);
    outer->addLayout(row);
    outer->addStretch(3);
}

} // namespace

CapturePage::CapturePage(const QStringList &paths, QWidget *parent)
    : QWidget(parent), m_document(new CaptureDocument(paths, this)),
      m_reselect(StackTable::kNoFrame), m_stack(new QStackedWidget(this))
{
    m_loadingPage = createLoadingPage();
    m_errorPage = createErrorPage();
    m_contentPage = createContentPage();
    m_stack->addWidget(m_loadingPage);
    m_stack->addWidget(m_errorPage);
    m_stack->addWidget(m_contentPage);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stack);

    connect(m_document, &CaptureDocument::stateChanged, this, &CapturePage::documentStateChanged);
    connect(m_document, &CaptureDocument::progress, this, &CapturePage::showProgress);
    connect(m_document, &CaptureDocument::changed, this, &CapturePage::documentChanged);
    connect(m_document, &CaptureDocument::captureReplaced, this, &CapturePage::captureReplaced);
}

CapturePage::~CapturePage() = default;

QWidget *CapturePage::createLoadingPage()
{
    auto *page = new QWidget;
    m_loadingLabel = new QLabel;
    m_loadingLabel->setAlignment(Qt::AlignCenter);
    m_progressBar = new QProgressBar;
    m_progressBar->setObjectName(QStringLiteral("loadingProgress"));
    m_progressBar->setMinimumWidth(400);
    m_progressBar->setTextVisible(false);
    m_cancelButton = new QPushButton(tr("Cancel"));
    m_cancelButton->setObjectName(QStringLiteral("cancelButton"));
    connect(m_cancelButton, &QPushButton::clicked, this, &CapturePage::cancel);

    auto *content = new QVBoxLayout;
    content->addWidget(m_loadingLabel);
    content->addWidget(m_progressBar);
    content->addWidget(m_cancelButton, 0, Qt::AlignHCenter);
    centre(page, content);
    return page;
}

QWidget *CapturePage::createErrorPage()
{
    auto *page = new QWidget;
    auto *icon = new QLabel;
    const int size = style()->pixelMetric(QStyle::PM_MessageBoxIconSize, nullptr, this);
    icon->setPixmap(
        style()->standardIcon(QStyle::SP_MessageBoxCritical, nullptr, this).pixmap(size));
    icon->setAlignment(Qt::AlignTop);
    m_errorTitle = new QLabel;
    QFont bold = m_errorTitle->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.2);
    m_errorTitle->setFont(bold);
    m_errorLabel = new QLabel;
    m_errorLabel->setObjectName(QStringLiteral("errorLabel"));
    m_errorLabel->setTextFormat(Qt::PlainText);
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A wrapped label's size hint is narrow; messages are a sentence or two with a path.
    m_errorLabel->setMinimumWidth(480);
    m_errorLabel->setMaximumWidth(720);

    auto *retry = new QPushButton(tr("Try Again"));
    retry->setObjectName(QStringLiteral("retryButton"));
    connect(retry, &QPushButton::clicked, this, &CapturePage::load);
    auto *close = new QPushButton(tr("Close"));
    close->setObjectName(QStringLiteral("closeButton"));
    connect(close, &QPushButton::clicked, this, &CapturePage::closeRequested);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch();
    buttons->addWidget(retry);
    buttons->addWidget(close);

    auto *text = new QVBoxLayout;
    text->addWidget(m_errorTitle);
    text->addWidget(m_errorLabel);
    text->addSpacing(12);
    text->addLayout(buttons);
    auto *content = new QHBoxLayout;
    content->addWidget(icon, 0, Qt::AlignTop);
    content->addSpacing(12);
    content->addLayout(text);
    centre(page, content);
    return page;
}

QWidget *CapturePage::createContentPage()
{
    auto *page = new QWidget;
    m_sampleTypeCombo = new QComboBox;
    m_sampleTypeCombo->setObjectName(QStringLiteral("sampleTypeCombo"));
    m_sampleTypeCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto *typeLabel = new QLabel(tr("&Sample type:"));
    typeLabel->setBuddy(m_sampleTypeCombo);
    connect(m_sampleTypeCombo, &QComboBox::activated, this, [this](int index) {
        m_document->setSampleType(sampleTypeAt(m_sampleTypeCombo, index));
    });

    m_hidePseudo = new QCheckBox(tr("Hide &idle/program frames"));
    m_hidePseudo->setObjectName(QStringLiteral("hidePseudoFrames"));
    m_hidePseudo->setEnabled(false);
    connect(m_hidePseudo, &QCheckBox::toggled, m_document, &CaptureDocument::setPseudoFramesHidden);

    // The combos keep their full width (the bar's other items give way): a sample type
    // cut to "cpu (nanoseco…" says nothing.
    m_sampleTypeCombo->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);

    m_invert = new QAction(tr("In&vert Graph (Bottom-Up)"), this);
    m_invert->setObjectName(QStringLiteral("invertGraph"));
    m_invert->setCheckable(true);
    // A key of its own: in a drop-down, the mnemonic works only while the menu is open.
    m_invert->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    m_invert->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    page->addAction(m_invert);
    m_invert->setToolTip(tr("Show the flame graph bottom-up: the functions where samples were "
                            "taken at the root, their callers above them"));
    m_groupTruncated = new QAction(tr("Group &Truncated Stacks"), this);
    m_groupTruncated->setObjectName(QStringLiteral("groupTruncated"));
    m_groupTruncated->setCheckable(true);
    m_groupTruncated->setEnabled(false);
    // The graph's less used switches, in a drop-down, so that the bar fits a laptop.
    auto *viewOptions = new QMenu(page);
    viewOptions->setToolTipsVisible(true);
    viewOptions->addActions({m_invert, m_groupTruncated});
    // A push button leaves room for its menu arrow; a tool button drew it over the text.
    auto *viewButton = new QPushButton;
    viewButton->setObjectName(QStringLiteral("pageViewButton"));
    viewButton->setText(tr("Graph &Options"));
    viewButton->setToolTip(tr("Invert the graph, group truncated stacks"));
    viewButton->setMenu(viewOptions);

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(6, 6, 6, 0);
    bar->addWidget(typeLabel);
    bar->addWidget(m_sampleTypeCombo);
    m_granularity = new GranularityChooser(m_document);
    connect(m_groupTruncated, &QAction::toggled, m_document, &CaptureDocument::setTruncatedGrouped);
    bar->addSpacing(16);
    bar->addWidget(m_granularity);
    bar->addSpacing(16);
    bar->addWidget(m_hidePseudo, 1);
    bar->addWidget(viewButton);

    m_flamegraphArea = new QWidget;
    m_flamegraphArea->setObjectName(QStringLiteral("flamegraphArea"));
    m_flamegraphArea->setMinimumHeight(120);
    auto *flameLayout = new QVBoxLayout(m_flamegraphArea);
    flameLayout->setContentsMargins(0, 0, 0, 0);
    m_flame = new FlamePanel;
    m_callerCallee = new CallerCalleeView;
    m_callerCallee->setObjectName(QStringLiteral("callerCallee"));
    m_viewTabs = new QTabWidget;
    m_viewTabs->setObjectName(QStringLiteral("viewTabs"));
    m_viewTabs->setDocumentMode(true);
    m_viewTabs->addTab(m_flame, tr("Flame &Graph"));
    m_viewTabs->addTab(m_callerCallee, tr("&Callers/Callees"));
    m_viewTabs->setTabToolTip(0, tr("The whole profile's call tree"));
    m_viewTabs->setTabToolTip(
        1, tr("Who calls the selected function and what it calls, merged over every place "
              "it appears"));
    m_source = new SourcePane;
    m_source->setObjectName(QStringLiteral("sourcePane"));
    m_lineCosts = std::make_unique<CaptureLineCosts>(m_document);
    m_viewTabs->addTab(m_source, tr("Source")); // Alt+S is the sample type's; Ctrl+U opens it
    m_viewTabs->setTabToolTip(
        2, tr("A function's source lines with their costs (Show Source on a function)"));
    // A line picked in the source selects its function's frames in the other views.
    connect(m_source, &SourcePane::lineFramesActivated, this,
            [this](const std::vector<uint32_t> &frames) {
                const std::vector<uint32_t> shown =
                    m_lineCosts->shownFrames(*m_source->costsTable(), frames);
                if (!shown.empty())
                    selectFrame(shown.front());
            });
    m_showSource = new QAction(tr("Show &Source"), this);
    m_showSource->setObjectName(QStringLiteral("showSource"));
    m_showSource->setShortcut(Qt::CTRL | Qt::Key_U);
    m_showSource->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(m_showSource, &QAction::triggered, this, [this] {
        uint32_t frame;
        if (m_functionTable->currentFrame(&frame))
            showSource(frame);
    });
    addAction(m_showSource);
    m_transformBar = new TransformBar(transforms());
    m_sourceMapBar = new SourceMapBar(sourceMaps());
    connect(sourceMaps(), &SourceMapController::changed, this,
            [this] { m_flame->view()->setFrameNote(sourceMaps()->frameNote()); });
    flameLayout->addWidget(m_sourceMapBar);
    flameLayout->addWidget(m_transformBar);
    flameLayout->addWidget(m_viewTabs);
    connect(m_flame, &FlamePanel::colorModeChanged, this, [this](colors::ColorMode mode) {
        m_callerCallee->setColorMode(mode);
        emit colorModeChanged(mode);
    });

    m_functionTable = new FunctionTableWidget;
    m_summary = new ProfileSummary;
    m_summary->setObjectName(QStringLiteral("profileSummary"));
    m_tabs = new QTabWidget;
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_functionTable, tr("&Functions"));
    m_tabs->addTab(m_summary, tr("S&ummary"));
    m_labels = new LabelsPanel(transforms());
    m_labels->setObjectName(QStringLiteral("labelsPanel"));
    m_tabs->addTab(m_labels, tr("&Labels"));
    m_bottomUp = new BottomUpView;
    m_bottomUp->setObjectName(QStringLiteral("bottomUp"));
    m_tabs->addTab(m_bottomUp, tr("&Bottom-Up"));
    m_tabs->setTabToolTip(m_tabs->indexOf(m_bottomUp),
                          tr("Each function with its self cost, expanding to its callers"));
    connect(m_bottomUp, &BottomUpView::frameSelected, this, &CapturePage::selectFrame);
    connect(m_tabs, &QTabWidget::currentChanged, this, &CapturePage::updateInvertedWanted);
    connect(m_invert, &QAction::toggled, this, &CapturePage::updateInvertedWanted);
    connect(m_functionTable, &FunctionTableWidget::frameSelected, this,
            &CapturePage::frameSelected);
    connect(m_functionTable, &FunctionTableWidget::frameActivated, this,
            &CapturePage::frameActivated);
    // One selection for both views: a table row highlights the function's boxes, a
    // double-click focuses it; a box picked in the graph selects its row.
    connect(m_functionTable, &FunctionTableWidget::frameSelected, m_flame,
            &FlamePanel::highlightFrame);
    connect(m_functionTable, &FunctionTableWidget::frameActivated, m_flame,
            &FlamePanel::focusFrame);
    connect(m_flame, &FlamePanel::frameSelected, this, &CapturePage::selectFrame);
    connect(m_flame->view(), &FlameGraphView::nodeDoubleClicked, this,
            [this](quint32 frame) { showSource(frame); });
    connect(m_flame->view(), &FlameGraphView::nodeContextMenu, this,
            &CapturePage::showTransformMenu);
    // The caller/callee trees share the frames, not the nodes: no call path from them.
    for (FlameGraphView *view : {m_callerCallee->callersView(), m_callerCallee->calleesView()})
        connect(view, &FlameGraphView::nodeContextMenu, this,
                [this](quint32 frame, quint32, QPoint globalPos) {
                    showTransformMenu(frame, kNone, globalPos);
                });
    QTableView *functionRows = m_functionTable->view();
    functionRows->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(functionRows, &QWidget::customContextMenuRequested, this,
            [this, functionRows](const QPoint &pos) {
                const QModelIndex index = functionRows->indexAt(pos);
                if (index.isValid())
                    showTransformMenu(index.data(FrameRole).toUInt(), kNone,
                                      functionRows->viewport()->mapToGlobal(pos));
            });
    // The caller/callee view follows the selection; a double-click in it selects (and so
    // centres it on) another function.
    connect(m_functionTable, &FunctionTableWidget::frameSelected, m_callerCallee,
            &CallerCalleeView::setFrame);
    connect(m_callerCallee, &CallerCalleeView::frameActivated, this, [this](uint32_t frame) {
        selectFrame(frame);
        m_callerCallee->setFrame(frame);
    });

    m_splitter = new QSplitter(Qt::Vertical);
    m_splitter->setObjectName(QStringLiteral("captureSplitter"));
    m_splitter->setChildrenCollapsible(false);
    m_splitter->addWidget(m_flamegraphArea);
    m_splitter->addWidget(m_tabs);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    // Stretch factors only share out extra space; the table's size hint would take most
    // of it, so start from proportions (QSplitter scales them to its height).
    m_splitter->setSizes({3000, 2000});

    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_splitter, 1);
    return page;
}

void CapturePage::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    emit stateChanged(state);
}

void CapturePage::load()
{
    m_document->load();
}

void CapturePage::showLoaded(std::shared_ptr<const Capture> capture)
{
    m_document->setLoaded(std::move(capture));
}

void CapturePage::cancel()
{
    if (m_state != State::Loading)
        return;
    m_cancelButton->setEnabled(false);
    m_cancelButton->setText(tr("Cancelling\u2026"));
    m_document->cancelLoad();
}

void CapturePage::documentStateChanged(CaptureDocument::State state)
{
    const QString name = CaptureDescription::displayName(m_document->paths());
    switch (state) {
    case CaptureDocument::State::Loading:
        m_error.clear();
        m_reselect = StackTable::kNoFrame;
        m_loadingLabel->setText(tr("Opening %1\u2026").arg(name));
        m_progressBar->setRange(0, 0); // busy until the first report
        m_cancelButton->setEnabled(true);
        m_cancelButton->setText(tr("Cancel"));
        m_stack->setCurrentWidget(m_loadingPage);
        // Loading again (Try Again) is a state change even from Loading's point of view.
        m_state = State::Loading;
        emit stateChanged(State::Loading);
        break;
    case CaptureDocument::State::Loaded:
        break; // once the views have it (documentChanged)
    case CaptureDocument::State::Failed:
        m_error = m_document->errorText();
        showError(tr("Could not open %1").arg(name), m_error);
        setState(State::Failed);
        break;
    case CaptureDocument::State::Cancelled:
        m_error = tr("Loading was cancelled.");
        showError(tr("%1 was not opened").arg(name), m_error);
        setState(State::Cancelled);
        emit cancelled();
        break;
    }
}

void CapturePage::showError(const QString &title, const QString &error)
{
    m_errorTitle->setText(title);
    m_errorLabel->setText(error);
    m_stack->setCurrentWidget(m_errorPage);
}

void CapturePage::showProgress(qint64 bytesDone, qint64 bytesTotal)
{
    if (bytesTotal > 0 && bytesDone < bytesTotal) {
        // Scaled to permille: QProgressBar takes int and files can pass 2 GiB.
        m_progressBar->setRange(0, 1000);
        m_progressBar->setValue(int(1000 * bytesDone / bytesTotal));
        QLocale locale;
        m_progressBar->setToolTip(
            tr("%1 of %2 read")
                .arg(locale.formattedDataSize(bytesDone), locale.formattedDataSize(bytesTotal)));
    } else if (bytesDone > 0) {
        // Everything is read; the model is being built, which reports no progress.
        m_progressBar->setRange(0, 0);
        m_loadingLabel->setText(tr("Building the call tree of %1\u2026")
                                    .arg(CaptureDescription::displayName(m_document->paths())));
    }
    emit progress(bytesDone, bytesTotal);
}

void CapturePage::documentChanged(CaptureDocument::Changes what)
{
    using D = CaptureDocument;
    if (what & D::CaptureChanged)
        showCapture();
    else if (what & D::SampleTypeChanged)
        showSampleType();
    if (what & D::PseudoFramesChanged)
        updatePseudoFramesToggle();
    // A new capture or a transform's result fills the table in a turn of its own; the
    // capture with or without its pseudo-frames at once.
    if (what & D::ShownChanged)
        showShown(what & D::CaptureChanged, !(what & D::BaseChanged) || (what & D::CaptureChanged));
    else if (what & (D::TreesChanged | D::InvertedChanged))
        showTrees();
    if (what & D::TruncationChanged)
        showTruncation();
    // The shown model follows later (pseudo-frames being dropped, transforms applied):
    // the capture is there all the same.
    if ((what & D::CaptureChanged) && !(what & D::ShownChanged))
        finishLoading();
}

void CapturePage::showCapture()
{
    const std::shared_ptr<const Capture> capture = m_document->capture();
    const StackTable &stacks = *capture->stacks;
    fillSampleTypes(m_sampleTypeCombo, stacks, stacks.columnCount(), sampleType());
    for (size_t i = 0; i < stacks.columnCount(); ++i)
        m_sampleTypeCombo->setItemData(int(i), CaptureDescription::total(stacks, int(i)),
                                       Qt::ToolTipRole);
    updatePseudoFramesToggle();
    m_summary->setCapture(capture);
    m_labels->setCapture(m_document->base() ? m_document->base() : capture, sampleType());
    m_stack->setCurrentWidget(m_contentPage);
}

void CapturePage::showSampleType()
{
    const SampleType type = sampleType();
    m_sampleTypeCombo->setCurrentIndex(int(type.column()));
    m_functionTable->setSampleType(type);
    m_callerCallee->setSampleType(type);
    m_labels->setSampleType(type);
    updatePseudoFramesToggle();
    emit sampleTypeChanged(type);
}

void CapturePage::showShown(bool handOver, bool deferTable)
{
    const std::shared_ptr<const Capture> shown = m_document->shown();
    const std::shared_ptr<const Capture> capture = m_document->capture();
    if (!shown)
        return;
    m_summary->setCapture(capture);
    if (shown->stacks != capture->stacks)
        m_summary->addShown(*shown);
    m_labels->setCapture(m_document->base(), sampleType());
    // Keep the user's function selected across the change (frames are the same).
    uint32_t frame = handOver ? StackTable::kNoFrame : m_callerCallee->frame();
    showTrees();
    m_callerCallee->setCapture(shown, sampleType());
    if (!deferTable) {
        showTable(frame);
        return;
    }
    // The table sorts every function: a turn of its own, so the window answers between;
    // a new capture's hand-off ends in a third turn.
    onNextTurn([this, shown, capture, frame, handOver] {
        if (m_document->capture() != capture)
            return; // loaded again or closed since
        if (m_document->shown() == shown)
            showTable(frame != StackTable::kNoFrame
                          ? frame
                          : std::exchange(m_reselect, StackTable::kNoFrame));
        if (handOver) {
            onNextTurn([this, capture] {
                if (m_document->capture() == capture)
                    finishLoading();
            });
        }
    });
}

void CapturePage::showTrees()
{
    const bool inverted = isGraphInverted();
    if (auto tree = inverted ? m_document->invertedTree() : m_document->tree())
        m_flame->showTree(std::move(tree)); // else the graph shows what it had until it is built
    m_flame->view()->setRootLabel(
        inverted ? tr("root (bottom-up)") : QString(),
        inverted ? tr("Bottom-up: the functions where samples were taken, callers above")
                 : QString());
    m_bottomUp->setTree(m_document->invertedTree());
}

void CapturePage::showTable(uint32_t selectedFrame)
{
    m_functionTable->setCapture(m_document->shown(), sampleType());
    if (selectedFrame != StackTable::kNoFrame)
        m_functionTable->selectFrame(selectedFrame);
    emit shownCaptureChanged(m_document->shown());
}

void CapturePage::captureReplaced(const std::shared_ptr<const Capture> &previous)
{
    // Built again from the same files: the selected function stays selected where the
    // new frames have it, once the table is filled.
    const std::shared_ptr<const Capture> capture = m_document->capture();
    if (previous && capture)
        m_reselect = mapFrame(*previous->stacks, m_callerCallee->frame(), *capture->stacks);
}

void CapturePage::finishLoading()
{
    // Once the capture is handed over: its pass over every node on a second thread would
    // slow the hand-off's turns on a 2-core machine.
    m_document->findTruncation();
    setState(State::Loaded);
    emit loaded(m_document->capture());
}

void CapturePage::showTruncation()
{
    const std::shared_ptr<const StackTruncation> cut = m_document->truncation();
    QSignalBlocker block(m_groupTruncated);
    if (!cut) {
        m_groupTruncated->setEnabled(false); // until it is found
        return;
    }
    m_groupTruncated->setChecked(m_document->isTruncatedGrouped());
    m_groupTruncated->setEnabled(cut->any());
    m_groupTruncated->setToolTip(
        cut->any() ? tr("%1 stacks reach the profiler's depth limit of %2 frames: their "
                        "outermost frames are not real roots. Group them under "
                        "[truncated].")
                         .arg(cut->truncatedStacks)
                         .arg(cut->limit)
                   : tr("No stack of this capture reaches a known profiler depth limit."));
}

void CapturePage::onNextTurn(std::function<void()> step)
{
    runOnNextTurn(this, std::move(step));
}

bool CapturePage::isGraphInverted() const
{
    return m_invert->isChecked() && m_document->inverted();
}

void CapturePage::updateInvertedWanted()
{
    m_document->setInvertedWanted(m_invert->isChecked() || m_tabs->currentWidget() == m_bottomUp);
    // When it is being made, the document says so once it is there.
    showTrees();
}

void CapturePage::updatePseudoFramesToggle()
{
    const bool hidden = m_document->pseudoFramesHidden();
    if (m_hidePseudo->isChecked() != hidden) {
        QSignalBlocker block(m_hidePseudo);
        m_hidePseudo->setChecked(hidden);
    }
    if (hidden != m_pseudoFramesHidden) {
        m_pseudoFramesHidden = hidden;
        emit pseudoFramesHiddenChanged(hidden);
    }
    const std::shared_ptr<const Capture> capture = m_document->capture();
    const SampleType type = sampleType();
    m_hidePseudo->setEnabled(hasPseudoFrames());
    if (!capture || !hasPseudoFrames() || !type.isIn(*capture->stacks)) {
        m_hidePseudo->setText(tr("Hide &idle/program frames"));
        m_hidePseudo->setToolTip(
            tr("This capture has no V8 (program), (idle) or garbage-collector frames."));
        return;
    }
    // The share is of the whole capture, whichever is shown.
    const int64_t total = capture->stacks->totals[type.column()];
    const int64_t hiddenCost = m_document->pseudoFramesCost(type);
    const std::string &unit = type.describedIn(*capture->stacks).unit;
    const QString share =
        total > 0 ? QLocale().toString(100.0 * double(hiddenCost) / double(total), 'f', 1)
                  : QString();
    m_hidePseudo->setText(share.isEmpty() ? tr("Hide &idle/program frames")
                                          : tr("Hide &idle/program frames (%1 %)").arg(share));
    m_hidePseudo->setToolTip(
        tr("Drop the samples in V8's (program), (idle) and garbage-collector frames (%1 of "
           "%2), so that percentages are of the JavaScript work")
            .arg(QString::fromStdString(units::humanValue(hiddenCost, unit)),
                 QString::fromStdString(units::humanValue(total, unit))));
}

colors::ColorMode CapturePage::colorMode() const
{
    return m_flame->colorMode();
}

void CapturePage::setColorMode(colors::ColorMode mode)
{
    m_flame->setColorMode(mode);
}

void CapturePage::showTransformMenu(uint32_t frame, uint32_t node, const QPoint &globalPos)
{
    if (!m_document->shown())
        return;
    QMenu menu(this);
    menu.setObjectName(QStringLiteral("transformMenu"));
    QAction *source =
        menu.addAction(m_showSource->text(), this, [this, frame] { showSource(frame); });
    source->setShortcut(m_showSource->shortcut());
    source->setObjectName(QStringLiteral("showSourceItem"));
    menu.addSeparator();
    // A bottom-up graph's nodes are no call paths of the shown table.
    const bool fromGraph = node != kNone;
    const uint32_t shownNode = fromGraph && isGraphInverted() ? kNone : node;
    TransformMenu::addActions(&menu, transforms(), frame, shownNode);
    menu.addSeparator();
    CopyActions::addActions(&menu, transforms()->shownTable(), frame, shownNode);
    menu.exec(globalPos);
}

std::function<PageSources(JobControl &, QString *)> CapturePage::pageSourcesJob() const
{
    return
        [lines = m_lineCosts->linesJob(),
         find = windowSourceFinder(m_document->paths(), m_document->sourceMaps()->appliedMapSet())](
            JobControl &control, QString *error) {
            const CaptureLineCosts::Lines at = lines(control);
            if (!at.stacks) {
                *error = at.error;
                return PageSources();
            }
            return collectPageSources(*at.stacks, *at.functions, find);
        };
}

void CapturePage::showSource(uint32_t frame)
{
    if (!m_document->shown())
        return;
    m_viewTabs->setCurrentWidget(m_source);
    m_source->show(m_lineCosts->request(frame));
}

void CapturePage::selectFrame(uint32_t frame)
{
    m_functionTable->selectFrame(frame);
}

} // namespace embers
