// FewKeptRewrite: a rewrite where few nodes keep a frame (pprof's -show) found by hashing,
// against the level-by-level rewrite, node for node; a hand-checked case; when it is used.
#include "DerivedStackTable.h"
#include "FewKeptRewrite.h"
#include "ModelHelpers.h"
#include "ProfileBuilder.h"
#include "Transform.h"
#include "TrieHelpers.h"
#include "TrieRewrite.h"

#include <QtTest>

#include <random>

using namespace embers;
using namespace embers::test;

namespace {

// A rewrite keeping the frames of `keptFunctions` (some moved to another frame or with
// their inline bit cleared), merging the others, dropping a few subtrees and stack values.
TrieRewrite showRewrite(std::mt19937 &rng, const StackTable &in, uint32_t keptFunctions,
                        int dropPercent, bool dropEmpty)
{
    TrieRewrite rw;
    rw.frameOf.assign(in.nodeCount(), TrieRewrite::kMerge);
    rw.dropValue.assign(in.nodeCount(), 0);
    for (uint32_t node = 1; node < in.nodeCount(); ++node) {
        const uint32_t f = in.nodeFrame(node);
        if (int(rng() % 1000) < dropPercent * 10)
            rw.frameOf[node] = TrieRewrite::kDrop;
        else if ((f & kFrameMask) < keptFunctions)
            rw.frameOf[node] = rng() % 4 == 0 ? (f & kFrameMask) : f;
        rw.dropValue[node] = uint8_t(int(rng() % 100) < dropPercent);
    }
    rw.dropEmptyStacks = dropEmpty;
    rw.copyUnchanged = false;
    return rw;
}

StackTable rewritten(const StackTable &in, TrieRewrite rw, bool hashing,
                     std::vector<uint32_t> *outOf)
{
    rw.hashWhenFewKept = hashing;
    std::optional<StackTable> t = rewriteTrie(in, derivedStackTable(in), rw, outOf, nullptr);
    if (!t)
        qFatal("rewrite cancelled");
    return std::move(*t);
}

} // namespace

class TestFewKeptRewrite : public QObject
{
    Q_OBJECT

private slots:
    // main -> a -> x -> b and main -> x -> b meet once every frame but x and b goes; so do
    // the stacks that end in a, in main, or with no frame: with dropEmptyStacks they go.
    void handChecked()
    {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        b.sample({"main", "a", "x", "b"}, {1});
        b.sample({"main", "x", "b"}, {2});
        b.sample({"main", "a"}, {4});
        b.sample({"main", "b", "c", "x"}, {8});
        b.sample({"main", "x", "c"}, {16});
        const auto t = tableOf(b);
        TrieRewrite rw;
        rw.frameOf.assign(t->nodeCount(), TrieRewrite::kMerge);
        for (uint32_t node = 1; node < t->nodeCount(); ++node) {
            const std::string name = t->frameName(t->nodeFrame(node) & kFrameMask);
            if (name == "x" || name == "b")
                rw.frameOf[node] = t->nodeFrame(node);
        }
        rw.dropEmptyStacks = true;
        // Too small a trie for the shortcut (one kept node is more than a sixteenth): called
        // directly.
        QVERIFY(!fewKept(*t, rw));
        std::optional<StackTable> out =
            rewriteFewKept(*t, derivedStackTable(*t), rw, nullptr, nullptr);
        QVERIFY(out);
        QCOMPARE(trieProblems(*out), QString());
        const std::map<std::string, int64_t> want = {{"x;b", 1 + 2}, {"b;x", 8}, {"x", 16}};
        QCOMPARE(foldedStacks(*out, 0), want);
        QCOMPARE(out->nodeCount(), size_t(5)); // root, b, x, x below b, b below x
        rw.hashWhenFewKept = false;
        QVERIFY(sameTrie(*out, rewritten(*t, rw, false, nullptr)));
    }

    void matchesTheLevelRewrite_data()
    {
        QTest::addColumn<uint32_t>("nodes");
        QTest::addColumn<uint32_t>("kept");
        QTest::addColumn<int>("drops");
        QTest::addColumn<bool>("dropEmpty");
        QTest::addColumn<int>("stacklessLeaves");
        QTest::newRow("one function kept") << 4000u << 1u << 0 << true << 0;
        QTest::newRow("two kept, stacks left with no frame stay") << 4000u << 2u << 0 << false << 0;
        QTest::newRow("some subtrees and values dropped") << 4000u << 2u << 3 << true << 0;
        QTest::newRow("leaves that end no stack") << 4000u << 1u << 2 << true << 20;
        QTest::newRow("two threads for the level rewrite") << 300000u << 1u << 1 << true << 0;
        QTest::newRow("thousands of output nodes (the hash table grows)")
            << 300000u << 3u << 0 << true << 0;
    }

    // Node for node, stack for stack, and where each source stack went.
    void matchesTheLevelRewrite()
    {
        QFETCH(uint32_t, nodes);
        QFETCH(uint32_t, kept);
        QFETCH(int, drops);
        QFETCH(bool, dropEmpty);
        QFETCH(int, stacklessLeaves);
        std::mt19937 rng(nodes + kept * 7 + uint32_t(drops) * 13 + uint32_t(stacklessLeaves));
        for (int round = 0; round < 6; ++round) {
            TrieShape shape;
            shape.nodes = nodes;
            shape.functions = 64;
            shape.recursion = 20;
            shape.stacklessLeaves = stacklessLeaves;
            const StackTable in = randomTrie(rng, shape);
            const TrieRewrite rw = showRewrite(rng, in, kept, drops, dropEmpty);
            QVERIFY2(fewKept(in, rw), "the shortcut is what is tested");
            std::vector<uint32_t> outOf, levelOutOf;
            const StackTable hashed = rewritten(in, rw, true, &outOf);
            const StackTable level = rewritten(in, rw, false, &levelOutOf);
            QVERIFY(level.nodeCount() > 1);
            if (kept == 3) // past half of the table's first 1024 slots: it was rehashed
                QVERIFY(level.nodeCount() > 512);
            QCOMPARE(trieProblems(hashed), QString());
            QVERIFY2(sameTrie(hashed, level),
                     qPrintable(QStringLiteral("round %1: %2 nodes against %3")
                                    .arg(round)
                                    .arg(hashed.nodeCount())
                                    .arg(level.nodeCount())));
            QCOMPARE(outOf, levelOutOf);
        }
    }

    // Used where most nodes merge and few keep a frame; not for a hide (few merge), a
    // focus (most are dropped) or with grafts.
    void usedWhereItPays()
    {
        std::mt19937 rng(7);
        TrieShape shape;
        shape.nodes = 4000;
        shape.functions = 64;
        const StackTable in = randomTrie(rng, shape);
        const TrieRewrite show = showRewrite(rng, in, 1, 0, true);
        QVERIFY(fewKept(in, show));

        TrieRewrite hide;
        hide.frameOf = in.nodeFrames;
        for (uint32_t node = 1; node < in.nodeCount(); ++node) {
            if ((in.nodeFrame(node) & kFrameMask) == 0)
                hide.frameOf[node] = TrieRewrite::kMerge;
        }
        QVERIFY(!fewKept(in, hide));

        TrieRewrite focus;
        focus.frameOf.assign(in.nodeCount(), TrieRewrite::kDrop);
        focus.frameOf[in.firstChild(StackTable::kRoot)] = in.nodeFrame(1);
        QVERIFY(!fewKept(in, focus));

        TrieRewrite grafted = show;
        grafted.grafts.push_back({1, in.firstChild(1)});
        QVERIFY(!fewKept(in, grafted));
    }

    void cancels()
    {
        std::mt19937 rng(3);
        TrieShape shape;
        shape.nodes = 1 << 21; // past the first check
        shape.functions = 64;
        const StackTable in = randomTrie(rng, shape);
        const TrieRewrite rw = showRewrite(rng, in, 1, 0, true);
        std::atomic_bool cancel{true};
        QVERIFY(!rewriteFewKept(in, derivedStackTable(in), rw, nullptr, &cancel));
    }
};

QTEST_GUILESS_MAIN(TestFewKeptRewrite)
#include "tst_fewkeptrewrite.moc"
