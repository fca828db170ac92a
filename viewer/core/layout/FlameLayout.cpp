#include "FlameLayout.h"

#include <algorithm>

namespace embers {

FlameLayout::FlameLayout(std::shared_ptr<const CallTree> tree)
{
    setTree(std::move(tree));
}

void FlameLayout::setTree(std::shared_ptr<const CallTree> tree)
{
    m_tree = std::move(tree);
    m_weightOwner.reset();
    m_orderWeights.reset();
    m_weight = {};
    m_boxes.clear();
    m_rowStart.clear();
    m_focus = CallTree::kRoot;
    m_scale = 0;
    if (m_tree)
        m_weight = m_tree->weights(); // kept alive by m_tree
}

void FlameLayout::setTree(std::shared_ptr<const CallTree> tree,
                          std::shared_ptr<const std::vector<int64_t>> weights)
{
    setTree(nullptr);
    if (!tree || !weights || weights->size() != tree->nodeCount())
        return;
    m_tree = std::move(tree);
    m_weight = *weights;
    m_weightOwner = std::move(weights);
}

bool FlameLayout::childBefore(uint32_t a, uint32_t b) const
{
    if (m_order == ChildOrder::BySize) {
        const std::span<const int64_t> w =
            m_orderWeights && m_orderWeights->size() == m_weight.size()
                ? std::span<const int64_t>(*m_orderWeights)
                : m_weight;
        if (w[a] != w[b])
            return w[a] > w[b];
    }
    return nameBefore(a, b);
}

bool FlameLayout::nameBefore(uint32_t a, uint32_t b) const
{
    const CallTree &tree = *m_tree;
    const StackTable &t = tree.stacks();
    uint32_t fa = tree.frame(a), fb = tree.frame(b);
    if (fa != fb) {
        const Frame &x = t.frames[fa];
        const Frame &y = t.frames[fb];
        if (int c = t.strings[x.name].compare(t.strings[y.name]))
            return c < 0;
        if (int c = t.strings[x.file].compare(t.strings[y.file]))
            return c < 0;
        if (x.line != y.line)
            return x.line < y.line;
        if (x.address != y.address)
            return x.address < y.address;
        return fa < fb;
    }
    return a < b; // same frame, inlined vs not
}

std::shared_ptr<const std::vector<int64_t>>
FlameLayout::combinedWeights(const std::vector<const FlameLayout *> &layouts)
{
    auto out = std::make_shared<std::vector<int64_t>>();
    for (const FlameLayout *l : layouts) {
        if (out->empty())
            out->assign(l->m_weight.size(), 0);
        if (l->m_weight.size() != out->size())
            return nullptr; // not the same nodes
        for (size_t i = 0; i < out->size(); ++i)
            (*out)[i] = addSaturating((*out)[i], l->m_weight[i]);
    }
    return out;
}

void FlameLayout::layout(uint32_t focus, double width, double minBoxWidth, double clipBegin,
                         double clipEnd)
{
    m_boxes.clear();
    m_rowStart.clear();
    m_width = width;
    m_minBoxWidth = minBoxWidth;
    m_clipBegin = clipBegin;
    m_clipEnd = clipEnd;
    m_scale = 0;
    if (!m_tree || m_tree->nodeCount() == 0 || !(width > 0)) {
        m_focus = CallTree::kRoot;
        return;
    }
    if (focus >= m_tree->nodeCount())
        focus = CallTree::kRoot;
    m_focus = focus;
    const CallTree &tree = *m_tree;

    // The focused node and its ancestors: one full-width box per row.
    for (uint32_t node : focusPath()) {
        m_rowStart.push_back(m_boxes.size());
        m_boxes.push_back({node, 0, 0.0, width});
    }
    const std::span<const int64_t> weight = m_weight;
    const int64_t focusWeight = weight[focus];
    m_scale = focusWeight > 0 ? width / double(focusWeight) : 0.0;
    const double scale = m_scale;

    // Then the focused subtree, one row at a time from the row above.
    size_t begin = m_boxes.size() - 1, end = m_boxes.size();
    while (begin < end && scale > 0) {
        const size_t next = m_boxes.size();
        for (size_t i = begin; i < end; ++i) {
            const FlameBox parent = m_boxes[i]; // a copy: push_back may reallocate
            if (parent.others)
                continue;
            m_scratch.clear();
            int64_t culledWeight = 0;
            uint32_t culled = 0;
            for (uint32_t c = tree.firstChild(parent.node), e = tree.childEnd(parent.node); c < e;
                 ++c) {
                const int64_t w = weight[c];
                if (w == 0)
                    continue;
                if (double(w) * scale >= minBoxWidth) {
                    m_scratch.push_back(c);
                } else {
                    ++culled;
                    culledWeight = addSaturating(culledWeight, w);
                }
            }
            std::sort(m_scratch.begin(), m_scratch.end(),
                      [this](uint32_t a, uint32_t b) { return childBefore(a, b); });
            int64_t offset = 0;
            for (uint32_t c : m_scratch) {
                const int64_t w = weight[c];
                const double x = parent.x + double(offset) * scale, bw = double(w) * scale;
                if (x < clipEnd && x + bw > clipBegin)
                    m_boxes.push_back({c, 0, x, bw});
                offset = addSaturating(offset, w);
            }
            const double x = parent.x + double(offset) * scale;
            const double bw = double(culledWeight) * scale;
            if (culled && bw >= minBoxWidth && x < clipEnd && x + bw > clipBegin)
                m_boxes.push_back({parent.node, culled, x, bw});
        }
        if (m_boxes.size() == next)
            break;
        m_rowStart.push_back(next);
        begin = next;
        end = m_boxes.size();
    }
    m_rowStart.push_back(m_boxes.size());
}

const FlameBox *FlameLayout::boxAt(size_t rowIndex, double x) const
{
    if (rowIndex >= rowCount())
        return nullptr;
    auto boxes = row(rowIndex);
    // The last box starting at or before x.
    auto it = std::upper_bound(boxes.begin(), boxes.end(), x,
                               [](double v, const FlameBox &b) { return v < b.x; });
    if (it == boxes.begin())
        return nullptr;
    --it;
    if (x < it->x + it->width)
        return &*it;
    return nullptr;
}

uint32_t FlameLayout::nodeAt(size_t rowIndex, double x) const
{
    const FlameBox *b = boxAt(rowIndex, x);
    return b && !b->others ? b->node : kNone;
}

size_t FlameLayout::firstBoxFrom(size_t rowIndex, double x) const
{
    if (rowIndex >= rowCount())
        return m_boxes.size();
    auto boxes = row(rowIndex);
    auto it = std::partition_point(boxes.begin(), boxes.end(),
                                   [x](const FlameBox &b) { return b.x + b.width <= x; });
    return m_rowStart[rowIndex] + size_t(it - boxes.begin());
}

bool FlameLayout::findBox(uint32_t node, size_t *rowOut, size_t *indexOut) const
{
    if (!m_tree || node >= m_tree->nodeCount() || m_boxes.empty())
        return false;
    std::vector<uint32_t> path;
    for (uint32_t n = node;; n = m_tree->parent(n)) {
        path.push_back(n);
        if (n == CallTree::kRoot)
            break;
    }
    std::reverse(path.begin(), path.end());
    if (path.size() > rowCount())
        return false;
    // Rows down to the focus hold exactly the focus path.
    size_t index = m_rowStart[0];
    for (size_t d = 0; d < path.size(); ++d) {
        if (d > 0) {
            // The children of the box above start at its left edge.
            const FlameBox &above = m_boxes[index];
            const double right = above.x + above.width;
            size_t i = firstBoxFrom(d, above.x);
            const size_t e = m_rowStart[d + 1];
            while (i < e && m_boxes[i].x < right &&
                   (m_boxes[i].others || m_boxes[i].node != path[d]))
                ++i;
            if (i >= e || m_boxes[i].x >= right)
                return false;
            index = i;
        } else if (m_boxes[index].node != path[0]) {
            return false;
        }
    }
    if (rowOut)
        *rowOut = path.size() - 1;
    if (indexOut)
        *indexOut = index;
    return true;
}

int64_t FlameLayout::othersWeight(const FlameBox &box) const
{
    if (!box.others || !m_tree)
        return 0;
    const std::span<const int64_t> weight = m_weight;
    int64_t sum = 0;
    for (uint32_t c = m_tree->firstChild(box.node), e = m_tree->childEnd(box.node); c < e; ++c) {
        const int64_t w = weight[c];
        if (w != 0 && double(w) * m_scale < m_minBoxWidth)
            sum = addSaturating(sum, w);
    }
    return sum;
}

std::vector<uint32_t> FlameLayout::focusPath() const
{
    std::vector<uint32_t> path;
    if (!m_tree)
        return path;
    for (uint32_t n = m_focus;; n = m_tree->parent(n)) {
        path.push_back(n);
        if (n == CallTree::kRoot)
            break;
    }
    std::reverse(path.begin(), path.end());
    return path;
}

} // namespace embers
