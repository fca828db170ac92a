#include "RewrittenStacks.h"

#include "LargeArrays.h"
#include "TrieCompaction.h"

namespace embers {

namespace {
// Below this many stacks, one thread sums the values.
constexpr size_t kParallelStacks = 65536;
} // namespace

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

    // Each output node with stacks gets their values summed: the sources' values are read
    // in output order, scattered (fetched ahead). Two threads take a half each, cut
    // between output nodes.
    const size_t columns = in.columnCount();
    size_t cut = absorbed.size() / 2;
    while (cut > 0 && cut < absorbed.size() && absorbed[cut].out == absorbed[cut - 1].out)
        ++cut;
    // How many output nodes the absorbed stacks [from, to) go to.
    auto outputs = [&](size_t from, size_t to) {
        size_t count = 0;
        for (size_t k = from; k < to; ++k)
            count += k == from || absorbed[k].out != absorbed[k - 1].out;
        return count;
    };
    const size_t stacksBeforeCut = outputs(0, cut);
    const size_t stacks = stacksBeforeCut + outputs(cut, absorbed.size());
    out.stackNodes.clear();
    out.stackValues.clear();
    reserveLarge(out.stackNodes, stacks);
    reserveLarge(out.stackValues, stacks * columns);
    out.stackNodes.resize(stacks);
    out.stackValues.resize(stacks * columns);
    const int64_t *values = in.stackValues.data();
    auto sum = [&](size_t from, size_t to, size_t stack) {
        constexpr size_t kValuesAhead = 16;
        int64_t *into = out.stackValues.data() + stack * columns;
        for (size_t k = from; k < to; ++stack, into += columns) {
            if (k + kValuesAhead < to)
                __builtin_prefetch(values + size_t(absorbed[k + kValuesAhead].stack) * columns);
            const uint32_t node = absorbed[k].out;
            out.stackNodes[stack] = node;
            const int64_t *first = values + size_t(absorbed[k].stack) * columns;
            std::copy(first, first + columns, into);
            for (++k; k < to && absorbed[k].out == node; ++k) {
                const int64_t *v = values + size_t(absorbed[k].stack) * columns;
                for (size_t c = 0; c < columns; ++c)
                    into[c] = addSaturating(into[c], v[c]);
            }
        }
    };
    if (absorbed.size() < kParallelStacks) {
        sum(0, absorbed.size(), 0);
    } else {
        inParallel([&] { sum(0, cut, 0); }, [&] { sum(cut, absorbed.size(), stacksBeforeCut); });
    }

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
