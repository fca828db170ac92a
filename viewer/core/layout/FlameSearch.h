// FlameSearch: marks the call tree's nodes whose frame matches a predicate (a substring
// or a regular expression over the frame's printable name) and sums what they cost.
//
// The matched total counts each stack once: a node adds its total only when none of
// its ancestors matched, so recursion (a -> b -> a) and nested matches (a -> b with
// both matching) are never counted twice. One pass over the nodes, no recursion.
#pragma once

#include "CallTree.h"

#include <QString>

#include <cstdint>
#include <functional>
#include <vector>

namespace embers {

struct FlameSearchResult
{
    enum NodeBits : uint8_t {
        Matches = 1,    // the node's frame matches
        UnderMatch = 2, // some ancestor's frame matches
    };

    bool valid = false;             // false for an empty pattern or an invalid regular expression
    QString error;                  // why the pattern is invalid
    std::vector<uint8_t> nodeBits;  // per CallTree node: NodeBits
    std::vector<uint8_t> frameBits; // per StackTable frame: 1 when it matches
    int64_t matchedTotal = 0;       // sum of total(n) over outermost matching nodes
    int64_t profileTotal = 0;       // the whole profile's total (the % denominator)
    double matchedPercent = 0;      // matchedTotal / profileTotal, in percent
    size_t matchedFrames = 0;       // distinct matching frames that occur in the tree
    size_t matchedNodes = 0;        // matching nodes (boxes), nested ones included

    bool matches(uint32_t node) const
    {
        return node < nodeBits.size() && (nodeBits[node] & Matches);
    }
    bool isOutermostMatch(uint32_t node) const
    {
        return node < nodeBits.size() && (nodeBits[node] & (Matches | UnderMatch)) == Matches;
    }
};

class FlameSearch
{
public:
    // The whole profile's total in the tree's column, as pprof's percentages use it:
    // the report total (sum of |value|), or |total(root)| when that is zero.
    static int64_t profileTotal(const CallTree &tree);

    // Matches frames by a predicate on the frame index.
    static FlameSearchResult run(const CallTree &tree,
                                 const std::function<bool(uint32_t frame)> &frameMatches);

    // Matches the frame's function name (its printable label when it has no name, e.g.
    // an address): a substring, or a QRegularExpression (unanchored). Both are
    // case-insensitive unless `cs` says otherwise.
    static FlameSearchResult run(const CallTree &tree, const QString &pattern, bool regex,
                                 Qt::CaseSensitivity cs = Qt::CaseInsensitive);
};

} // namespace embers
