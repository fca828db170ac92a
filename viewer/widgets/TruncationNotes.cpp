#include "TruncationNotes.h"

namespace embers {

QString TruncationNotes::note(const std::shared_ptr<const CallTree> &tree, uint32_t node)
{
    if (!tree)
        return {};
    if (m_tree.lock() != tree) {
        m_tree = tree;
        m_truncation = detectTruncation(tree->stacks());
    }
    if (!m_truncation.any() || node >= m_truncation.node.size() || !m_truncation.node[node])
        return {};
    if (node == m_truncation.groupNode)
        return tr("Stacks truncated at %1 frames by the profiler: their real roots are unknown")
            .arg(m_truncation.limit);
    return tr("Stack truncated at %1 frames: its real root is unknown").arg(m_truncation.limit);
}

} // namespace embers
