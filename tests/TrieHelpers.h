// Helpers for tests of derived StackTables: the trie's invariants, and its stacks as
// folded text ("main;a;b" -> value) to compare with what a brute-force pass over the
// source stacks gives.
#pragma once

#include "StackTable.h"

#include <QString>

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace embers::test {

// "" when the table is a well-formed trie (as StackTable::build makes them), else what
// is wrong: breadth-first with contiguous children, siblings with distinct frames,
// stacks ascending, values for every stack, every leaf a stack.
inline QString trieProblems(const StackTable &t)
{
    const size_t n = t.nodeCount();
    if (n == 0 || t.nodeFrames.size() != n || t.nodeChildBegin.size() != n + 1)
        return QStringLiteral("array sizes");
    if (t.nodeParents[0] != StackTable::kRoot || t.nodeChildBegin[0] != 1 ||
        t.nodeChildBegin[n] != n)
        return QStringLiteral("root or sentinel");
    for (uint32_t node = 0; node < n; ++node) {
        if (t.nodeChildBegin[node] > t.nodeChildBegin[node + 1])
            return QStringLiteral("child ranges decrease at %1").arg(node);
        std::vector<uint32_t> frames;
        for (uint32_t c = t.firstChild(node); c < t.childEnd(node); ++c) {
            if (t.nodeParent(c) != node)
                return QStringLiteral("node %1 is not a child of %2").arg(c).arg(node);
            frames.push_back(t.nodeFrame(c));
        }
        std::sort(frames.begin(), frames.end());
        if (std::adjacent_find(frames.begin(), frames.end()) != frames.end())
            return QStringLiteral("two children of %1 share a frame").arg(node);
        if (node > 0 && (t.nodeFrame(node) & kFrameMask) >= t.frameCount())
            return QStringLiteral("node %1 has no frame").arg(node);
    }
    if (t.stackValues.size() != t.stackCount() * t.columnCount())
        return QStringLiteral("stack values");
    std::vector<uint8_t> isStack(n, 0);
    for (size_t s = 0; s < t.stackCount(); ++s) {
        if (s > 0 && t.stackNodes[s] <= t.stackNodes[s - 1])
            return QStringLiteral("stacks not ascending");
        if (t.stackNodes[s] >= n)
            return QStringLiteral("stack beyond the nodes");
        isStack[t.stackNodes[s]] = 1;
    }
    for (uint32_t node = 1; node < n; ++node) {
        if (t.firstChild(node) == t.childEnd(node) && !isStack[node])
            return QStringLiteral("leaf %1 ends no stack").arg(node);
    }
    return {};
}

// A frame as text: its name, with "+" when inlined into its caller.
inline std::string frameText(const StackTable &t, uint32_t frame)
{
    return t.frameName(frame & kFrameMask) + ((frame & kInlineBit) ? "+" : "");
}

inline std::string foldedPath(const StackTable &t, const std::vector<uint32_t> &frames)
{
    std::string path;
    for (uint32_t f : frames) {
        if (!path.empty())
            path += ';';
        path += frameText(t, f);
    }
    return path;
}

// Every stack of the table as "root;...;leaf" -> its value in one column.
inline std::map<std::string, int64_t> foldedStacks(const StackTable &t, size_t column)
{
    std::map<std::string, int64_t> out;
    std::vector<uint32_t> frames;
    for (size_t s = 0; s < t.stackCount(); ++s) {
        t.stackFrames(s, frames);
        out[foldedPath(t, frames)] += t.value(s, column);
    }
    return out;
}

inline QString describe(const std::map<std::string, int64_t> &stacks)
{
    QString out;
    for (const auto &[path, value] : stacks)
        out += QStringLiteral("\n  %1 = %2").arg(QString::fromStdString(path)).arg(value);
    return out;
}

// Whether two tables hold the same trie node for node, with the same stacks and values.
inline bool sameTrie(const StackTable &a, const StackTable &b)
{
    return a.nodeParents == b.nodeParents && a.nodeFrames == b.nodeFrames &&
           a.nodeChildBegin == b.nodeChildBegin && a.stackNodes == b.stackNodes &&
           a.stackValues == b.stackValues;
}

// The shape of randomTrie's tries.
struct TrieShape
{
    uint32_t nodes = 2000;   // about this many
    uint32_t functions = 12; // few: siblings often meet once recursion folds
    int recursion = 35;      // percent of children that call their parent's function again
    int inlined = 15;        // percent of frames marked inlined
    int innerStacks = 20;    // percent of inner nodes that end a stack too
    int stacklessLeaves = 0; // percent of leaves that end none (only rewrites that drop make those)
};

// A trie built breadth-first by hand, as StackTable::build lays it out: children distinct
// and sorted by frame (inline bit included), two columns of values.
inline StackTable randomTrie(std::mt19937 &rng, const TrieShape &shape)
{
    StackTable t;
    t.columns = {{"samples", "count"}, {"bytes", "bytes"}};
    t.totals = {0, 0};
    t.frames.resize(shape.functions);
    t.nodeChildBegin.clear();
    std::vector<uint8_t> endsStack{0};
    auto percent = [&rng](int p) { return int(rng() % 100) < p; };
    for (uint32_t node = 0; node < t.nodeCount(); ++node) {
        t.nodeChildBegin.push_back(uint32_t(t.nodeCount()));
        if (t.nodeCount() >= shape.nodes)
            continue; // the rest are leaves
        // Chains mostly (one child), some fan-out, enough for wide levels.
        const uint32_t r = rng() % 10;
        const uint32_t children = node == 0 ? 4 : r < 1 ? 0 : r < 6 ? 1 : 2 + rng() % 3;
        std::vector<uint32_t> frames;
        const uint32_t own = t.nodeFrames[node] & kFrameMask;
        for (uint32_t k = 0; k < children; ++k) {
            uint32_t f = node != 0 && percent(shape.recursion) ? own : rng() % shape.functions;
            if (percent(shape.inlined))
                f |= kInlineBit;
            if (std::find(frames.begin(), frames.end(), f) == frames.end())
                frames.push_back(f);
        }
        std::sort(frames.begin(), frames.end());
        for (uint32_t f : frames) {
            t.nodeParents.push_back(node);
            t.nodeFrames.push_back(f);
            endsStack.push_back(uint8_t(percent(shape.innerStacks)));
        }
    }
    t.nodeChildBegin.push_back(uint32_t(t.nodeCount()));
    for (uint32_t node = 1; node < t.nodeCount(); ++node) {
        const bool leaf = t.firstChild(node) == t.childEnd(node);
        if (leaf ? !percent(shape.stacklessLeaves) : endsStack[node]) {
            t.stackNodes.push_back(node);
            t.stackValues.push_back(int64_t(1 + rng() % 9));
            t.stackValues.push_back(int64_t(rng() % 5000) - 100);
        }
    }
    return t;
}

} // namespace embers::test
