#include "CapturePage.h"

#include "BottomUpView.h"
#include "CallerCalleeView.h"
#include "CaptureDescription.h"
#include "CaptureLoader.h"
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
#include "SharedTruncation.h"
#include "TransformBar.h"
#include "TransformController.h"
#include "TransformMenu.h"
#include "TruncatedStacks.h"
#include "Units.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFutureWatcher>
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
#include <QtConcurrent>

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

// A capture whose model is `stacks` (derived from base's), with its function table and
// the call tree of one sample type.
std::shared_ptr<const Capture> withStacks(const Capture &base, StackTable stacks, int column)
{
    auto c = std::make_shared<Capture>();
    c->paths = base.paths;
    c->profiles = base.profiles;
    c->fileBytes = base.fileBytes;
    c->stacks = std::make_shared<const StackTable>(std::move(stacks));
    c->functions = std::make_shared<const FunctionTable>(FunctionTable::build(*c->stacks));
    if (column >= 0)
        c->tree = std::make_shared<const CallTree>(c->stacks, size_t(column));
    return c;
}

} // namespace

CapturePage::CapturePage(const QStringList &paths, QWidget *parent)
    : QWidget(parent), m_paths(paths), m_loader(new CaptureLoader(this)),
      m_stack(new QStackedWidget(this))
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

    connect(m_loader, &CaptureLoader::progress, this, &CapturePage::showProgress);
    connect(m_loader, &CaptureLoader::finished, this, &CapturePage::showCapture);
    connect(m_loader, &CaptureLoader::failed, this, &CapturePage::showError);
    connect(m_loader, &CaptureLoader::cancelled, this, [this] {
        m_error = tr("Loading was cancelled.");
        m_errorTitle->setText(
            tr("%1 was not opened").arg(CaptureDescription::displayName(m_paths)));
        m_errorLabel->setText(m_error);
        m_stack->setCurrentWidget(m_errorPage);
        setState(State::Cancelled);
        emit cancelled();
    });
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
    connect(m_sampleTypeCombo, &QComboBox::activated, this,
            [this](int index) { setCurrentColumn(m_sampleTypeCombo->itemData(index).toInt()); });

    m_hidePseudo = new QCheckBox(tr("Hide &idle/program frames"));
    m_hidePseudo->setObjectName(QStringLiteral("hidePseudoFrames"));
    m_hidePseudo->setEnabled(false);
    connect(m_hidePseudo, &QCheckBox::toggled, this, &CapturePage::setPseudoFramesHidden);

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
    m_granularity = new GranularityChooser;
    m_granularity->setColumnSource([this] { return m_column; });
    connect(m_granularity, &GranularityChooser::rebuilt, this, &CapturePage::showRegranulated);
    m_granularity->setGroupTruncatedSource([this] { return m_groupTruncated->isChecked(); });
    connect(m_groupTruncated, &QAction::toggled, m_granularity, &GranularityChooser::rebuild);
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
    m_transforms = new TransformController(this);
    m_transformBar = new TransformBar(m_transforms);
    // A transform's result replaces the graphs now, the table on the next turn.
    connect(m_transforms, &TransformController::resultReady, this,
            [this](std::shared_ptr<const Capture> shown) { showShown(std::move(shown), true); });
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
    m_labels = new LabelsPanel(m_transforms);
    m_labels->setObjectName(QStringLiteral("labelsPanel"));
    m_tabs->addTab(m_labels, tr("&Labels"));
    m_bottomUp = new BottomUpView;
    m_bottomUp->setObjectName(QStringLiteral("bottomUp"));
    m_tabs->addTab(m_bottomUp, tr("&Bottom-Up"));
    m_tabs->setTabToolTip(m_tabs->indexOf(m_bottomUp),
                          tr("Each function with its self cost, expanding to its callers"));
    connect(m_bottomUp, &BottomUpView::frameSelected, this, &CapturePage::selectFrame);
    connect(m_tabs, &QTabWidget::currentChanged, this, &CapturePage::updateInverted);
    connect(m_invert, &QAction::toggled, this, &CapturePage::updateInverted);
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
                    showTransformMenu(index.data(FunctionTableModel::FrameRole).toUInt(), kNone,
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
    reset();
    m_loader->load(m_paths);
}

void CapturePage::reset()
{
    m_capture.reset();
    m_shown.reset();
    m_base.reset();
    m_transforms->clear();
    m_withoutPseudoFrames.reset();
    m_pseudoFrames.clear();
    m_pseudoTotals.clear();
    m_hasPseudoFrames = false;
    m_filtering = false;
    ++m_filterGeneration;
    m_error.clear();
    m_column = -1;
    m_loadingLabel->setText(tr("Opening %1\u2026").arg(CaptureDescription::displayName(m_paths)));
    m_progressBar->setRange(0, 0); // busy until the first report
    m_cancelButton->setEnabled(true);
    m_cancelButton->setText(tr("Cancel"));
    m_stack->setCurrentWidget(m_loadingPage);
    // Loading again (Try Again) is a state change even from Loading's point of view.
    m_state = State::Loading;
    emit stateChanged(State::Loading);
}

void CapturePage::showLoaded(std::shared_ptr<const Capture> capture)
{
    reset();
    showCapture(std::move(capture));
}

void CapturePage::replaceCapture(std::shared_ptr<const Capture> capture)
{
    if (m_capture)
        m_transforms->mapFrames(*m_capture->stacks, *capture->stacks);
    const int column = m_column; // the same files: the user's sample type stays
    m_withoutPseudoFrames.reset();
    m_filtering = false;
    ++m_filterGeneration;
    showCapture(std::move(capture));
    setCurrentColumn(column);
}

void CapturePage::cancel()
{
    if (m_state != State::Loading)
        return;
    m_cancelButton->setEnabled(false);
    m_cancelButton->setText(tr("Cancelling\u2026"));
    m_loader->cancel();
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
        m_loadingLabel->setText(
            tr("Building the call tree of %1\u2026").arg(CaptureDescription::displayName(m_paths)));
    }
    emit progress(bytesDone, bytesTotal);
}

void CapturePage::showCapture(std::shared_ptr<const Capture> capture)
{
    m_capture = std::move(capture);
    const StackTable &stacks = *m_capture->stacks;
    m_column = m_keptColumn >= 0 && size_t(m_keptColumn) < stacks.columnCount()
                   ? m_keptColumn
                   : stacks.defaultColumn;
    m_keptColumn = -1;
    m_granularity->setCapture(m_capture);

    m_sampleTypeCombo->clear();
    for (size_t i = 0; i < stacks.columnCount(); ++i) {
        m_sampleTypeCombo->addItem(CaptureDescription::sampleType(stacks.columns[i]), int(i));
        m_sampleTypeCombo->setItemData(int(i), CaptureDescription::total(stacks, int(i)),
                                       Qt::ToolTipRole);
    }
    m_sampleTypeCombo->setCurrentIndex(m_column);
    m_sampleTypeCombo->setEnabled(stacks.columnCount() > 1);

    m_pseudoFrames = StackFilter::v8PseudoFrames(stacks);
    m_hasPseudoFrames = StackFilter::anyStackThrough(stacks, m_pseudoFrames);
    m_pseudoTotals = m_hasPseudoFrames ? StackFilter::totalThrough(stacks, m_pseudoFrames)
                                       : std::vector<int64_t>(stacks.columnCount(), 0);
    updatePseudoFramesToggle();

    m_summary->setCapture(m_capture);
    m_labels->setCapture(m_capture, m_column);
    m_stack->setCurrentWidget(m_contentPage);
    if (m_hidePseudoWanted && m_hasPseudoFrames) {
        applyPseudoFrameFilter();
        finishLoading();
        return;
    }
    // Three turns of the event loop, so the window answers in between: the graphs, the
    // function table (which sorts every function), then the rest of the window.
    m_base = m_capture;
    m_transforms->setBase(m_capture, m_column); // none yet: a new capture starts without
    showGraphs(m_capture);
    onNextTurn([this, capture = m_capture] {
        if (m_capture != capture)
            return; // loaded again or closed since
        if (m_shown == capture)
            showTable(StackTable::kNoFrame);
        onNextTurn([this, capture] {
            if (m_capture == capture)
                finishLoading();
        });
    });
}

void CapturePage::showRegranulated(std::shared_ptr<const Capture> capture)
{
    if (!m_capture || capture->profiles != m_capture->profiles)
        return; // loaded again since
    // Same sample type, and the selected function where the new frames have it.
    const uint32_t frame = mapFrame(*m_capture->stacks, m_callerCallee->frame(), *capture->stacks);
    m_keptColumn = m_column;
    m_withoutPseudoFrames.reset();
    m_transforms->mapFrames(*m_capture->stacks, *capture->stacks);
    showCapture(capture);
    if (frame != StackTable::kNoFrame) {
        // After the table is filled (showCapture's next turn).
        onNextTurn([this, capture, frame] {
            if (m_capture == capture)
                selectFrame(frame);
        });
    }
}

void CapturePage::updateTruncatedToggle()
{
    // A pass over every node, off the GUI thread; the flame graph's notes share it.
    m_groupTruncated->setEnabled(false);
    auto *watcher = new QFutureWatcher<std::shared_ptr<const StackTruncation>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, capture = m_capture] {
        watcher->deleteLater();
        if (capture != m_capture)
            return; // another capture since
        const StackTruncation &cut = *watcher->result();
        QSignalBlocker block(m_groupTruncated);
        m_groupTruncated->setChecked(cut.groupNode != StackTable::kNoFrame);
        m_groupTruncated->setEnabled(cut.any());
        m_groupTruncated->setToolTip(
            cut.any() ? tr("%1 stacks reach the profiler's depth limit of %2 frames: their "
                           "outermost frames are not real roots. Group them under "
                           "[truncated].")
                            .arg(cut.truncatedStacks)
                            .arg(cut.limit)
                      : tr("No stack of this capture reaches a known profiler depth limit."));
    });
    watcher->setFuture(sharedTruncation(m_capture->stacks));
}

void CapturePage::onNextTurn(std::function<void()> step)
{
    runOnNextTurn(this, std::move(step));
}

void CapturePage::finishLoading()
{
    // Once the capture is handed over: its pass over every node on a second thread would
    // slow the hand-off's turns on a 2-core machine.
    updateTruncatedToggle();
    setState(State::Loaded);
    emit loaded(m_capture);
}

void CapturePage::showModel(std::shared_ptr<const Capture> shown)
{
    // The transforms apply to it first, when there are any (showShown() follows).
    m_base = shown;
    if (!m_transforms->setBase(std::move(shown), m_column))
        showShown(m_base);
}

void CapturePage::showShown(std::shared_ptr<const Capture> shown, bool deferTable)
{
    m_summary->setCapture(m_capture);
    m_labels->setCapture(m_base, m_column);
    if (shown && m_capture && shown->stacks != m_capture->stacks)
        m_summary->addShown(*shown);
    // Keep the user's function selected across the change (frames are the same).
    const uint32_t frame = m_callerCallee->frame();
    showGraphs(std::move(shown));
    if (!deferTable) {
        showTable(frame);
        return;
    }
    // The table sorts every function: a turn of its own, so the window answers between.
    onNextTurn([this, shown = m_shown, frame] {
        if (m_shown == shown)
            showTable(frame);
    });
}

bool CapturePage::isGraphInverted() const
{
    return m_invert->isChecked() && m_transforms->invertedCapture();
}

void CapturePage::updateInverted()
{
    const bool wanted = m_invert->isChecked() || m_tabs->currentWidget() == m_bottomUp;
    m_transforms->setInverted(wanted);
    // Else the controller is making it, and resultReady() shows it.
    if (!wanted || m_transforms->invertedCapture() || !m_shown)
        showInvertedViews();
}

void CapturePage::showInvertedViews()
{
    if (!m_shown)
        return;
    const bool inverted = isGraphInverted();
    m_flame->setCapture(inverted ? m_transforms->invertedCapture() : m_shown, m_column);
    m_flame->view()->setRootLabel(
        inverted ? tr("root (bottom-up)") : QString(),
        inverted ? tr("Bottom-up: the functions where samples were taken, callers above")
                 : QString());
    m_bottomUp->setCapture(m_transforms->invertedCapture(), m_column);
}

void CapturePage::showGraphs(std::shared_ptr<const Capture> shown)
{
    m_shown = std::move(shown);
    showInvertedViews(); // the flame graph, bottom-up or not
    m_callerCallee->setCapture(m_shown, m_column);
}

void CapturePage::showTable(uint32_t selectedFrame)
{
    m_functionTable->setCapture(m_shown, m_column);
    if (selectedFrame != StackTable::kNoFrame)
        m_functionTable->selectFrame(selectedFrame);
    emit shownCaptureChanged(m_shown);
}

void CapturePage::setPseudoFramesHidden(bool hidden)
{
    const bool changed = hidden != m_hidePseudoWanted;
    m_hidePseudoWanted = hidden;
    if (m_hidePseudo->isChecked() != hidden) {
        QSignalBlocker block(m_hidePseudo);
        m_hidePseudo->setChecked(hidden);
    }
    if (m_capture && m_hasPseudoFrames)
        applyPseudoFrameFilter();
    if (changed)
        emit pseudoFramesHiddenChanged(hidden);
}

void CapturePage::applyPseudoFrameFilter()
{
    ++m_filterGeneration;
    m_filtering = false;
    if (!m_hidePseudoWanted) {
        if (m_base != m_capture)
            showModel(m_capture);
        return;
    }
    if (m_withoutPseudoFrames) {
        if (m_base != m_withoutPseudoFrames)
            showModel(m_withoutPseudoFrames);
        return;
    }
    // The table and the trees are built again, which takes long on a big capture.
    m_filtering = true;
    const uint64_t generation = m_filterGeneration;
    auto *watcher = new QFutureWatcher<std::shared_ptr<const Capture>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        auto filtered = watcher->result();
        if (!m_capture || filtered->profiles != m_capture->profiles ||
            filtered->stacks->granularity != m_capture->stacks->granularity)
            return; // a capture that was loaded again (or at another granularity) since
        m_withoutPseudoFrames = filtered;
        if (generation != m_filterGeneration)
            return;
        m_filtering = false;
        showModel(m_withoutPseudoFrames);
    });
    watcher->setFuture(
        QtConcurrent::run([capture = m_capture, mask = m_pseudoFrames, column = m_column] {
            auto stacks =
                StackFilter::withoutFrames(*capture->stacks, mask, StackFilter::Totals::Recomputed);
            return withStacks(*capture, std::move(*stacks), column);
        }));
}

void CapturePage::updatePseudoFramesToggle()
{
    m_hidePseudo->setEnabled(m_hasPseudoFrames);
    if (!m_capture || !m_hasPseudoFrames || m_column < 0) {
        m_hidePseudo->setText(tr("Hide &idle/program frames"));
        m_hidePseudo->setToolTip(
            tr("This capture has no V8 (program), (idle) or garbage-collector frames."));
        return;
    }
    // The share is of the whole capture, whichever is shown.
    const int64_t total = m_capture->stacks->totals[size_t(m_column)];
    const int64_t hidden = m_pseudoTotals[size_t(m_column)];
    const QString share =
        total > 0 ? QLocale().toString(100.0 * double(hidden) / double(total), 'f', 1) : QString();
    m_hidePseudo->setText(share.isEmpty() ? tr("Hide &idle/program frames")
                                          : tr("Hide &idle/program frames (%1 %)").arg(share));
    m_hidePseudo->setToolTip(
        tr("Drop the samples in V8's (program), (idle) and garbage-collector frames (%1 of "
           "%2), so that percentages are of the JavaScript work")
            .arg(QString::fromStdString(
                     units::humanValue(hidden, m_capture->stacks->columns[size_t(m_column)].unit)),
                 QString::fromStdString(
                     units::humanValue(total, m_capture->stacks->columns[size_t(m_column)].unit))));
}

colors::ColorMode CapturePage::colorMode() const
{
    return m_flame->colorMode();
}

void CapturePage::setColorMode(colors::ColorMode mode)
{
    m_flame->setColorMode(mode);
}

void CapturePage::showError(const QString &error)
{
    m_error = error;
    m_errorTitle->setText(tr("Could not open %1").arg(CaptureDescription::displayName(m_paths)));
    m_errorLabel->setText(error);
    m_stack->setCurrentWidget(m_errorPage);
    setState(State::Failed);
}

void CapturePage::setCurrentColumn(int column)
{
    if (!m_capture || column == m_column || column < 0 ||
        size_t(column) >= m_capture->stacks->columnCount())
        return;
    m_column = column;
    m_sampleTypeCombo->setCurrentIndex(column);
    m_functionTable->setColumn(column);
    m_flame->setColumn(column);
    m_callerCallee->setColumn(column);
    m_transforms->setColumn(column);
    m_labels->setColumn(column);
    m_bottomUp->setColumn(column);
    updatePseudoFramesToggle();
    emit columnChanged(column);
}

void CapturePage::showTransformMenu(uint32_t frame, uint32_t node, const QPoint &globalPos)
{
    if (!m_shown)
        return;
    QMenu menu(this);
    menu.setObjectName(QStringLiteral("transformMenu"));
    // A bottom-up graph's nodes are no call paths of the shown table.
    const bool fromGraph = node != kNone;
    const uint32_t shownNode = fromGraph && isGraphInverted() ? kNone : node;
    TransformMenu::addActions(&menu, m_transforms, frame, shownNode);
    menu.addSeparator();
    CopyActions::addActions(&menu, m_transforms->shownTable(), frame, shownNode);
    menu.exec(globalPos);
}

void CapturePage::selectFrame(uint32_t frame)
{
    m_functionTable->selectFrame(frame);
}

} // namespace embers
