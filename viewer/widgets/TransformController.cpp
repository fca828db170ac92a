#include "TransformController.h"

#include "FunctionTableReuse.h"
#include "InvertedStacks.h"
#include "MappedTransform.h"

#include <QFutureWatcher>
#include <QtConcurrent>

namespace embers {

// What a worker takes (a copy of the stack, so the GUI's can change meanwhile) and gives
// back (the stack with its new tables and caches, and the capture to show).
struct TransformController::Job
{
    TransformStack stack;
    std::shared_ptr<const Capture> base;
    int column = -1;
    bool inverted = false;
    std::shared_ptr<const Capture> previous; // the last result, reused when still right
    std::shared_ptr<std::atomic_bool> cancel;
    quint64 generation = 0;

    TransformStack::Outcome outcome;
    std::shared_ptr<const StackTable> table;
    std::shared_ptr<const Capture> shown; // null when cancelled
    std::shared_ptr<const Capture> invertedShown;
};

namespace {

// Null when cancelled (a newer run superseded this one). `shown`, the capture shown
// until now (or null), lends its function table when a transform relates the two tables.
std::shared_ptr<const Capture> captureOf(const Capture &base,
                                         std::shared_ptr<const StackTable> stacks, int column,
                                         const Capture *shown, const std::atomic_bool *cancel)
{
    auto c = std::make_shared<Capture>();
    c->paths = base.paths;
    c->profiles = base.profiles;
    c->fileBytes = base.fileBytes;
    c->stacks = std::move(stacks);
    c->functions = functionTableFollowing(c->stacks, shown ? shown->stacks : nullptr,
                                          shown ? shown->functions : nullptr, cancel);
    if (*cancel)
        return nullptr;
    if (column >= 0 && size_t(column) < c->stacks->columnCount())
        c->tree = std::make_shared<const CallTree>(c->stacks, size_t(column));
    return c;
}

} // namespace

TransformController::TransformController(QObject *parent) : QObject(parent) {}

TransformController::~TransformController()
{
    if (m_cancel)
        *m_cancel = true;
}

bool TransformController::setBase(std::shared_ptr<const Capture> base, int column)
{
    m_column = column;
    const bool same = base == m_base;
    m_base = std::move(base);
    m_stack.setSource(m_base ? m_base->stacks : nullptr);
    const bool anyEnabled = std::any_of(transforms().begin(), transforms().end(),
                                        [](const Transform &t) { return t.enabled; });
    if (!m_base || (!anyEnabled && !m_inverted)) {
        if (m_cancel)
            *m_cancel = true;
        ++m_generation;
        m_running = false;
        m_shownTable = m_base ? m_base->stacks : nullptr;
        m_shown = m_base;
        m_invertedShown.reset();
        m_matched.assign(transforms().size(), false);
        m_failedIndex = -1;
        m_error.clear();
        emit changed();
        return false;
    }
    if (same && m_shown && !m_running) {
        emit resultReady(m_shown);
        return true;
    }
    if (!same || !m_running)
        start();
    return true;
}

void TransformController::clear()
{
    if (m_cancel)
        *m_cancel = true;
    ++m_generation;
    m_running = false;
    m_stack = TransformStack();
    m_base.reset();
    m_shown.reset();
    m_invertedShown.reset();
    m_shownTable.reset();
    m_matched.clear();
    m_failedIndex = -1;
    m_error.clear();
    m_labels.clear();
    emit changed();
}

void TransformController::setInverted(bool inverted)
{
    if (inverted == m_inverted)
        return;
    m_inverted = inverted;
    if (!inverted) {
        // The shown capture stays as it is; only the bottom-up one goes.
        m_invertedShown.reset();
        emit changed();
        return;
    }
    if (m_base)
        start();
}

bool TransformController::matched(size_t index) const
{
    return index < m_matched.size() && m_matched[index];
}

std::shared_ptr<const StackTable> TransformController::shownTable() const
{
    return m_shownTable ? m_shownTable : (m_base ? m_base->stacks : nullptr);
}

QString TransformController::keyOf(const Transform &t)
{
    QString key = QString::number(int(t.kind)) + QLatin1Char('\n') +
                  QString::fromStdString(t.pattern) + QLatin1Char('\n');
    for (uint32_t f : t.frames)
        key += QString::number(f) + QLatin1Char(',');
    return key;
}

QString TransformController::kindName(TransformKind kind)
{
    switch (kind) {
    case TransformKind::Focus:
        return tr("Focus");
    case TransformKind::Ignore:
        return tr("Ignore");
    case TransformKind::Hide:
        return tr("Hide");
    case TransformKind::Show:
        return tr("Show");
    case TransformKind::ShowFrom:
        return tr("Show from");
    case TransformKind::TagFocus:
        return tr("Label filter");
    case TransformKind::TagIgnore:
        return tr("Label exclude");
    case TransformKind::TagRoot:
        return tr("Group by label");
    case TransformKind::TagLeaf:
        return tr("Labels at the leaf");
    case TransformKind::FocusFunction:
        return tr("Focus on function");
    case TransformKind::FocusSubtree:
        return tr("Focus on call path");
    case TransformKind::MergeFunction:
        return tr("Merge");
    case TransformKind::DropFunction:
        return tr("Drop");
    case TransformKind::CollapseDirectRecursion:
        return tr("Collapse direct recursion");
    case TransformKind::CollapseRecursion:
        return tr("Collapse recursion");
    case TransformKind::CollapseFile:
        return tr("Collapse file");
    case TransformKind::CollapsePackage:
        return tr("Collapse package");
    case TransformKind::CollapseLibrary:
        return tr("Collapse library");
    }
    return QString();
}

QString TransformController::label(const Transform &t) const
{
    QString what = m_labels.value(keyOf(t));
    if (what.isEmpty())
        what = QString::fromStdString(t.pattern);
    if (what.isEmpty() && t.kind == TransformKind::CollapseDirectRecursion)
        what = tr("everywhere");
    return what.isEmpty() ? kindName(t.kind) : tr("%1: %2").arg(kindName(t.kind), what);
}

void TransformController::mapFrames(const StackTable &from, const StackTable &to)
{
    if (&from == &to || transforms().empty())
        return;
    const TransformFrameMap map(from, to);
    std::vector<Transform> mapped;
    for (const Transform &t : transforms()) {
        Transform m = t;
        m.frames = map.frames(t);
        if (m.frames.empty() && !t.frames.empty())
            continue; // its function is not in `to`
        if (const QString label = m_labels.value(keyOf(t)); !label.isEmpty())
            m_labels.insert(keyOf(m), label);
        mapped.push_back(std::move(m));
    }
    if (mapped != transforms())
        m_stack.setTransforms(std::move(mapped));
}

void TransformController::push(Transform transform, const QString &label)
{
    if (!label.isEmpty())
        m_labels.insert(keyOf(transform), label);
    m_stack.push(std::move(transform));
    start();
}

void TransformController::pop()
{
    m_stack.pop();
    start();
}

void TransformController::popTo(size_t count)
{
    if (count >= transforms().size())
        return;
    std::vector<Transform> kept(transforms().begin(), transforms().begin() + ptrdiff_t(count));
    m_stack.setTransforms(std::move(kept));
    start();
}

void TransformController::remove(size_t index)
{
    m_stack.remove(index);
    start();
}

void TransformController::setEnabled(size_t index, bool enabled)
{
    m_stack.setEnabled(index, enabled);
    start();
}

void TransformController::undo()
{
    m_stack.undo();
    start();
}

void TransformController::redo()
{
    m_stack.redo();
    start();
}

void TransformController::start()
{
    if (m_cancel)
        *m_cancel = true; // superseded
    ++m_generation;
    if (!m_base) {
        m_running = false;
        emit changed();
        return;
    }
    auto job = std::make_shared<Job>();
    job->stack = m_stack;
    job->base = m_base;
    job->column = m_column;
    job->inverted = m_inverted;
    job->previous = m_shown;
    job->cancel = m_cancel = std::make_shared<std::atomic_bool>(false);
    job->generation = m_generation;
    m_running = true;
    emit changed();

    auto *watcher = new QFutureWatcher<void>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, job] {
        watcher->deleteLater();
        finished(job);
    });
    watcher->setFuture(QtConcurrent::run([job] {
        const std::atomic_bool *cancel = job->cancel.get();
        job->outcome = job->stack.apply(cancel);
        if (job->outcome.cancelled || *cancel)
            return;
        const std::shared_ptr<const StackTable> table = job->stack.result();
        std::shared_ptr<const Capture> shown;
        if (table == job->base->stacks)
            shown = job->base;
        else if (job->previous && job->previous->stacks == table)
            shown = job->previous;
        else
            shown = captureOf(*job->base, table, job->column, job->previous.get(), cancel);
        if (!shown)
            return;
        if (job->inverted) {
            if (*cancel)
                return;
            std::shared_ptr<const StackTable> bottomUp = invertedStackTable(*table, cancel);
            if (!bottomUp)
                return;
            // The same frames: the shown capture's function table serves it.
            auto inverted = std::make_shared<Capture>(*shown);
            inverted->stacks = bottomUp;
            inverted->tree.reset();
            if (job->column >= 0 && size_t(job->column) < bottomUp->columnCount())
                inverted->tree = std::make_shared<const CallTree>(bottomUp, size_t(job->column));
            job->invertedShown = std::move(inverted);
        }
        job->table = table;
        job->shown = std::move(shown);
    }));
}

void TransformController::finished(const std::shared_ptr<Job> &job)
{
    if (job->generation != m_generation)
        return; // superseded
    m_running = false;
    // The worker's copy has the list as it was at start(), which is still the list (any
    // edit since would have started a newer job), and the tables it applied.
    m_stack = std::move(job->stack);
    m_matched = m_stack.matched();
    m_matched.resize(transforms().size(), false);
    m_failedIndex = job->outcome.ok ? -1 : int(job->outcome.failedIndex);
    m_error = job->outcome.ok ? QString() : QString::fromStdString(job->outcome.error);
    if (job->shown) {
        m_shownTable = job->table;
        m_shown = job->shown;
        m_invertedShown = m_inverted ? job->invertedShown : nullptr;
        emit resultReady(job->shown);
    }
    emit changed();
}

} // namespace embers
