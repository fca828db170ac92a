#include "TransformController.h"

#include "BackgroundJob.h"
#include "InvertedStacks.h"
#include "MappedTransform.h"

namespace embers {

// What a worker takes (a copy of the stack, so the GUI's can change meanwhile) and gives
// back (the stack with its new tables and caches, and the capture to show).
struct TransformController::Job
{
    TransformStack stack;
    std::shared_ptr<const Capture> base;
    SampleType sampleType;
    bool inverted = false;
    std::shared_ptr<const Capture> previous; // the last result, reused when still right

    TransformStack::Outcome outcome;
    std::shared_ptr<const StackTable> table;
    std::shared_ptr<const Capture> shown; // null when cancelled
    std::shared_ptr<const Capture> invertedShown;

    void run(const std::atomic_bool *cancel);
};

void TransformController::Job::run(const std::atomic_bool *cancel)
{
    outcome = stack.apply(cancel);
    if (outcome.cancelled || *cancel)
        return;
    const std::shared_ptr<const StackTable> result = stack.result();
    std::shared_ptr<const Capture> made;
    if (result == base->stacks)
        made = base;
    else if (previous && previous->stacks == result)
        made = previous;
    else
        made = derivedCapture(*base, result, sampleType, previous.get(), cancel);
    if (!made)
        return;
    if (inverted) {
        if (*cancel)
            return;
        std::shared_ptr<const StackTable> bottomUp = invertedStackTable(*result, cancel);
        if (!bottomUp)
            return;
        // The same frames: the shown capture's function table serves it.
        auto bottomUpCapture = std::make_shared<Capture>(*made);
        bottomUpCapture->stacks = bottomUp;
        bottomUpCapture->tree.reset();
        if (sampleType.isIn(*bottomUp))
            bottomUpCapture->tree = std::make_shared<const CallTree>(bottomUp, sampleType.column());
        invertedShown = std::move(bottomUpCapture);
    }
    table = result;
    shown = std::move(made);
}

TransformController::TransformController(QObject *parent)
    : QObject(parent), m_job(new BackgroundJob(this))
{}

bool TransformController::isBusy() const
{
    return m_job->isRunning();
}

bool TransformController::setBase(std::shared_ptr<const Capture> base, SampleType type)
{
    m_sampleType = type;
    const bool same = base == m_base;
    m_base = std::move(base);
    m_stack.setSource(m_base ? m_base->stacks : nullptr);
    const bool anyEnabled = std::any_of(transforms().begin(), transforms().end(),
                                        [](const Transform &t) { return t.enabled; });
    if (!m_base || (!anyEnabled && !m_inverted)) {
        m_job->cancel();
        m_shownTable = m_base ? m_base->stacks : nullptr;
        m_shown = m_base;
        m_invertedShown.reset();
        m_matched.assign(transforms().size(), false);
        m_failedIndex = -1;
        m_error.clear();
        emit changed();
        return false;
    }
    if (same && m_shown && !isBusy()) {
        emit resultReady(m_shown);
        return true;
    }
    if (!same || !isBusy())
        start();
    return true;
}

void TransformController::clear()
{
    m_job->cancel();
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
    if (!m_base) {
        m_job->cancel();
        emit changed();
        return;
    }
    auto job = std::make_shared<Job>();
    job->stack = m_stack;
    job->base = m_base;
    job->sampleType = m_sampleType;
    job->inverted = m_inverted;
    job->previous = m_shown;
    // A newer edit supersedes this run: it stops, and what it made is dropped.
    m_job->run(
        [job](JobControl &control) {
            job->run(control.cancelFlag());
            return job;
        },
        [this](const std::shared_ptr<Job> &done) { finished(*done); });
    emit changed();
}

void TransformController::finished(Job &job)
{
    // The worker's copy has the list as it was at start(), which is still the list (any
    // edit since would have started a newer job), and the tables it applied.
    m_stack = std::move(job.stack);
    m_matched = m_stack.matched();
    m_matched.resize(transforms().size(), false);
    m_failedIndex = job.outcome.ok ? -1 : int(job.outcome.failedIndex);
    m_error = job.outcome.ok ? QString() : QString::fromStdString(job.outcome.error);
    if (job.shown) {
        m_shownTable = job.table;
        m_shown = job.shown;
        m_invertedShown = m_inverted ? job.invertedShown : nullptr;
        emit resultReady(job.shown);
    }
    emit changed();
}

} // namespace embers
