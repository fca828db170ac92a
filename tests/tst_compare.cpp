// Comparing captures: combining stack tables (merge and apart), the diff tree, the
// function diff and the sampling-noise test, on hand-built stacks (values checked by
// hand) and on the shared diff pairs (invariants against each capture opened alone).
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

std::shared_ptr<const Capture> openOne(const QString &path)
{
    OpenResult r = openCapture({path});
    if (!r.capture)
        qFatal("%s", qPrintable(r.error));
    return r.capture;
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

} // namespace

class TestCompare : public QObject
{
    Q_OBJECT

private slots:
    void apartKeepsCapturesInTheirColumns();
    void sumEqualsMergedBuild();
    void wideLevelsSplitAcrossThreads();
    void apartOnRealPairMatchesEachCapture();
    void diffTreeNormalised();
    void diffTreeAbsolute();
    void diffTreeWeightsNest();
    void functionDiff();
    void noiseSameDistribution();
    void noiseRealChange();
    void noisePValues();
    void noiseOnRealPair();
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
        const std::string f = "f" + std::to_string(i), g = "g" + std::to_string(i % 7);
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
