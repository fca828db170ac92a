#include "TransformBar.h"

#include "ElidedLabel.h"
#include "TransformController.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace embers {

namespace {

struct TypedKind
{
    TransformKind kind;
    const char *name; // pprof's option
};

constexpr TypedKind kTyped[] = {
    {TransformKind::Focus, "focus"},         {TransformKind::Ignore, "ignore"},
    {TransformKind::Hide, "hide"},           {TransformKind::Show, "show"},
    {TransformKind::ShowFrom, "show_from"},  {TransformKind::TagFocus, "tagfocus"},
    {TransformKind::TagIgnore, "tagignore"}, {TransformKind::TagRoot, "tagroot"},
    {TransformKind::TagLeaf, "tagleaf"},
};

} // namespace

TransformBar::TransformBar(TransformController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller)
{
    setObjectName(QStringLiteral("transformBar"));
    auto *rows = new QVBoxLayout(this);
    rows->setContentsMargins(6, 2, 6, 2);
    rows->setSpacing(2);
    auto *layout = new QHBoxLayout;
    layout->setSpacing(4);
    rows->addLayout(layout);
    // Why a transform failed, on a line of its own: beside the chips it would squeeze them.
    m_problem = new ElidedLabel;
    m_problem->setObjectName(QStringLiteral("transformProblem"));
    m_problem->setElideMode(Qt::ElideRight);
    m_problem->hide();
    rows->addWidget(m_problem);

    auto *title = new QLabel(tr("Transforms:"));
    layout->addWidget(title);

    // Chips scroll sideways when there are many.
    auto *chipsArea = new QWidget;
    m_chipLayout = new QHBoxLayout(chipsArea);
    m_chipLayout->setContentsMargins(0, 0, 0, 0);
    m_chipLayout->setSpacing(4);
    m_chipLayout->addStretch();
    auto *scroll = new QScrollArea;
    scroll->setWidget(chipsArea);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    scroll->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    scroll->setObjectName(QStringLiteral("transformChips"));
    scroll->setFocusPolicy(Qt::NoFocus); // Tab goes to the chips, not to their empty frame
    // The scroll bar that many chips bring goes below them, not over them.
    const int chipsHeight = fontMetrics().height() + 12;
    scroll->setMinimumHeight(chipsHeight);
    // A transform just added shows whole: the chips scroll to their end as their room
    // grows, until the user scrolls them.
    QScrollBar *bar = scroll->horizontalScrollBar();
    connect(bar, &QScrollBar::rangeChanged, scroll, [this, scroll, bar, chipsHeight](int, int max) {
        scroll->setMinimumHeight(chipsHeight + (max > 0 ? bar->sizeHint().height() : 0));
        if (m_showNewest)
            bar->setValue(max);
    });
    connect(bar, &QScrollBar::actionTriggered, this, [this] { m_showNewest = false; });
    layout->addWidget(scroll, 1);

    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("transformStatus"));
    layout->addWidget(m_status);

    m_pop = new QToolButton;
    m_pop->setObjectName(QStringLiteral("transformPop"));
    m_pop->setText(tr("Pop"));
    m_pop->setToolTip(tr("Remove the last transform"));
    connect(m_pop, &QToolButton::clicked, controller, &TransformController::pop);
    layout->addWidget(m_pop);

    m_kind = new QComboBox;
    m_kind->setObjectName(QStringLiteral("transformKind"));
    for (const TypedKind &k : kTyped)
        m_kind->addItem(QString::fromLatin1(k.name), int(k.kind));
    m_kind->setToolTip(tr("pprof's option: focus, ignore, hide, show and show_from take a "
                          "regular expression; tagfocus and tagignore a label filter "
                          "(key=value, key=1kb:4mb); tagroot and tagleaf label keys"));
    layout->addWidget(m_kind);
    m_pattern = new QLineEdit;
    m_pattern->setObjectName(QStringLiteral("transformPattern"));
    m_pattern->setPlaceholderText(tr("Regular expression\u2026"));
    m_pattern->setClearButtonEnabled(true);
    m_pattern->setMinimumWidth(160);
    m_pattern->setMaximumWidth(240);
    connect(m_pattern, &QLineEdit::returnPressed, this, &TransformBar::addTyped);
    connect(m_kind, &QComboBox::currentIndexChanged, this, [this] {
        const auto kind = TransformKind(m_kind->currentData().toInt());
        const bool keys = kind == TransformKind::TagRoot || kind == TransformKind::TagLeaf;
        m_pattern->setPlaceholderText(keys ? tr("Label keys\u2026")
                                      : transformNeedsLabels(kind)
                                          ? tr("key=value\u2026")
                                          : tr("Regular expression\u2026"));
    });
    layout->addWidget(m_pattern);

    connect(controller, &TransformController::changed, this, &TransformBar::rebuild);
    rebuild();
}

QToolButton *TransformBar::chipToggle(QWidget *chip)
{
    return chip->findChild<QToolButton *>(QStringLiteral("chipToggle"));
}

QToolButton *TransformBar::chipRemove(QWidget *chip)
{
    return chip->findChild<QToolButton *>(QStringLiteral("chipRemove"));
}

void TransformBar::addTyped()
{
    const QString text = m_pattern->text().trimmed();
    if (text.isEmpty())
        return;
    Transform t;
    t.kind = TransformKind(m_kind->currentData().toInt());
    t.pattern = text.toStdString();
    m_controller->push(std::move(t), text);
    m_pattern->clear();
}

QWidget *TransformBar::createChip(size_t index)
{
    const Transform &t = m_controller->transforms()[index];
    auto *chip = new QFrame;
    chip->setObjectName(QStringLiteral("transformChip"));
    chip->setFrameShape(QFrame::StyledPanel);
    chip->setProperty("transformIndex", qulonglong(index));
    auto *layout = new QHBoxLayout(chip);
    layout->setContentsMargins(2, 0, 0, 0);
    layout->setSpacing(0);

    const bool failed = m_controller->failedIndex() == int(index);
    const bool applied = !m_controller->isBusy();
    const bool unmatched = applied && t.enabled && !failed && !m_controller->matched(index);
    QString text = m_controller->label(t);
    if (text.size() > 60)
        text = text.left(58) + QStringLiteral("\u2026");
    auto *toggle = new QToolButton;
    toggle->setObjectName(QStringLiteral("chipToggle"));
    toggle->setCheckable(true);
    toggle->setChecked(t.enabled);
    toggle->setAutoRaise(true);
    toggle->setText(failed      ? tr("%1 (error)").arg(text)
                    : unmatched ? tr("%1 (no match)").arg(text)
                                : text);
    if (failed || unmatched)
        toggle->setIcon(style()->standardIcon(QStyle::SP_MessageBoxWarning));
    toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    QFont font = toggle->font();
    font.setStrikeOut(!t.enabled);
    toggle->setFont(font);
    QString tip = m_controller->label(t);
    if (failed)
        tip += QLatin1Char('\n') + failure();
    else if (unmatched)
        tip += QLatin1Char('\n') + tr("This transform matched nothing.");
    tip += QLatin1Char('\n') + (t.enabled ? tr("Click to turn it off; right-click for more.")
                                          : tr("Turned off. Click to turn it on again."));
    toggle->setToolTip(tip);
    connect(toggle, &QToolButton::toggled, this,
            [this, index](bool on) { m_controller->setEnabled(index, on); });

    auto *remove = new QToolButton;
    remove->setObjectName(QStringLiteral("chipRemove"));
    remove->setAutoRaise(true);
    remove->setText(QStringLiteral("\u00D7"));
    remove->setToolTip(tr("Remove this transform"));
    connect(remove, &QToolButton::clicked, this, [this, index] { m_controller->remove(index); });

    chip->setContextMenuPolicy(Qt::CustomContextMenu);
    toggle->setContextMenuPolicy(Qt::CustomContextMenu);
    auto menu = [this, index, chip](const QPoint &) {
        QMenu m(chip);
        const Transform &t = m_controller->transforms()[index];
        m.addAction(t.enabled ? tr("Turn Off") : tr("Turn On"), this,
                    [this, index, on = !t.enabled] { m_controller->setEnabled(index, on); });
        m.addAction(tr("Remove"), this, [this, index] { m_controller->remove(index); });
        QAction *popTo = m.addAction(tr("Pop Back to Here"), this,
                                     [this, index] { m_controller->popTo(index + 1); });
        popTo->setEnabled(index + 1 < m_controller->transforms().size());
        m.exec(QCursor::pos());
    };
    connect(chip, &QWidget::customContextMenuRequested, this, menu);
    connect(toggle, &QWidget::customContextMenuRequested, this, menu);

    layout->addWidget(toggle);
    layout->addWidget(remove);
    return chip;
}

void TransformBar::rebuild()
{
    for (QWidget *chip : m_chips)
        chip->deleteLater();
    const size_t n = m_controller->transforms().size();
    if (n != m_chips.size()) // not when only a chip's state changed
        m_showNewest = n > m_chips.size();
    m_chips.clear();
    for (size_t i = 0; i < n; ++i) {
        QWidget *chip = createChip(i);
        m_chipLayout->insertWidget(int(i), chip);
        m_chips.push_back(chip);
    }
    m_pop->setEnabled(n > 0);
    m_status->setText(m_controller->isBusy() ? tr("Applying\u2026")
                      : n == 0               ? tr("none \u2014 right-click a function to add one")
                                             : QString());
    const QString problem = m_controller->isBusy() ? QString() : failure();
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
}

QString TransformBar::failure() const
{
    const int index = m_controller->failedIndex();
    if (index < 0)
        return {};
    const Transform &t = m_controller->transforms()[size_t(index)];
    if (transformNeedsLabels(t.kind) && m_controller->shownTable() &&
        !m_controller->shownTable()->sampleLabels)
        return tr("This capture has no labels.");
    return tr("Failed: %1").arg(m_controller->error());
}

} // namespace embers
