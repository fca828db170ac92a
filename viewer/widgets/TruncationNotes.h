// TruncationNotes: what a flame graph's tooltip says about stacks cut at their producer's
// depth limit (TruncatedStacks.h). Found once per call tree, on the first question.
#pragma once

#include "CallTree.h"
#include "TruncatedStacks.h"

#include <QCoreApplication>
#include <QString>

#include <memory>

namespace embers {

class TruncationNotes
{
    Q_DECLARE_TR_FUNCTIONS(embers::TruncationNotes)
public:
    // Empty when no cut stack passes through `node` alone.
    QString note(const std::shared_ptr<const CallTree> &tree, uint32_t node);

private:
    std::weak_ptr<const CallTree> m_tree;
    StackTruncation m_truncation;
};

} // namespace embers
