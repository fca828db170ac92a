#include "TransformStack.h"

#include <algorithm>

namespace embers {

TransformStack::TransformStack(std::shared_ptr<const StackTable> source, TransformContext context)
    : m_source(std::move(source)), m_context(context)
{}

void TransformStack::setSource(std::shared_ptr<const StackTable> source)
{
    if (source == m_source)
        return;
    m_source = std::move(source);
    m_appliedList.clear();
    m_stages.clear();
    m_matched.clear();
    m_cache.clear();
}

std::shared_ptr<const StackTable> TransformStack::result() const
{
    return m_stages.empty() ? m_source : m_stages.back();
}

void TransformStack::record()
{
    m_history.resize(m_historyAt + 1);
    if (m_history.back() == m_list)
        return;
    m_history.push_back(m_list);
    ++m_historyAt;
}

void TransformStack::push(Transform transform)
{
    m_list.push_back(std::move(transform));
    record();
}

void TransformStack::pop()
{
    if (m_list.empty())
        return;
    m_list.pop_back();
    record();
}

void TransformStack::remove(size_t index)
{
    if (index >= m_list.size())
        return;
    m_list.erase(m_list.begin() + ptrdiff_t(index));
    record();
}

void TransformStack::setEnabled(size_t index, bool enabled)
{
    if (index >= m_list.size() || m_list[index].enabled == enabled)
        return;
    m_list[index].enabled = enabled;
    record();
}

void TransformStack::setTransforms(std::vector<Transform> transforms)
{
    m_list = std::move(transforms);
    record();
}

void TransformStack::undo()
{
    if (!canUndo())
        return;
    m_list = m_history[--m_historyAt];
}

void TransformStack::redo()
{
    if (!canRedo())
        return;
    m_list = m_history[++m_historyAt];
}

TransformStack::Outcome TransformStack::apply(const std::atomic_bool *cancel)
{
    Outcome outcome;
    // The stages before the first changed transform stay.
    size_t same = 0;
    while (same < m_list.size() && same < m_appliedList.size() &&
           m_list[same] == m_appliedList[same])
        ++same;
    m_stages.resize(same);
    m_matched.resize(same);
    m_appliedList.resize(same);
    m_cache.resize(std::max(m_cache.size(), m_list.size()));

    TransformContext context = m_context;
    context.cancel = cancel;
    for (size_t i = same; i < m_list.size(); ++i) {
        const Transform &t = m_list[i];
        const std::shared_ptr<const StackTable> input = i == 0 ? m_source : m_stages[i - 1];
        if (!t.enabled) {
            m_stages.push_back(input);
            m_matched.push_back(false);
            m_appliedList.push_back(t);
            continue;
        }
        std::vector<Cached> &cache = m_cache[i];
        auto hit = std::find_if(cache.begin(), cache.end(), [&](const Cached &c) {
            return c.input == input && c.transform == t;
        });
        if (hit != cache.end()) {
            std::rotate(cache.begin(), hit, hit + 1); // most recent first
            m_stages.push_back(cache.front().output);
            m_matched.push_back(cache.front().matched);
            m_appliedList.push_back(t);
            continue;
        }
        TransformResult r = applyTransform(input, t, context);
        if (!r.table) {
            outcome.ok = false;
            outcome.cancelled = r.cancelled;
            outcome.error = r.error;
            outcome.failedIndex = i;
            return outcome;
        }
        cache.insert(cache.begin(), Cached{input, t, r.table, r.matched});
        if (cache.size() > kCachedPerTransform)
            cache.pop_back();
        m_stages.push_back(r.table);
        m_matched.push_back(r.matched);
        m_appliedList.push_back(t);
    }
    return outcome;
}

} // namespace embers
