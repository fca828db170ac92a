// TruncationNotes: what a flame graph's tooltip says about stacks cut at their producer's
// depth limit (TruncatedStacks.h). They are found once per table, off the GUI thread,
// from the first question on (SharedTruncation.h: the page's toggle asks about the same
// table); until then the tooltip has no note.
#pragma once

#include "CallTree.h"
#include "SharedTruncation.h"

#include <QCoreApplication>
#include <QString>

#include <memory>

namespace embers {

class TruncationNotes
{
    Q_DECLARE_TR_FUNCTIONS(embers::TruncationNotes)
public:
    // Empty when no cut stack passes through `node` alone (or not known yet).
    QString note(const std::shared_ptr<const CallTree> &tree, uint32_t node);

private:
    std::weak_ptr<const CallTree> m_tree;
    std::shared_ptr<const TruncationSearch> m_finding;
    std::shared_ptr<const StackTruncation> m_truncation;
};

} // namespace embers
