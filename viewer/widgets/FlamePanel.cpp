#include "FlamePanel.h"
#include "Breadcrumbs.h"

#include "ChildOrderCombo.h"
#include "ElidedLabel.h"
#include "FlameGraphView.h"
#include "Units.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFontMetricsF>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QLineEdit>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <QShortcut>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace embers {

namespace {

// A back or forward arrow in the palette's button text colour (and its disabled colour),
// drawn rather than taken from the style: readable on light and dark palettes, crisp at
// any scale, and as big as the buttons around it.
QIcon arrowIcon(bool forward, const QPalette &palette)
{
    QIcon icon;
    const std::pair<QIcon::Mode, QPalette::ColorGroup> modes[] = {
        {QIcon::Normal, QPalette::Active}, {QIcon::Disabled, QPalette::Disabled}};
    for (const auto &[mode, group] : modes) {
        for (const int size : {16, 20, 24}) {
            for (const qreal dpr : {1.0, 2.0}) {
                QPixmap pixmap(QSize(size, size) * dpr);
                pixmap.setDevicePixelRatio(dpr);
                pixmap.fill(Qt::transparent);
                QPainter p(&pixmap);
                p.setRenderHint(QPainter::Antialiasing);
                if (forward) {
                    p.translate(size, 0);
                    p.scale(-1, 1);
                }
                p.setPen(QPen(palette.color(group, QPalette::ButtonText), size / 9.0, Qt::SolidLine,
                              Qt::RoundCap, Qt::RoundJoin));
                const qreal margin = size * 0.2, middle = size / 2.0, head = size * 0.3;
                QPainterPath arrow;
                arrow.moveTo(size - margin, middle);
                arrow.lineTo(margin, middle);
                arrow.moveTo(margin + head, middle - head);
                arrow.lineTo(margin, middle);
                arrow.lineTo(margin + head, middle + head);
                p.drawPath(arrow);
                p.end();
                icon.addPixmap(pixmap, mode);
            }
        }
    }
    return icon;
}

} // namespace

FlamePanel::FlamePanel(QWidget *parent)
    : QWidget(parent), m_view(new FlameGraphView), m_back(new QToolButton),
      m_forward(new QToolButton), m_all(new QToolButton), m_orientation(new QToolButton),
      m_breadcrumbs(new Breadcrumbs), m_search(new QLineEdit), m_regex(new QCheckBox(tr("Rege&x"))),
      m_matches(new ElidedLabel), m_colorMode(new QComboBox)
{
    m_view->setObjectName(QStringLiteral("flameGraph"));
    m_back->setText(tr("Back"));
    m_back->setToolTip(tr("Back to the previous focus (Alt+Left)"));
    m_forward->setText(tr("Forward"));
    m_forward->setToolTip(tr("Forward (Alt+Right)"));
    m_all->setText(tr("All frames"));
    m_all->setToolTip(tr("Show the whole profile (Esc)"));
    m_orientation->setText(tr("Flame"));
    m_orientation->setCheckable(true);
    m_orientation->setToolTip(tr("Draw callers below their callees, as a classic flame graph"));
    m_breadcrumbs->setObjectName(QStringLiteral("breadcrumbs"));
    m_search->setObjectName(QStringLiteral("flameSearch"));
    m_search->setPlaceholderText(tr("Search functions (Ctrl+F)"));
    m_search->setClearButtonEnabled(true);
    m_search->setMinimumWidth(
        m_search->fontMetrics().horizontalAdvance(m_search->placeholderText()) + 40);
    m_search->setMaximumWidth(320);
    m_matches->setObjectName(QStringLiteral("matchLabel"));
    m_matches->setElideMode(Qt::ElideRight);
    m_colorMode->setObjectName(QStringLiteral("colorModeCombo"));
    m_colorMode->addItem(tr("Colour by function"), int(colors::ColorMode::Function));
    m_colorMode->addItem(tr("Colour by package"), int(colors::ColorMode::Package));
    m_colorMode->setItemData(0, tr("One colour per function name"), Qt::ToolTipRole);
    m_colorMode->setItemData(
        1, tr("One colour per package (or source directory), to see which code is whose"),
        Qt::ToolTipRole);
    m_colorMode->setToolTip(tr("How the boxes are coloured"));
    m_colorMode->setSizeAdjustPolicy(QComboBox::AdjustToContents);

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(6, 2, 6, 2);
    for (QToolButton *b : {m_back, m_forward}) {
        b->setEnabled(false);
        b->setToolButtonStyle(Qt::ToolButtonIconOnly);
        b->setIconSize(QSize(18, 18));
        b->setAutoRaise(true);
    }
    updateArrowIcons();
    bar->setSpacing(4);
    bar->addWidget(m_back);
    bar->addWidget(m_forward);
    bar->addSpacing(4);
    bar->addWidget(m_all);
    bar->addSpacing(10);
    bar->addWidget(m_breadcrumbs, 1);
    bar->addWidget(m_matches);
    bar->addWidget(m_search);
    bar->addWidget(m_regex);
    bar->addWidget(m_orientation);
    bar->addWidget(m_colorMode);
    m_childOrder = new ChildOrderCombo;
    bar->addWidget(m_childOrder);
    connect(m_childOrder, &ChildOrderCombo::orderChanged, m_view, &FlameGraphView::setChildOrder);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);

    connect(m_back, &QToolButton::clicked, m_view, &FlameGraphView::back);
    connect(m_forward, &QToolButton::clicked, m_view, &FlameGraphView::forward);
    connect(m_all, &QToolButton::clicked, m_view, &FlameGraphView::resetFocus);
    connect(m_orientation, &QToolButton::toggled, m_view, &FlameGraphView::setFlameOrientation);
    connect(m_colorMode, &QComboBox::currentIndexChanged, this, [this] {
        m_view->setColorMode(colorMode());
        emit colorModeChanged(colorMode());
    });
    connect(m_view, &FlameGraphView::historyChanged, this, [this](bool back, bool forward) {
        m_back->setEnabled(back);
        m_forward->setEnabled(forward);
    });
    connect(m_view, &FlameGraphView::focusChanged, this, &FlamePanel::updateBreadcrumbs);
    connect(m_view, &FlameGraphView::nodeSelected, this,
            [this](quint32 frame, quint32) { emit frameSelected(frame); });
    connect(m_breadcrumbs, &Breadcrumbs::nodeActivated, m_view, &FlameGraphView::setFocusNode);

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
                // Two texts rather than %n: no English translation supplies its plural.
                const QString share = QLocale().toString(percent, 'f', 1);
                m_matches->setText(frames == 1 ? tr("Matched: %1% of total (1 frame)").arg(share)
                                               : tr("Matched: %1% of total (%2 frames)")
                                                     .arg(share, QLocale().toString(frames)));
            });
    auto *find = new QShortcut(QKeySequence::Find, this);
    connect(find, &QShortcut::activated, this, &FlamePanel::startSearch);
    auto *shiftEnter = new QShortcut(QKeySequence(Qt::SHIFT | Qt::Key_Return), m_search);
    shiftEnter->setContext(Qt::WidgetShortcut);
    connect(shiftEnter, &QShortcut::activated, m_view, &FlameGraphView::previousMatch);
    updateBreadcrumbs();
}

void FlamePanel::showTree(std::shared_ptr<const CallTree> tree)
{
    if (tree == m_tree)
        return;
    m_tree = std::move(tree);
    m_view->setTree(m_tree);
    updateBreadcrumbs();
    if (!m_search->text().isEmpty())
        applySearch();
}

void FlamePanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        updateArrowIcons();
}

void FlamePanel::updateArrowIcons()
{
    const bool rtl = layoutDirection() == Qt::RightToLeft;
    m_back->setIcon(arrowIcon(rtl, palette()));
    m_forward->setIcon(arrowIcon(!rtl, palette()));
}

colors::ColorMode FlamePanel::colorMode() const
{
    return colors::ColorMode(m_colorMode->currentData().toInt());
}

void FlamePanel::setColorMode(colors::ColorMode mode)
{
    m_colorMode->setCurrentIndex(m_colorMode->findData(int(mode)));
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
        m_matches->setText({});
        return;
    }
    m_view->setSearch(pattern, m_regex->isChecked());
}

void FlamePanel::updateBreadcrumbs()
{
    m_breadcrumbs->setPath(m_tree ? m_view->focusPath() : QList<quint32>(), m_tree);
}

} // namespace embers
