#include "DiffTree.h"

#include "SamplingNoise.h"
#include "ValueRange.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

namespace embers {

namespace {

constexpr double kFalseDiscoveryRate = 0.05;

// Levels with more nodes than this are summed on two threads.
constexpr uint32_t kParallelLevel = 1u << 15;

// What the stacks tell before anything is summed, in one look at each (there are
// millions): per capture, whether the shown values are a fixed multiple of the sample
// counts, and the counts' sum when none is negative and it fits in 64 bits (then no sum
// of counts saturates, and this is the root's); whether any new value is negative.
struct StackFacts
{
    struct Capture
    {
        bool multiple = true; // each value = k x its count, nothing negative, sum fits
        int64_t k = 0;        // 0 while every count seen is 0
        int64_t valueSum = 0;
        bool countsExact = true;
        int64_t countSum = 0;
    } capture[2];
    bool newNegative = false;

    StackFacts(const StackTable &t, const size_t column[2], const size_t countColumn[2])
    {
        for (size_t s = 0; s < t.stackCount(); ++s) {
            for (int g = 0; g < 2; ++g) {
                Capture &c = capture[g];
                const int64_t v = t.value(s, column[g]), n = t.value(s, countColumn[g]);
                c.countsExact =
                    c.countsExact && n >= 0 && !__builtin_add_overflow(c.countSum, n, &c.countSum);
                if (!c.multiple)
                    continue;
                int64_t product = 0;
                // The tests run in this order (the third sets c.k), so two share a body.
                if (v < 0 || n < 0 || __builtin_add_overflow(c.valueSum, v, &c.valueSum))
                    c.multiple = false; // NOLINT(bugprone-branch-clone)
                else if (n == 0)
                    c.multiple = v == 0;
                else if (c.k == 0 && (c.k = v / n) == 0)
                    c.multiple = false;
                else
                    c.multiple = !__builtin_mul_overflow(c.k, n, &product) && product == v;
            }
            newNegative = newNegative || t.value(s, column[1]) < 0;
        }
    }
};

// Divides exact multiples of k >= 1 by k: a shift, then a product with the inverse of
// k's odd part modulo 2^64.
template <typename Division> void divideBy(int64_t k, Division &division)
{
    const uint64_t multiple = k <= 0 ? 1 : uint64_t(k);
    division.shift = std::countr_zero(multiple);
    const uint64_t odd = multiple >> division.shift;
    uint64_t inverse = odd; // right to 3 bits; each step doubles them
    for (int i = 0; i < 5; ++i)
        inverse *= 2 - odd * inverse;
    division.inverse = inverse;
}

// What one core found in the nodes it went through.
struct Findings
{
    int64_t maxAbsDelta = 0;
    size_t tested = 0;
    std::vector<double> candidates; // p-values <= q
};

// Calls f with each of the flags as a std::bool_constant, so that a loop over millions
// of nodes is compiled once per case without tests of them inside.
template <typename F> void withFlags(bool a, bool b, bool c, F &&f)
{
    auto third = [&](auto x, auto y) {
        if (c)
            f(x, y, std::true_type{});
        else
            f(x, y, std::false_type{});
    };
    auto second = [&](auto x) {
        if (b)
            third(x, std::true_type{});
        else
            third(x, std::false_type{});
    };
    if (a)
        second(std::true_type{});
    else
        second(std::false_type{});
}

// The levels of a breadth-first trie: level d is [starts[d], starts[d + 1]).
std::vector<uint32_t> levelStarts(const StackTable &t)
{
    std::vector<uint32_t> starts{0};
    for (uint32_t end = 1;;) {
        starts.push_back(end);
        // The children of a level's nodes are the next level, right after it.
        const uint32_t next = t.childEnd(end - 1);
        if (next == end)
            return starts;
        end = next;
    }
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
    m_baseTotal = t.totals[column];
    m_newTotal = t.totals[newColumn];
    m_scale = baseScaleFor(m_baseTotal, m_newTotal, normalize);
    m_countColumn = sampleCountColumn(t, column);
    const size_t baseCounts = size_t(std::max(0, m_countColumn));
    const size_t newCounts = perGroup + baseCounts;
    const size_t columns[2] = {column, newColumn}, countColumns[2] = {baseCounts, newCounts};
    const StackFacts facts(t, columns, countColumns);
    // The counts are the shown values (when they are the counts), a fixed fraction of
    // them, or sums of their own.
    const bool ownCounts = m_countColumn >= 0 && baseCounts != column &&
                           !(facts.capture[0].multiple && facts.capture[1].multiple);
    if (m_countColumn >= 0 && baseCounts != column && !ownCounts) {
        divideBy(facts.capture[0].k, m_countOf[0]);
        divideBy(facts.capture[1].k, m_countOf[1]);
    }
    // The noise test needs the captures' sample counts: when the stacks tell them (the
    // root's), nodes are tested as they are summed; else after.
    const bool countsKnown =
        m_countColumn >= 0 && facts.capture[0].countsExact && facts.capture[1].countsExact;
    const int64_t baseN = facts.capture[0].countSum, newN = facts.capture[1].countSum;
    if (countsKnown)
        setUpNoiseTest(baseN, newN);

    // Every sum per node in one pass, level by level from the deepest: a node's
    // children are on the next level, so their sums are done when it is reached. A
    // node's sums start from its own stack and add its children last to first, as a
    // CallTree's do, so that saturated sums come out the same. Big levels are split
    // between both cores.
    const size_t nodes = t.nodeCount();
    std::vector<int64_t> after, newWeights;
    auto weights = std::make_shared<std::vector<int64_t>>();
    inParallel([&] { after.resize(nodes); }, [&] { weights->resize(nodes); });
    m_rawBefore.reset(new int64_t[nodes]);
    if (ownCounts) {
        m_baseCounts.reset(new int64_t[nodes]);
        m_newCounts.reset(new int64_t[nodes]);
    }
    if (facts.newNegative)
        newWeights.resize(nodes);
    int64_t *sumAfter = after.data(), *sumBefore = m_rawBefore.get(), *weight = weights->data();
    int64_t *base = m_baseCounts.get(), *next = m_newCounts.get(), *newWeight = newWeights.data();
    const noise::CriticalCounts critical(m_newFraction, kFalseDiscoveryRate,
                                         m_noiseTest ? addSaturating(baseN, newN) : 0);
    const double scale = m_scale;
    const ExactDivision baseOf = m_countOf[0], newOf = m_countOf[1];
    // Every node with samples is a test, but only p-values <= q can pass the
    // Benjamini-Hochberg threshold: only those are computed, where the critical counts
    // do not already tell that a node's p-value is above q.
    auto test = [&](int64_t b, int64_t n, const noise::CriticalCounts &bounds, Findings &f) {
        const int64_t samples = addSaturating(b, n);
        if (samples <= 0)
            return;
        ++f.tested;
        if (samples < m_fewestTestable || bounds.surelyAbove(b, n))
            return;
        const double pv = noise::changePValue(b, n, m_newFraction, kFalseDiscoveryRate);
        if (pv <= kFalseDiscoveryRate)
            f.candidates.push_back(pv);
    };
    auto sum = [&](auto own, auto negative, auto testing, uint32_t begin, uint32_t end,
                   Findings &f) {
        size_t s = size_t(std::lower_bound(t.stackNodes.begin(), t.stackNodes.end(), end) -
                          t.stackNodes.begin());
        for (uint32_t node = end; node-- > begin;) {
            int64_t a = 0, b = 0, w = 0, cb = 0, cn = 0, nw = 0;
            if (s > 0 && t.stackNodes[s - 1] == node) {
                --s;
                a = t.value(s, newColumn);
                b = t.value(s, column);
                w = addSaturating(magnitudeOf(scaledBy(b, scale)), magnitudeOf(a));
                if constexpr (own) {
                    cb = t.value(s, baseCounts);
                    cn = t.value(s, newCounts);
                }
                if constexpr (negative)
                    nw = magnitudeOf(a);
            }
            const uint32_t first = t.firstChild(node);
            for (uint32_t c = t.childEnd(node); c-- > first;) {
                a = addSaturating(a, sumAfter[c]);
                b = addSaturating(b, sumBefore[c]);
                w = addSaturating(w, weight[c]);
                if constexpr (own) {
                    cb = addSaturating(cb, base[c]);
                    cn = addSaturating(cn, next[c]);
                }
                if constexpr (negative)
                    nw = addSaturating(nw, newWeight[c]);
            }
            sumAfter[node] = a;
            sumBefore[node] = b;
            weight[node] = w;
            if constexpr (own) {
                base[node] = cb;
                next[node] = cn;
            }
            if constexpr (negative)
                newWeight[node] = nw;
            if (node > 0)
                f.maxAbsDelta =
                    std::max(f.maxAbsDelta, magnitudeOf(subtractSaturating(a, scaledBy(b, scale))));
            if constexpr (testing) {
                if constexpr (own)
                    test(cb, cn, critical, f);
                else
                    test(baseOf.of(b), newOf.of(a), critical, f);
            }
        }
    };
    Findings found[2];
    const std::vector<uint32_t> levels = levelStarts(t);
    withFlags(ownCounts, facts.newNegative, m_noiseTest,
              [&](auto own, auto negative, auto testing) {
                  for (size_t d = levels.size() - 1; d-- > 0;) {
                      const uint32_t begin = levels[d], end = levels[d + 1];
                      if (end - begin < kParallelLevel) {
                          sum(own, negative, testing, begin, end, found[0]);
                      } else {
                          const uint32_t middle = begin + (end - begin) / 2;
                          inParallel([&] { sum(own, negative, testing, begin, middle, found[0]); },
                                     [&] { sum(own, negative, testing, middle, end, found[1]); });
                      }
                  }
              });
    m_after = std::make_shared<const CallTree>(m_stacks, newColumn, std::move(after),
                                               std::move(newWeights));
    m_weights = std::move(weights);
    m_maxAbsDelta = std::max(found[0].maxAbsDelta, found[1].maxAbsDelta);
    if (m_countColumn >= 0 && !countsKnown) {
        // Now that the root's counts are known, every node again.
        const int64_t baseRoot = baseCount(CallTree::kRoot), newRoot = newCount(CallTree::kRoot);
        setUpNoiseTest(baseRoot, newRoot);
        const noise::CriticalCounts late(m_newFraction, kFalseDiscoveryRate,
                                         m_noiseTest ? addSaturating(baseRoot, newRoot) : 0);
        auto testAll = [&](uint32_t begin, uint32_t end, Findings &f) {
            for (uint32_t node = begin; node < end; ++node)
                test(baseCount(node), newCount(node), late, f);
        };
        const uint32_t middle = uint32_t(nodes / 2);
        if (m_noiseTest)
            inParallel([&] { testAll(0, middle, found[0]); },
                       [&] { testAll(middle, uint32_t(nodes), found[1]); });
    }
    if (!m_noiseTest)
        return;
    // Benjamini-Hochberg over every tested node; only p-values <= q can pass. Each core
    // sorts what it found.
    inParallel([&] { std::sort(found[0].candidates.begin(), found[0].candidates.end()); },
               [&] { std::sort(found[1].candidates.begin(), found[1].candidates.end()); });
    std::vector<double> candidates(found[0].candidates.size() + found[1].candidates.size());
    std::merge(found[0].candidates.begin(), found[0].candidates.end(), found[1].candidates.begin(),
               found[1].candidates.end(), candidates.begin());
    m_threshold = noise::significanceThresholdOfSorted(candidates, kFalseDiscoveryRate,
                                                       found[0].tested + found[1].tested);
    // p-values are kept as floats: compare as floats, so a threshold equal to a node's
    // p-value passes.
    m_threshold = double(float(m_threshold));
    m_surelyNoise = double(std::nextafter(float(m_threshold), 2.0f));
}

void DiffTree::setUpNoiseTest(int64_t baseSamples, int64_t newSamples)
{
    m_noiseTest = baseSamples > 0 && newSamples > 0;
    if (!m_noiseTest)
        return;
    m_newFraction = noise::expectedNewFraction(baseSamples, newSamples, m_normalize);
    m_fewestTestable = noise::fewestSignificantSamples(m_newFraction, kFalseDiscoveryRate);
}

const std::shared_ptr<const CallTree> &DiffTree::baseTree() const
{
    std::call_once(m_beforeBuilt,
                   [&] { m_before = std::make_shared<const CallTree>(m_stacks, m_column); });
    return m_before;
}

int64_t DiffTree::beforeSelf(uint32_t node) const
{
    int64_t children = 0;
    for (uint32_t c = m_stacks->firstChild(node); c < m_stacks->childEnd(node); ++c)
        children = addSaturating(children, m_rawBefore[c]);
    return scaled(m_rawBefore[node] - children);
}

double DiffTree::pValue(uint32_t node) const
{
    if (!m_noiseTest)
        return 1.0;
    const int64_t b = baseCount(node), n = newCount(node);
    // As a float, as the threshold is.
    return double(float(noise::changePValue(b, n, m_newFraction)));
}

bool DiffTree::isNoise(uint32_t node) const
{
    if (!m_noiseTest)
        return false;
    const int64_t b = baseCount(node), n = newCount(node), samples = addSaturating(b, n);
    if (samples <= 0 || samples < m_fewestTestable)
        return !(1.0 <= m_threshold);
    // Painting asks for every box: stop summing once the answer is known.
    const double p = noise::changePValue(b, n, m_newFraction, m_surelyNoise);
    return p > m_surelyNoise || !(double(float(p)) <= m_threshold);
}

Change DiffTree::change(uint32_t node) const
{
    const int64_t b = m_rawBefore[node], a = m_after->total(node);
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
    return (double(after) - double(before)) / std::abs(double(before));
}

} // namespace embers
