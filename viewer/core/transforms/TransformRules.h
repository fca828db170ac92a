// TransformRules: how each kind of transform is applied, internal to the core.
// applyTransform (Transform.cpp) turns a transform's pattern or picked frames into the
// frames it acts on and calls the rule for its kind, each a rewrite of the source's trie
// or a choice of its stacks. Transform.cpp also makes what the rules share: their
// results (the source unchanged, some of its stacks kept, its trie rewritten).
#pragma once

#include "StackFilter.h"
#include "Transform.h"
#include "TrieRewrite.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace embers::rules {

using TablePtr = std::shared_ptr<const StackTable>;

// A copy of the nodes' own frames: a rewrite's frameOf, to change where the rule says.
std::vector<uint32_t> ownFrames(const StackTable &in);

// Runs rule(begin, end) over the nodes [1, n), in two halves on two threads when there
// are many: for rules that read only the source and write only the nodes they are given.
template <typename Rule> void overNodes(uint32_t n, Rule &&rule)
{
    if (n < (uint32_t(1) << 16)) {
        rule(uint32_t(1), n);
        return;
    }
    const uint32_t half = n / 2;
    inParallel([&] { rule(uint32_t(1), half); }, [&] { rule(half, n); });
}

inline bool cancelledBy(const TransformContext &c)
{
    return c.cancel && c.cancel->load(std::memory_order_relaxed);
}

TransformResult failed(std::string error);
TransformResult cancelledResult();
TransformResult unchanged(const TablePtr &source, bool matched);
TransformResult done(StackTable &&t, bool matched);
bool anyUsed(const StackTable &t, const FrameMask &mask);
FrameMask maskOfFrames(const StackTable &t, const std::vector<uint32_t> &frames);
// Carries the samples' labels over to the rewritten table.
void carryLabels(const StackTable &in, StackTable &out, const std::vector<uint32_t> &outOf);
// The rewritten table, with the samples' labels; nullopt when cancelled.
std::optional<StackTable> rewrittenTable(const StackTable &in, StackTable out, TrieRewrite &rw,
                                         const TransformContext &context);
TransformResult rewritten(const StackTable &in, StackTable out, TrieRewrite &rw,
                          const TransformContext &context, bool matched);
// A finished rewrite that records how it came from its source, when that tells its
// function table (StackDerivation); nullopt: it was cancelled.
TransformResult doneDerived(std::optional<StackTable> t, std::optional<StackDerivation> how);
// The stacks whose byte is set (new values when given), and each node's new index.
std::optional<StackTable> keepStacks(const StackTable &in, const std::vector<uint8_t> &keep,
                                     const std::vector<int64_t> *values,
                                     const TransformContext &context,
                                     std::vector<uint32_t> *renumbered);
// The source with only the stacks whose byte is set (new values when given).
TransformResult keptStacks(const TablePtr &source, const std::vector<uint8_t> &keep,
                           const std::vector<int64_t> *values, const TransformContext &context,
                           bool matched);

// FrameTransforms.cpp: the stacks through some frames kept or dropped, frames removed,
// stacks started from a frame or a call path.
TransformResult throughFrames(const TablePtr &source, const FrameMask &mask, bool keepThrough,
                              bool dropEmpty, const TransformContext &context);
TransformResult removeFrames(const TablePtr &source, const FrameMask &removed, bool dropEmpty,
                             const TransformContext &context, bool fewRemoved = true);
TransformResult startFrom(const TablePtr &source, const FrameMask &mask, bool cutLocations,
                          const TransformContext &context);
TransformResult focusSubtree(const TablePtr &source, const std::vector<uint32_t> &path,
                             const TransformContext &context);

// CollapseTransforms.cpp: recursion collapsed, and runs of a file's, package's or
// binary's frames.
TransformResult collapseDirectRecursion(const TablePtr &source, const std::vector<uint32_t> &only,
                                        const TransformContext &context);
TransformResult collapseRecursion(const TablePtr &source, const std::vector<uint32_t> &functions,
                                  const TransformContext &context);
TransformResult collapseResource(const TablePtr &source, const Transform &transform,
                                 const TransformContext &context);

// LabelTransforms.cpp: the samples' labels, as filters and as frames.
TransformResult filterByLabels(const TablePtr &source, const Transform &transform,
                               const TransformContext &context);
TransformResult rootByLabels(const TablePtr &source, const Transform &transform,
                             const TransformContext &context);
TransformResult leafByLabels(const TablePtr &source, const Transform &transform,
                             const TransformContext &context);

} // namespace embers::rules
