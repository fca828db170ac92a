// Comparing captures: combining stack tables (merge and apart), the diff tree, the
// function diff and the sampling-noise test, on hand-built stacks (values checked by
// hand) and on the shared diff pairs (invariants against each capture opened alone).
#include "CaptureHelpers.h"
#include "CaptureMatrix.h"
#include "CombinedStacks.h"
#include "Comparison.h"
#include "DiffTree.h"
#include "FlameLayout.h"
#include "FunctionDiff.h"
#include "ModelHelpers.h"
#include "SamplingNoise.h"
#include "TestData.h"
#include "TrieHelpers.h"

#include <QtTest>

#include <map>
#include <random>

using namespace embers;
using namespace embers::test;

namespace {

std::shared_ptr<const StackTable> combine(std::vector<std::shared_ptr<const StackTable>> tables,
                                          CombineMode mode)
{
    std::vector<const StackTable *> raw;
    for (const auto &t : tables)
        raw.push_back(t.get());
    std::string error;
    auto combined = combineStackTables(raw, mode, &error);
    if (!combined)
        qFatal("%s", error.c_str());
    return std::make_shared<const StackTable>(std::move(*combined));
}

// name -> (flat, cum) of a column.
std::map<std::string, std::pair<int64_t, int64_t>> byName(const StackTable &t,
                                                          const FunctionTable &f, size_t column)
{
    std::map<std::string, std::pair<int64_t, int64_t>> out;
    for (uint32_t frame = 0; frame < f.frameCount(); ++frame) {
        if (f.flat(frame, column) == 0 && f.cum(frame, column) == 0)
            continue;
        auto &e = out[t.frameName(frame)];
        e.first += f.flat(frame, column);
        e.second += f.cum(frame, column);
    }
    return out;
}

// Base: main->a 10, main->b 10 (samples, cpu); new: main->a 30, main->c 10, and a
// recursive main->r->r->r 5 in both.
ProfileBuilder baseProfile()
{
    ProfileBuilder b;
    b.sampleType("samples", "count").sampleType("cpu", "nanoseconds");
    b.sample({"main", "a"}, {10, 10'000'000});
    b.sample({"main", "b"}, {10, 10'000'000});
    b.sample({"main", "r", "r", "r"}, {5, 5'000'000});
    return b;
}

ProfileBuilder newProfile()
{
    ProfileBuilder b;
    b.sampleType("samples", "count").sampleType("cpu", "milliseconds"); // another unit
    b.sample({"main", "c"}, {10, 10});
    b.sample({"main", "a"}, {30, 30});
    b.sample({"main", "r", "r", "r"}, {5, 5});
    return b;
}

uint32_t node(const StackTable &t, const std::vector<std::string> &path)
{
    CallTree tree(std::shared_ptr<const StackTable>(&t, [](const StackTable *) {}), 0);
    return nodeOf(tree, path);
}

// Random captures of one program: stacks walk down a call graph whose top is shared by
// every capture and whose lower levels mostly are not, so that the captures share some
// call paths and not others; some frames are inlined, some stacks recurse, some end
// at inner nodes or are empty. Each capture meets the functions in its own order, so
// their frame ids differ. Columns: samples, cpu = samples x 10 ms, and wall (not a
// multiple of the samples) in `wallUnit`.
ProfileBuilder randomCapture(uint64_t seed, int samples, const std::string &wallUnit)
{
    std::mt19937_64 rng(seed);
    ProfileBuilder b;
    b.sampleType("samples", "count").sampleType("cpu", "nanoseconds");
    b.sampleType("wall", wallUnit);
    auto pick = [&](int n) { return int(rng() % uint64_t(n)); };
    for (int i = 0; i < samples; ++i) {
        std::vector<uint64_t> leafFirst;
        const int depth = pick(7);
        std::vector<std::string> path;
        for (int d = 0; d < depth; ++d) {
            // Few functions near the root (shared), many below (mostly not).
            const int width = d < 2 ? 3 : d < 3 ? 40 : 4000;
            std::string name = "f";
            name += std::to_string(d);
            name += '_';
            name += std::to_string(pick(width));
            if (d > 0 && pick(10) == 0)
                name = path.back(); // recursion
            path.push_back(name);
        }
        for (size_t d = path.size(); d-- > 0;) {
            if (d > 0 && pick(8) == 0) { // inlined into its caller
                leafFirst.push_back(b.location({{path[d], 2}, {path[d - 1], 3}}));
                --d;
            } else {
                leafFirst.push_back(b.locationOf(path[d]));
            }
        }
        const int64_t count = 1 + pick(3);
        b.sampleIds(leafFirst, {count, count * 10'000'000, 1 + pick(1000)});
    }
    return b;
}

// The combined trie as the plainest breadth-first merge makes it, which
// combineStackTables must equal node for node: a node's children are those of its
// sources (the inputs' nodes on its call path), in its source's order when it has one,
// else sorted by combined frame; a node is a stack where some input's stack ends.
struct PlainMerge
{
    std::vector<uint32_t> parents{StackTable::kRoot}, frames{StackTable::kNoFrame}, childBegin;
    std::vector<uint32_t> stackNodes;
    std::vector<int64_t> values;
};

PlainMerge plainMerge(const std::vector<const StackTable *> &tables, const CombineMaps &maps,
                      CombineMode mode, size_t perGroup)
{
    PlainMerge out;
    using Source = std::pair<uint32_t, uint32_t>; // table, node
    std::vector<std::vector<Source>> sources(1);
    for (uint32_t t = 0; t < tables.size(); ++t)
        sources[0].push_back({t, StackTable::kRoot});
    const size_t columns = perGroup * (mode == CombineMode::Apart ? tables.size() : 1);
    for (size_t n = 0; n < sources.size(); ++n) {
        out.childBegin.push_back(uint32_t(out.parents.size()));
        std::vector<std::tuple<uint32_t, uint32_t, uint32_t>> children; // frame, table, node
        bool stack = false;
        std::vector<int64_t> row(columns, 0);
        for (const auto &[t, s] : sources[n]) {
            const StackTable &table = *tables[t];
            for (uint32_t c = table.firstChild(s); c < table.childEnd(s); ++c) {
                const uint32_t f = table.nodeFrame(c);
                children.push_back({maps.frames[t][f & kFrameMask] | (f & kInlineBit), t, c});
            }
            auto end = std::lower_bound(table.stackNodes.begin(), table.stackNodes.end(), s);
            if (end == table.stackNodes.end() || *end != s)
                continue;
            stack = true;
            const size_t from = size_t(end - table.stackNodes.begin());
            const size_t offset = mode == CombineMode::Apart ? t * perGroup : 0;
            for (size_t c = 0; c < perGroup; ++c) {
                const double ratio = maps.ratio[t][c];
                const int64_t v = table.value(from, maps.source[t][c]);
                row[offset + c] = addSaturating(
                    row[offset + c], ratio == 1 ? v : int64_t(std::llround(double(v) * ratio)));
            }
        }
        if (stack) {
            out.stackNodes.push_back(uint32_t(n));
            out.values.insert(out.values.end(), row.begin(), row.end());
        }
        if (sources[n].size() > 1)
            std::sort(children.begin(), children.end());
        for (size_t i = 0; i < children.size(); ++i) {
            const auto [frame, t, c] = children[i];
            if (i == 0 || frame != std::get<0>(children[i - 1])) {
                out.parents.push_back(uint32_t(n));
                out.frames.push_back(frame);
                sources.emplace_back();
            }
            sources.back().push_back({t, c});
        }
    }
    out.childBegin.push_back(uint32_t(out.parents.size()));
    return out;
}

void compareWithPlainMerge(const std::vector<const StackTable *> &tables, CombineMode mode)
{
    std::string error;
    CombineMaps maps;
    auto combined = combineStackTables(tables, mode, &error, nullptr, &maps);
    QVERIFY2(combined, error.c_str());
    QCOMPARE(trieProblems(*combined), QString());
    const PlainMerge plain = plainMerge(tables, maps, mode, combined->columnsPerGroup());
    QCOMPARE(combined->nodeParents, plain.parents);
    QCOMPARE(combined->nodeFrames, plain.frames);
    QCOMPARE(combined->nodeChildBegin, plain.childBegin);
    QCOMPARE(combined->stackNodes, plain.stackNodes);
    QCOMPARE(combined->stackValues, plain.values);
}

int64_t roundedScale(int64_t v, double scale)
{
    return scale == 1 ? v : int64_t(std::llround(double(v) * scale));
}

// A DiffTree checked against what its definition gives, node by node: totals and self
// from CallTrees of each column, weights summed from the stacks, every node's p-value
// computed and the Benjamini-Hochberg threshold taken over all tested nodes.
void compareWithDefinition(const std::shared_ptr<const StackTable> &t, size_t column,
                           bool normalize)
{
    const DiffTree d(t, column, normalize);
    const size_t perGroup = t->columnsPerGroup();
    const CallTree before(t, column), after(t, perGroup + column);
    const double scale = baseScaleFor(t->totals[column], t->totals[perGroup + column], normalize);
    QCOMPARE(d.baseScale(), scale);
    std::vector<int64_t> weights(t->nodeCount(), 0);
    for (size_t s = 0; s < t->stackCount(); ++s)
        weights[t->stackNodes[s]] =
            addSaturating(std::abs(roundedScale(t->value(s, column), scale)),
                          std::abs(t->value(s, perGroup + column)));
    for (size_t n = t->nodeCount(); n-- > 1;)
        weights[t->nodeParent(uint32_t(n))] =
            addSaturating(weights[t->nodeParent(uint32_t(n))], weights[n]);
    QCOMPARE(*d.weights(), weights);
    // Compared as whole lists: a QCOMPARE per node would be slow under the sanitizers.
    std::vector<int64_t> got, want;
    int64_t most = 0;
    for (uint32_t n = 0; n < t->nodeCount(); ++n) {
        got.insert(got.end(), {d.before(n), d.after(n), d.beforeSelf(n), d.afterSelf(n),
                               d.baseTree()->total(n)});
        want.insert(want.end(),
                    {roundedScale(before.total(n), scale), after.total(n),
                     roundedScale(before.self(n), scale), after.self(n), before.total(n)});
        if (n > 0)
            most = std::max(most, std::abs(d.delta(n)));
    }
    QCOMPARE(got, want);
    QCOMPARE(d.maxAbsDelta(), most);
    const int counts = sampleCountColumn(*t, column);
    QCOMPARE(d.countColumn(), counts);
    if (counts < 0) {
        QVERIFY(!d.hasNoiseTest());
        return;
    }
    const CallTree baseCounts(t, size_t(counts)), newCounts(t, perGroup + size_t(counts));
    const int64_t baseN = baseCounts.total(0), newN = newCounts.total(0);
    QCOMPARE(d.hasNoiseTest(), baseN > 0 && newN > 0);
    if (!d.hasNoiseTest())
        return;
    const double p = noise::expectedNewFraction(baseN, newN, normalize);
    std::vector<double> pValues, gotP, wantP;
    for (uint32_t n = 0; n < t->nodeCount(); ++n) {
        const int64_t b = baseCounts.total(n), m = b + newCounts.total(n);
        if (m <= 0)
            continue;
        pValues.push_back(noise::changePValue(b, m - b, p));
        gotP.push_back(d.pValue(n));
        wantP.push_back(double(float(pValues.back())));
    }
    QCOMPARE(gotP, wantP);
    const double threshold = double(float(noise::significanceThreshold(pValues)));
    QCOMPARE(d.threshold(), threshold);
    std::vector<char> gotNoise, wantNoise;
    for (uint32_t n = 0; n < t->nodeCount(); ++n) {
        gotNoise.push_back(d.isNoise(n));
        wantNoise.push_back(!(d.pValue(n) <= threshold));
    }
    QCOMPARE(gotNoise, wantNoise);
}

} // namespace

class TestCompare : public QObject
{
    Q_OBJECT

private slots:
    void apartKeepsCapturesInTheirColumns();
    void sumEqualsMergedBuild();
    void wideLevelsSplitAcrossThreads();
    void mergeEqualsPlainMerge();
    void apartOnRealPairMatchesEachCapture();
    void diffTreeNormalised();
    void diffTreeAbsolute();
    void diffTreeWeightsNest();
    void functionDiff();
    void deltasBeyondInt64Saturate();
    void mergesBeyondInt64AreRefused();
    void noiseOnHugeCounts();
    void noiseSameDistribution();
    void noiseRealChange();
    void noisePValues();
    void noiseSmallCountsInTheRarerCapture();
    void noiseOnRealPair();
    void criticalCounts();
    void pValueStopsEarly();
    void diffTreeEqualsDefinition();
    void functionDiffOnBothCores();
    void incompatibleCaptures();
};

void TestCompare::apartKeepsCapturesInTheirColumns()
{
    auto base = tableOf(baseProfile()), next = tableOf(newProfile());
    auto t = combine({base, next}, CombineMode::Apart);
    QCOMPARE(t->groups, size_t(2));
    QCOMPARE(t->columnsPerGroup(), size_t(2));
    QCOMPARE(t->columns[1].unit, std::string("nanoseconds")); // the finer unit wins
    QCOMPARE(t->columns[3].unit, std::string("nanoseconds"));
    // Totals: per capture, converted.
    QCOMPARE(t->totals[0], int64_t(25));
    QCOMPARE(t->totals[1], int64_t(25'000'000));
    QCOMPARE(t->totals[2], int64_t(45));
    QCOMPARE(t->totals[3], int64_t(45'000'000));

    CallTree before(t, 1), after(t, 3);
    const uint32_t a = nodeOf(before, {"main", "a"}), b = nodeOf(before, {"main", "b"}),
                   c = nodeOf(before, {"main", "c"}), r3 = nodeOf(before, {"main", "r", "r", "r"});
    QVERIFY(a != UINT32_MAX && b != UINT32_MAX && c != UINT32_MAX && r3 != UINT32_MAX);
    QCOMPARE(before.total(a), int64_t(10'000'000));
    QCOMPARE(after.total(a), int64_t(30'000'000));
    QCOMPARE(before.total(b), int64_t(10'000'000)); // only in the base
    QCOMPARE(after.total(b), int64_t(0));
    QCOMPARE(before.total(c), int64_t(0)); // only in the new capture
    QCOMPARE(after.total(c), int64_t(10'000'000));
    QCOMPARE(after.total(r3), int64_t(5'000'000));
    QCOMPARE(after.total(CallTree::kRoot), int64_t(45'000'000));
    // main, a, b, c, r, r, r and the root: every call path once.
    QCOMPARE(t->nodeCount(), size_t(8));
    QCOMPARE(trieProblems(*t), QString());
}

void TestCompare::sumEqualsMergedBuild()
{
    // Merging two open captures equals building the merge from both profiles.
    LoadResult a = baseProfile().load(), b = newProfile().load();
    std::string error;
    auto built = StackTable::build({a.profile, b.profile}, StackTableOptions{}, &error);
    QVERIFY(built);
    auto summed = combine({tableOf(baseProfile()), tableOf(newProfile())}, CombineMode::Sum);
    const FunctionTable fb = FunctionTable::build(*built), fs = FunctionTable::build(*summed);
    for (size_t c = 0; c < 2; ++c) {
        QCOMPARE(summed->totals[c], built->totals[c]);
        QCOMPARE(byName(*summed, fs, c), byName(*built, fb, c));
    }
}

// Levels wider than 16k nodes are expanded in two halves: the result must not depend on
// it (compared with building the merge from the profiles).
void TestCompare::wideLevelsSplitAcrossThreads()
{
    ProfileBuilder a, b;
    a.sampleType("samples", "count");
    b.sampleType("samples", "count");
    for (int i = 0; i < 40000; ++i) {
        std::string f = "f", g = "g";
        f += std::to_string(i);
        g += std::to_string(i % 7);
        if (i % 3 != 0)
            a.sample({"main", f, g}, {1 + i % 5});
        if (i % 2 == 0)
            b.sample({"main", f, g, "leaf"}, {2});
    }
    LoadResult la = a.load(), lb = b.load();
    std::string error;
    auto built = StackTable::build({la.profile, lb.profile}, StackTableOptions{}, &error);
    QVERIFY(built);
    auto ta = tableOf(a), tb = tableOf(b);
    auto summed = combine({ta, tb}, CombineMode::Sum);
    QCOMPARE(summed->nodeCount(), built->nodeCount());
    const FunctionTable fb = FunctionTable::build(*built), fs = FunctionTable::build(*summed);
    QCOMPARE(byName(*summed, fs, 0), byName(*built, fb, 0));
    auto apart = combine({ta, tb}, CombineMode::Apart);
    QCOMPARE(apart->nodeCount(), built->nodeCount());
    const FunctionTable fa = FunctionTable::build(*apart);
    QCOMPARE(byName(*apart, fa, 0), byName(*ta, FunctionTable::build(*ta), 0));
    QCOMPARE(byName(*apart, fa, 1), byName(*tb, FunctionTable::build(*tb), 0));
    QCOMPARE(trieProblems(*apart), QString());
    QCOMPARE(trieProblems(*summed), QString());
}

// The merge expands runs of nodes that one input has alone without matching them, and big
// levels on two threads: it must give exactly the trie of the plainest merge, for two and
// three inputs, apart or summed, with levels wide enough for both cores (more than 16k
// nodes, and more than 4k segments where the inputs' subtrees interleave).
void TestCompare::mergeEqualsPlainMerge()
{
    auto a = tableOf(randomCapture(1, 5000, "microseconds"));
    auto b = tableOf(randomCapture(2, 7000, "milliseconds")); // converted to a's unit
    auto c = tableOf(randomCapture(3, 2000, "microseconds"));
    compareWithPlainMerge({a.get(), b.get()}, CombineMode::Apart);
    compareWithPlainMerge({b.get(), a.get(), c.get()}, CombineMode::Apart);
    compareWithPlainMerge({b.get(), a.get(), c.get()}, CombineMode::Sum);
    compareWithPlainMerge({a.get(), a.get()}, CombineMode::Apart); // every node: two sources
    compareWithPlainMerge({c.get()}, CombineMode::Sum);
    // Wide levels: 17k shared callers, each with callees of its own in each input, so
    // that the runs of one input interleave with the other's.
    ProfileBuilder wideA, wideB;
    wideA.sampleType("samples", "count");
    wideB.sampleType("samples", "count");
    for (int i = 0; i < 17000; ++i) {
        std::string f = "f", g = "g", h = "h";
        f += std::to_string(i);
        g += std::to_string(i % 5);
        h += std::to_string(i % 3);
        wideA.sample({"main", f, g, "x"}, {1});
        wideB.sample({"main", f, h, "y"}, {2});
        if (i % 4 == 0)
            wideB.sample({"main", f, g}, {1});
    }
    auto wa = tableOf(wideA), wb = tableOf(wideB);
    compareWithPlainMerge({wa.get(), wb.get()}, CombineMode::Apart);
    compareWithPlainMerge({wb.get(), wa.get()}, CombineMode::Sum);
}

void TestCompare::apartOnRealPairMatchesEachCapture()
{
    const QString dir = sharedProfiles() + QStringLiteral("/real/");
    for (const char *pair : {"go/diff-render", "node/kvworker-diff"}) {
        auto base = openOne(dir + QLatin1String(pair) + QStringLiteral("-base.pb.gz"));
        auto slow = openOne(dir + QLatin1String(pair) + QStringLiteral("-slow.pb.gz"));
        ComparisonResult r = compareCaptures({base, slow});
        QVERIFY2(r.comparison, qPrintable(r.error));
        const Comparison &cmp = *r.comparison;
        const size_t perGroup = cmp.stacks->columnsPerGroup();
        QCOMPARE(perGroup, base->stacks->columnCount());
        for (size_t c = 0; c < perGroup; ++c) {
            QCOMPARE(byName(*cmp.stacks, *cmp.functions, cmp.columnOf(0, c)),
                     byName(*base->stacks, *base->functions, c));
            QCOMPARE(byName(*cmp.stacks, *cmp.functions, cmp.columnOf(1, c)),
                     byName(*slow->stacks, *slow->functions, c));
            QCOMPARE(cmp.stacks->totals[cmp.columnOf(1, c)], slow->stacks->totals[c]);
        }
        // The function table combined from the captures' own tables is the one a walk of
        // the combined trie gives.
        const FunctionTable walked = FunctionTable::build(*cmp.stacks);
        QCOMPARE(walked.frameCount(), cmp.functions->frameCount());
        for (uint32_t f = 0; f < walked.frameCount(); ++f) {
            for (size_t c = 0; c < cmp.stacks->columnCount(); ++c) {
                QCOMPARE(cmp.functions->flat(f, c), walked.flat(f, c));
                QCOMPARE(cmp.functions->cum(f, c), walked.cum(f, c));
            }
        }
        MergeResult merged = mergeCaptures({base, slow});
        QVERIFY(merged.capture);
        const FunctionTable mergedWalk = FunctionTable::build(*merged.capture->stacks);
        for (uint32_t f = 0; f < mergedWalk.frameCount(); ++f) {
            for (size_t c = 0; c < merged.capture->stacks->columnCount(); ++c)
                QCOMPARE(merged.capture->functions->cum(f, c), mergedWalk.cum(f, c));
        }
        // Every node of each capture's tree is one node of the combined trie.
        QVERIFY(cmp.stacks->nodeCount() >= base->stacks->nodeCount());
        QVERIFY(cmp.stacks->nodeCount() <=
                base->stacks->nodeCount() + slow->stacks->nodeCount() - 1);
    }
}

void TestCompare::diffTreeNormalised()
{
    auto t = combine({tableOf(baseProfile()), tableOf(newProfile())}, CombineMode::Apart);
    DiffTree d(t, 1, true);
    QCOMPARE(d.baseScale(), 45.0 / 25.0);
    const uint32_t a = node(*t, {"main", "a"}), b = node(*t, {"main", "b"}),
                   c = node(*t, {"main", "c"}), r = node(*t, {"main", "r"});
    QCOMPARE(d.before(a), int64_t(18'000'000)); // 10 ms * 1.8
    QCOMPARE(d.after(a), int64_t(30'000'000));
    QCOMPARE(d.delta(a), int64_t(12'000'000));
    QCOMPARE(d.change(a), Change::Grew);
    QCOMPARE(d.change(b), Change::Removed);
    QCOMPARE(d.delta(b), int64_t(-18'000'000));
    QCOMPARE(d.change(c), Change::Added);
    QVERIFY(std::isinf(d.relativeChange(c)));
    QCOMPARE(d.relativeChange(b), -1.0);
    // Recursion: r's total counts each stack once, whatever the depth.
    QCOMPARE(d.after(r), int64_t(5'000'000));
    QCOMPARE(d.before(r), int64_t(9'000'000));
    QCOMPARE(d.change(r), Change::Shrank);
    // Normalised, the whole profile does not change.
    QCOMPARE(d.delta(CallTree::kRoot), int64_t(0));
    QCOMPARE(d.maxAbsDelta(), int64_t(18'000'000));
}

void TestCompare::diffTreeAbsolute()
{
    auto t = combine({tableOf(baseProfile()), tableOf(newProfile())}, CombineMode::Apart);
    DiffTree d(t, 1, false);
    QCOMPARE(d.baseScale(), 1.0);
    const uint32_t a = node(*t, {"main", "a"}), r = node(*t, {"main", "r", "r"});
    QCOMPARE(d.delta(a), int64_t(20'000'000));
    QCOMPARE(d.delta(r), int64_t(0));
    QCOMPARE(d.change(r), Change::Unchanged);
    QCOMPARE(d.delta(CallTree::kRoot), int64_t(20'000'000));
}

// Each capture holds its values, but new - base may not fit when the base is negative
// (a diff base's): the change shows at the limit, never wrapped to the other sign.
void TestCompare::deltasBeyondInt64Saturate()
{
    ProfileBuilder base, next;
    base.sampleType("samples", "count");
    base.sample({"main", "a"}, {-INT64_MAX});
    next.sampleType("samples", "count");
    next.sample({"main", "a"}, {INT64_MAX});
    auto t = combine({tableOf(base), tableOf(next)}, CombineMode::Apart);
    const DiffTree d(t, 0, false);
    QCOMPARE(d.delta(node(*t, {"main", "a"})), INT64_MAX);
    QCOMPARE(d.delta(CallTree::kRoot), INT64_MAX);
    const FunctionDiff f = FunctionDiff::build(*t, FunctionTable::build(*t), 0, false);
    QCOMPARE(f.rows.size(), size_t(2)); // main, a
    for (const FunctionDiffRow &r : f.rows)
        QCOMPARE(r.cumDelta(), INT64_MAX);
    // And the other way round.
    auto back = combine({tableOf(next), tableOf(base)}, CombineMode::Apart);
    QCOMPARE(DiffTree(back, 0, false).delta(CallTree::kRoot), INT64_MIN);
}

// The build's rule (ValueRange.h) for merges: values that add up past 2^63 - 1 are
// refused, naming the sample type; Apart, each capture only needs its own to fit. The
// N-way table of such captures gives each its exact value and a share of 100 %.
void TestCompare::mergesBeyondInt64AreRefused()
{
    ProfileBuilder a, b;
    a.sampleType("samples", "count");
    a.sample({"main", "a"}, {INT64_MAX - 1});
    b.sampleType("samples", "count");
    b.sample({"main", "b"}, {2});
    const auto ta = tableOf(a), tb = tableOf(b);
    std::vector<const StackTable *> both{ta.get(), tb.get()};
    std::string error;
    QVERIFY(!combineStackTables(both, CombineMode::Sum, &error));
    QCOMPARE(error, std::string("the values of sample type samples/count add up beyond what a "
                                "profile can hold (9223372036854775807)"));
    auto apart = combineStackTables(both, CombineMode::Apart, &error);
    QVERIFY2(apart, error.c_str());
    QCOMPARE(apart->totals, (std::vector<int64_t>{INT64_MAX - 1, 2}));

    ProfileBuilder one;
    one.sampleType("samples", "count");
    one.sample({"main", "a"}, {INT64_MAX - 2});
    const auto fits = tableOf(one);
    std::vector<const StackTable *> justFit{fits.get(), tb.get()};
    auto merged = combineStackTables(justFit, CombineMode::Sum, &error);
    QVERIFY2(merged, error.c_str());
    QCOMPARE(merged->totals[0], INT64_MAX);

    auto captureOf = [](const std::shared_ptr<const StackTable> &t) {
        auto c = std::make_shared<Capture>();
        c->stacks = t;
        c->functions = std::make_shared<const FunctionTable>(FunctionTable::build(*t));
        return std::shared_ptr<const Capture>(c);
    };
    const ComparisonResult r = compareCaptures({captureOf(ta), captureOf(ta), captureOf(tb)});
    QVERIFY2(r.comparison, qPrintable(r.error));
    const CaptureMatrix matrix = CaptureMatrix::build(*r.comparison, 0);
    const StackTable &combined = *r.comparison->stacks;
    const long main = matrix.rowOfFrame(combined.nodeFrame(combined.firstChild(CallTree::kRoot)));
    QVERIFY(main >= 0);
    QCOMPARE(matrix.value(size_t(main), 0), INT64_MAX - 1);
    QCOMPARE(matrix.value(size_t(main), 2), int64_t(2));
    QCOMPARE(matrix.share(size_t(main), 1), 100.0);
}

// Counts far beyond a real capture's (hand-made files) take the normal approximation:
// it agrees with the exact test where they meet, and answers at once for the largest.
void TestCompare::noiseOnHugeCounts()
{
    // A spread of 10^4 samples (m = 4e8 at p = 1/2) is where the approximation starts;
    // two standard deviations above the expected count, both sides of it.
    const double exact = noise::changePValue(199'979'999, 200'019'999, 0.5);       // m = 4e8 - 2
    const double approximate = noise::changePValue(199'980'001, 200'020'001, 0.5); // 4e8 + 2
    QVERIFY2(std::abs(exact - approximate) < 1e-3 * exact,
             qPrintable(QStringLiteral("%1 vs %2").arg(exact).arg(approximate)));
    QVERIFY(std::abs(exact - 0.0455) < 1e-3); // erfc(2 / sqrt(2))
    QCOMPARE(noise::changePValue(INT64_MAX, INT64_MAX, 0.5), 1.0);
    QVERIFY(noise::changePValue(INT64_MAX / 2, INT64_MAX / 4, 0.5) < 1e-300);
}

void TestCompare::diffTreeWeightsNest()
{
    auto t = combine({tableOf(baseProfile()), tableOf(newProfile())}, CombineMode::Apart);
    DiffTree d(t, 0, true);
    const std::vector<int64_t> &w = *d.weights();
    // Removed frames keep a box: weight = |before| + |after|.
    const uint32_t b = node(*t, {"main", "b"});
    QCOMPARE(w[b], d.before(b));
    QVERIFY(w[b] > 0);
    for (uint32_t n = 0; n < t->nodeCount(); ++n) {
        int64_t children = 0;
        for (uint32_t c = t->firstChild(n); c < t->childEnd(n); ++c)
            children += w[c];
        QVERIFY(children <= w[n]);
        QVERIFY(w[n] + 1 >= std::abs(d.before(n)) + std::abs(d.after(n)));
    }
    FlameLayout layout;
    layout.setTree(d.newTree(), d.weights());
    layout.layout(CallTree::kRoot, 1000, 0.5);
    size_t row = 0, index = 0;
    QVERIFY(layout.findBox(b, &row, &index)); // laid out though absent from the new capture
}

void TestCompare::functionDiff()
{
    auto t = combine({tableOf(baseProfile()), tableOf(newProfile())}, CombineMode::Apart);
    const FunctionTable f = FunctionTable::build(*t);
    FunctionDiff d = FunctionDiff::build(*t, f, 0, false);
    QVERIFY(d.hasNoiseTest);
    std::map<std::string, FunctionDiffRow> rows;
    for (const FunctionDiffRow &r : d.rows)
        rows[t->frameName(r.frame)] = r;
    QCOMPARE(rows.size(), size_t(5)); // main a b c r
    QCOMPARE(rows["a"].cumBefore, int64_t(10));
    QCOMPARE(rows["a"].cumAfter, int64_t(30));
    QCOMPARE(rows["a"].change, Change::Grew);
    QCOMPARE(rows["b"].change, Change::Removed);
    QCOMPARE(rows["c"].change, Change::Added);
    QCOMPARE(rows["r"].cumBefore, int64_t(5)); // once per stack, recursion or not
    QCOMPARE(rows["r"].flatAfter, int64_t(5));
    QCOMPARE(rows["main"].flatAfter, int64_t(0));
    QCOMPARE(rows["main"].cumDelta(), int64_t(20));
    // Normalised to the new total (45 / 25).
    d = FunctionDiff::build(*t, f, 0, true);
    for (const FunctionDiffRow &r : d.rows)
        rows[t->frameName(r.frame)] = r;
    QCOMPARE(rows["a"].cumBefore, int64_t(18));
    QCOMPARE(rows["main"].cumDelta(), int64_t(0));
}

// Two captures drawn from one distribution over 400 functions: no change is real.
void TestCompare::noiseSameDistribution()
{
    std::mt19937_64 rng(12345);
    std::vector<double> weights(400);
    for (size_t i = 0; i < weights.size(); ++i)
        weights[i] = 1.0 / double(i + 1); // a few wide functions, a long tail
    std::discrete_distribution<int> pick(weights.begin(), weights.end());
    auto capture = [&](int samples) {
        std::vector<int64_t> counts(weights.size(), 0);
        for (int i = 0; i < samples; ++i)
            ++counts[size_t(pick(rng))];
        return counts;
    };
    const std::vector<int64_t> base = capture(20000), next = capture(30000);
    std::vector<double> p;
    for (size_t i = 0; i < weights.size(); ++i)
        p.push_back(noise::changePValue(base[i], next[i], 0.6));
    const double threshold = noise::significanceThreshold(p);
    int significant = 0;
    for (double v : p)
        significant += v <= threshold && threshold > 0;
    QCOMPARE(significant, 0);
}

// A function that takes 3x its share, with hundreds of samples, is a real change.
void TestCompare::noiseRealChange()
{
    ProfileBuilder base, next;
    base.sampleType("samples", "count");
    next.sampleType("samples", "count");
    base.sample({"main", "hot"}, {200}).sample({"main", "rest"}, {800});
    next.sample({"main", "hot"}, {600}).sample({"main", "rest"}, {800});
    base.sample({"main", "steady"}, {50});
    next.sample({"main", "steady"}, {52});
    auto t = combine({tableOf(base), tableOf(next)}, CombineMode::Apart);
    const FunctionTable f = FunctionTable::build(*t);
    FunctionDiff d = FunctionDiff::build(*t, f, 0, true);
    std::map<std::string, FunctionDiffRow> rows;
    for (const FunctionDiffRow &r : d.rows)
        rows[t->frameName(r.frame)] = r;
    QVERIFY(!rows["hot"].noise);
    QVERIFY(rows["hot"].pValue < 1e-10);
    QVERIFY(rows["steady"].noise);
    DiffTree tree(t, 0, true);
    QVERIFY(tree.hasNoiseTest());
    QVERIFY(!tree.isNoise(node(*t, {"main", "hot"})));
    QVERIFY(tree.isNoise(node(*t, {"main", "steady"})));
}

void TestCompare::noiseSmallCountsInTheRarerCapture()
{
    // Hand-checked: with equal captures a split can be significant from 6 samples on
    // (2 * 0.5^5 = 0.0625, 2 * 0.5^6 = 0.031); when the new capture expects a tenth of
    // them, all in the base is 2 * 0.9^m (29 samples) but all in the new is
    // 2 * 0.1^m (2 samples: 0.02).
    QCOMPARE(noise::fewestSignificantSamples(0.5, 0.05), 6);
    QCOMPARE(noise::fewestSignificantSamples(0.1, 0.05), 2);
    QCOMPARE(noise::fewestSignificantSamples(0.9, 0.05), 2);
    QCOMPARE(noise::fewestSignificantSamples(0.4, 0.05), 5); // 2 * 0.4^4 = 0.0512
    // A new function with a handful of samples, in a new capture a tenth the size of the
    // base: the graph's node and the table's function have the same p-value.
    ProfileBuilder base, next;
    base.sampleType("samples", "count");
    next.sampleType("samples", "count");
    base.sample({"main", "work"}, {900});
    next.sample({"main", "work"}, {97}).sample({"main", "rare"}, {3});
    auto t = combine({tableOf(base), tableOf(next)}, CombineMode::Apart);
    const FunctionTable f = FunctionTable::build(*t);
    const FunctionDiff d = FunctionDiff::build(*t, f, 0, true);
    const DiffTree tree(t, 0, true);
    QVERIFY(tree.hasNoiseTest());
    const double expected = 2 * std::pow(0.1, 3); // all 3 samples in the new capture
    int found = 0;
    for (const FunctionDiffRow &r : d.rows) {
        if (t->frameName(r.frame) != "rare")
            continue;
        ++found;
        QVERIFY(std::abs(r.pValue - expected) < 1e-12);
        QCOMPARE(tree.pValue(node(*t, {"main", "rare"})), double(float(r.pValue)));
    }
    QCOMPARE(found, 1);
}

void TestCompare::noisePValues()
{
    // Hand-checked: 10 of 10 samples in the new capture, captures of equal size:
    // two-sided p = 2 * 0.5^10.
    QVERIFY(qAbs(noise::changePValue(0, 10, 0.5) - 2 * std::pow(0.5, 10)) < 1e-12);
    // The expected split is no evidence at all.
    QCOMPARE(noise::changePValue(50, 50, 0.5), 1.0);
    QCOMPARE(noise::changePValue(40, 60, 0.6), 1.0);
    // Twice the exact binomial tail, computed independently with exact rationals.
    struct Case
    {
        int64_t base, next;
        double p, expected;
    } cases[] = {{940, 1060, 0.5, 0.007777118901978714},
                 {10, 30, 0.5, 0.0022214337732293643},
                 {200, 600, 0.6, 6.154809288634281e-19},
                 {30, 10, 0.5, 0.0022214337732293643}};
    for (const Case &c : cases) {
        const double got = noise::changePValue(c.base, c.next, c.p);
        QVERIFY2(std::abs(got - c.expected) <= 1e-9 * c.expected,
                 qPrintable(QStringLiteral("%1 : %2 -> %3").arg(c.base).arg(c.next).arg(got)));
    }
    QCOMPARE(noise::expectedNewFraction(100, 300, true), 0.75);
    QCOMPARE(noise::expectedNewFraction(100, 300, false), 0.5);
    // Benjamini-Hochberg: with p = {0.001, 0.01, 0.03, 0.5} at q = 0.05, the bound for
    // rank k is k * 0.0125: 0.001, 0.01 and 0.03 pass (0.03 <= 0.0375), 0.5 does not.
    const double p[] = {0.5, 0.03, 0.001, 0.01};
    QCOMPARE(noise::significanceThreshold(p), 0.03);
    const double none[] = {0.2, 0.5, 0.9};
    QCOMPARE(noise::significanceThreshold(none), 0.0);
}

void TestCompare::noiseOnRealPair()
{
    // The shared Go pair: renderWidget grew 2.5x and minifyHTML was removed — real;
    // loadTemplate and compressBody cost the same (README of the shared profiles), so
    // compared in absolute values their changes are noise. (Normalised, their shares
    // did fall, 26.7% -> 21.3% for compressBody, as renderWidget took more.)
    const QString dir = sharedProfiles() + QStringLiteral("/real/go/");
    ComparisonResult r = compareCaptures({openOne(dir + QStringLiteral("diff-render-base.pb.gz")),
                                          openOne(dir + QStringLiteral("diff-render-slow.pb.gz"))});
    QVERIFY(r.comparison);
    const StackTable &t = *r.comparison->stacks;
    int cpu = -1;
    for (size_t c = 0; c < t.columnsPerGroup(); ++c)
        if (t.columns[c].type == "cpu")
            cpu = int(c);
    QVERIFY(cpu >= 0);
    FunctionDiff d = FunctionDiff::build(t, *r.comparison->functions, size_t(cpu), false);
    QVERIFY(d.hasNoiseTest);
    std::map<std::string, FunctionDiffRow> rows;
    for (const FunctionDiffRow &row : d.rows)
        rows[t.frameName(row.frame)] = row;
    QVERIFY(!rows["main.renderWidget"].noise);
    QCOMPARE(rows["main.renderWidget"].change, Change::Grew);
    QVERIFY(!rows["main.minifyHTML"].noise);
    QCOMPARE(rows["main.minifyHTML"].change, Change::Removed);
    QVERIFY(rows["main.loadTemplate"].noise);
    QVERIFY(rows["main.compressBody"].noise);
}

// The critical counts spare computing p-values that are surely above q: they must never
// call a p-value <= q "surely above", and must call every one clearly above q so.
void TestCompare::criticalCounts()
{
    for (double p : {0.5, 0.3, 0.75, 0.08}) {
        const noise::CriticalCounts critical(p, 0.05, 5000);
        int surely = 0;
        auto check = [&](int64_t m) {
            for (int64_t k = 0; k <= m; ++k) {
                const double pv = noise::changePValue(m - k, k, p);
                if (critical.surelyAbove(m - k, k)) {
                    ++surely;
                    QVERIFY2(pv > 0.05,
                             qPrintable(QStringLiteral("p %1 m %2 k %3").arg(p).arg(m).arg(k)));
                } else {
                    QVERIFY2(
                        pv <= 0.05 * 1.001,
                        qPrintable(
                            QStringLiteral("p %1 m %2 k %3 pv %4").arg(p).arg(m).arg(k).arg(pv)));
                }
            }
        };
        for (int64_t m = 0; m <= 200; ++m)
            check(m);
        for (int64_t m : {1000, 4095})
            check(m);
        QVERIFY(surely > 1000); // the table spares most p-values of small nodes
        // Past the table, or with negative counts: unsure.
        QVERIFY(!critical.surelyAbove(2048, 2048));
        QVERIFY(!critical.surelyAbove(-1, 5));
    }
}

// Told where to stop, the p-value is exact at or below it, and above it otherwise.
void TestCompare::pValueStopsEarly()
{
    std::mt19937_64 rng(7);
    for (int i = 0; i < 20000; ++i) {
        const int64_t b = int64_t(rng() % 3000), n = int64_t(rng() % 3000);
        const double p = 0.05 + double(rng() % 900) / 1000, stop = double(rng() % 100) / 1000;
        const double exact = noise::changePValue(b, n, p);
        const double early = noise::changePValue(b, n, p, stop);
        if (exact <= stop)
            QCOMPARE(early, exact);
        else
            QVERIFY(early > stop);
    }
}

// The diff tree computes its sums in one pass, derives the sample counts from the shown
// values when they are a fixed multiple of them, tests noise only where a p-value can
// pass and computes p-values when asked: the results must be those of the definition.
void TestCompare::diffTreeEqualsDefinition()
{
    auto a = tableOf(randomCapture(11, 8000, "microseconds"));
    auto b = tableOf(randomCapture(12, 10000, "microseconds"));
    auto t = combine({a, b}, CombineMode::Apart);
    for (size_t column = 0; column < 3; ++column) { // counts shown, multiple, own counts
        for (bool normalize : {true, false})
            compareWithDefinition(t, column, normalize);
    }
    // A level wider than 32k nodes is summed on both cores.
    ProfileBuilder wideA, wideB;
    for (ProfileBuilder *w : {&wideA, &wideB})
        w->sampleType("samples", "count")
            .sampleType("cpu", "nanoseconds")
            .sampleType("wall", "nanoseconds");
    for (int i = 0; i < 36000; ++i) {
        std::string f = "f";
        f += std::to_string(i);
        const int64_t count = 1 + i % 3, next = i % 7 == 0 ? 3 * count : count;
        if (i % 5 != 0)
            wideA.sample({"main", f}, {count, count * 1000, i % 11});
        if (i % 4 != 0)
            wideB.sample({"main", f, i % 2 ? "x" : "y"}, {next, next * 1000, i % 13});
    }
    auto wide = combine({tableOf(wideA), tableOf(wideB)}, CombineMode::Apart);
    compareWithDefinition(wide, 1, true);  // counts: a fixed fraction of the values
    compareWithDefinition(wide, 2, false); // counts of their own
    // A change big enough to be real in some nodes, and captures without counts.
    compareWithDefinition(
        combine({tableOf(baseProfile()), tableOf(newProfile())}, CombineMode::Apart), 1, true);
    ProfileBuilder heapA, heapB;
    heapA.sampleType("inuse_space", "bytes").sample({"main", "a"}, {100});
    heapB.sampleType("inuse_space", "bytes").sample({"main", "a"}, {300});
    compareWithDefinition(combine({tableOf(heapA), tableOf(heapB)}, CombineMode::Apart), 0, true);
}

// The rows are made on both cores: the same rows, in frame order, as one pass gives.
void TestCompare::functionDiffOnBothCores()
{
    auto a = tableOf(randomCapture(21, 8000, "microseconds"));
    auto b = tableOf(randomCapture(22, 8000, "microseconds"));
    auto t = combine({a, b}, CombineMode::Apart);
    const FunctionTable f = FunctionTable::build(*t);
    const FunctionDiff d = FunctionDiff::build(*t, f, 1, true);
    QVERIFY(d.hasNoiseTest);
    const double scale = baseScaleFor(t->totals[1], t->totals[4], true);
    size_t row = 0;
    std::vector<double> pValues;
    for (uint32_t frame = 0; frame < f.frameCount(); ++frame) {
        if (f.cum(frame, 1) == 0 && f.cum(frame, 4) == 0 && f.flat(frame, 1) == 0 &&
            f.flat(frame, 4) == 0)
            continue;
        QVERIFY(row < d.rows.size());
        const FunctionDiffRow &r = d.rows[row++];
        QCOMPARE(r.frame, frame);
        QCOMPARE(r.cumBefore, roundedScale(f.cum(frame, 1), scale));
        QCOMPARE(r.flatAfter, f.flat(frame, 4));
        QCOMPARE(r.pValue,
                 noise::changePValue(f.cum(frame, 0), f.cum(frame, 3),
                                     noise::expectedNewFraction(t->totals[0], t->totals[3], true)));
        pValues.push_back(r.pValue);
    }
    QCOMPARE(row, d.rows.size());
    QCOMPARE(d.threshold, noise::significanceThreshold(pValues));
}

void TestCompare::incompatibleCaptures()
{
    ProfileBuilder heap, cpu;
    heap.sampleType("inuse_space", "bytes").sample({"main"}, {1});
    cpu.sampleType("samples", "count").sample({"main"}, {1});
    std::vector<const StackTable *> tables;
    auto a = tableOf(heap), b = tableOf(cpu);
    tables = {a.get(), b.get()};
    std::string error;
    QVERIFY(!combineStackTables(tables, CombineMode::Apart, &error));
    QCOMPARE(error, std::string("the captures have no sample type in common"));
}

QTEST_GUILESS_MAIN(TestCompare)
#include "tst_compare.moc"
