// TransformStack: the transforms the user applied to a capture, in order, as the window
// shows them (chips that can be toggled, popped or removed, every edit undoable). The
// table after each transform is kept, so that an edit re-applies only from the first
// transform it changed; the last two results at each position are kept too, so that
// toggling a transform off and on, or undo and redo, reuse them.
//
// Not thread-safe, but cheap to copy (tables are shared, immutable): a window applies a
// copy on a worker thread with a cancel flag and takes the copy back when it is done.
#pragma once

#include "Transform.h"

#include <atomic>
#include <memory>
#include <string>
#include <vector>

namespace embers {

class TransformStack
{
public:
    explicit TransformStack(std::shared_ptr<const StackTable> source = {},
                            TransformContext context = {});

    const std::shared_ptr<const StackTable> &source() const { return m_source; }
    // Another source (the window's capture without V8 pseudo-frames...): the list and its
    // history stay, the tables applied so far are dropped (apply() starts over).
    void setSource(std::shared_ptr<const StackTable> source);
    const std::vector<Transform> &transforms() const { return m_list; }
    // The table after the enabled transforms as last applied (the source before that).
    std::shared_ptr<const StackTable> result() const;
    // Per transform as last applied: whether it found anything to act on.
    const std::vector<bool> &matched() const { return m_matched; }
    // Whether the list changed since the last apply().
    bool pending() const { return m_list != m_appliedList; }

    // Edits; each is an undo step. None applies anything: call apply().
    void push(Transform transform);
    void pop();
    void remove(size_t index);
    void setEnabled(size_t index, bool enabled);
    void setTransforms(std::vector<Transform> transforms);
    bool canUndo() const { return m_historyAt > 0; }
    bool canRedo() const { return m_historyAt + 1 < m_history.size(); }
    void undo();
    void redo();

    struct Outcome
    {
        bool ok = true;
        bool cancelled = false;
        std::string error;
        size_t failedIndex = 0; // the transform that failed
    };
    // Applies the list from the first transform that changed since the last apply. On
    // error or cancel the tables applied so far stay, and result() is the last good one.
    Outcome apply(const std::atomic_bool *cancel = nullptr);

private:
    struct Cached
    {
        std::shared_ptr<const StackTable> input;
        Transform transform; // enabled
        std::shared_ptr<const StackTable> output;
        bool matched = false;
    };
    static constexpr size_t kCachedPerTransform = 2;

    void record();

    std::shared_ptr<const StackTable> m_source;
    TransformContext m_context;
    std::vector<Transform> m_list;
    std::vector<Transform> m_appliedList;
    std::vector<std::shared_ptr<const StackTable>> m_stages; // after each applied transform
    std::vector<bool> m_matched;
    std::vector<std::vector<Cached>> m_cache; // per position, most recent first
    std::vector<std::vector<Transform>> m_history{{}};
    size_t m_historyAt = 0;
};

} // namespace embers
