#include "CallerCalleeView.h"

#include "BackgroundJob.h"
#include "CallerCallee.h"
#include "FlameGraphView.h"
#include "Units.h"

#include <QEvent>
#include <QLabel>
#include <QLocale>
#include <QMouseEvent>
#include <QSplitter>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace embers {

struct CallerCalleeView::Trees
{
    std::shared_ptr<const StackTable> callers, callees; // null when cancelled
};

namespace {

QString valueText(int64_t value, int64_t total, const std::string &unit)
{
    const QString human = QString::fromStdString(units::humanValue(value, unit));
    if (total == 0)
        return human;
    //: A value and its share of the profile, e.g. "1.2 s (43.1 %)"
    return CallerCalleeView::tr("%1 (%2 %)")
        .arg(human, QLocale().toString(100.0 * double(value) / double(total), 'f', 1));
}

QLabel *caption(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setTextFormat(Qt::RichText);
    label->setContentsMargins(6, 3, 6, 3);
    return label;
}

} // namespace

CallerCalleeView::CallerCalleeView(QWidget *parent)
    : QWidget(parent), m_frame(StackTable::kNoFrame), m_stack(new QStackedWidget),
      m_placeholder(new QLabel), m_title(new QLabel), m_callersCaption(caption(this)),
      m_calleesCaption(caption(this)), m_callers(new FlameGraphView), m_callees(new FlameGraphView),
      m_debounce(new QTimer(this)), m_build(new BackgroundJob(this))
{
    // Moving through the table with the arrow keys selects a function after another:
    // build for the one the user stops at.
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(40);
    connect(m_debounce, &QTimer::timeout, this, &CallerCalleeView::start);

    m_placeholder->setObjectName(QStringLiteral("callerCalleePlaceholder"));
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setForegroundRole(QPalette::PlaceholderText);
    m_placeholder->setText(tr("Select a function in the table or the flame graph to see who "
                              "calls it and what it calls, merged over every place it "
                              "appears."));
    m_title->setObjectName(QStringLiteral("callerCalleeTitle"));
    m_title->setTextFormat(Qt::RichText);
    m_title->setContentsMargins(6, 4, 6, 2);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_callers->setObjectName(QStringLiteral("callersGraph"));
    m_callees->setObjectName(QStringLiteral("calleesGraph"));
    // Callers grow upwards from the function, callees downwards: the function is where
    // the two graphs meet.
    m_callers->setOrientation(FlameGraphView::Orientation::Flame);
    m_callees->setOrientation(FlameGraphView::Orientation::Icicle);
    for (FlameGraphView *view : {m_callers, m_callees}) {
        view->viewport()->installEventFilter(this);
        view->setMinimumHeight(60);
    }

    auto pane = [](QLabel *label, FlameGraphView *view) {
        auto *w = new QWidget;
        auto *layout = new QVBoxLayout(w);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->setSpacing(0);
        layout->addWidget(label);
        layout->addWidget(view, 1);
        return w;
    };
    auto *splitter = new QSplitter(Qt::Vertical);
    splitter->setObjectName(QStringLiteral("callerCalleeSplitter"));
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(pane(m_callersCaption, m_callers));
    splitter->addWidget(pane(m_calleesCaption, m_callees));

    auto *content = new QWidget;
    auto *contentLayout = new QVBoxLayout(content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    contentLayout->setSpacing(0);
    contentLayout->addWidget(m_title);
    contentLayout->addWidget(splitter, 1);

    m_stack->addWidget(m_placeholder);
    m_stack->addWidget(content);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stack);
}

bool CallerCalleeView::isPending() const
{
    return m_pending || m_build->isRunning();
}

void CallerCalleeView::setCapture(std::shared_ptr<const Capture> capture, SampleType type)
{
    m_capture = std::move(capture);
    m_sampleType = type;
    setFrame(StackTable::kNoFrame);
}

void CallerCalleeView::setSampleType(SampleType type)
{
    if (type == m_sampleType)
        return;
    m_sampleType = type;
    // The derived tables hold every sample type: only the totals are taken again, and the
    // views keep their focus (same tables).
    if (m_callerStacks && type.isIn(*m_callerStacks)) {
        m_callers->setTree(std::make_shared<const CallTree>(m_callerStacks, type.column()));
        m_callees->setTree(std::make_shared<const CallTree>(m_calleeStacks, type.column()));
    }
    updateTitle();
}

void CallerCalleeView::setColorMode(colors::ColorMode mode)
{
    m_callers->setColorMode(mode);
    m_callees->setColorMode(mode);
}

void CallerCalleeView::setFrame(uint32_t frame)
{
    if (frame == m_frame && (m_callerStacks || isPending()))
        return;
    m_build->cancel();
    m_frame = frame;
    const bool valid = m_capture && m_capture->stacks && frame < m_capture->stacks->frameCount() &&
                       m_sampleType.isIn(*m_capture->stacks);
    if (!valid) {
        m_frame = StackTable::kNoFrame;
        m_pending = false;
        m_callerStacks.reset();
        m_calleeStacks.reset();
        m_callers->setTree(nullptr);
        m_callees->setTree(nullptr);
        m_stack->setCurrentWidget(m_placeholder);
        emit treesChanged();
        return;
    }
    m_pending = true;
    m_stack->setCurrentIndex(1);
    updateTitle();
    if (isVisible())
        m_debounce->start();
}

void CallerCalleeView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_pending && !m_build->isRunning())
        m_debounce->start();
}

void CallerCalleeView::start()
{
    if (!m_pending || !m_capture)
        return;
    m_pending = false;
    m_build->run(
        [stacks = m_capture->stacks, frame = m_frame](JobControl &control) {
            Trees trees;
            if (auto built = CallerCallee::build(*stacks, frame, control.cancelFlag())) {
                trees.callers = std::make_shared<const StackTable>(std::move(built->callers));
                trees.callees = std::make_shared<const StackTable>(std::move(built->callees));
            }
            return trees;
        },
        [this](const Trees &trees) { showTrees(trees); });
}

void CallerCalleeView::showTrees(const Trees &trees)
{
    if (!trees.callers)
        return; // cancelled; a newer request follows
    m_callerStacks = trees.callers;
    m_calleeStacks = trees.callees;
    const size_t column = m_sampleType.column();
    m_callers->setTree(std::make_shared<const CallTree>(m_callerStacks, column));
    m_callees->setTree(std::make_shared<const CallTree>(m_calleeStacks, column));
    // The root of both trees is every occurrence of the function, not the whole profile.
    if (m_capture && m_frame != StackTable::kNoFrame) {
        const StackTable &t = *m_capture->stacks;
        const std::string &own = t.strings[t.frames[m_frame].name];
        const QString name = QString::fromStdString(own.empty() ? t.frameName(m_frame) : own);
        m_callers->setRootLabel(tr("all callers of %1").arg(name),
                                tr("Every stack through %1").arg(name));
        m_callees->setRootLabel(tr("all calls of %1").arg(name),
                                tr("Every stack through %1").arg(name));
    }
    m_stack->setCurrentWidget(m_stack->widget(1));
    updateTitle();
    emit treesChanged();
}

void CallerCalleeView::updateTitle()
{
    if (!m_capture || m_frame == StackTable::kNoFrame || !m_sampleType.isIn(*m_capture->stacks))
        return;
    const StackTable &t = *m_capture->stacks;
    const std::string &own = t.strings[t.frames[m_frame].name];
    const QString name =
        QString::fromStdString(own.empty() ? t.frameName(m_frame) : own).toHtmlEscaped();
    const size_t column = m_sampleType.column();
    const std::string &unit = t.columns[column].unit;
    const int64_t total = t.totals[column];
    QString text =
        tr("<b>%1</b> &nbsp; Total: %2 &nbsp; Self: %3")
            .arg(name, valueText(m_capture->functions->cum(m_frame, column), total, unit),
                 valueText(m_capture->functions->flat(m_frame, column), total, unit));
    if (isPending())
        text += QStringLiteral(" &nbsp; ") + tr("<i>(building\u2026)</i>");
    // How to move on, in the colour of placeholder text: there, but quiet.
    const QString hint = tr("Double-click a function to centre the view on it.");
    text += QStringLiteral(" &nbsp; &nbsp; <span style=\"color:%1\">%2</span>")
                .arg(palette().color(QPalette::PlaceholderText).name(), hint.toHtmlEscaped());
    m_title->setText(text);
    m_title->setToolTip(QString::fromStdString(t.frameName(m_frame)));
    m_callersCaption->setText(
        tr("<b>Callers</b> of %1 \u2014 who called it, merged over all its calls").arg(name));
    m_calleesCaption->setText(
        tr("<b>Callees</b> of %1 \u2014 what it called, merged over all its calls").arg(name));
}

void CallerCalleeView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        updateTitle(); // the hint's colour
}

bool CallerCalleeView::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::MouseButtonDblClick) {
        for (FlameGraphView *view : {m_callers, m_callees}) {
            if (watched != view->viewport() || !view->tree())
                continue;
            const auto *mouse = static_cast<QMouseEvent *>(event);
            const quint32 node = view->nodeAt(mouse->position());
            if (node != FlameGraphView::kNoNode && node != CallTree::kRoot) {
                emit frameActivated(view->tree()->frame(node));
                return true;
            }
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace embers
