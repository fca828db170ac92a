#include "FlamePanel.h"

#include "FlameGraphView.h"
#include "Units.h"

#include <QAction>
#include <QCheckBox>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QShortcut>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace embers {

FlamePanel::FlamePanel(QWidget *parent)
    : QWidget(parent), m_view(new FlameGraphView), m_back(new QToolButton),
      m_forward(new QToolButton), m_all(new QToolButton), m_orientation(new QToolButton),
      m_breadcrumbs(new QLabel), m_search(new QLineEdit), m_regex(new QCheckBox(tr("Rege&x"))),
      m_matches(new QLabel)
{
    m_view->setObjectName(QStringLiteral("flameGraph"));
    m_back->setText(tr("Back"));
    m_back->setToolTip(tr("Back to the previous focus (Alt+Left)"));
    m_back->setArrowType(Qt::LeftArrow);
    m_forward->setText(tr("Forward"));
    m_forward->setToolTip(tr("Forward (Alt+Right)"));
    m_forward->setArrowType(Qt::RightArrow);
    m_all->setText(tr("All frames"));
    m_all->setToolTip(tr("Show the whole profile (Esc)"));
    m_orientation->setText(tr("Flame"));
    m_orientation->setCheckable(true);
    m_orientation->setToolTip(tr("Draw callers below their callees, as a classic flame graph"));
    m_breadcrumbs->setObjectName(QStringLiteral("breadcrumbs"));
    m_breadcrumbs->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_breadcrumbs->setMinimumWidth(50);
    m_breadcrumbs->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_search->setObjectName(QStringLiteral("flameSearch"));
    m_search->setPlaceholderText(tr("Search functions (Ctrl+F)"));
    m_search->setClearButtonEnabled(true);
    m_search->setMaximumWidth(320);
    m_matches->setObjectName(QStringLiteral("matchLabel"));

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(6, 2, 6, 2);
    for (QToolButton *b : {m_back, m_forward})
        b->setEnabled(false);
    bar->addWidget(m_back);
    bar->addWidget(m_forward);
    bar->addWidget(m_all);
    bar->addWidget(m_breadcrumbs, 1);
    bar->addWidget(m_matches);
    bar->addWidget(m_search);
    bar->addWidget(m_regex);
    bar->addWidget(m_orientation);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);

    connect(m_back, &QToolButton::clicked, m_view, &FlameGraphView::back);
    connect(m_forward, &QToolButton::clicked, m_view, &FlameGraphView::forward);
    connect(m_all, &QToolButton::clicked, m_view, &FlameGraphView::resetFocus);
    connect(m_orientation, &QToolButton::toggled, m_view, &FlameGraphView::setFlameOrientation);
    connect(m_view, &FlameGraphView::historyChanged, this, [this](bool back, bool forward) {
        m_back->setEnabled(back);
        m_forward->setEnabled(forward);
    });
    connect(m_view, &FlameGraphView::focusChanged, this, &FlamePanel::updateBreadcrumbs);
    connect(m_view, &FlameGraphView::nodeSelected, this,
            [this](quint32 frame, quint32) { emit frameSelected(frame); });
    connect(m_breadcrumbs, &QLabel::linkActivated, this,
            [this](const QString &node) { m_view->setFocusNode(node.toUInt()); });

    // Search as you type, a moment after the last key (a search walks the whole tree).
    auto *debounce = new QTimer(this);
    debounce->setSingleShot(true);
    debounce->setInterval(150);
    connect(m_search, &QLineEdit::textChanged, debounce, qOverload<>(&QTimer::start));
    connect(debounce, &QTimer::timeout, this, &FlamePanel::applySearch);
    connect(m_regex, &QCheckBox::toggled, this, &FlamePanel::applySearch);
    connect(m_search, &QLineEdit::returnPressed, m_view, &FlameGraphView::nextMatch);
    connect(m_view, &FlameGraphView::searchResult, this,
            [this](qint64, double percent, int frames) {
                m_matches->setText(tr("Matched: %1% of total (%n frame(s))", nullptr, frames)
                                       .arg(QLocale().toString(percent, 'f', 1)));
            });
    auto *find = new QShortcut(QKeySequence::Find, this);
    connect(find, &QShortcut::activated, this, &FlamePanel::startSearch);
    auto *shiftEnter = new QShortcut(QKeySequence(Qt::SHIFT | Qt::Key_Return), m_search);
    shiftEnter->setContext(Qt::WidgetShortcut);
    connect(shiftEnter, &QShortcut::activated, m_view, &FlameGraphView::previousMatch);
    updateBreadcrumbs();
}

void FlamePanel::setCapture(std::shared_ptr<const Capture> capture, int column)
{
    m_capture = std::move(capture);
    setColumn(column);
}

void FlamePanel::setColumn(int column)
{
    if (!m_capture || column < 0)
        return;
    m_tree = (m_capture->tree && int(m_capture->tree->column()) == column)
                 ? m_capture->tree
                 : std::make_shared<const CallTree>(m_capture->stacks, size_t(column));
    m_view->setTree(m_tree);
    updateBreadcrumbs();
    if (!m_search->text().isEmpty())
        applySearch();
}

void FlamePanel::highlightFrame(uint32_t frame)
{
    m_view->setHighlightFrame(frame);
}

void FlamePanel::focusFrame(uint32_t frame)
{
    if (!m_tree)
        return;
    // The widest box of the function; with recursion, outer boxes are the widest.
    uint32_t best = CallTree::kRoot;
    int64_t bestTotal = -1;
    for (uint32_t node = 1; node < m_tree->nodeCount(); ++node) {
        if (m_tree->frame(node) != frame)
            continue;
        int64_t total = m_tree->total(node) < 0 ? -m_tree->total(node) : m_tree->total(node);
        if (total > bestTotal) {
            bestTotal = total;
            best = node;
        }
    }
    if (best != CallTree::kRoot) {
        m_view->setFocusNode(best);
        m_view->setSelectedNode(best);
    }
}

void FlamePanel::startSearch()
{
    m_search->setFocus(Qt::ShortcutFocusReason);
    m_search->selectAll();
}

void FlamePanel::applySearch()
{
    const QString pattern = m_search->text();
    if (pattern.isEmpty()) {
        m_view->clearSearch();
        m_matches->clear();
        return;
    }
    m_view->setSearch(pattern, m_regex->isChecked());
}

void FlamePanel::updateBreadcrumbs()
{
    if (!m_tree) {
        m_breadcrumbs->clear();
        return;
    }
    // Root first; each crumb links to its node. Long paths keep the last few.
    const QList<quint32> path = m_view->focusPath();
    QStringList crumbs;
    crumbs << QStringLiteral("<a href=\"0\">%1</a>").arg(tr("all").toHtmlEscaped());
    const int first = std::max<qsizetype>(1, path.size() - 4);
    if (first > 1)
        crumbs << QStringLiteral("…");
    for (qsizetype i = first; i < path.size(); ++i) {
        QString name = QString::fromStdString(m_tree->stacks().frameName(m_tree->frame(path[i])));
        if (name.size() > 40)
            name = name.left(39) + QStringLiteral("…");
        crumbs << QStringLiteral("<a href=\"%1\">%2</a>").arg(path[i]).arg(name.toHtmlEscaped());
    }
    m_breadcrumbs->setText(crumbs.join(QStringLiteral(" › ")));
}

} // namespace embers
