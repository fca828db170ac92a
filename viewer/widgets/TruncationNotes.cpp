#include "TruncationNotes.h"

namespace embers {

QString TruncationNotes::note(const std::shared_ptr<const CallTree> &tree, uint32_t node)
{
    if (!tree)
        return {};
    if (m_tree.lock() != tree) {
        m_tree = tree;
        m_truncation.reset();
        m_finding = sharedTruncation(tree->sharedStacks());
    }
    if (!m_truncation) {
        m_truncation = m_finding ? m_finding->result() : nullptr;
        if (!m_truncation)
            return {};
    }
    const StackTruncation &cut = *m_truncation;
    if (!cut.any() || node >= cut.node.size() || !cut.node[node])
        return {};
    if (node == cut.groupNode)
        return tr("Stacks truncated at %1 frames by the profiler: their real roots are unknown")
            .arg(cut.limit);
    return tr("Stack truncated at %1 frames: its real root is unknown").arg(cut.limit);
}

} // namespace embers
