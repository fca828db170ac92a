#include "DiffTree.h"

#include "SamplingNoise.h"

#include <cmath>
#include <limits>

namespace embers {

namespace {

int64_t magnitude(int64_t v)
{
    return v < 0 ? (v == INT64_MIN ? INT64_MAX : -v) : v;
}

// The fewest samples whose split can be significant at level q: below it even the most
// extreme split (all in one capture) is likelier than q.
int64_t fewestTestable(double p, double q)
{
    return int64_t(std::ceil(std::log(q) / std::log(std::max(p, 1 - p))));
}

} // namespace

int sampleCountColumn(const StackTable &stacks, size_t /*shownColumn*/)
{
    // Only raw sample counts follow the binomial model; counts such as alloc_objects
    // of a heap profile are scaled estimates, and would make the test overconfident.
    for (size_t c = 0; c < stacks.columnsPerGroup(); ++c) {
        const SampleColumn &col = stacks.columns[c];
        if (col.unit == "count" && (col.type == "samples" || col.type == "sample"))
            return int(c);
    }
    return -1;
}

DiffTree::DiffTree(std::shared_ptr<const StackTable> stacks, size_t column, bool normalize)
    : m_stacks(std::move(stacks)), m_column(column), m_normalize(normalize)
{
    const StackTable &t = *m_stacks;
    const size_t perGroup = t.columnsPerGroup();
    const size_t newColumn = perGroup + column;
    m_countColumn = sampleCountColumn(t, column);
    const bool countsApart = m_countColumn >= 0 && size_t(m_countColumn) != column;
    // The totals of each capture (and the sample counts, for the noise test), two at a
    // time: each is a pass over every node.
    std::shared_ptr<const CallTree> baseCounts, newCounts;
    inParallel(
        [&] {
            m_before = std::make_shared<const CallTree>(m_stacks, column);
            if (countsApart)
                baseCounts = std::make_shared<const CallTree>(m_stacks, size_t(m_countColumn));
        },
        [&] {
            m_after = std::make_shared<const CallTree>(m_stacks, newColumn);
            if (countsApart)
                newCounts =
                    std::make_shared<const CallTree>(m_stacks, perGroup + size_t(m_countColumn));
        });
    if (!countsApart) {
        baseCounts = m_before;
        newCounts = m_after;
    }
    m_baseTotal = t.totals[column];
    m_newTotal = t.totals[newColumn];
    m_scale = baseScaleFor(m_baseTotal, m_newTotal, normalize);

    // Weights: |before| + |after| of each stack, added up the trie (children follow
    // their parents in breadth-first order, so one backward pass does it).
    auto weights = std::make_shared<std::vector<int64_t>>(t.nodeCount(), 0);
    std::vector<int64_t> &w = *weights;
    for (size_t s = 0; s < t.stackCount(); ++s) {
        const int64_t v =
            addSaturating(magnitude(scaled(t.value(s, column))), magnitude(t.value(s, newColumn)));
        w[t.stackNodes[s]] = addSaturating(w[t.stackNodes[s]], v);
    }
    for (size_t node = w.size(); node-- > 1;) {
        int64_t &to = w[t.nodeParent(uint32_t(node))];
        to = addSaturating(to, w[node]);
    }
    m_weights = std::move(weights);
    for (uint32_t node = 1; node < t.nodeCount(); ++node)
        m_maxAbsDelta = std::max(m_maxAbsDelta, magnitude(delta(node)));

    // The noise test, on sample counts.
    if (m_countColumn < 0)
        return;
    const int64_t baseN = baseCounts->total(CallTree::kRoot);
    const int64_t newN = newCounts->total(CallTree::kRoot);
    if (baseN <= 0 || newN <= 0)
        return;
    const double q = 0.05;
    const double p = noise::expectedNewFraction(baseN, newN, normalize);
    m_pValue.assign(t.nodeCount(), 1.0f);
    const int64_t fewest = fewestTestable(p, q);
    struct Half
    {
        std::vector<double> candidates;
        size_t tested = 0;
    } halves[2];
    auto test = [&](uint32_t begin, uint32_t end, Half &h) {
        for (uint32_t node = begin; node < end; ++node) {
            const int64_t b = baseCounts->total(node), n = newCounts->total(node);
            if (b + n <= 0)
                continue;
            ++h.tested;
            if (b + n < fewest)
                continue;
            const double pv = noise::changePValue(b, n, p);
            m_pValue[node] = float(pv);
            if (pv <= q)
                h.candidates.push_back(pv);
        }
    };
    const uint32_t nodes = uint32_t(t.nodeCount()), middle = nodes / 2;
    inParallel([&] { test(0, middle, halves[0]); }, [&] { test(middle, nodes, halves[1]); });
    std::vector<double> candidates = std::move(halves[0].candidates);
    candidates.insert(candidates.end(), halves[1].candidates.begin(), halves[1].candidates.end());
    const size_t tested = halves[0].tested + halves[1].tested;
    // Benjamini-Hochberg over every tested node; only p-values <= q can pass.
    m_threshold = noise::significanceThreshold(candidates, q, tested);
    // float p-values: compare as floats, so a threshold equal to a stored value passes.
    m_threshold = double(float(m_threshold));
}

Change DiffTree::change(uint32_t node) const
{
    const int64_t b = m_before->total(node), a = m_after->total(node);
    if (b == 0 && a != 0)
        return Change::Added;
    if (a == 0 && b != 0)
        return Change::Removed;
    const int64_t d = delta(node);
    return d > 0 ? Change::Grew : d < 0 ? Change::Shrank : Change::Unchanged;
}

double baseScaleFor(int64_t baseTotal, int64_t newTotal, bool normalize)
{
    return normalize && baseTotal != 0 && newTotal != 0 ? double(newTotal) / double(baseTotal)
                                                        : 1.0;
}

double relativeChange(int64_t before, int64_t after)
{
    if (before == 0)
        return after == 0 ? 0.0 : std::numeric_limits<double>::infinity();
    return double(after - before) / std::abs(double(before));
}

} // namespace embers
