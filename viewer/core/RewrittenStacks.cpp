#include "RewrittenStacks.h"

#include "LargeArrays.h"
#include "TrieCompaction.h"

namespace embers {

void startRewrite(StackTable &out, size_t sourceNodes)
{
    out.nodeParents.clear();
    out.nodeFrames.clear();
    out.nodeChildBegin.clear();
    reserveLarge(out.nodeParents, sourceNodes);
    reserveLarge(out.nodeFrames, sourceNodes);
    reserveLarge(out.nodeChildBegin, sourceNodes + 1);
    out.nodeParents.push_back(StackTable::kRoot);
    out.nodeFrames.push_back(StackTable::kNoFrame);
}

void finishRewrite(const StackTable &in, StackTable &out,
                   const std::vector<AbsorbedStack> &absorbed, const std::vector<NodePair> &pairs,
                   bool leftEmpty, std::vector<uint32_t> *outOf)
{
    if (outOf) {
        assignLarge<uint32_t>(*outOf, in.nodeCount(), kNone);
        for (const NodePair &p : pairs)
            (*outOf)[p.in] = p.out;
    }

    // The sources' values are read in output order, scattered: fetched ahead.
    const size_t columns = in.columnCount();
    out.stackNodes.clear();
    out.stackValues.clear();
    reserveLarge(out.stackNodes, absorbed.size());
    reserveLarge(out.stackValues, absorbed.size() * columns);
    out.stackValues.resize(absorbed.size() * columns);
    const int64_t *values = in.stackValues.data();
    int64_t *to = out.stackValues.data();
    constexpr size_t kValuesAhead = 16;
    for (size_t k = 0; k < absorbed.size();) {
        if (k + kValuesAhead < absorbed.size())
            __builtin_prefetch(values + size_t(absorbed[k + kValuesAhead].stack) * columns);
        const uint32_t node = absorbed[k].out;
        out.stackNodes.push_back(node);
        const int64_t *first = values + size_t(absorbed[k].stack) * columns;
        std::copy(first, first + columns, to);
        for (++k; k < absorbed.size() && absorbed[k].out == node; ++k) {
            const int64_t *v = values + size_t(absorbed[k].stack) * columns;
            for (size_t c = 0; c < columns; ++c)
                to[c] = addSaturating(to[c], v[c]);
        }
        to += columns;
    }
    out.stackValues.resize(out.stackNodes.size() * columns);

    if (leftEmpty) {
        std::vector<uint32_t> renumbered;
        pruneEmptyNodes(out, outOf ? &renumbered : nullptr);
        if (outOf) {
            for (uint32_t &node : *outOf) {
                if (node != kNone)
                    node = renumbered[node];
            }
        }
    }
}

} // namespace embers
