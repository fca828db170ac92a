// FlameToolTip: what a flame graph box's tooltip says. A frame's function, file and line,
// address, whether it was inlined, a caller's note (e.g. an approximate source-map
// remap); its total and self with their shares of the profile (and of the focus, under
// it); the stacks cut at the producer's depth limit it stands for; and the count column's
// value (e.g. samples) when another column is shown. In a comparison: before -> after,
// the change, the shares, and whether it is beyond sampling noise.
#pragma once

#include "DiffTree.h"
#include "FlamePainter.h"
#include "TruncationNotes.h"

#include <QCoreApplication>
#include <QString>

#include <functional>
#include <memory>

namespace embers {

class FlameToolTip
{
    // The flame graph view's words, where translators know them.
    Q_DECLARE_TR_FUNCTIONS(embers::FlameGraphView)

public:
    // Boxes are named as the painter labels them (the root's label, frames' names).
    explicit FlameToolTip(const FlamePainter &names) : m_names(names) {}

    // The shown tree, and the comparison whose new capture it is (null for none). A
    // count tree the tooltip built for the previous tree is dropped; one that was set
    // stays.
    void setTree(std::shared_ptr<const CallTree> tree, std::shared_ptr<const DiffTree> diff);
    // The tree of a count column (e.g. "samples"); see FlameGraphView::setCountTree.
    void setCountTree(std::shared_ptr<const CallTree> countTree);
    // The root's first line; empty for "root (the whole profile)".
    void setRootDescription(const QString &description) { m_rootDescription = description; }
    void setFrameNote(std::function<QString(const StackTable &, uint32_t frame)> note)
    {
        m_frameNote = std::move(note);
    }

    // A node's tooltip as plain text lines ("" for none); shares of `focus` for the
    // focus and what is under it.
    QString text(quint32 node, quint32 focus) const;
    // An "others" box's: the small frames it stands for and what they weigh together.
    QString othersText(const FlameBox &box, int64_t weight) const;

private:
    QString diffText(quint32 node) const;
    const CallTree *countTree() const;

    const FlamePainter &m_names;
    std::shared_ptr<const CallTree> m_tree;
    std::shared_ptr<const DiffTree> m_diff;
    QString m_rootDescription;
    std::function<QString(const StackTable &, uint32_t)> m_frameNote;
    mutable std::shared_ptr<const CallTree> m_countTree;
    mutable bool m_countTreeResolved = false;
    bool m_countTreeSetByUser = false;
    mutable TruncationNotes m_truncation; // cut stacks
};

} // namespace embers
