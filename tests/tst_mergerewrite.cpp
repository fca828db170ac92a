// MergeRewrite: the rewrite where nodes keep their frame or merge into their parent
// (collapsing every function's direct recursion) against the general TrieRewrite rules,
// node for node, and against the stacks folded by hand.
#include "DerivedStackTable.h"
#include "MergeRewrite.h"
#include "ModelHelpers.h"
#include "ProfileBuilder.h"
#include "Transform.h"
#include "TrieHelpers.h"
#include "TrieRewrite.h"

#include <QtTest>

#include <map>
#include <random>

using namespace embers;
using namespace embers::test;

namespace {

// Every function's direct recursion: a node merges when its parent has its function.
NodeBits directRecursion(const StackTable &t)
{
    NodeBits bits((t.nodeCount() + 63) / 64, 0);
    for (uint32_t node = 1; node < t.nodeCount(); ++node) {
        const uint32_t parent = t.nodeParent(node);
        if (parent != StackTable::kRoot &&
            (t.nodeFrame(parent) & kFrameMask) == (t.nodeFrame(node) & kFrameMask))
            bits[node >> 6] |= uint64_t(1) << (node & 63);
    }
    return bits;
}

size_t widestLevel(const StackTable &t)
{
    size_t widest = 0;
    for (uint32_t first = 1; first < t.nodeCount(); first = t.firstChild(first))
        widest = std::max<size_t>(widest, t.firstChild(first) - first);
    return widest;
}

bool isSet(const NodeBits &bits, uint32_t node)
{
    return (bits[node >> 6] >> (node & 63)) & 1;
}

// The general rules' result for the same merges: frames kept, or kMerge.
StackTable generalRewrite(const StackTable &in, const NodeBits &merged,
                          std::vector<uint32_t> &outOf)
{
    TrieRewrite rw;
    rw.frameOf = in.nodeFrames;
    for (uint32_t node = 1; node < in.nodeCount(); ++node) {
        if (isSet(merged, node))
            rw.frameOf[node] = TrieRewrite::kMerge;
    }
    rw.copyUnchanged = false;
    std::optional<StackTable> t = rewriteTrie(in, derivedStackTable(in), rw, &outOf, nullptr);
    if (!t)
        qFatal("general rewrite cancelled");
    return std::move(*t);
}

using FrameStacks = std::map<std::vector<uint32_t>, std::vector<int64_t>>;

// A table's stacks as frame lists, root first, with their values summed.
FrameStacks stacksOf(const StackTable &t, bool foldRecursion)
{
    FrameStacks out;
    std::vector<uint32_t> frames, folded;
    for (size_t s = 0; s < t.stackCount(); ++s) {
        t.stackFrames(s, frames);
        folded.clear();
        for (size_t i = 0; i < frames.size(); ++i) {
            // A frame whose caller is the same function goes (the caller's frame stays).
            if (!foldRecursion || i == 0 ||
                (frames[i] & kFrameMask) != (frames[i - 1] & kFrameMask))
                folded.push_back(frames[i]);
        }
        std::vector<int64_t> &values = out[folded];
        values.resize(t.columnCount(), 0);
        for (size_t c = 0; c < t.columnCount(); ++c)
            values[c] += t.value(s, c);
    }
    return out;
}

} // namespace

class TestMergeRewrite : public QObject
{
    Q_OBJECT

private slots:
    // main -> a -> a -> b and main -> a -> b meet once the recursion folds; so do
    // a -> c -> c -> c and a -> c (inlined c included); a stack ends at a merged node.
    void handChecked()
    {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        b.sample({"main", "a", "a", "b"}, {1});
        b.sample({"main", "a", "b"}, {2});
        b.sample({"main", "a", "a"}, {4});
        b.sample({"main", "a", "c", "c", "c"}, {8});
        b.sample({"main", "a", "c", "d"}, {16});
        b.sample({"main", "b", "b", "a", "a", "d"}, {32});
        const std::vector<std::pair<std::string, int64_t>> cInlined = {{"c", 1}, {"c", 2}};
        b.sampleIds({b.location(cInlined), b.locationOf("a"), b.locationOf("main")}, {64});
        const auto t = tableOf(b);
        const TransformResult r =
            applyTransform(t, Transform{TransformKind::CollapseDirectRecursion, {}, {}, true});
        QVERIFY(r.table);
        QCOMPARE(trieProblems(*r.table), QString());
        const std::map<std::string, int64_t> want = {
            {"main;a", 4},      {"main;a;b", 3},    {"main;a;c", 8 + 64},
            {"main;a;c;d", 16}, {"main;b;a;d", 32},
        };
        QCOMPARE(foldedStacks(*r.table, 0), want);
        // root, main, a, b, c, d below c, b below main, a below that b, d below that a
        QCOMPARE(r.table->nodeCount(), size_t(9));
        TransformContext general;
        general.fastPaths = false;
        const TransformResult g = applyTransform(
            t, Transform{TransformKind::CollapseDirectRecursion, {}, {}, true}, general);
        QVERIFY(sameTrie(*r.table, *g.table));
    }

    void matchesGeneralRules_data()
    {
        QTest::addColumn<uint32_t>("nodes");
        QTest::addColumn<int>("recursion");
        QTest::addColumn<int>("innerStacks");
        QTest::addColumn<bool>("randomMerges");
        QTest::addColumn<int>("stacklessLeaves");
        QTest::newRow("small") << 3000u << 35 << 20 << false << 0;
        QTest::newRow("deep recursion") << 3000u << 80 << 10 << false << 0;
        QTest::newRow("little recursion") << 3000u << 5 << 30 << false << 0;
        QTest::newRow("stacks end at merged nodes") << 3000u << 50 << 90 << false << 0;
        QTest::newRow("any node merges") << 3000u << 20 << 20 << true << 0;
        QTest::newRow("leaves without stacks") << 3000u << 40 << 20 << true << 10;
        // Past the size where wide levels are grown by two threads.
        QTest::newRow("two threads") << 400000u << 40 << 20 << false << 0;
        QTest::newRow("two threads, any node merges") << 400000u << 20 << 20 << true << 5;
    }

    void matchesGeneralRules()
    {
        QFETCH(uint32_t, nodes);
        QFETCH(int, recursion);
        QFETCH(int, innerStacks);
        QFETCH(bool, randomMerges);
        QFETCH(int, stacklessLeaves);
        std::mt19937 rng(nodes + uint32_t(recursion) * 7 + uint32_t(innerStacks));
        for (int round = 0; round < (nodes > 100000 ? 1 : 8); ++round) {
            TrieShape shape;
            shape.nodes = nodes;
            shape.recursion = recursion;
            shape.innerStacks = innerStacks;
            shape.stacklessLeaves = stacklessLeaves;
            const StackTable in = randomTrie(rng, shape);
            if (nodes > 100000)
                QVERIFY(widestLevel(in) > 3 * 8192); // split between the threads
            NodeBits merged = directRecursion(in);
            if (randomMerges) {
                for (uint32_t node = 1; node < in.nodeCount(); ++node) {
                    if (rng() % 4 == 0)
                        merged[node >> 6] |= uint64_t(1) << (node & 63);
                }
            }
            std::vector<uint32_t> wantOutOf, outOf;
            const StackTable want = generalRewrite(in, merged, wantOutOf);
            std::optional<StackTable> got =
                rewriteMerges(in, derivedStackTable(in), &merged, &outOf, nullptr);
            QVERIFY(got);
            QVERIFY2(want.nodeCount() < in.nodeCount(), "nothing merged");
            QCOMPARE(trieProblems(*got), QString());
            QCOMPARE(got->nodeCount(), want.nodeCount());
            QVERIFY(sameTrie(*got, want));
            QVERIFY(outOf == wantOutOf);
            // Without outOf, the same table.
            std::optional<StackTable> plain =
                rewriteMerges(in, derivedStackTable(in), &merged, nullptr, nullptr);
            QVERIFY(plain && sameTrie(*plain, want));
            if (!randomMerges) {
                // The rule built in: the same merges, found as the source is read.
                QVERIFY(hasDirectRecursion(in));
                std::optional<StackTable> builtIn =
                    rewriteMerges(in, derivedStackTable(in), nullptr, &outOf, nullptr);
                QVERIFY(builtIn && sameTrie(*builtIn, want));
                QVERIFY(outOf == wantOutOf);
            }
        }
    }

    // Against the stacks folded one by one: each frame whose caller is the same function
    // goes, colliding stacks add up.
    void foldsEachStack_data()
    {
        QTest::addColumn<uint32_t>("nodes");
        QTest::newRow("small") << 5000u;
        QTest::newRow("two threads") << 300000u;
    }

    void foldsEachStack()
    {
        QFETCH(uint32_t, nodes);
        std::mt19937 rng(nodes);
        TrieShape shape;
        shape.nodes = nodes;
        shape.recursion = 50;
        const StackTable in = randomTrie(rng, shape);
        std::optional<StackTable> got =
            rewriteMerges(in, derivedStackTable(in), nullptr, nullptr, nullptr);
        QVERIFY(got);
        QCOMPARE(trieProblems(*got), QString());
        const FrameStacks want = stacksOf(in, true);
        QCOMPARE(got->stackCount(), want.size());
        QVERIFY(stacksOf(*got, false) == want);
    }

    void noRecursion()
    {
        std::mt19937 rng(9);
        TrieShape shape;
        shape.recursion = 0;
        shape.functions = 200;
        StackTable in = randomTrie(rng, shape);
        // Children may still draw their parent's function: give each depth its own frames.
        std::vector<uint32_t> depth(in.nodeCount(), 0);
        for (uint32_t node = 1; node < in.nodeCount(); ++node) {
            depth[node] = depth[in.nodeParent(node)] + 1;
            in.nodeFrames[node] = (in.nodeFrames[node] & kInlineBit) | (depth[node] % 2);
        }
        QVERIFY(!hasDirectRecursion(in));
        in.nodeFrames[in.firstChild(in.firstChild(0))] = in.nodeFrames[in.firstChild(0)];
        QVERIFY(hasDirectRecursion(in));
    }

    void cancelled()
    {
        std::mt19937 rng(5);
        TrieShape shape;
        for (uint32_t nodes : {2000u, 300000u}) { // one thread; two (the helper stops too)
            shape.nodes = nodes;
            const StackTable in = randomTrie(rng, shape);
            const std::atomic_bool cancel{true};
            QVERIFY(!rewriteMerges(in, derivedStackTable(in), nullptr, nullptr, &cancel));
        }
    }
};

QTEST_GUILESS_MAIN(TestMergeRewrite)
#include "tst_mergerewrite.moc"
