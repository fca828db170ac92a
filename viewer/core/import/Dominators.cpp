#include "Dominators.h"

namespace embers {

DominatorTree computeDominators(std::span<const uint64_t> offsets,
                                std::span<const uint32_t> targets, uint32_t root,
                                const std::atomic<bool> *cancel)
{
    constexpr uint32_t kNone = DominatorTree::kNone;
    DominatorTree tree;
    const uint32_t n = uint32_t(offsets.size() - 1);
    auto stopped = [&] {
        tree.cancelled = cancel && cancel->load(std::memory_order_relaxed);
        return tree.cancelled;
    };

    // Depth-first numbering, iterative; the nodes the root misses start trees of their own
    // under it (a virtual edge from the root). Below, everything is in DFS numbers.
    std::vector<uint32_t> number(n, kNone), vertex, parent;
    vertex.reserve(n);
    parent.reserve(n);
    std::vector<std::pair<uint32_t, uint64_t>> stack; // node, next edge
    auto visit = [&](uint32_t start, uint32_t startParent) {
        number[start] = uint32_t(vertex.size());
        vertex.push_back(start);
        parent.push_back(startParent);
        stack.emplace_back(start, offsets[start]);
        while (!stack.empty()) {
            auto &[v, next] = stack.back();
            if (next == offsets[v + 1]) {
                stack.pop_back();
                continue;
            }
            const uint32_t w = targets[next++];
            if (number[w] != kNone)
                continue;
            const uint32_t from = number[v];
            number[w] = uint32_t(vertex.size());
            vertex.push_back(w);
            parent.push_back(from);
            stack.emplace_back(w, offsets[w]);
        }
    };
    visit(root, 0);
    const uint32_t reached = uint32_t(vertex.size());
    std::vector<uint32_t> orphanRoots; // in DFS numbers: the virtual edges' ends
    for (uint32_t v = 0; v < n; ++v) {
        if (number[v] == kNone) {
            orphanRoots.push_back(uint32_t(vertex.size()));
            visit(v, 0);
        }
    }
    tree.unreachable = n - reached;
    if (stopped())
        return tree;

    // Predecessors in DFS numbers, as lists: the graph's edges reversed, and the root
    // before each orphan.
    std::vector<uint64_t> predOffsets(size_t(n) + 1, 0);
    for (uint32_t v = 0; v < n; ++v) {
        for (uint64_t e = offsets[v]; e < offsets[v + 1]; ++e)
            ++predOffsets[number[targets[e]] + 1];
    }
    for (const uint32_t o : orphanRoots)
        ++predOffsets[o + 1];
    for (uint32_t k = 0; k < n; ++k)
        predOffsets[k + 1] += predOffsets[k];
    std::vector<uint32_t> preds(predOffsets[n]);
    {
        std::vector<uint64_t> fill(predOffsets.begin(), predOffsets.end() - 1);
        for (uint32_t v = 0; v < n; ++v) {
            for (uint64_t e = offsets[v]; e < offsets[v + 1]; ++e)
                preds[fill[number[targets[e]]]++] = number[v];
        }
        for (const uint32_t o : orphanRoots)
            preds[fill[o]++] = 0;
    }
    if (stopped())
        return tree;

    std::vector<uint32_t> semi(n), label(n), ancestor(n, kNone), idom(n, kNone);
    std::vector<uint32_t> bucketHead(n, kNone), bucketNext(n, kNone);
    for (uint32_t k = 0; k < n; ++k)
        semi[k] = label[k] = k;
    std::vector<uint32_t> path;
    // The node of least semidominator on k's path in the forest, compressing the path.
    auto eval = [&](uint32_t k) {
        if (ancestor[k] == kNone)
            return k;
        uint32_t x = k;
        path.clear();
        while (ancestor[ancestor[x]] != kNone) {
            path.push_back(x);
            x = ancestor[x];
        }
        for (size_t i = path.size(); i-- > 0;) {
            const uint32_t y = path[i], a = ancestor[y];
            if (semi[label[a]] < semi[label[y]])
                label[y] = label[a];
            ancestor[y] = ancestor[a];
        }
        return label[k];
    };
    for (uint32_t w = n - 1; w > 0; --w) {
        if ((w & 0xFFFF) == 0 && stopped())
            return tree;
        for (uint64_t p = predOffsets[w]; p < predOffsets[w + 1]; ++p) {
            const uint32_t u = eval(preds[p]);
            if (semi[u] < semi[w])
                semi[w] = semi[u];
        }
        bucketNext[w] = bucketHead[semi[w]];
        bucketHead[semi[w]] = w;
        const uint32_t pw = parent[w];
        ancestor[w] = pw;
        for (uint32_t v = bucketHead[pw]; v != kNone; v = bucketNext[v]) {
            const uint32_t u = eval(v);
            idom[v] = semi[u] < semi[v] ? u : pw;
        }
        bucketHead[pw] = kNone;
    }
    idom[0] = 0;
    for (uint32_t w = 1; w < n; ++w) {
        if (idom[w] != semi[w])
            idom[w] = idom[idom[w]];
    }

    tree.idom.assign(n, kNone);
    for (uint32_t k = 0; k < n; ++k)
        tree.idom[vertex[k]] = vertex[idom[k]];
    tree.order = std::move(vertex);
    return tree;
}

} // namespace embers
