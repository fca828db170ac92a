// FlameLayout: (call tree, focus node, width) -> boxes per depth row, computed once per
// focus or width change and read by every paint and hit test.
//
// - Row 0 holds the root (the whole profile); row d holds frames at depth d. The
//   focused node and its ancestors each fill the whole width; the focused subtree is
//   scaled to the width. Orientation (icicle or flame) is the painter's business.
// - Widths are proportional to a node's weight: the sum of |value| over the stacks in
//   its subtree (pprof's rule), which is total(node) when no value is negative, so diff
//   profiles with negative values lay out without overlaps.
// - Children are left-aligned under their parent (the parent's self cost is the gap on
//   the right), ordered by weight descending, ties by frame name, file, line and then
//   frame index, so the order is stable. Or alphabetically (ChildOrder::ByName), or by
//   sizes given from outside (setOrderWeights): a comparison's panes order siblings by
//   their combined size, so that the same frame sits at the same place in every pane.
//   The culled children are then not always the last ones; their "others" box still
//   comes last.
// - Culling: a child narrower than the minimum box width is not laid out, nor is its
//   subtree. Because children are sorted by width, culled children are always the last
//   ones; they are merged into one "others" box ("(n small frames)", FlameBox::others
//   = n) that keeps their share. When even the merged box is narrower than the minimum
//   it is left out and the share stays a gap. Either way the parent keeps its width.
// - Everything is iterative (no recursion): stacks can be 100,000 frames deep.
#pragma once

#include "CallTree.h"

#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <vector>

namespace embers {

struct FlameBox
{
    uint32_t node = 0;   // the CallTree node; for an "others" box, the parent node
    uint32_t others = 0; // 0 for a frame's box; n for n merged small frames
    double x = 0;        // left edge, in the layout's units (device pixels)
    double width = 0;
};

class FlameLayout
{
public:
    static constexpr uint32_t kNone = 0xFFFFFFFFu;

    enum class ChildOrder {
        BySize, // widest first (ties by name), the default
        ByName, // by frame name, file and line
    };

    FlameLayout() = default;
    explicit FlameLayout(std::shared_ptr<const CallTree> tree);

    // Sets the tree, whose weights it lays out; clears the layout. Copies of a
    // FlameLayout share the weights, so a copy is cheap to lay out again.
    void setTree(std::shared_ptr<const CallTree> tree);
    // The same with weights given per node (a diff lays out |before| + |after|); they
    // must nest: a node's children weigh no more than it does.
    void setTree(std::shared_ptr<const CallTree> tree,
                 std::shared_ptr<const std::vector<int64_t>> weights);
    const std::shared_ptr<const CallTree> &tree() const { return m_tree; }

    // How siblings are ordered; kept across setTree(). Takes effect at the next layout().
    void setChildOrder(ChildOrder order) { m_order = order; }
    ChildOrder childOrder() const { return m_order; }
    // Per node, the sizes ChildOrder::BySize orders by instead of the weights (null: the
    // weights). setTree() clears them.
    void setOrderWeights(std::shared_ptr<const std::vector<int64_t>> weights)
    {
        m_orderWeights = std::move(weights);
    }
    // Per node, the sum of the layouts' weights (for setOrderWeights); their trees must
    // have the same nodes (one table, other columns).
    static std::shared_ptr<const std::vector<int64_t>>
    combinedWeights(const std::vector<const FlameLayout *> &layouts);

    // Lays out the subtree of `focus` in `width` units (device pixels), culling boxes
    // narrower than `minBoxWidth`. Boxes entirely outside [clipBegin, clipEnd) are left
    // out with their subtrees (positions are unchanged): when zoomed far in, only the
    // part around the viewport is laid out, so the cost stays proportional to what can
    // be seen. The focus path rows are always laid out.
    void layout(uint32_t focus, double width, double minBoxWidth = 1.0,
                double clipBegin = -std::numeric_limits<double>::infinity(),
                double clipEnd = std::numeric_limits<double>::infinity());

    bool isEmpty() const { return m_boxes.empty(); }
    uint32_t focus() const { return m_focus; }
    double width() const { return m_width; }
    double minBoxWidth() const { return m_minBoxWidth; }
    double clipBegin() const { return m_clipBegin; }
    double clipEnd() const { return m_clipEnd; }
    // Width units per value unit of the focused node's weight.
    double scale() const { return m_scale; }

    // The sum of |value| over the stacks in the node's subtree (what widths measure).
    int64_t weight(uint32_t node) const { return m_weight[node]; }

    size_t rowCount() const { return m_rowStart.empty() ? 0 : m_rowStart.size() - 1; }
    size_t boxCount() const { return m_boxes.size(); }
    // The boxes of one row, ordered by x, non-overlapping.
    std::span<const FlameBox> row(size_t depth) const
    {
        return {m_boxes.data() + m_rowStart[depth], m_boxes.data() + m_rowStart[depth + 1]};
    }
    // The first row index of a box in boxes(); boxes are stored row after row.
    size_t rowBegin(size_t depth) const { return m_rowStart[depth]; }
    std::span<const FlameBox> boxes() const { return m_boxes; }

    // The box under x in a row, or nullptr over a gap or outside the rows.
    const FlameBox *boxAt(size_t row, double x) const;
    // The node under (row, x): kNone over a gap, an "others" box or outside.
    uint32_t nodeAt(size_t row, double x) const;
    // The index (into boxes()) of the first box of a row whose right edge is past x,
    // for painting a range of x. Returns rowBegin(row + 1) when there is none.
    size_t firstBoxFrom(size_t row, double x) const;

    // Where a node's box is: its row, and its index in boxes(); false when the node is
    // not laid out (culled, or outside the focused subtree and its ancestors).
    bool findBox(uint32_t node, size_t *row, size_t *index) const;

    // The weight an "others" box stands for (the sum of its frames' weights).
    int64_t othersWeight(const FlameBox &box) const;

    // The focused node's path, root first.
    std::vector<uint32_t> focusPath() const;

private:
    bool childBefore(uint32_t a, uint32_t b) const;
    bool nameBefore(uint32_t a, uint32_t b) const;

    std::shared_ptr<const CallTree> m_tree;
    // The tree's own weights, or given ones kept alive by m_weightOwner; shared between
    // copies, so copying a layout (e.g. to render an export at another width) is cheap.
    std::span<const int64_t> m_weight;
    std::shared_ptr<const std::vector<int64_t>> m_weightOwner;
    std::shared_ptr<const std::vector<int64_t>> m_orderWeights;
    ChildOrder m_order = ChildOrder::BySize;
    uint32_t m_focus = CallTree::kRoot;
    double m_width = 0;
    double m_minBoxWidth = 1.0;
    double m_clipBegin = 0, m_clipEnd = 0;
    double m_scale = 0;
    std::vector<FlameBox> m_boxes;
    std::vector<size_t> m_rowStart;
    std::vector<uint32_t> m_scratch;
};

} // namespace embers
