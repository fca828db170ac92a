#include "SideBySideView.h"
#include "Breadcrumbs.h"
#include "CopyActions.h"

#include "CallTree.h"
#include "CaptureDescription.h"
#include "ChildOrderCombo.h"
#include "FlameGraphView.h"
#include "LineCostSources.h"
#include "SampleTypeChoice.h"
#include "SourcePane.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QScopedValueRollback>
#include <QShortcut>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace embers {

namespace {

QString frameLabel(const StackTable &stacks, uint32_t frame)
{
    QString name = QString::fromStdString(stacks.frameName(frame));
    if (name.size() > 60)
        name = name.left(59) + QStringLiteral("…");
    return name;
}

} // namespace

SideBySideView::SideBySideView(QWidget *parent) : QWidget(parent)
{
    build();
}

SideBySideView::SideBySideView(std::shared_ptr<const Comparison> comparison, SampleType type,
                               QWidget *parent)
    : SideBySideView(parent)
{
    setComparison(std::move(comparison), type);
}

SideBySideView::~SideBySideView() = default;

void SideBySideView::build()
{
    m_sampleType = new QComboBox;
    m_sampleType->setObjectName(QStringLiteral("sideBySideSampleType"));
    m_sampleType->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto *typeLabel = new QLabel(tr("&Sample type:"));
    typeLabel->setBuddy(m_sampleType);
    connect(m_sampleType, &QComboBox::activated, this,
            [this](int index) { setSampleType(sampleTypeAt(m_sampleType, index)); });

    m_all = new QToolButton;
    m_all->setText(tr("All frames"));
    m_all->setToolTip(tr("Show the whole profile in every pane (Esc)"));
    connect(m_all, &QToolButton::clicked, this, &SideBySideView::resetFocus);

    m_breadcrumbs = new Breadcrumbs;
    m_breadcrumbs->setObjectName(QStringLiteral("sideBySideBreadcrumbs"));
    connect(m_breadcrumbs, &Breadcrumbs::nodeActivated, this, &SideBySideView::setFocusNode);

    m_search = new QLineEdit;
    m_search->setObjectName(QStringLiteral("sideBySideSearch"));
    m_search->setPlaceholderText(tr("Search all panes (Ctrl+F)"));
    m_search->setClearButtonEnabled(true);
    m_search->setMinimumWidth(200);
    m_search->setMaximumWidth(320);
    m_regex = new QCheckBox(tr("Rege&x"));

    m_orientation = new QToolButton;
    m_orientation->setText(tr("Flame"));
    m_orientation->setCheckable(true);
    m_orientation->setToolTip(tr("Draw callers below their callees, as a classic flame graph"));
    connect(m_orientation, &QToolButton::toggled, this, [this](bool rootAtBottom) {
        for (Pane &p : m_panes)
            p.view->setFlameOrientation(rootAtBottom);
    });

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(6, 4, 6, 2);
    bar->addWidget(typeLabel);
    bar->addWidget(m_sampleType);
    bar->addSpacing(8);
    bar->addWidget(m_all);
    bar->addWidget(m_breadcrumbs, 1);
    bar->addWidget(m_search);
    bar->addWidget(m_regex);
    bar->addWidget(m_orientation);
    // Siblings by their size over every capture (or by name), so that the panes line up.
    m_childOrder = new ChildOrderCombo;
    connect(m_childOrder, &ChildOrderCombo::orderChanged, this, [this](FlameLayout::ChildOrder o) {
        for (Pane &p : m_panes)
            p.view->setChildOrder(o);
    });
    bar->addWidget(m_childOrder);

    m_splitter = new QSplitter(Qt::Horizontal);
    m_splitter->setObjectName(QStringLiteral("sideBySidePanes"));
    m_splitter->setChildrenCollapsible(false);
    m_splitter->setHandleWidth(6);

    // Show Source: a capture's lines of a function, the capture chosen here or by the pane
    // whose box was picked.
    m_sourceCapture = new QComboBox;
    m_sourceCapture->setObjectName(QStringLiteral("sourceCapture"));
    m_sourceCapture->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto *captureLabel = new QLabel(tr("Lines &of:"));
    captureLabel->setBuddy(m_sourceCapture);
    connect(m_sourceCapture, &QComboBox::activated, this, &SideBySideView::requestSource);
    m_source = new SourcePane;
    m_source->setObjectName(QStringLiteral("sideBySideSourcePane"));
    connect(m_source, &SourcePane::lineFramesActivated, this, &SideBySideView::sourceLineActivated);
    auto *sourcePart = new QWidget;
    auto *sourceBar = new QHBoxLayout;
    sourceBar->setContentsMargins(6, 2, 6, 0);
    sourceBar->addWidget(captureLabel);
    sourceBar->addWidget(m_sourceCapture);
    sourceBar->addStretch(1);
    auto *sourceLayout = new QVBoxLayout(sourcePart);
    sourceLayout->setContentsMargins(0, 0, 0, 0);
    sourceLayout->addLayout(sourceBar);
    sourceLayout->addWidget(m_source, 1);

    m_viewTabs = new QTabWidget;
    m_viewTabs->setObjectName(QStringLiteral("sideBySideViewTabs"));
    m_viewTabs->setDocumentMode(true);
    m_viewTabs->addTab(m_splitter, tr("Flame &Graphs"));
    m_viewTabs->addTab(sourcePart, tr("Source"));
    m_viewTabs->setTabToolTip(1, tr("A function's source lines with one capture's costs (Show "
                                    "Source on a box, or double-click it)"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(m_viewTabs, 1);

    // Search as you type, a moment after the last key (a search walks every pane's tree).
    m_debounce = new QTimer(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(150);
    connect(m_search, &QLineEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_debounce, &QTimer::timeout, this, &SideBySideView::applySearch);
    connect(m_regex, &QCheckBox::toggled, this, &SideBySideView::applySearch);
    connect(m_search, &QLineEdit::returnPressed, this, [this] {
        for (Pane &p : m_panes)
            p.view->nextMatch();
    });
    // Only while the focus is in this view: the window has its own Ctrl+F for other pages.
    auto *find = new QShortcut(QKeySequence::Find, this);
    find->setContext(Qt::WidgetWithChildrenShortcut);
    connect(find, &QShortcut::activated, this, &SideBySideView::startSearch);
    auto *escape = new QShortcut(QKeySequence(Qt::Key_Escape), m_search);
    escape->setContext(Qt::WidgetShortcut);
    connect(escape, &QShortcut::activated, this, [this] { m_search->clear(); });
    updateBreadcrumbs();
}

void SideBySideView::setComparison(std::shared_ptr<const Comparison> comparison, SampleType type)
{
    m_comparison = std::move(comparison);
    m_sampleType->clear();
    m_sourceCapture->clear();
    m_shownType = {};
    m_lineCosts.reset();
    m_sourceFrame = StackTable::kNoFrame;
    m_viewTabs->setCurrentIndex(0);
    if (m_comparison && m_comparison->stacks) {
        m_shownType = m_comparison->sampleTypeOr(type);
        fillSampleTypes(m_sampleType, *m_comparison->stacks,
                        m_comparison->stacks->columnsPerGroup(), m_shownType);
        m_lineCosts = std::make_unique<ComparisonLineCosts>(m_comparison);
        m_sourceCapture->addItems(CaptureDescription::displayNames(m_comparison->captures));
    }
    m_viewTabs->setTabEnabled(1, false); // until Show Source
    rebuildPanes();
    showSampleType();
}

void SideBySideView::setSampleType(SampleType type)
{
    if (!m_comparison || type == m_shownType || m_comparison->sampleTypeOr(type) != type)
        return;
    m_shownType = type;
    showSampleType();
}

void SideBySideView::rebuildPanes()
{
    for (Pane &p : m_panes)
        delete p.box;
    m_panes.clear();
    if (!m_comparison)
        return;
    for (size_t i = 0; i < m_comparison->captureCount(); ++i) {
        m_panes.push_back(makePane(i));
        m_splitter->addWidget(m_panes.back().box);
    }
    // Equal widths to start with.
    m_splitter->setSizes(QList<int>(qsizetype(m_panes.size()), 1000));
}

SideBySideView::Pane SideBySideView::makePane(size_t capture)
{
    Pane p;
    const Capture &c = *m_comparison->captures[capture];
    p.box = new QWidget;
    p.box->setObjectName(QStringLiteral("pane%1").arg(capture));
    p.box->setMinimumWidth(120);

    p.title =
        new QLabel(CaptureDescription::displayNames(m_comparison->captures)[qsizetype(capture)]);
    p.title->setTextFormat(Qt::PlainText);
    p.title->setToolTip(c.paths.join(QLatin1Char('\n')));
    p.title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    QFont bold = p.title->font();
    bold.setBold(true);
    p.title->setFont(bold);
    p.total = new QLabel;
    p.total->setTextFormat(Qt::PlainText);
    p.total->setForegroundRole(QPalette::PlaceholderText);
    p.matches = new QLabel;
    p.matches->setTextFormat(Qt::PlainText);
    p.matches->setObjectName(QStringLiteral("paneMatches"));

    p.view = new FlameGraphView;
    p.view->setObjectName(QStringLiteral("paneFlameGraph%1").arg(capture));
    p.view->setColorMode(m_colorMode);
    p.view->setFlameOrientation(m_orientation->isChecked());
    CopyActions::installCopyMenu(p.view, [this, capture](QMenu *menu, uint32_t frame) {
        menu->addAction(tr("Show &Source"), this,
                        [this, capture, frame] { showSource(capture, frame); })
            ->setObjectName(QStringLiteral("showSourceItem"));
    });
    p.placeholder = new QLabel;
    p.placeholder->setObjectName(QStringLiteral("panePlaceholder"));
    p.placeholder->setAlignment(Qt::AlignCenter);
    p.placeholder->setWordWrap(true);
    p.placeholder->setMargin(12);
    p.placeholder->setTextFormat(Qt::RichText);
    p.placeholder->setForegroundRole(QPalette::PlaceholderText);
    p.placeholder->setBackgroundRole(QPalette::Base);
    p.placeholder->setAutoFillBackground(true);
    connect(p.placeholder, &QLabel::linkActivated, this, &SideBySideView::resetFocus);
    p.stack = new QStackedWidget;
    p.stack->addWidget(p.view);
    p.stack->addWidget(p.placeholder);

    auto *header = new QHBoxLayout;
    header->setContentsMargins(6, 2, 6, 2);
    header->addWidget(p.title, 1);
    header->addWidget(p.total);
    header->addSpacing(8);
    header->addWidget(p.matches);
    auto *layout = new QVBoxLayout(p.box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(header);
    layout->addWidget(p.stack, 1);

    FlameGraphView *view = p.view;
    connect(view, &FlameGraphView::focusChanged, this,
            [this, capture](quint32 node) { onFocusChanged(capture, node); });
    connect(view, &FlameGraphView::nodeHovered, this,
            [this, capture](quint32 node) { onHovered(capture, node); });
    connect(view, &FlameGraphView::nodeDoubleClicked, this,
            [this, capture](quint32 frame) { showSource(capture, frame); });
    connect(view, &FlameGraphView::nodeSelected, this, [this](quint32 frame, quint32) {
        if (frame != FlameGraphView::kNoFrame)
            emit frameSelected(frame);
    });
    QLabel *matches = p.matches;
    connect(view, &FlameGraphView::searchResult, this,
            [this, matches](qint64, double percent, int) {
                if (m_search->text().isEmpty()) {
                    matches->clear();
                    return;
                }
                //: the share of a pane's total that the search matched, e.g. "Matched: 12.3%"
                matches->setText(tr("Matched: %1%").arg(QLocale().toString(percent, 'f', 1)));
            });
    return p;
}

void SideBySideView::showSampleType()
{
    if (!m_comparison || m_shownType.isNone()) {
        updateBreadcrumbs();
        return;
    }
    const StackTable &stacks = *m_comparison->stacks;
    const int count = stacks.countColumnFor(m_shownType.column());
    // Each tree is a pass over the combined trie (every capture's nodes): build the shown
    // and the count trees of all panes on every core.
    const size_t n = m_panes.size();
    std::vector<std::shared_ptr<const CallTree>> trees(count >= 0 ? 2 * n : n);
    auto build = [&](size_t from, size_t to) {
        for (size_t job = from; job < to; ++job) {
            const size_t column = job < n ? m_shownType.column() : size_t(count);
            trees[job] = std::make_shared<const CallTree>(m_comparison->stacks,
                                                          m_comparison->columnOf(job % n, column));
        }
    };
    const size_t half = trees.size() / 2;
    inParallel([&] { build(0, half); }, [&] { build(half, trees.size()); });
    {
        // Every pane's setTree reports its focus; they are the same nodes, nothing to link.
        QScopedValueRollback guard(m_syncing, true);
        for (size_t i = 0; i < n; ++i) {
            Pane &p = m_panes[i];
            p.tree = trees[i];
            p.view->setCountTree(count >= 0 ? trees[n + i] : nullptr);
            p.view->setTree(p.tree);
            p.total->setText(CaptureDescription::total(stacks, int(p.tree->column())));
            p.view->setHighlightFrame(m_pinnedFrame);
        }
        alignPanes();
    }
    selectSampleType(m_sampleType, m_shownType);
    updatePlaceholders();
    updateBreadcrumbs();
    requestSource(); // the source shown follows the sample type
    emit sampleTypeChanged(m_shownType);
}

void SideBySideView::showSource(size_t capture, uint32_t frame)
{
    if (!m_comparison || capture >= m_comparison->captureCount() ||
        frame >= m_comparison->stacks->frameCount())
        return;
    m_sourceFrame = frame;
    m_sourceCapture->setCurrentIndex(int(capture));
    m_viewTabs->setTabEnabled(1, true);
    m_viewTabs->setCurrentIndex(1);
    requestSource();
}

void SideBySideView::requestSource()
{
    if (!m_lineCosts || m_sourceFrame == StackTable::kNoFrame)
        return;
    const int capture = std::max(m_sourceCapture->currentIndex(), 0);
    m_source->show(m_lineCosts->captureRequest(m_sourceFrame, m_shownType, size_t(capture)));
}

// A line picked in the source lights up its function in every pane.
void SideBySideView::sourceLineActivated(const std::vector<uint32_t> &frames)
{
    if (!m_lineCosts || !m_source->costsTable())
        return;
    const std::vector<uint32_t> picked =
        m_lineCosts->comparisonFrames(*m_source->costsTable(), frames);
    if (!picked.empty())
        highlightFrame(picked.front());
}

void SideBySideView::alignPanes()
{
    std::vector<const FlameLayout *> layouts;
    for (Pane &p : m_panes)
        layouts.push_back(&p.view->layout());
    const auto combined = FlameLayout::combinedWeights(layouts);
    for (Pane &p : m_panes) {
        p.view->setChildOrder(m_childOrder->order());
        p.view->setOrderWeights(combined);
    }
}

FlameGraphView *SideBySideView::paneView(int pane) const
{
    return pane >= 0 && pane < paneCount() ? m_panes[size_t(pane)].view : nullptr;
}

QLabel *SideBySideView::paneTitle(int pane) const
{
    return pane >= 0 && pane < paneCount() ? m_panes[size_t(pane)].title : nullptr;
}

QLabel *SideBySideView::paneMatchLabel(int pane) const
{
    return pane >= 0 && pane < paneCount() ? m_panes[size_t(pane)].matches : nullptr;
}

bool SideBySideView::paneShowsPlaceholder(int pane) const
{
    return pane >= 0 && pane < paneCount() &&
           m_panes[size_t(pane)].stack->currentWidget() == m_panes[size_t(pane)].placeholder;
}

QString SideBySideView::panePlaceholderText(int pane) const
{
    return paneShowsPlaceholder(pane) ? m_panes[size_t(pane)].placeholder->text() : QString();
}

void SideBySideView::setColorMode(colors::ColorMode mode)
{
    m_colorMode = mode;
    for (Pane &p : m_panes)
        p.view->setColorMode(mode);
}

void SideBySideView::setFocusNode(quint32 node)
{
    if (!m_panes.empty())
        m_panes.front().view->setFocusNode(node); // the others follow (onFocusChanged)
}

void SideBySideView::resetFocus()
{
    for (Pane &p : m_panes) {
        p.view->resetZoom();
    }
    setFocusNode(CallTree::kRoot);
}

void SideBySideView::focusFrame(uint32_t frame)
{
    if (m_panes.empty() || !m_panes.front().tree)
        return;
    // The widest box of the function over all captures; with recursion, the outermost.
    const CallTree &first = *m_panes.front().tree;
    quint32 best = CallTree::kRoot;
    int64_t bestWeight = 0;
    for (uint32_t node = 1; node < first.nodeCount(); ++node) {
        if (first.frame(node) != frame)
            continue;
        int64_t weight = 0;
        for (const Pane &p : m_panes)
            weight = addSaturating(weight, p.view->layout().weight(node));
        if (weight > bestWeight) {
            bestWeight = weight;
            best = node;
        }
    }
    if (best != CallTree::kRoot)
        setFocusNode(best);
}

void SideBySideView::highlightFrame(uint32_t frame)
{
    m_pinnedFrame = frame;
    for (Pane &p : m_panes)
        p.view->setHighlightFrame(frame);
}

void SideBySideView::setSearch(const QString &pattern, bool regex)
{
    {
        const QSignalBlocker blockRegex(m_regex);
        m_regex->setChecked(regex);
    }
    m_search->setText(pattern);
    m_debounce->stop();
    applySearch();
}

void SideBySideView::startSearch()
{
    m_search->setFocus(Qt::ShortcutFocusReason);
    m_search->selectAll();
}

void SideBySideView::applySearch()
{
    const QString pattern = m_search->text();
    for (Pane &p : m_panes) {
        if (pattern.isEmpty()) {
            p.view->clearSearch();
            p.matches->clear();
        } else {
            p.view->setSearch(pattern, m_regex->isChecked());
        }
    }
}

void SideBySideView::onFocusChanged(size_t pane, quint32 node)
{
    if (m_syncing)
        return;
    {
        QScopedValueRollback guard(m_syncing, true);
        for (size_t i = 0; i < m_panes.size(); ++i) {
            if (i != pane && m_panes[i].view->focusNode() != node)
                m_panes[i].view->setFocusNode(node);
        }
    }
    updatePlaceholders();
    updateBreadcrumbs();
}

void SideBySideView::onHovered(size_t pane, quint32 node)
{
    const Pane &from = m_panes[pane];
    quint32 frame = m_pinnedFrame;
    if (node != FlameGraphView::kNoNode && node != CallTree::kRoot && from.tree)
        frame = from.tree->frame(node);
    for (size_t i = 0; i < m_panes.size(); ++i) {
        if (i != pane)
            m_panes[i].view->setHighlightFrame(frame);
    }
}

void SideBySideView::updatePlaceholders()
{
    for (Pane &p : m_panes) {
        if (!p.tree)
            continue;
        const quint32 focus = p.view->focusNode();
        QString text;
        // The layout's weight is what the boxes' widths measure: 0 leaves nothing to draw
        // (the focus path would be full-width boxes of nothing).
        if (p.view->layout().weight(CallTree::kRoot) == 0) {
            text = tr("No samples of this type in this capture.");
        } else if (p.view->layout().weight(focus) == 0) {
            const QString name = frameLabel(p.tree->stacks(), p.tree->frame(focus)).toHtmlEscaped();
            text = tr("<b>%1</b> was not sampled on this call path in this capture.").arg(name) +
                   QStringLiteral("<br><br><a href=\"all\">%1</a>")
                       .arg(tr("Show all frames").toHtmlEscaped());
        }
        p.placeholder->setText(text);
        p.stack->setCurrentWidget(text.isEmpty() ? static_cast<QWidget *>(p.view)
                                                 : static_cast<QWidget *>(p.placeholder));
    }
}

void SideBySideView::updateBreadcrumbs()
{
    // The panes share the focus path (node numbers of the first pane's tree).
    if (m_panes.empty() || !m_panes.front().tree)
        m_breadcrumbs->setPath({}, std::shared_ptr<const CallTree>());
    else
        m_breadcrumbs->setPath(m_panes.front().view->focusPath(), m_panes.front().tree);
}

} // namespace embers
